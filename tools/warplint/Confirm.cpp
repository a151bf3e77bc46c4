//===- Confirm.cpp - warplint --confirm: profile and compare --------------===//
#include "tools/warplint/Confirm.h"

#include "Findings/Confirmation.h"
#include "Findings/NcuReport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

namespace warplint {

char ConfirmFailure::ID = 0;

namespace {

llvm::Error fail(const llvm::Twine &Msg) {
  return llvm::make_error<ConfirmFailure>(Msg.str());
}

std::string readFile(llvm::StringRef Path) {
  auto B = llvm::MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : "";
}

/// The last line of `ncu --version` as saved in \p Path ("Version 2025.3.0.0
/// (build ...)"); empty when there is none. The text is held here: a StringRef
/// into readFile's temporary was read after it was freed (ASan,
/// confirm/errors.test and confirm/replay.test in the sanitizer build).
std::string ncuVersionIn(llvm::StringRef Path) {
  std::string Text = readFile(Path);
  llvm::StringRef T = llvm::StringRef(Text).rtrim();
  return T.substr(T.rfind('\n') + 1).str();
}

std::string tail(llvm::StringRef S, size_t N = 800) {
  S = S.rtrim();
  return S.size() <= N ? S.str() : "..." + S.take_back(N).str();
}

/// Runs \p Args with stdout and stderr into \p Log; returns the exit code, -1
/// when it could not start, -2 on timeout.
int runLogged(llvm::ArrayRef<std::string> Args, llvm::StringRef Log,
              unsigned Timeout, std::string &Err) {
  std::vector<llvm::StringRef> Refs(Args.begin(), Args.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Log, Log};
  bool Failed = false;
  int RC = llvm::sys::ExecuteAndWait(Args.front(), Refs, std::nullopt,
                                     Redirects, Timeout, 0, &Err, &Failed);
  if (Failed)
    return -1;
  if (RC == -2 || (RC < 0 && llvm::StringRef(Err).contains("timed out")))
    return -2;
  return RC;
}

/// ncu: --ncu, $NCU, PATH, the toolkit, the standalone installs.
std::string findNcu(const ConfirmRequest &Req) {
  if (!Req.Ncu.empty())
    return Req.Ncu;
  if (std::optional<std::string> E = llvm::sys::Process::GetEnv("NCU"))
    if (!E->empty())
      return *E;
  if (auto P = llvm::sys::findProgramByName("ncu"))
    return *P;
  std::vector<std::string> Dirs;
  if (!Req.CudaPath.empty())
    Dirs.push_back(Req.CudaPath + "/bin");
  Dirs.push_back("/usr/local/cuda/bin");
  for (const std::string &D : Dirs) {
    std::string P = D + "/ncu";
    if (llvm::sys::fs::can_execute(P))
      return P;
  }
  std::error_code EC;
  std::string Best;
  for (llvm::sys::fs::directory_iterator It("/opt/nvidia/nsight-compute", EC),
       End;
       !EC && It != End; It.increment(EC)) {
    std::string P = It->path() + "/ncu";
    if (llvm::sys::fs::can_execute(P) && P > Best)
      Best = P;
  }
  return Best;
}

std::string findNvcc(const ConfirmRequest &Req) {
  if (!Req.CudaPath.empty() &&
      llvm::sys::fs::can_execute(Req.CudaPath + "/bin/nvcc"))
    return Req.CudaPath + "/bin/nvcc";
  if (auto P = llvm::sys::findProgramByName("nvcc"))
    return *P;
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/nvcc"))
    return "/usr/local/cuda/bin/nvcc";
  return "";
}

} // namespace

std::string diagnoseNcuLog(llvm::StringRef Log) {
  if (Log.contains("ERR_NVGPUCTRPERM"))
    return "the GPU's performance counters are restricted to administrators "
           "(ERR_NVGPUCTRPERM): run warplint --confirm as root, or allow "
           "every user once with `echo 'options nvidia "
           "NVreg_RestrictProfilingToAdminUsers=0' | sudo tee "
           "/etc/modprobe.d/nvidia-profiling.conf` and a reboot (see "
           "https://developer.nvidia.com/ERR_NVGPUCTRPERM); in a container, "
           "start it with --cap-add=SYS_ADMIN";
  if (Log.contains("no CUDA-capable device") ||
      Log.contains("No supported GPU") || Log.contains("cudaErrorNoDevice") ||
      Log.contains("no CUDA capable device"))
    return "no GPU: the program found no CUDA device (check nvidia-smi and "
           "CUDA_VISIBLE_DEVICES); --confirm needs a machine with a GPU, or "
           "replay a report recorded elsewhere with --ncu-report";
  if (Log.contains("does not exist or is not an executable"))
    return "the run command names no executable ncu could start: " +
           tail(Log.substr(Log.find("==ERROR==")), 300);
  size_t E = Log.find("The application returned an error code");
  if (E != llvm::StringRef::npos && Log.contains("No kernels were profiled"))
    return "the program failed under ncu and launched no kernel that was "
           "profiled (" +
           Log.substr(E).take_until([](char C) { return C == '\n'; }).str() +
           "); its output ends: " + tail(Log, 600);
  if (E != llvm::StringRef::npos)
    return "the program failed under ncu before any profiled kernel launch "
           "(" +
           Log.substr(E).take_until([](char C) { return C == '\n'; }).str() +
           "); its output ends: " + tail(Log, 600);
  if (Log.contains("No kernels were profiled"))
    return "no kernel was profiled: the program launched none of the kernels "
           "with findings (run it with the input that exercises them, or "
           "widen the filter with --confirm-all-kernels)";
  return "ncu measured nothing; its output ends: " + tail(Log, 600);
}

std::string kernelFilter(const std::vector<Finding> &Findings,
                         const std::vector<FileAnalysis> &Analyses) {
  std::set<std::string> Names;
  for (const Finding &F : Findings) {
    const FunctionSpan *Best =
        enclosingFunction(Analyses, F.Pos.File, F.Pos.Line);
    // Host code (launch sites, transfers) needs no kernel of its own.
    if (!Best)
      continue;
    if (!Best->Kernel)
      return ""; // a device function: whichever kernel inlined it
    Names.insert(Best->Name);
  }
  if (Names.empty())
    return "";
  // ncu matches the function name; a template's carries its arguments.
  return "regex:^(" + llvm::join(Names, "|") + ")(<.*>)?$";
}

llvm::Error runConfirm(const ConfirmRequest &Req,
                       std::vector<Finding> &Findings, RunInfo &Info) {
  ConfirmSummary Summary;
  llvm::SmallString<256> Dir;
  if (!Req.KeepDir.empty()) {
    Dir = Req.KeepDir;
    llvm::sys::fs::make_absolute(Dir);
    if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
      return fail("cannot create '" + Dir + "': " + EC.message());
  } else if (!Req.ReplayFrom.empty() &&
             llvm::sys::fs::is_directory(Req.ReplayFrom)) {
    Dir = Req.ReplayFrom;
  } else if (std::error_code EC =
                 llvm::sys::fs::createUniqueDirectory("warplint-confirm", Dir)) {
    return fail("cannot create a temporary directory: " + EC.message());
  }
  std::string SourceCsv = (Dir + "/source.csv").str();
  std::string RawCsv = (Dir + "/raw.csv").str();
  std::string NcuLog = (Dir + "/ncu.log").str();
  std::string Report = (Dir + "/report").str();
  bool Replay = !Req.ReplayFrom.empty();
  std::string Ncu;
  std::string Err;

  if (Replay && llvm::sys::fs::is_directory(Req.ReplayFrom)) {
    if (!llvm::sys::fs::exists(SourceCsv))
      return fail("'" + Req.ReplayFrom +
                  "' holds no source.csv (write one with --confirm "
                  "--confirm-dir DIR)");
  } else {
    Ncu = findNcu(Req);
    if (Ncu.empty() || !llvm::sys::fs::can_execute(Ncu))
      return fail(Ncu.empty()
                      ? "no Nsight Compute: ncu is not on PATH, in the CUDA "
                        "toolkit or under /opt/nvidia/nsight-compute; install "
                        "it or pass --ncu PATH"
                      : "--ncu '" + Ncu + "' is not an executable");
    if (Replay) {
      Report = Req.ReplayFrom;
      if (llvm::StringRef(Report).ends_with(".ncu-rep"))
        Report.resize(Report.size() - 8);
    } else {
      // 1. The program: the user's build, or warplint's own with -lineinfo.
      std::string Program;
      if (!Req.BuildCommand.empty()) {
        std::string Log = (Dir + "/build.log").str();
        int RC = runLogged({"/bin/sh", "-c", Req.BuildCommand}, Log,
                           Req.TimeoutSeconds, Err);
        if (RC != 0)
          return fail("the build command failed (exit " + llvm::Twine(RC) +
                      "): " + tail(readFile(Log)));
      }
      if (Req.RunCommand.empty()) {
        std::string Nvcc = findNvcc(Req);
        if (Nvcc.empty())
          return fail("no nvcc to build the program with -lineinfo: give "
                      "--confirm-run with a program built with -lineinfo, "
                      "or --cuda-path");
        Program = (Dir + "/program").str();
        std::vector<std::string> Args = {Nvcc, "-O3", "-lineinfo",
                                         "-arch=" + (Req.Arch.empty()
                                                         ? std::string("sm_90")
                                                         : Req.Arch),
                                         "-o", Program};
        llvm::append_range(Args, Req.NvccArgs);
        llvm::append_range(Args, Req.Inputs);
        std::string Log = (Dir + "/build.log").str();
        int RC = runLogged(Args, Log, Req.TimeoutSeconds, Err);
        if (RC != 0)
          return fail("nvcc could not build the program from the input files "
                      "(exit " + llvm::Twine(RC) +
                      "; give --confirm-build and --confirm-run for a "
                      "project): " + tail(readFile(Log)));
      }
      std::string Run = Req.RunCommand.empty() ? Program : Req.RunCommand;
      Summary.Command = Run;
      // 2. Profile: source counters and launch statistics, clocks untouched.
      std::vector<std::string> Args = {
          Ncu, "--clock-control", "none", "--section", "SourceCounters",
          "--section", "LaunchStats", "--section", "Occupancy",
          // SourceCounters already records divergent branch targets per
          // instruction ("Divergent Branches"); asking for them again with
          // --metrics makes ncu 2025.3 drop that column from the header.
          "--launch-count", std::to_string(Req.LaunchCount), "-f", "-o",
          Report};
      std::string Filter =
          Req.AllKernels ? "" : kernelFilter(Findings, Info.Analyses);
      if (!Req.FirstLaunchOnly) {
        // Every launch: a kernel launched with several configurations has a
        // finding for each, and the worst launch decides.
        if (!Filter.empty())
          Args.insert(Args.end(), {"-k", Filter});
      } else {
        // The first launch of each kernel name (ncu counts invocations per
        // function name, template instantiations together): a timing loop of
        // a hundred launches would otherwise fill --launch-count.
        std::string Regex = Filter.empty() ? "regex:.*" : Filter;
        Args.insert(Args.end(), {"--kernel-id", "::" + Regex + ":1"});
      }
      Args.insert(Args.end(), {"/bin/sh", "-c", Run});
      if (!Req.Quiet)
        llvm::errs() << "warplint: confirm: profiling `" << Run
                     << "` under Nsight Compute ("
                     << (Filter.empty() ? "every kernel" : Filter)
                     << (Req.FirstLaunchOnly ? ", first launch of each"
                                             : ", every launch")
                     << ")\n";
      int RC = runLogged(Args, NcuLog, Req.TimeoutSeconds, Err);
      std::string Log = readFile(NcuLog);
      if (RC == -1)
        return fail("cannot start ncu '" + Ncu + "': " + Err);
      if (RC == -2)
        return fail("the program ran longer than " +
                    llvm::Twine(Req.TimeoutSeconds) +
                    " s under ncu (--confirm-timeout)");
      if (!llvm::sys::fs::exists(Report + ".ncu-rep"))
        return fail(diagnoseNcuLog(Log));
      if (llvm::StringRef(Log).contains("The application returned an error "
                                        "code") && !Req.Quiet)
        llvm::errs() << "warplint: confirm: warning: the program exited with "
                        "an error under ncu; using the launches profiled "
                        "before it\n";
    }
    // 3. Export the pages warplint reads.
    for (auto [Page, Out] :
         {std::pair<std::string, std::string>{"source", SourceCsv},
          {"raw", RawCsv}}) {
      std::vector<std::string> Args = {Ncu, "--import", Report + ".ncu-rep",
                                       "--csv", "--page", Page};
      if (Page == "source")
        Args.insert(Args.end(), {"--print-source", "cuda,sass"});
      else
        Args.insert(Args.end(), {"--print-units", "base",
                                 "--print-metric-instances", "details"});
      int RC = runLogged(Args, Out, Req.TimeoutSeconds, Err);
      if (RC != 0)
        return fail("ncu could not export the " + Page + " page of '" +
                    Report + ".ncu-rep' (exit " + llvm::Twine(RC) +
                    "): " + tail(readFile(Out), 300));
    }
    std::string VLog = (Dir + "/ncu-version.txt").str();
    if (runLogged({Ncu, "--version"}, VLog, 30, Err) == 0) {
      Summary.NcuVersion = ncuVersionIn(VLog);
    }
  }

  std::string SourceText = readFile(SourceCsv);
  llvm::Expected<NcuSourceReport> Source = parseNcuSourceCsv(SourceText);
  if (!Source)
    return fail("cannot read '" + SourceCsv +
                "': " + llvm::toString(Source.takeError()));
  if (Source->Kernels.empty() && !Source->WithoutLineInfo.empty())
    return fail("the profiled kernels carry no source lines ('" +
                Source->WithoutLineInfo.front() +
                "'...): build the program with nvcc -lineinfo");
  std::vector<MeasuredLaunch> Launches;
  if (llvm::sys::fs::exists(RawCsv)) {
    auto L = parseNcuRawCsv(readFile(RawCsv));
    if (L)
      Launches = std::move(*L);
    else
      llvm::consumeError(L.takeError());
  }
  mergeInstancedMetrics(*Source, Launches);
  for (const MeasuredLaunch &L : Launches)
    if (auto It = L.Texts.find("device__attribute_display_name");
        It != L.Texts.end()) {
      Summary.Device = It->second;
      break;
    }
  if (Summary.NcuVersion.empty())
    Summary.NcuVersion = ncuVersionIn((Dir + "/ncu-version.txt").str());
  Summary.KernelsProfiled = Launches.size();
  if (!Launches.size())
    for (const MeasuredKernel &K : Source->Kernels)
      Summary.KernelsProfiled += K.Launches;
  if (Summary.Command.empty())
    Summary.Command = "replayed from " + Req.ReplayFrom;
  confirmFindings(Findings, *Source, Launches, Info.Analyses, Summary);
  Info.Confirm = std::move(Summary);
  if (Req.KeepDir.empty() && !Replay)
    llvm::sys::fs::remove_directories(Dir);
  return llvm::Error::success();
}

} // namespace warplint

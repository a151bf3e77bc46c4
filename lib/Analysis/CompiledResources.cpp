//===- CompiledResources.cpp - Registers and local memory from ptxas ------===//
#include "Analysis/CompiledResources.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include <map>

namespace warplint {

llvm::StringMap<CompiledKernel> parsePtxasVerbose(llvm::StringRef Text) {
  llvm::StringMap<CompiledKernel> Out;
  llvm::Regex Entry("Compiling entry function '([^']+)'");
  llvm::Regex Other("Compiling function '([^']+)'");
  llvm::Regex Stack("([0-9]+) bytes stack frame, ([0-9]+) bytes spill stores, "
                    "([0-9]+) bytes spill loads");
  llvm::Regex Used("Used ([0-9]+) registers");
  llvm::Regex Smem("([0-9]+) bytes smem");
  CompiledKernel *Cur = nullptr;
  llvm::SmallVector<llvm::StringRef, 4> M;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef L : Lines) {
    if (Entry.match(L, &M)) {
      Cur = &Out[M[1]];
      continue;
    }
    if (Other.match(L, &M)) { // a non-inlined device function: not a kernel
      Cur = nullptr;
      continue;
    }
    if (!Cur)
      continue;
    if (Stack.match(L, &M)) {
      M[1].getAsInteger(10, Cur->StackFrame);
      M[2].getAsInteger(10, Cur->SpillStores);
      M[3].getAsInteger(10, Cur->SpillLoads);
    }
    if (Used.match(L, &M)) {
      M[1].getAsInteger(10, Cur->Registers);
      if (Smem.match(L, &M))
        M[1].getAsInteger(10, Cur->SharedMem);
    }
  }
  return Out;
}

void addPtxLocalTraffic(llvm::StringRef Ptx,
                        llvm::StringMap<CompiledKernel> &Kernels) {
  llvm::Regex EntryRe("\\.entry[ \t]+([A-Za-z0-9_$.]+)");
  llvm::Regex FileRe("^[ \t]*\\.file[ \t]+([0-9]+)[ \t]+\"([^\"]*)\"");
  llvm::Regex LocRe("^[ \t]*\\.loc[ \t]+([0-9]+)[ \t]+([0-9]+)[ \t]+([0-9]+)");
  llvm::Regex LocalRe("^[ \t]*(@!?%p[0-9]+[ \t]+)?(ld|st)\\.local");
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Ptx.split(Lines, '\n');
  // .file directives come at the end of the PTX: collect them first.
  std::map<unsigned, std::string> Files;
  llvm::SmallVector<llvm::StringRef, 4> M;
  for (llvm::StringRef L : Lines)
    if (FileRe.match(L, &M)) {
      unsigned N = 0;
      M[1].getAsInteger(10, N);
      Files[N] = M[2].str();
    }
  CompiledKernel *Cur = nullptr;
  unsigned File = 0, Line = 0, Col = 0;
  for (llvm::StringRef L : Lines) {
    if (EntryRe.match(L, &M)) {
      auto It = Kernels.find(M[1]);
      Cur = It == Kernels.end() ? nullptr : &It->second;
      Line = 0;
      continue;
    }
    if (L.contains(".func")) { // a device function body: not the kernel's
      Cur = nullptr;
      continue;
    }
    if (LocRe.match(L, &M)) {
      M[1].getAsInteger(10, File);
      M[2].getAsInteger(10, Line);
      M[3].getAsInteger(10, Col);
      continue;
    }
    if (Cur && Line && LocalRe.match(L, &M)) {
      LocalTraffic T;
      T.File = Files.count(File) ? Files[File] : "";
      T.Line = Line;
      T.Column = Col;
      T.Store = M[2] == "st";
      Cur->Local.push_back(T);
    }
  }
}

namespace {

/// Runs one program with stdout and stderr to \p Log; "" on success, else a
/// one-line reason.
std::string run(llvm::StringRef Program, llvm::ArrayRef<std::string> Args,
                llvm::StringRef Log, unsigned Timeout) {
  std::vector<llvm::StringRef> Argv;
  Argv.push_back(Program);
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Log, Log};
  std::string Err;
  bool Failed = false;
  int RC = llvm::sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects,
                                     Timeout, 0, &Err, &Failed);
  std::string Name = llvm::sys::path::filename(Program).str();
  if (Failed)
    return Name + " could not run: " + Err;
  if (RC == -2)
    return Name + " timed out after " + std::to_string(Timeout) + " s";
  if (RC != 0) {
    std::string First;
    if (auto Buf = llvm::MemoryBuffer::getFile(Log)) {
      llvm::SmallVector<llvm::StringRef, 8> Lines;
      (*Buf)->getBuffer().split(Lines, '\n', -1, false);
      for (llvm::StringRef L : Lines)
        if (L.contains("error")) {
          First = L.trim().str();
          break;
        }
    }
    return Name + " failed (exit " + std::to_string(RC) + ")" +
           (First.empty() ? "" : ": " + First);
  }
  return "";
}

llvm::Error error(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

} // namespace

llvm::Expected<CompiledTU>
compileForResources(const DeviceCompileCommand &Command,
                    unsigned TimeoutSeconds) {
  if (Command.Nvcc.empty() || Command.Ptxas.empty())
    return error("no compile command");
  const std::string &Nvcc = Command.Nvcc.front();
  const std::string &Ptxas = Command.Ptxas.front();
  if (!llvm::sys::fs::can_execute(Nvcc) || !llvm::sys::fs::can_execute(Ptxas))
    return error("no nvcc and ptxas in " + llvm::sys::path::parent_path(Nvcc));
  llvm::SmallString<128> Dir;
  if (llvm::sys::fs::createUniqueDirectory("warplint_ptxas", Dir))
    return error("cannot create a temporary directory");
  llvm::scope_exit Cleanup([&] { llvm::sys::fs::remove_directories(Dir); });
  std::string Ptx = (Dir + "/tu.ptx").str(), Cubin = (Dir + "/tu.cubin").str(),
              Log = (Dir + "/log.txt").str(), PLog = (Dir + "/ptxas.txt").str();
  std::vector<std::string> NA(Command.Nvcc.begin() + 1, Command.Nvcc.end());
  NA.insert(NA.end(), {"-o", Ptx});
  if (std::string E = run(Nvcc, NA, Log, TimeoutSeconds); !E.empty())
    return error(E);
  std::vector<std::string> PA(Command.Ptxas.begin() + 1, Command.Ptxas.end());
  PA.insert(PA.end(), {Ptx, "-o", Cubin});
  if (std::string E = run(Ptxas, PA, PLog, TimeoutSeconds); !E.empty())
    return error(E);
  auto PtxasOut = llvm::MemoryBuffer::getFile(PLog);
  auto PtxText = llvm::MemoryBuffer::getFile(Ptx);
  if (!PtxasOut || !PtxText)
    return error("cannot read the ptxas output");
  CompiledTU TU;
  TU.Arch = Command.Arch;
  TU.Compiler = "nvcc -ptx -lineinfo, ptxas -v";
  TU.Kernels = parsePtxasVerbose((*PtxasOut)->getBuffer());
  addPtxLocalTraffic((*PtxText)->getBuffer(), TU.Kernels);
  return TU;
}

llvm::Expected<CompiledTU> replayResources(llvm::StringRef Prefix,
                                           llvm::StringRef Arch) {
  auto PtxasOut = llvm::MemoryBuffer::getFile(Prefix + ".ptxas.txt");
  if (!PtxasOut)
    return error("no recorded ptxas output " + Prefix + ".ptxas.txt");
  CompiledTU TU;
  TU.Arch = Arch.str();
  TU.Compiler = "recorded ptxas output";
  TU.Kernels = parsePtxasVerbose((*PtxasOut)->getBuffer());
  if (auto PtxText = llvm::MemoryBuffer::getFile(Prefix + ".ptx"))
    addPtxLocalTraffic((*PtxText)->getBuffer(), TU.Kernels);
  return TU;
}

} // namespace warplint

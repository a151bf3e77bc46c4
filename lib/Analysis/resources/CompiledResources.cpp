//===- CompiledResources.cpp - Registers and local memory from ptxas ------===//
#include "Analysis/resources/CompiledResources.h"
#include "Analysis/resources/ChildProcess.h"
#include "Analysis/resources/CompileCache.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <map>
#include <tuple>

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
  llvm::Regex CallRe("^[ \t]*(@!?%p[0-9]+[ \t]+)?call(\\.uni)?[ \t]");
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
    if (Cur && CallRe.match(L)) {
      ++Cur->Calls;
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
  std::vector<std::string> Argv;
  Argv.push_back(Program.str());
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::string Err;
  // In a process group of its own that a signal to warplint ends, and a
  // timeout kills whole (Analysis/resources/ChildProcess.h).
  int RC = runChildProcess(Argv, Log, Timeout, Err);
  std::string Name = llvm::sys::path::filename(Program).str();
  if (RC == -1)
    return Name + " could not run: " + Err;
  if (RC == -2)
    return Name + " " + Err;
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

namespace {
/// What compileForResources calls its compiler, whether it ran or was read
/// from the cache: findings must not depend on the cache.
constexpr llvm::StringLiteral CompilerText = "nvcc -ptx -lineinfo, ptxas -v";

llvm::Expected<CompiledTU> compileUncached(const DeviceCompileCommand &Command,
                                           unsigned TimeoutSeconds,
                                           std::string *PtxasText,
                                           std::string *PtxText,
                                           bool *Rejected);
} // namespace

bool writeCacheFile(const llvm::Twine &Path, llvm::StringRef Text) {
  llvm::SmallString<256> Tmp;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Tmp))
    return false;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Tmp);
      return false;
    }
  }
  if (llvm::sys::fs::rename(Tmp, Path)) {
    llvm::sys::fs::remove(Tmp);
    return false;
  }
  return true;
}

std::string
compileCacheKey(const DeviceCompileCommand &Command,
                llvm::ArrayRef<std::pair<std::string, llvm::StringRef>> Inputs) {
  llvm::MD5 H;
  auto Add = [&](llvm::StringRef S) {
    H.update(S);
    H.update(llvm::StringRef("\0", 1));
  };
  Add("warplint exact mode 1");
  Add(Command.Arch);
  for (const std::vector<std::string> *Cmd : {&Command.Nvcc, &Command.Ptxas}) {
    for (const std::string &A : *Cmd)
      Add(A);
    Add("--");
  }
  for (const std::vector<std::string> *Cmd : {&Command.Nvcc, &Command.Ptxas}) {
    llvm::sys::fs::file_status St;
    if (!Cmd->empty() && !llvm::sys::fs::status(Cmd->front(), St))
      Add(std::to_string(St.getSize()) + " " +
          std::to_string(St.getLastModificationTime().time_since_epoch().count()));
  }
  for (const auto &[Name, Text] : Inputs) {
    Add(Name);
    Add(std::to_string(Text.size()));
    H.update(Text);
  }
  llvm::MD5::MD5Result R;
  H.final(R);
  return std::string(R.digest().str());
}

std::string defaultCompileCacheDir() {
  llvm::SmallString<256> Dir;
  if (!llvm::sys::path::cache_directory(Dir))
    return "";
  llvm::sys::path::append(Dir, "warplint", "ptxas");
  return std::string(Dir);
}

llvm::Expected<CompiledTU>
compileForResources(const DeviceCompileCommand &Command,
                    unsigned TimeoutSeconds) {
  return compileUncached(Command, TimeoutSeconds, nullptr, nullptr, nullptr);
}

llvm::Expected<CompiledTU>
compileForResourcesCached(const DeviceCompileCommand &Command,
                          unsigned TimeoutSeconds, llvm::StringRef CacheDir,
                          llvm::StringRef Key, uint64_t MaxBytes) {
  if (CacheDir.empty() || Key.empty())
    return compileUncached(Command, TimeoutSeconds, nullptr, nullptr, nullptr);
  llvm::SmallString<256> Prefix(CacheDir);
  llvm::sys::path::append(Prefix, Key);
  if (auto Err = llvm::MemoryBuffer::getFile(Prefix + ".error")) {
    markCacheFileUsed(Prefix + ".error");
    return error((*Err)->getBuffer().trim());
  }
  if (llvm::sys::fs::exists(Prefix + ".ptxas.txt")) {
    llvm::Expected<CompiledTU> TU = replayResources(Prefix, Command.Arch);
    if (TU) {
      TU->Compiler = CompilerText.str();
      markCacheFileUsed(Prefix + ".ptxas.txt");
      return TU;
    }
    llvm::consumeError(TU.takeError()); // Unreadable: compile again.
  }
  std::string PtxasText, PtxText;
  bool Rejected = false;
  llvm::Expected<CompiledTU> TU = compileUncached(
      Command, TimeoutSeconds, &PtxasText, &PtxText, &Rejected);
  if (!TU && !Rejected)
    return TU;
  if (llvm::sys::fs::create_directories(CacheDir))
    return TU;
  llvm::scope_exit Prune([&] {
    if (MaxBytes)
      pruneCacheDirectory(CacheDir, MaxBytes,
                          {".ptxas.txt", ".ptx", ".error"});
  });
  if (!TU) {
    std::string Msg = llvm::toString(TU.takeError());
    writeCacheFile(Prefix + ".error", Msg);
    return error(Msg);
  }
  // The PTX first: a reader takes the ptxas output as the sign of a complete
  // entry.
  writeCacheFile(Prefix + ".ptx", PtxText);
  writeCacheFile(Prefix + ".ptxas.txt", PtxasText);
  return TU;
}

void pruneCacheDirectory(llvm::StringRef Dir, uint64_t MaxBytes,
                         llvm::ArrayRef<llvm::StringRef> Suffixes) {
  namespace fs = llvm::sys::fs;
  struct Entry {
    uint64_t Size = 0;
    std::chrono::system_clock::time_point Time;
    /// (index of the suffix, path): removed in suffix order.
    std::vector<std::pair<size_t, std::string>> Files;
  };
  std::map<std::string, Entry> Entries; // by name: sorted, deterministic
  uint64_t Total = 0;
  auto Now = std::chrono::system_clock::now();
  std::error_code EC;
  for (fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(I->path());
    // writeCacheFile's temporary files: `<entry file>.tmp-XXXXXXXX`.
    size_t TmpAt = Name.find(".tmp-");
    bool Tmp = TmpAt != llvm::StringRef::npos;
    llvm::StringRef Key = Tmp ? Name.substr(0, TmpAt) : Name;
    auto Suffix = llvm::find_if(
        Suffixes, [&](llvm::StringRef S) { return Key.ends_with(S); });
    if (Suffix == Suffixes.end())
      continue;
    Key = Key.drop_back(Suffix->size());
    fs::file_status St;
    if (fs::status(I->path(), St) || St.type() != fs::file_type::regular_file)
      continue;
    // Another process may be writing it right now.
    if (Tmp && Now - St.getLastModificationTime() < std::chrono::minutes(10))
      continue;
    Entry &En = Entries[(Tmp ? Name : Key).str()];
    En.Size += St.getSize();
    En.Time = std::max(En.Time, St.getLastModificationTime());
    En.Files.push_back({size_t(Suffix - Suffixes.begin()), I->path()});
    Total += St.getSize();
  }
  if (Total <= MaxBytes)
    return;
  std::vector<std::pair<llvm::StringRef, Entry *>> Order;
  for (auto &[Name, En] : Entries)
    Order.push_back({Name, &En});
  llvm::sort(Order, [](const auto &A, const auto &B) {
    return std::tie(A.second->Time, A.first) <
           std::tie(B.second->Time, B.first);
  });
  uint64_t Target = MaxBytes / 10 * 9;
  for (auto &[Name, En] : Order) {
    if (Total <= Target)
      break;
    llvm::sort(En->Files);
    // Removed by another process already: it counts as gone all the same.
    for (const auto &F : En->Files)
      (void)fs::remove(F.second);
    Total -= En->Size;
  }
}

void markCacheFileUsed(const llvm::Twine &Path) {
  int FD;
  if (!llvm::sys::fs::openFileForWrite(Path, FD, llvm::sys::fs::CD_OpenExisting,
                                       llvm::sys::fs::OF_Append)) {
    (void)llvm::sys::fs::setLastAccessAndModificationTime(
        FD, std::chrono::system_clock::now());
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
}

namespace {
llvm::Expected<CompiledTU> compileUncached(const DeviceCompileCommand &Command,
                                           unsigned TimeoutSeconds,
                                           std::string *PtxasText,
                                           std::string *PtxText,
                                           bool *Rejected) {
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
  // A tool that exits with an error rejected the source: that outcome is
  // worth keeping; a timeout or a tool that could not start is not.
  auto Failed = [&](const std::string &E) {
    if (Rejected)
      *Rejected = E.find(" failed (exit ") != std::string::npos;
    return error(E);
  };
  if (std::string E = run(Nvcc, NA, Log, TimeoutSeconds); !E.empty())
    return Failed(E);
  std::vector<std::string> PA(Command.Ptxas.begin() + 1, Command.Ptxas.end());
  PA.insert(PA.end(), {Ptx, "-o", Cubin});
  if (std::string E = run(Ptxas, PA, PLog, TimeoutSeconds); !E.empty())
    return Failed(E);
  auto PtxasOut = llvm::MemoryBuffer::getFile(PLog);
  auto PtxBuf = llvm::MemoryBuffer::getFile(Ptx);
  if (!PtxasOut || !PtxBuf)
    return error("cannot read the ptxas output");
  CompiledTU TU;
  TU.Arch = Command.Arch;
  TU.Compiler = CompilerText.str();
  TU.Kernels = parsePtxasVerbose((*PtxasOut)->getBuffer());
  addPtxLocalTraffic((*PtxBuf)->getBuffer(), TU.Kernels);
  if (PtxasText)
    *PtxasText = (*PtxasOut)->getBuffer().str();
  if (PtxText)
    *PtxText = (*PtxBuf)->getBuffer().str();
  return TU;
}
} // namespace

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

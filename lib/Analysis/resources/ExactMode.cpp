//===- ExactMode.cpp - Exact mode's compile of a translation unit ---------===//
#include "Analysis/resources/ExactMode.h"

#include "Analysis/resources/CompileCache.h"
#include "Frontend/CudaToolkit.h"
#include "Frontend/DeviceCompileCommand.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace warplint {

std::string ExactOptions::key(llvm::StringRef Arch) const {
  std::string K;
  for (llvm::StringRef Part :
       {Arch, llvm::StringRef(Exact == Mode::On    ? "on"
                              : Exact == Mode::Off ? "off"
                                                   : "auto"),
        llvm::StringRef(Replay), llvm::StringRef(PtxasArgs),
        llvm::StringRef(CudaPath), llvm::StringRef(CacheDir)})
    K += Part.str() + '\0';
  return K + std::to_string(CacheMaxSize) + '\0' +
         std::to_string(TimeoutSeconds);
}

bool parsedWithFallback(Preprocessor *PP) {
  return PP && PP->isMacroDefined("__WARPLINT_CUDA_FALLBACK__");
}

std::optional<unsigned> ExactOptions::maxRegisterCount() const {
  return maxRegCount(splitPtxasArgs(PtxasArgs));
}

bool ExactOptions::toolkitFound() const {
  return findCudaToolkit(CudaPath).has_value();
}

ExactCompile compileExact(const ExactOptions &O, ASTContext &Ctx,
                          Preprocessor *PP, llvm::StringRef Arch) {
  ExactCompile R;
  if (!O.Replay.empty()) {
    // Files outside the translation unit decide the findings.
    R.Uncacheable = "a replayed ptxas output";
    llvm::Expected<CompiledTU> TU = replayResources(O.Replay, Arch);
    if (TU)
      R.TU = std::move(*TU);
    else
      R.Why = llvm::toString(TU.takeError());
    return R;
  }
  if (O.Exact == ExactOptions::Mode::Off) {
    R.Why = "exact mode is off";
    return R;
  }
  // Parsed with warplint's fallback declarations: the source was never
  // compiled against a real toolkit, so its flags are unknown; only an
  // explicit Exact: on compiles it anyway.
  if (O.Exact == ExactOptions::Mode::Auto && parsedWithFallback(PP)) {
    R.Why = "parsed without the CUDA toolkit's headers";
    return R;
  }
  std::optional<CudaToolkit> TK = findCudaToolkit(O.CudaPath);
  if (!TK) {
    R.Why = "no CUDA toolkit found (set warplint-register-pressure.CudaPath)";
    return R;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main) {
    R.Why = "no main file";
    return R;
  }
  // The include paths, macros and language standard clang parsed the file
  // with, for nvcc.
  FileManager &FM = SM.getFileManager();
  DeviceCompileInputs In =
      PP ? deviceCompileInputs(*PP, FM) : DeviceCompileInputs();
  In.ToolkitRoot = TK->Path;
  llvm::SmallString<256> Source(Main->getName());
  FM.makeAbsolutePath(Source);
  In.Source = std::string(Source);
  In.Arch = Arch.str();
  In.PtxasArgs = splitPtxasArgs(O.PtxasArgs);
  DeviceCompileCommand Cmd = buildDeviceCompileCommand(In);
  // Cached by content: the commands, the tools, and every file the
  // translation unit read (sorted by name; the compile reads the same user
  // sources and headers).
  std::string Dir = O.CacheDir == "none" ? std::string()
                    : O.CacheDir.empty() ? defaultCompileCacheDir()
                                         : O.CacheDir;
  std::string Key;
  if (!Dir.empty()) {
    std::vector<std::pair<std::string, llvm::StringRef>> Inputs;
    for (auto I = SM.fileinfo_begin(), E = SM.fileinfo_end(); I != E; ++I) {
      std::optional<llvm::MemoryBufferRef> Buf =
          I->second->getBufferOrNone(SM.getDiagnostics(), FM);
      if (Buf)
        Inputs.push_back({I->first.getName().str(), Buf->getBuffer()});
    }
    llvm::sort(Inputs, [](const auto &A, const auto &B) {
      return A.first < B.first;
    });
    Key = compileCacheKey(Cmd, Inputs);
  }
  llvm::Expected<CompiledTU> TU = compileForResourcesCached(
      Cmd, O.TimeoutSeconds, Dir, Key, uint64_t(O.CacheMaxSize) << 20);
  if (TU) {
    R.TU = std::move(*TU);
    return R;
  }
  R.Why = llvm::toString(TU.takeError());
  // A source the toolkit rejected is kept by exact mode's own cache too
  // (CompileCache.h, the same test): the same answer next time. A timeout,
  // a crash or a tool that could not start may go otherwise.
  if (R.Why.find(" failed (exit ") == std::string::npos)
    R.Uncacheable = "exact mode failed: " + R.Why;
  return R;
}

} // namespace warplint

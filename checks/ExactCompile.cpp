//===- ExactCompile.cpp - Exact mode's compile, shared by checks ----------===//
#include "checks/ExactCompile.h"

#include "checks/WarplintCheck.h"

using namespace clang;

namespace warplint {

static constexpr llvm::StringLiteral Prefix = "warplint-register-pressure.";

ExactOptions
exactOptionsFromCheckOptions(const tidy::ClangTidyOptions::OptionMap &Opts) {
  auto Get = [&](llvm::StringRef Name) -> std::optional<std::string> {
    auto It = Opts.find((Prefix + Name).str());
    if (It == Opts.end())
      return std::nullopt;
    return It->getValue().Value;
  };
  auto GetUnsigned = [&](llvm::StringRef Name, unsigned Default) {
    unsigned V = Default;
    if (std::optional<std::string> S = Get(Name))
      if (llvm::StringRef(*S).getAsInteger(10, V))
        V = Default;
    return V;
  };
  using Mode = ExactOptions::Mode;
  ExactOptions O;
  std::string E = Get("Exact").value_or("auto");
  O.Exact = E == "on" ? Mode::On : E == "auto" ? Mode::Auto : Mode::Off;
  O.Replay = Get("Replay").value_or("");
  O.PtxasArgs = Get("PtxasArgs").value_or("");
  O.CudaPath = Get("CudaPath").value_or("");
  O.CacheDir = Get("CacheDir").value_or("");
  O.CacheMaxSize = GetUnsigned("CacheMaxSize", 256);
  if (O.CacheMaxSize == 0)
    O.CacheMaxSize = 256;
  O.TimeoutSeconds = GetUnsigned("Timeout", 120);
  return O;
}

const ExactCompile &exactCompile(const ExactOptions &O, AnalysisContext &AC,
                                 ASTContext &Ctx, Preprocessor *PP,
                                 llvm::StringRef Arch) {
  const ExactCompile &R = AC.exactCompile(
      O.key(Arch), [&] { return compileExact(O, Ctx, PP, Arch); });
  // Each check that reads the compile marks its own results.
  if (!R.Uncacheable.empty())
    markResultsUncacheable(R.Uncacheable);
  return R;
}

} // namespace warplint

//===- KernelCheckBase.cpp - Checks that look at each kernel ---------------===//
#include "checks/KernelCheckBase.h"

#include "checks/AnalysisTrace.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

KernelCheckBase::KernelCheckBase(StringRef Name,
                                 tidy::ClangTidyContext *Context)
    : WarplintCheck(Name, Context),
      Default1DText(Options.getLocalOrGlobal("DefaultBlockDim", "256")),
      Default2DText(Options.getLocalOrGlobal("DefaultBlockDim2D", "32x8")) {
  // A bad value is a configuration error, said once, not a silent default.
  auto D1 = parseBlockDim(Default1DText), D2 = parseBlockDim(Default2DText);
  if (!D1)
    configurationDiag(
        "invalid DefaultBlockDim '%0': expected N, NxM or NxMxK with at "
        "most 1024 threads; using 256")
        << Default1DText;
  if (!D2)
    configurationDiag(
        "invalid DefaultBlockDim2D '%0': expected NxM or NxMxK with at "
        "most 1024 threads; using 32x8")
        << Default2DText;
  Default1D = D1.value_or(std::array<unsigned, 3>{256, 1, 1});
  Default2D = D2.value_or(std::array<unsigned, 3>{32, 8, 1});
}

void KernelCheckBase::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "DefaultBlockDim", Default1DText);
  Options.store(Opts, "DefaultBlockDim2D", Default2DText);
}

void KernelCheckBase::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal)).bind("kernel"),
      this);
}

void KernelCheckBase::check(const MatchFinder::MatchResult &Result) {
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>("kernel");
  if (!Kernel || Kernel->isDependentContext() || !Kernel->getBody())
    return;
  ASTContext &Ctx = *Result.Context;
  if (!admit(*Kernel, Ctx))
    return;
  AnalysisTrace Trace(getID(), *Kernel, Ctx.getSourceManager());
  CurrentFunction = Kernel;
  checkKernel(*Kernel, analysis(Ctx).shapes(*Kernel, Default1D, Default2D),
              Ctx);
  CurrentFunction = nullptr;
}

BlockShapeFact KernelCheckBase::shapeFact(const KernelShape &S,
                                          const SourceManager &SM) {
  BlockShapeFact F;
  F.Dim = S.Shape.BlockDim;
  F.Origin = S.Origin;
  F.Params = S.Params;
  if (S.Loc.isValid()) {
    PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(S.Loc));
    if (P.isValid())
      F.Where = std::string(llvm::sys::path::filename(P.getFilename())) + ":" +
                std::to_string(P.getLine()) + ":" +
                std::to_string(P.getColumn());
  }
  return F;
}

std::pair<SourceLocation, std::string>
KernelCheckBase::shapeNote(const KernelShape &S,
                           const SourceManager &SM) const {
  std::string Dim = blockDimString(S.Shape.BlockDim);
  if (S.Origin == "launch") {
    std::string Args;
    for (const auto &P : S.Params)
      Args += (Args.empty() ? "" : ", ") + P.first + " = " +
              std::to_string(P.second);
    return {S.Loc, "evaluated for blockDim " + Dim +
                       (Args.empty() ? "" : " and " + Args) +
                       (S.LaunchedAs.empty()
                            ? ", from this launch"
                            : ", from this launch of '" + S.LaunchedAs +
                                  "' (the same kernel template; this "
                                  "instantiation has no launch in this file)")};
  }
  if (S.Origin == "__launch_bounds__")
    return {S.Loc,
            "evaluated for blockDim " + Dim +
                " (1-D), from __launch_bounds__; no launch in this file"};
  return {
      SourceLocation(),
      "evaluated for an assumed blockDim " + Dim +
          ": no launch of this kernel in this file (options DefaultBlockDim, "
          "DefaultBlockDim2D)"};
}

} // namespace warplint

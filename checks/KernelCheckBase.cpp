//===- KernelCheckBase.cpp - Checks that look at each kernel ---------------===//
#include "checks/KernelCheckBase.h"

#include "Analysis/Coverage.h"
#include "checks/AnalysisTrace.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

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
  if (!Kernel || !Kernel->getBody())
    return;
  ASTContext &Ctx = *Result.Context;
  if (Kernel->isDependentContext()) {
    // A template kernel is counted by its instantiations; one whose pattern
    // has an error (an unknown parameter type) may have none, since no launch
    // can instantiate it. It stays in the counts, not analysed, with its
    // reason.
    if (patternCountedAlone(*Kernel))
      admit(*Kernel, Ctx);
    return;
  }
  if (!admit(*Kernel, Ctx))
    return;
  AnalysisTrace Trace(getID(), *Kernel, Ctx.getSourceManager());
  CurrentFunction = Kernel;
  checkKernel(*Kernel, shapesOf(*Kernel, Ctx), Ctx);
  CurrentFunction = nullptr;
}

ArrayRef<KernelShape> KernelCheckBase::shapesOf(const FunctionDecl &Kernel,
                                                ASTContext &Ctx) {
  AnalysisContext &AC = analysis(Ctx);
  ArrayRef<KernelShape> Own = AC.shapes(Kernel, Default1D, Default2D);
  SiblingShapes.clear();
  SiblingNames.clear();
  const FunctionTemplateDecl *T = Kernel.getPrimaryTemplate();
  if (!T || Own.size() != 1 || Own.front().Origin != "assumed")
    return Own;
  // An instantiation the file never launches with <<<>>> (through a function
  // pointer, cudaLaunchKernel, an explicit instantiation) runs with the blocks
  // its siblings are launched with far more often than with an assumed
  // default: a real launch of the same kernel is known, so nothing is assumed.
  for (const FunctionDecl *Spec : T->specializations()) {
    if (Spec == &Kernel || !Spec->getBody() || Spec->isDependentContext())
      continue;
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    Spec->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(),
                               /*Qualified=*/false);
    for (const KernelShape &S : AC.shapes(*Spec, Default1D, Default2D)) {
      if (S.Origin != "launch")
        continue;
      bool Seen = llvm::any_of(SiblingShapes, [&](const KernelShape &O) {
        return O.Shape.BlockDim == S.Shape.BlockDim && O.Params == S.Params;
      });
      if (Seen)
        continue;
      SiblingShapes.push_back(S);
      SiblingNames.push_back(Name);
    }
  }
  if (SiblingShapes.empty())
    return Own;
  return SiblingShapes;
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

/// Whether \p E reads the parameter leaf \p Name (a kernel parameter, or a
/// variable named in the assumptions).
static bool readsParam(const sym::Expr *E, llvm::StringRef Name,
                       unsigned Depth = 0) {
  if (!E || Depth > 64)
    return false;
  if (E->kind() == sym::ExprKind::Param && E->name() == Name)
    return true;
  return llvm::any_of(E->ops(), [&](const sym::Expr *Op) {
    return readsParam(Op, Name, Depth + 1);
  });
}

std::optional<std::string>
KernelCheckBase::assumptionNote(const MemoryAccess &A, const KernelShape &S) {
  std::string Used;
  for (const auto &[Name, Value] : S.Assumed) {
    bool Uses = readsParam(A.Index, Name) || readsParam(A.Guard, Name) ||
                llvm::any_of(A.Alternatives, [&](const auto &Alt) {
                  return readsParam(Alt.Index, Name);
                });
    if (Uses)
      Used += (Used.empty() ? "" : ", ") + Name + " = " + std::to_string(Value);
  }
  if (Used.empty())
    return std::nullopt;
  return "with " + Used + " from --assume";
}

std::pair<SourceLocation, std::string>
KernelCheckBase::shapeNote(const KernelShape &S,
                           const SourceManager &SM) const {
  std::string Dim = blockDimString(S.Shape.BlockDim);
  if (S.AssumedDims)
    Dim += " (blockDim." + runtimeDimNames(S.AssumedDims) + " from --assume)";
  if (S.Origin == "launch") {
    std::string Args;
    for (const auto &P : S.Params)
      Args += (Args.empty() ? "" : ", ") + P.first + " = " +
              std::to_string(P.second);
    std::string Sibling;
    for (size_t I = 0; I < SiblingShapes.size(); ++I)
      if (&SiblingShapes[I] == &S)
        Sibling = SiblingNames[I];
    if (S.RuntimeDims)
      Dim += " (blockDim." + runtimeDimNames(S.RuntimeDims) +
             " at run time: the same in every lane of a warp)";
    return {S.Loc, "evaluated for blockDim " + Dim +
                       (Args.empty() ? "" : " and " + Args) +
                       (Sibling.empty()
                            ? ", from this launch"
                            : ", from this launch of '" + Sibling +
                                  "' (this instantiation has no launch in "
                                  "this file)")};
  }
  if (S.Origin == "__launch_bounds__")
    return {S.Loc,
            "evaluated for blockDim " + Dim +
                " (1-D), from __launch_bounds__; no launch in this file"};
  if (S.AssumedDims)
    return {SourceLocation(), "evaluated for blockDim " + Dim +
                                  ": no launch of this kernel in this file"};
  return {
      SourceLocation(),
      "evaluated for an assumed blockDim " + Dim +
          ": no launch of this kernel in this file (options DefaultBlockDim, "
          "DefaultBlockDim2D)"};
}

} // namespace warplint

//===- LocalMemoryArrayCheck.cpp ------------------------------------------===//
//
// The guide (modern §9.2.3, 2.3 §3.2.3): "Automatic variables that are likely
// to be placed in local memory are large structures or arrays that would
// consume too much register space and arrays that the compiler determines may
// be indexed dynamically", and local memory "is off-chip. Hence, access to
// local memory is as expensive as access to global memory." Where an array
// really goes is decided by lib/Analysis/LocalArrays from measurements of
// nvcc; arrays that ptxas keeps in registers (constant indices, small arrays
// it turns into selects) are not findings.
//
//===----------------------------------------------------------------------===//
#include "checks/LocalMemoryArrayCheck.h"

#include "Analysis/resources/LocalArrays.h"
#include "Analysis/resources/ResourceEstimate.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

LocalMemoryArrayCheck::LocalMemoryArrayCheck(StringRef Name,
                                             tidy::ClangTidyContext *Context)
    : WarplintCheck(Name, Context),
      Exact(exactOptionsFromCheckOptions(
          Context->getOptions().CheckOptions)) {}

void LocalMemoryArrayCheck::registerPPCallbacks(const SourceManager &SM,
                                                Preprocessor *P,
                                                Preprocessor *Expander) {
  WarplintCheck::registerPPCallbacks(SM, P, Expander);
  PP = P;
}

void LocalMemoryArrayCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(
      functionDecl(isDefinition(),
                   anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)),
                   unless(isExpansionInSystemHeader()))
          .bind("fn"),
      this);
}

static std::string typeText(const LocalArray &LA, const ASTContext &Ctx) {
  QualType T = LA.Var->getType();
  while (const ConstantArrayType *A = Ctx.getAsConstantArrayType(T))
    T = A->getElementType();
  return std::to_string(LA.Elements) + " x " +
         T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
}

/// The finding for an array the measured rules keep in registers that ptxas
/// put in local memory: the PTX reads or writes local memory at a line where
/// the array is subscripted by a value that is not a constant, in a kernel
/// whose stack frame can hold the array (the PTX has ld/st.local for every
/// such array; ptxas's stack frame is what says it stayed there).
static std::optional<Report>
ptxasLocal(const LocalArray &LA, const FunctionDecl &FD,
           ArrayRef<std::pair<std::string, const CompiledKernel *>> Compiled,
           const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const ArrayIndexUse &U : LA.Uses) {
    if (U.Kind == ArrayIndexKind::Constant)
      continue;
    SourceLocation Loc = SM.getExpansionLoc(U.Site->getExprLoc());
    StringRef File = llvm::sys::path::filename(SM.getFilename(Loc));
    unsigned Line = SM.getExpansionLineNumber(Loc);
    for (const auto &[Kernel, CK] : Compiled) {
      if (CK->StackFrame < LA.Bytes)
        continue;
      bool Traffic = llvm::any_of(CK->Local, [&](const LocalTraffic &T) {
        return T.Line == Line && llvm::sys::path::filename(T.File) == File;
      });
      if (!Traffic)
        continue;
      Report R;
      R.Loc = LA.Var->getLocation();
      R.Range = LA.Var->getSourceRange();
      R.Conf = Confidence::Likely;
      std::string Who = FD.hasAttr<CUDAGlobalAttr>()
                            ? std::string("the kernel")
                            : "kernel '" + Kernel + "'";
      R.Message = "per-thread array '" + LA.Var->getNameAsString() + "' of '" +
                  FD.getNameAsString() + "' (" + typeText(LA, Ctx) + ", " +
                  std::to_string(LA.Bytes) +
                  " bytes) lives in local memory, as slow as global memory: "
                  "ptxas gives " +
                  Who + " a " + std::to_string(CK->StackFrame) +
                  "-byte stack frame and the PTX reads or writes it in local "
                  "memory at line " +
                  std::to_string(Line);
      R.Notes.push_back({U.Site->getExprLoc(), "indexed here: " + U.Why});
      R.Notes.push_back(
          {R.Loc, "the measured rules would keep it in registers (" +
                      LA.Reason + "); ptxas's stack frame decides"});
      return R;
    }
  }
  return std::nullopt;
}

void LocalMemoryArrayCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!FD || FD->isDependentContext())
    return;
  ASTContext &Ctx = *Result.Context;
  if (!admit(*FD, Ctx))
    return;
  const SourceManager &SM = *Result.SourceManager;
  const hw::HardwareModel &M = target(Ctx);
  AnalysisContext &AC = analysis(Ctx);
  ArrayRef<LocalArray> Arrays = AC.localArrays(*FD);
  // ptxas settles what the measured rules predict: an array under an index
  // that is not a constant, or one the rules send to local memory. Compiled
  // (or replayed) once per translation unit, shared with the register check.
  const CompiledTU *TU = nullptr;
  if (llvm::any_of(Arrays, [](const LocalArray &LA) {
        return LA.Placement == ArrayPlacement::LocalMemory ||
               llvm::any_of(LA.Uses, [](const ArrayIndexUse &U) {
                 return U.Kind != ArrayIndexKind::Constant;
               });
      })) {
    const ExactCompile &EC = exactCompile(Exact, AC, Ctx, PP, M.Name);
    if (EC.TU)
      TU = &*EC.TU;
  }
  // The kernels ptxas compiled that \p FD's code runs in: the kernel itself,
  // or, for a __device__ function inlined into kernels, every kernel.
  std::vector<std::pair<std::string, const CompiledKernel *>> Compiled;
  if (TU) {
    if (FD->hasAttr<CUDAGlobalAttr>()) {
      auto It = TU->Kernels.find(kernelSymbol(*FD, Ctx));
      if (It != TU->Kernels.end())
        Compiled.push_back({FD->getNameAsString(), &It->second});
    } else {
      for (const auto &K : TU->Kernels)
        Compiled.push_back({K.getKey().str(), &K.getValue()});
    }
  }
  const bool NoStack =
      !Compiled.empty() && llvm::all_of(Compiled, [](const auto &K) {
        return K.second->StackFrame == 0;
      });
  for (const LocalArray &LA : Arrays) {
    // ptxas gave no kernel this code runs in a stack frame: nothing of it is
    // in local memory, whatever the index (locals built from the counters
    // of loops unrolled in full are constants to ptxas).
    if (NoStack)
      continue;
    if (LA.Placement != ArrayPlacement::LocalMemory) {
      if (std::optional<Report> R = ptxasLocal(LA, *FD, Compiled, Ctx))
        emit(*R, SM);
      continue;
    }
    Report R;
    R.Loc = LA.Var->getLocation();
    R.Range = LA.Var->getSourceRange();
    R.Conf = Confidence::Likely;
    std::string What = "per-thread array '" + LA.Var->getNameAsString() +
                       "' of '" + FD->getNameAsString() + "' (" +
                       typeText(LA, Ctx) + ", " + std::to_string(LA.Bytes) +
                       " bytes)";
    if (LA.Deciding) {
      const ArrayIndexUse &U = *LA.Deciding;
      std::string Index = Lexer::getSourceText(CharSourceRange::getTokenRange(
                                                   U.Index->getSourceRange()),
                                               SM, getLangOpts())
                              .str();
      R.Message = What +
                  " will live in local memory, as slow as global memory: it "
                  "is indexed by '" +
                  Index + "', which the compiler cannot resolve to a constant";
      R.Notes.push_back({U.Site->getExprLoc(), "indexed here: " + U.Why});
      R.Notes.push_back(
          {R.Loc, LA.Reason + " (measured with nvcc 13.0 for sm_80 and sm_90, "
                              "validation/resource-checks)"});
    } else {
      R.Message = What +
                  " will live in local memory, as slow as global memory: it "
                  "is too large for the registers of a thread";
      R.Notes.push_back(
          {R.Loc, LA.Reason + " on " + M.Name + " (hardware model)"});
    }
    emit(R, SM);
  }
}

} // namespace warplint

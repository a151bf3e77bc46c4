//===- SharedBankConflictCheck.cpp ----------------------------------------===//
//
// The guide's rule (2.3 §3.2.2.1, Medium; modern §9.2.2): "Accesses to shared
// memory should be designed to avoid serializing requests due to bank
// conflicts." 32 banks of 4 bytes on CC >= 5.0 (lib/Hardware models each
// generation); lanes reading one word share it; 8- and 16-byte accesses are
// served in phases (measured on sm_90: docs/validation.md).
//
//===----------------------------------------------------------------------===//
#include "checks/SharedBankConflictCheck.h"

#include "Analysis/ProjectParents.h"
#include "Findings/HardwareFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace warplint {

namespace {
/// Whether every use of \p Array in \p Body is a full subscript
/// (`tile[i][j]` for a 2-D array): then padding the innermost dimension
/// changes no value the program computes. A use as a pointer (`&tile[0][0]`
/// walked linearly, `tile[i]` passed on), in sizeof, or in a reinterpret makes
/// the padding visible, so the fix is then unsafe.
class OnlySubscripted : public RecursiveASTVisitor<OnlySubscripted> {
public:
  OnlySubscripted(const VarDecl *Array, unsigned Rank, ASTContext &Ctx)
      : Array(Array), Rank(Rank), Ctx(Ctx) {}
  bool Ok = true;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() != Array)
      return true;
    const Stmt *Cur = E;
    for (unsigned Level = 0; Level < Rank; ++Level) {
      const Stmt *Parent = parentIgnoringCasts(Cur);
      const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(Parent);
      if (!Sub || Sub->getBase()->IgnoreParenImpCasts() != Cur) {
        Ok = false;
        return false;
      }
      Cur = Sub;
    }
    // The element itself must not have its address taken.
    if (const auto *U =
            dyn_cast_or_null<UnaryOperator>(parentIgnoringCasts(Cur));
        U && U->getOpcode() == UO_AddrOf)
      Ok = false;
    return Ok;
  }

private:
  const Stmt *parentIgnoringCasts(const Stmt *S) {
    for (;;) {
      auto Parents = parentsOf(Ctx, *S);
      if (Parents.size() != 1)
        return nullptr;
      const Stmt *P = Parents[0].get<Stmt>();
      if (P && (isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P))) {
        S = P;
        continue;
      }
      return P;
    }
  }
  const VarDecl *Array;
  unsigned Rank;
  ASTContext &Ctx;
};
} // namespace

void SharedBankConflictCheck::consider(const FunctionDecl &Kernel,
                                       ArrayRef<EvaluatedAccess> Results,
                                       ASTContext &Ctx) {
  auto [Worst, WorstRatio] = worst(Results, &hw::AccessReport::Wavefronts,
                                   &hw::AccessReport::IdealWavefronts, 1.0);
  (void)WorstRatio;
  if (!Worst)
    return;
  const hw::AccessReport &R = Worst->Report;
  const MemoryAccess &A = *Worst->Access;
  Report Rep;
  Rep.Loc = A.Site->getBeginLoc();
  Rep.Range = A.Site->getSourceRange();
  Rep.Conf = R.exact() ? Confidence::Certain : Confidence::Likely;
  if (!R.RuntimeCoefficient.empty())
    Rep.Conf = Confidence::Possible;
  std::optional<int64_t> Stride = uniformLaneStride(R);
  std::string Spread = Stride && *Stride % 4 == 0
                           ? ", consecutive lanes " +
                                 std::to_string(std::abs(*Stride) / 4) +
                                 " words apart"
                           : "";
  Rep.Message = llvm::formatv("{0}-way shared memory bank conflict: {1} {2} "
                              "needs {3} wavefronts per warp request "
                              "instead of {4} ({5}-byte accesses{6})",
                              R.MaxConflictDegree, verb(A), baseName(A),
                              formatRatio(R.perRequest(R.Wavefronts)),
                              formatRatio(R.perRequest(R.IdealWavefronts)),
                              A.Width, Spread);
  Rep.Message += iterationSummary(R, "wavefronts");
  if (!R.RuntimeCoefficient.empty())
    Rep.Message += " (if '" + R.RuntimeCoefficient + "' is " +
                   std::to_string(R.RuntimeValue ? R.RuntimeValue
                                                 : assumedRuntimeValue()) +
                   ", a runtime value)";
  evidenceNotes(*Worst, Rep);
  accessFacts(*Worst, target(Ctx), Ctx.getSourceManager(), Rep);
  auto [Loc, Text] = shapeNote(*Worst->Shape, Ctx.getSourceManager());
  Rep.Notes.push_back({Loc.isValid() ? Loc : Kernel.getLocation(), Text});
  if (auto Assumed = assumptionNote(*Worst->Access, *Worst->Shape))
    Rep.Notes.push_back({Rep.Loc, *Assumed});
  AccessFacts::Padding Padded;
  if (auto Fix = paddingFix(Kernel, *Worst, Ctx, Padded)) {
    // Safe where the kernel only ever subscripts the tile in full (the array
    // is __shared__ and so local to this kernel's body).
    bool Safe = false;
    const VarDecl *Array = Worst->Access->SharedArray;
    if (Kernel.getBody() && Array && Array->getParentFunctionOrMethod() ==
                                         static_cast<const DeclContext *>(
                                             &Kernel)) {
      OnlySubscripted V(Array, Worst->Access->Extents.size(), Ctx);
      V.TraverseStmt(Kernel.getBody());
      Safe = V.Ok;
    }
    auto [It, First] = PaddedArrays.try_emplace(Array, Rep.Loc);
    const SourceManager &SM = Ctx.getSourceManager();
    if (First)
      Rep.Suggestion = FixSuggestion{Fix->first, Fix->second, Safe};
    else
      Rep.Notes.push_back(
          {Fix->second.RemoveRange.getBegin(),
           "the padding suggested at line " +
               std::to_string(SM.getExpansionLineNumber(It->second)) +
               " removes this conflict too"});
    Rep.Facts.Access->Padded = std::move(Padded);
  }
  // Accesses of one array with the same verdict are one cause (one tile's
  // 32 accesses, one finding).
  Rep.Cause = objectKey(A) + " " + std::to_string(R.MaxConflictDegree) + "-way";
  emit(Rep, Ctx.getSourceManager());
}

std::optional<std::pair<std::string, FixItHint>>
SharedBankConflictCheck::paddingFix(const FunctionDecl &Kernel,
                                    const EvaluatedAccess &E, ASTContext &Ctx,
                                    AccessFacts::Padding &Padded) {
  const MemoryAccess &A = *E.Access;
  const VarDecl *Array = A.SharedArray;
  if (!Array || A.Extents.size() < 2 || !Array->getTypeSourceInfo())
    return std::nullopt;
  // The innermost dimension's size as written: `tile[32][32]` or
  // `tile[TILE][TILE]`.
  TypeLoc TL = Array->getTypeSourceInfo()->getTypeLoc();
  ConstantArrayTypeLoc Inner;
  while (auto CAT = TL.getAs<ConstantArrayTypeLoc>()) {
    Inner = CAT;
    TL = CAT.getElementLoc();
  }
  if (!Inner || !Inner.getSizeExpr())
    return std::nullopt;
  const Expr *Size = Inner.getSizeExpr();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange SR = Size->getSourceRange();
  if (SR.getBegin().isMacroID() || SR.getEnd().isMacroID()) {
    // `tile[TILE]`: the whole size is one macro name; pad after it.
    SR = SourceRange(SM.getExpansionLoc(SR.getBegin()),
                     SM.getExpansionLoc(SR.getEnd()));
    if (!SR.getBegin().isFileID())
      return std::nullopt;
  }

  // Re-evaluate every shared access of the kernel with one element of padding.
  PaddingOverride Pad{Array, 1};
  llvm::ArrayRef<MemoryAccess> Before = KernelAccesses; // as analysed already
  AnalysisContext &AC = analysis(Ctx);
  llvm::ArrayRef<MemoryAccess> After = AC.paddedAccesses(Kernel, Pad);
  if (Before.size() != After.size())
    return std::nullopt;
  auto Cost = [&](const MemoryAccess &X) -> std::optional<uint64_t> {
    const hw::AccessReport &R =
        AC.evaluate(X, *E.Shape, assumedRuntimeValue());
    if (!R.Ok)
      return std::nullopt;
    return R.Wavefronts * 1000 / std::max<uint64_t>(1, R.IdealWavefronts);
  };
  bool FixesThis = false;
  for (size_t I = 0; I < Before.size(); ++I) {
    if (Before[I].SharedArray != Array || Before[I].Site != After[I].Site)
      continue;
    std::optional<uint64_t> Old = Cost(Before[I]), New = Cost(After[I]);
    if (!Old || !New || *New > *Old)
      return std::nullopt; // padding would make another access worse
    if (Before[I].Site == A.Site) {
      FixesThis = *New == 1000;
      // The padded layout as re-evaluated, for the report's picture.
      const hw::AccessReport &R =
          AC.evaluate(After[I], *E.Shape, assumedRuntimeValue());
      Padded.PerRequest = R.perRequest(R.Wavefronts);
      Padded.IdealPerRequest = R.perRequest(R.IdealWavefronts);
      Padded.Degree = R.MaxConflictDegree;
      if (const hw::WarpCost *W = firstActiveWarp(R))
        Padded.View = sharedWarpView(
            target(Ctx), *W, After[I].Width,
            After[I].IsStore && !After[I].IsLoad, "padded",
            "warp " + std::to_string(W->Warp) + ", padded layout" +
                (R.WorstIteration.empty() ? std::string()
                                          : ", iteration " + R.WorstIteration));
    }
  }
  if (!FixesThis)
    return std::nullopt;
  uint64_t Extent = A.Extents.back();
  std::string Text = Lexer::getSourceText(CharSourceRange::getTokenRange(SR),
                                          SM, Ctx.getLangOpts())
                         .str();
  FixItHint Fix;
  if (const auto *Lit = dyn_cast<IntegerLiteral>(Size->IgnoreParenImpCasts());
      Lit && !SR.getBegin().isMacroID() && Size->getBeginLoc().isFileID())
    Fix = FixItHint::CreateReplacement(CharSourceRange::getTokenRange(SR),
                                       std::to_string(Extent + 1));
  else
    Fix = FixItHint::CreateInsertion(
        Lexer::getLocForEndOfToken(SR.getEnd(), 0, SM, Ctx.getLangOpts()),
        " + 1");
  Padded.Array = Array->getNameAsString();
  Padded.Elements = 1;
  Padded.Before = std::to_string(Extent);
  Padded.After = std::to_string(Extent + 1);
  return std::make_pair(
      "pad the innermost dimension of '" + Array->getNameAsString() +
          "' by one element (" + Text + " -> " + Text +
          " + 1 = " + std::to_string(Extent + 1) +
          "): every access to it is then conflict-free or no worse",
      Fix);
}

} // namespace warplint

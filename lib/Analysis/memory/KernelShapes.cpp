//===- KernelShapes.cpp - The block shapes a kernel is evaluated with ------===//
//
// Each kernel's launches in the file (block shape and constant integer
// arguments), else its __launch_bounds__, else the configured default block;
// the values --assume gives; the DefaultBlockDim option's spelling. The memory
// analyses evaluate a kernel's accesses (KernelAccesses.cpp) once per shape.
//
//===----------------------------------------------------------------------===//
#include "Analysis/memory/KernelAccesses.h"
#include "Analysis/Assumptions.h"
#include "Analysis/launch/LaunchLimits.h"
#include "Analysis/launch/LaunchSites.h"

#include "Analysis/launch/LaunchConfig.h"
#include "Frontend/MutationCache.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace warplint {

namespace {

/// Records the block shape (and the constant integer arguments) of one launch
/// of findLaunchCalls in \p Shapes.
void addLaunch(
    const CallExpr &Call, ASTContext &Ctx, MutationCache &Mutations,
    LaunchIndex::FoldFn Fold, unsigned WarpSize,
    llvm::DenseMap<const FunctionDecl *, std::vector<KernelShape>> &Shapes) {
  std::optional<LaunchSite> Site = launchSite(Call, Ctx);
  if (!Site || !Site->Kernel)
    return;
  const FunctionDecl *Callee = Site->Kernel;
  const LaunchBlock &B = Fold(Call);
  // A block with runtime components is evaluated by its known ones when they
  // decide the warps (`dim3(32, 8, n)`); otherwise the launch says nothing.
  const bool Partial = !B.Shape && partialBlockDecidesWarps(B, WarpSize);
  if (!B.Shape && !Partial)
    return;
  const BlockShape &Shape = B.Shape ? *B.Shape : *B.Partial;
  KernelShape KS;
  KS.Shape.BlockDim = {unsigned(Shape.X), unsigned(Shape.Y), unsigned(Shape.Z)};
  KS.RuntimeDims = Partial ? B.RuntimeDims : 0;
  KS.Loc = Call.getBeginLoc();
  KS.Origin = "launch";
  // Constant integer arguments make runtime strides exact: strideCopy(...,
  // 2).
  for (unsigned I = 0; I < Site->Args.size() && I < Callee->getNumParams();
       ++I) {
    const ParmVarDecl *P = Callee->getParamDecl(I);
    if (!P->getType()->isIntegerType() || P->getName().empty())
      continue;
    if (std::optional<int64_t> V = foldInteger(*Site->Args[I], Ctx, &Mutations))
      KS.Params.push_back({P->getNameAsString(), *V});
  }
  auto &V = Shapes[Callee->getCanonicalDecl()];
  for (const KernelShape &Old : V)
    if (Old.Shape.BlockDim == KS.Shape.BlockDim && Old.Params == KS.Params)
      return;
  V.push_back(KS);
}

class UsesThreadIdxYZ : public RecursiveASTVisitor<UsesThreadIdxYZ> {
public:
  bool Found = false;
  bool VisitMSPropertyRefExpr(MSPropertyRefExpr *E) {
    StringRef F = E->getPropertyDecl()->getName();
    const Expr *Base = E->getBaseExpr()->IgnoreImplicit();
    if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
      Base = OVE->getSourceExpr()->IgnoreImplicit();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
      if (DRE->getDecl()->getName() == "threadIdx" && (F == "y" || F == "z"))
        Found = true;
    return !Found;
  }
};

} // namespace

void applyAssumptions(const FunctionDecl &Kernel, const Assumptions &A,
                      KernelShape &S) {
  (void)Kernel;
  if (A.empty())
    return;
  // A block dimension a launch fixes stays; one the source does not know (an
  // assumed default, a __launch_bounds__ maximum, a runtime component of a
  // launch) takes the assumed value.
  for (unsigned D = 0; D < 3; ++D) {
    std::optional<unsigned> V = A.blockDim()[D];
    if (!V || (S.Origin == "launch" && !(S.RuntimeDims & (1u << D))))
      continue;
    S.Shape.BlockDim[D] = *V;
    S.AssumedDims |= 1u << D;
    S.RuntimeDims &= ~(1u << D);
  }
  // Names: bound wherever a launch does not give the parameter a constant.
  for (const auto &[Name, Value] : A.values())
    if (llvm::none_of(S.Params, [&](const auto &P) { return P.first == Name; }))
      S.Assumed.push_back({Name, Value});
}

void LaunchIndex::build(ArrayRef<const CallExpr *> Calls, ASTContext &Ctx,
                        MutationCache &Mutations, FoldFn Fold,
                        unsigned WarpSize) {
  Shapes.clear();
  for (const CallExpr *Call : Calls)
    addLaunch(*Call, Ctx, Mutations, Fold, WarpSize, Shapes);
}

std::vector<KernelShape>
LaunchIndex::shapesFor(const FunctionDecl &Kernel,
                       const std::array<unsigned, 3> &Default1D,
                       const std::array<unsigned, 3> &Default2D,
                       unsigned MaxThreadsPerBlock) const {
  auto It = Shapes.find(Kernel.getCanonicalDecl());
  if (It != Shapes.end() && !It->second.empty())
    return It->second;
  // A kernel that uses threadIdx.y or .z has a 2-D (or 3-D) block: a 1-D bound
  // or default would make those indices 0.
  UsesThreadIdxYZ Y;
  Y.TraverseStmt(Kernel.getBody());
  KernelShape KS;
  if (const auto *LB = Kernel.getAttr<CUDALaunchBoundsAttr>()) {
    if (const Expr *Max = LB->getMaxThreads())
      if (!Max->isValueDependent() && !Y.Found)
        if (auto V = Max->getIntegerConstantExpr(Kernel.getASTContext());
            V && validLaunchBound(*V, MaxThreadsPerBlock)) {
          KS.Shape.BlockDim = {unsigned(V->getZExtValue()), 1, 1};
          KS.Loc = Max->getBeginLoc();
          KS.Origin = "__launch_bounds__";
          return {KS};
        }
  }
  KS.Shape.BlockDim = Y.Found ? Default2D : Default1D;
  KS.Loc = SourceLocation();
  KS.Origin = "assumed";
  return {KS};
}

std::optional<std::array<unsigned, 3>> parseBlockDim(llvm::StringRef S) {
  std::array<unsigned, 3> D = {1, 1, 1};
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  S.trim().split(Parts, 'x');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, D[I]) || D[I] == 0 || D[I] > 1024)
      return std::nullopt;
  if (uint64_t(D[0]) * D[1] * D[2] > 1024)
    return std::nullopt;
  return D;
}

std::string blockDimString(const std::array<unsigned, 3> &D) {
  std::string S = std::to_string(D[0]);
  if (D[1] != 1 || D[2] != 1)
    S += "x" + std::to_string(D[1]);
  if (D[2] != 1)
    S += "x" + std::to_string(D[2]);
  return S;
}

} // namespace warplint

//===- ResourceEstimate.cpp - Registers and shared memory per kernel ------===//
#include "Analysis/resources/ResourceEstimate.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <memory>

using namespace clang;

namespace warplint {

uint64_t staticSharedBytes(const FunctionDecl &K, ASTContext &Ctx) {
  struct V : RecursiveASTVisitor<V> {
    ASTContext &Ctx;
    uint64_t Bytes = 0;
    explicit V(ASTContext &Ctx) : Ctx(Ctx) {}
    bool VisitVarDecl(VarDecl *D) {
      if (D->hasAttr<CUDASharedAttr>() && !D->getType()->isDependentType() &&
          !D->hasExternalStorage() && !D->getType()->isIncompleteType())
        Bytes += Ctx.getTypeSizeInChars(D->getType()).getQuantity();
      return true;
    }
  } Visitor(Ctx);
  Visitor.TraverseStmt(K.getBody());
  return Visitor.Bytes;
}

KernelResources estimateResources(const FunctionDecl &K, ASTContext &Ctx,
                                  llvm::ArrayRef<LocalArray> Arrays,
                                  unsigned MaxRegistersPerThread) {
  KernelResources R;
  R.BaseRegisters = EstimateBaseRegisters;
  for (const LocalArray &LA : Arrays) {
    // A one-element array is a scalar to the compiler: counted with them.
    if (LA.Placement != ArrayPlacement::Registers || LA.Elements < 2)
      continue;
    R.Arrays.push_back({LA.Var, LA.words()});
    R.ArrayWords += LA.words();
  }
  uint64_t Total = R.BaseRegisters + R.ArrayWords;
  R.AtLimit = Total > MaxRegistersPerThread;
  R.Registers = unsigned(std::min<uint64_t>(Total, MaxRegistersPerThread));
  R.StaticShared = staticSharedBytes(K, Ctx);
  return R;
}

std::string kernelSymbol(const FunctionDecl &K, ASTContext &Ctx) {
  std::unique_ptr<MangleContext> MC(Ctx.createMangleContext());
  if (!MC->shouldMangleDeclName(&K))
    return K.getName().str();
  std::string Mangled;
  llvm::raw_string_ostream OS(Mangled);
  MC->mangleName(GlobalDecl(&K), OS);
  return Mangled;
}

std::optional<KernelResources> compiledResources(const FunctionDecl &K,
                                                 ASTContext &Ctx,
                                                 const CompiledTU &TU) {
  auto It = TU.Kernels.find(kernelSymbol(K, Ctx));
  if (It == TU.Kernels.end())
    return std::nullopt;
  const CompiledKernel &CK = It->second;
  KernelResources R;
  R.Registers = CK.Registers;
  R.Exact = true;
  R.StaticShared = CK.SharedMem;
  R.Compiled = &CK;
  R.Arch = TU.Arch;
  R.Compiler = TU.Compiler;
  return R;
}

} // namespace warplint

//===- DeviceCode.cpp - What the instruction checks share -----------------===//
#include "checks/DeviceCode.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include <cstdio>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

namespace {
AST_MATCHER(FunctionDecl, isDependent) { return Node.isDependentContext(); }

/// Lambdas and constexpr functions are implicitly __host__ __device__: nvcc
/// compiles them for the device only when device code uses them. One defined
/// outside any device function (a host lambda handed to std::sort or an
/// OpenMP loop, a namespace-scope constexpr helper) is host code as far as
/// this file shows; one defined inside a kernel or device function is that
/// function's device code.
AST_MATCHER(FunctionDecl, isImplicitDeviceInHostCode) {
  const auto *A = Node.getAttr<CUDADeviceAttr>();
  if (!A || !A->isImplicit() || Node.hasAttr<CUDAGlobalAttr>())
    return false;
  for (const DeclContext *DC = Node.getLexicalParent(); DC;
       DC = DC->getLexicalParent())
    if (const auto *F = dyn_cast<FunctionDecl>(DC)) {
      const auto *FA = F->getAttr<CUDADeviceAttr>();
      if (F->hasAttr<CUDAGlobalAttr>() || (FA && !FA->isImplicit()))
        return false;
    }
  return true;
}
} // namespace

DeclarationMatcher deviceFunctionDefinitions() {
  return functionDecl(isDefinition(),
                      anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)),
                      unless(isDependent()), unless(isImplicitDeviceInHostCode()))
      .bind("fn");
}

std::string formatNumber(double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.9g", V);
  return Buf;
}

} // namespace warplint

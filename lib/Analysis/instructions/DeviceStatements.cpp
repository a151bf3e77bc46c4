//===- DeviceStatements.cpp - The statements instruction rules read -------===//
#include "Analysis/instructions/DeviceStatements.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace warplint {

namespace {
struct Collector : RecursiveASTVisitor<Collector> {
  DeviceStatements &Out;
  explicit Collector(DeviceStatements &Out) : Out(Out) {}
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool VisitCallExpr(CallExpr *C) {
    Out.Calls.push_back(C);
    return true;
  }
  bool VisitForStmt(ForStmt *FS) {
    Out.ForLoops.push_back(FS);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    switch (B->getOpcode()) {
    case BO_Mul:
      Out.Products.push_back(B);
      break;
    case BO_Div:
      Out.Products.push_back(B);
      if (B->getType()->isIntegerType())
        Out.IntegerDivisions.push_back(B);
      break;
    case BO_Rem:
    case BO_DivAssign:
    case BO_RemAssign:
      if (B->getType()->isIntegerType())
        Out.IntegerDivisions.push_back(B);
      break;
    case BO_And:
    case BO_AndAssign:
      Out.Masks.push_back(B);
      break;
    default:
      break;
    }
    return true;
  }
};
} // namespace

DeviceStatements collectDeviceStatements(const FunctionDecl &F) {
  DeviceStatements Out;
  Collector C(Out);
  C.TraverseStmt(F.getBody());
  return Out;
}

} // namespace warplint

//===- ValueFlowPrint.cpp - The --values dump -------------------------------===//
#include "Frontend/ValueFlow.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

using namespace clang;

namespace warplint {

std::string ValueFlow::where(const Stmt *S) const {
  if (!S)
    return "entry";
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(S->getBeginLoc()));
  if (P.isInvalid())
    return "?";
  return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
}

static std::string text(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return "1";
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return S;
}

std::string ValueDef::kindName(Kind K) {
  switch (K) {
  case Entry:
    return "parameter";
  case Uninit:
    return "uninitialised";
  case Init:
    return "init";
  case Assign:
    return "assign";
  case Compound:
    return "compound";
  case IncDec:
    return "incdec";
  case CallOut:
    return "out";
  }
  return "?";
}

std::string ValueFlow::describe(const ValueDef &D) const {
  std::string S = ValueDef::kindName(D.K);
  if (D.K == ValueDef::Entry)
    return S;
  S += "@" + where(D.S);
  if (D.K == ValueDef::Init || D.K == ValueDef::Assign)
    S += " = " + text(D.RHS, Ctx);
  else if (D.K == ValueDef::Compound)
    S += std::string(" ") + BinaryOperator::getOpcodeStr(D.Op).str() + "= " +
         text(D.RHS, Ctx);
  else if (D.K == ValueDef::IncDec)
    S += D.Decrement ? " --" : " ++";
  else if (D.K == ValueDef::CallOut)
    if (const auto *CE = dyn_cast<CallExpr>(D.S))
      if (const FunctionDecl *F = CE->getDirectCallee()) {
        // The definition names the parameters (a prototype may not).
        if (const FunctionDecl *Def = F->getDefinition())
          F = Def;
        S += " " + F->getNameAsString() + "(";
        if (D.Param < F->getNumParams())
          S += F->getParamDecl(D.Param)->getNameAsString();
        S += ")";
      }
  return S;
}

void ValueFlow::print(llvm::raw_ostream &OS) const {
  if (!analysed()) {
    OS << "  not analysed: " << Why << "\n";
    return;
  }
  for (const DeclRefExpr *U : UseOrder) {
    const UseFacts &F = use(U);
    OS << "  " << where(U) << " '" << U->getDecl()->getName() << "' ";
    auto Defs = [&](llvm::ArrayRef<const ValueDef *> Ds) {
      std::string S;
      for (const ValueDef *D : Ds)
        S += (S.empty() ? "" : ", ") + describe(*D);
      return S;
    };
    auto LoopText = [&] {
      std::string S = "loop@" +
                      (F.Loop->LoopStmt ? where(F.Loop->LoopStmt) : "goto") +
                      " start {" +
                      Defs(F.Inits) + "} step ";
      if (F.Step.Additive)
        S += std::string(F.Step.Negate ? "-" : "+") + text(F.Step.Step, Ctx);
      else
        S += std::string("geometric ") +
             BinaryOperator::getOpcodeStr(F.Step.GeometricOp).str() + " " +
             text(F.Step.Factor, Ctx);
      S += " (" + describe(*F.Update) + ")";
      if (F.TripCount)
        S += " trips " + std::to_string(*F.TripCount);
      return S;
    };
    switch (F.S) {
    case UseFacts::NotTracked:
      OS << "not tracked";
      break;
    case UseFacts::Single:
      OS << "single " << describe(*F.Defs[0]);
      break;
    case UseFacts::Induction:
      OS << "induction " << LoopText();
      break;
    case UseFacts::AfterLoop:
      OS << "after " << LoopText();
      break;
    case UseFacts::Merge:
      OS << "merge {" << Defs(F.Defs) << "}: " << F.Why;
      if (F.JoinIf)
        OS << "; joined by the if@" << where(F.JoinIf) << ": "
           << describe(*F.JoinTrue) << " when true";
      break;
    }
    OS << "\n";
  }
  for (const Refusal &R : Refusals) {
    const FunctionDecl *F = R.Call->getDirectCallee();
    OS << "  " << where(R.Call) << " '" << R.Var->getName()
       << "' is not followed through '" << (F ? F->getName() : "?")
       << "': " << R.Why << "\n";
  }
  // Each loop's continuation test (what bounds the iterations priced).
  for (const FlowLoop &L : Loops) {
    OS << "  loop@" << (L.LoopStmt ? where(L.LoopStmt) : "goto") << " depth "
       << L.Depth;
    if (L.Continue)
      OS << " goes on while " << (L.ContinueWhenTrue ? "" : "!(")
         << text(L.Continue, Ctx) << (L.ContinueWhenTrue ? "" : ")")
         << (L.BottomTested ? ", tested after the body" : "");
    else
      OS << (L.OpaqueExit ? " has an exit without a test"
                          : " has " + std::to_string(L.ExitConditions.size()) +
                                " exit tests");
    OS << "\n";
  }
}

} // namespace warplint

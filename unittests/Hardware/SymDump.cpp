//===- SymDump.cpp - What the engine derives for one expression -----------===//
//
// warplint-symdump [--arch=sm_90] [--block=XxYxZ] [--grid=XxYxZ] [--bytes=N]
//                  [--shared] [--store] [--guard=EXPR] [--bind=NAME=V]... EXPR
//
// Prints the canonical expression, its uniformity for the block shape, and per
// warp the lane offsets and the sectors or wavefronts one request costs.
//
//===----------------------------------------------------------------------===//
#include "Hardware/AccessCost.h"
#include "Hardware/HardwareModel.h"
#include "TestSupport/ExprParser.h"
#include "Symbolic/Uniformity.h"

#include "llvm/Support/raw_ostream.h"

using namespace warplint;
using namespace warplint::hw;
using namespace warplint::sym;

static bool parseDims(llvm::StringRef S, std::array<unsigned, 3> &D) {
  D = {1, 1, 1};
  llvm::SmallVector<llvm::StringRef> P;
  S.split(P, 'x');
  if (P.empty() || P.size() > 3)
    return false;
  for (size_t I = 0; I < P.size(); ++I)
    if (P[I].getAsInteger(10, D[I]) || D[I] == 0)
      return false;
  return true;
}

int main(int Argc, char **Argv) {
  std::string Arch = "sm_90", Text, GuardText;
  AccessQuery Q;
  LaunchShape S;
  Bindings B;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef A = Argv[I];
    if (A.consume_front("--arch=")) {
      Arch = A.str();
    } else if (A.consume_front("--block=")) {
      if (!parseDims(A, S.BlockDim)) {
        llvm::errs() << "error: bad --block\n";
        return 2;
      }
    } else if (A.consume_front("--grid=")) {
      std::array<unsigned, 3> G;
      if (!parseDims(A, G)) {
        llvm::errs() << "error: bad --grid\n";
        return 2;
      }
      S.GridDim = G;
    } else if (A.consume_front("--bytes=")) {
      if (A.getAsInteger(10, Q.ElementBytes)) {
        llvm::errs() << "error: bad --bytes\n";
        return 2;
      }
    } else if (A == "--shared") {
      Q.Space = MemorySpace::Shared;
    } else if (A == "--store") {
      Q.IsStore = true;
    } else if (A.consume_front("--guard=")) {
      GuardText = A.str();
    } else if (A.consume_front("--bind=")) {
      auto [N, V] = A.split('=');
      int64_t X;
      if (V.getAsInteger(10, X)) {
        llvm::errs() << "error: bad --bind\n";
        return 2;
      }
      B[N] = X;
    } else {
      Text = A.str();
    }
  }
  const hw::HardwareModel *M = hw::findBuiltinModel(Arch);
  if (!M) {
    llvm::errs() << "error: unknown architecture '" << Arch
                 << "' (known: " << hw::knownArchList() << ")\n";
    return 2;
  }
  ExprContext C;
  auto E = parseExpr(C, Text);
  if (!E) {
    llvm::errs() << "error: " << llvm::toString(E.takeError()) << "\n";
    return 2;
  }
  Q.Index = *E;
  if (!GuardText.empty()) {
    auto G = parseExpr(C, GuardText);
    if (!G) {
      llvm::errs() << "error: guard: " << llvm::toString(G.takeError()) << "\n";
      return 2;
    }
    Q.Guard = *G;
  }
  ShapeFacts F;
  F.BlockDim = S.BlockDim;
  UniformityResult U = classifyUniformity(C, *E, F);
  llvm::outs() << "expression: " << toString(*E) << "\n"
               << "uniformity: " << uniformityName(U.Level) << " (" << U.Reason
               << ")\n"
               << dumpAccess(Q, analyzeAccess(C, *M, Q, S, B), *M);
  return 0;
}

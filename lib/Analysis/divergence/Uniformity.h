//===- Uniformity.h - Uniformity as a fixed point over the CFG ---*- C++ -*-===//
//
// Part of warplint (issue 35); private to lib/Analysis. Which values and
// branches of a kernel can differ between the lanes of a warp, computed as
// LLVM's UniformityAnalysis does, over clang's CFG (Frontend/ValueFlow's
// graph, reaching definitions and loops, with clang's post-dominators):
//
//  * sources: threadIdx (a component constant within each warp of the block
//    shape is not one), loads at lane-varying addresses and atomics' results
//    (data), and the rest of DivergenceSources' table;
//  * control divergence: a branch whose condition is lane-varying;
//  * sync dependence: a variable defined inside such a branch's region (the
//    blocks its successors reach before they meet) and read where the paths
//    have joined, or after a loop that lanes leave at different iterations
//    (temporal divergence, the same rule at the loop's exit); a branch whose
//    other side only leaves the function joins nothing;
//  * the fixed point: definitions, variables the value flow does not track
//    (floats, arrays, variables whose address is taken) and branches are
//    re-evaluated until nothing changes.
//
// The model is the kernel's own body: a __device__ helper's result is as
// lane-varying as its arguments, or lane-varying when its body reads a
// source; its branches are not analysed (the old walker's job until the
// next stage).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DIVERGENCE_UNIFORMITY_H
#define WARPLINT_ANALYSIS_DIVERGENCE_UNIFORMITY_H

#include "Symbolic/WarpEval.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class CFGBlock;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace warplint {
class ValueFlow;
struct FlowLoop;

namespace divergence {

/// Why a value differs between lanes (bits; joined with |).
enum VaryBits : uint8_t {
  VaryNone = 0,
  VaryThread = 1,  ///< the thread index, a lane mask
  VaryData = 2,    ///< a load at lane-varying addresses, an atomic's result
  VaryControl = 4, ///< defined under lane-varying control flow
};

/// A branch statement of the kernel whose lanes can part.
struct UniformityBranch {
  const clang::Stmt *S = nullptr; ///< if, for, while, do, range-for, switch
  const clang::Expr *Cond = nullptr;
  uint8_t Bits = VaryNone; ///< of the condition
  /// A loop that lanes leave at different iterations through a break (or
  /// another exit) taken by some lanes, its condition uniform or not.
  bool DivergentExit = false;
};

/// The fixed point for one kernel and block shape.
class UniformityAnalysis {
public:
  /// \p WarpUniformIndex, when given, says whether an index the lanes
  /// compute differently is nonetheless the same in every lane of each warp
  /// (`len[ix / 32]`): the value loaded there is uniform.
  UniformityAnalysis(
      const clang::FunctionDecl &Kernel, clang::ASTContext &Ctx,
      const ValueFlow &Flow, const sym::LaunchShape &Shape,
      std::function<bool(const clang::Expr *)> WarpUniformIndex = nullptr);
  ~UniformityAnalysis();

  /// Whether the analysis ran (the value flow analysed the function).
  bool ran() const { return Ran; }
  /// Why \p E differs between lanes, after the fixed point.
  uint8_t bits(const clang::Expr *E);
  /// The branch statements whose condition differs between lanes, or loops
  /// with a divergent exit, in CFG order.
  const std::vector<UniformityBranch> &branches() const { return Branches; }
  /// Rounds the fixed point took.
  unsigned rounds() const { return Rounds; }

private:
  struct Write;
  uint8_t expr(const clang::Expr *E, unsigned Depth);
  uint8_t use(const clang::DeclRefExpr *DRE, const clang::VarDecl *V);
  uint8_t call(const clang::CallExpr *CE, unsigned Depth);
  uint8_t helperSources(const clang::FunctionDecl *FD, unsigned Depth);
  uint8_t threadIdxBits(unsigned Dim) const;
  uint8_t control(unsigned WriteBlock, std::optional<unsigned> DeclBlock) const;
  void collectWrites();
  void regionOf(unsigned B);
  bool round();

  const clang::FunctionDecl &Kernel;
  clang::ASTContext &Ctx;
  const ValueFlow &Flow;
  const sym::LaunchShape &Shape;
  std::function<bool(const clang::Expr *)> WarpUniformIndex;
  llvm::DenseMap<const clang::Expr *, bool> IndexMemo;
  bool Ran = false;
  unsigned Rounds = 0;
  std::vector<uint8_t> DefBits;
  llvm::DenseMap<const clang::VarDecl *, uint8_t> Untracked;
  std::vector<Write> Writes;
  /// Per CFG block: its terminator condition's bits.
  std::vector<uint8_t> BranchBits;
  /// Per divergent branch block: the blocks strictly inside its region, and
  /// whether its paths join before the function's exit.
  struct Region {
    llvm::BitVector Inside;
    llvm::BitVector Joins;
    bool Joined = false;
  };
  llvm::DenseMap<unsigned, Region> Regions;
  std::vector<unsigned> IPDom;
  /// Loops that lanes leave at different iterations (by FlowLoop::Id).
  llvm::BitVector DivergentLoops;
  /// Those that lanes leave through an exit other than the loop's own test.
  llvm::BitVector BreakLoops;
  /// The block of each local variable's declaration.
  llvm::DenseMap<const clang::VarDecl *, std::optional<unsigned>> DeclBlocks;
  llvm::DenseMap<const clang::FunctionDecl *, uint8_t> HelperMemo;
  std::vector<UniformityBranch> Branches;
};

} // namespace divergence
} // namespace warplint

#endif

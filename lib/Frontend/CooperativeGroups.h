//===- CooperativeGroups.h - Cooperative groups as thread indices -*- C++ -*-===//
//
// Part of warplint. CUDA's cooperative groups name the thread and lane
// indices through objects: `this_thread_block().thread_rank()` is the linear
// thread id of the block, `tiled_partition<32>(block).thread_rank()` the lane,
// `.meta_group_rank()` the warp of the block, `block.thread_index().y`
// threadIdx.y. This file says which group an expression is (from its type,
// and for the type-erased `thread_group` and `thread_block_tile<N>` from the
// call that made it) and what a member returns, so that the symbolic builder
// and the divergence walker see the same thread-index leaves as for
// threadIdx. The toolkit's member bodies read the special registers through
// layers of templates; the model follows its documented meaning instead.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_COOPERATIVEGROUPS_H
#define WARPLINT_FRONTEND_COOPERATIVEGROUPS_H

#include "Symbolic/Expr.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <functional>
#include <optional>

namespace warplint {
namespace cg {

/// A cooperative group: a block, the grid, or tiles of them (each tile a
/// power-of-two part of its parent, outermost first).
struct Group {
  enum class Root {
    None,    ///< Not a group.
    Block,   ///< thread_block
    Grid,    ///< grid_group
    Unknown, ///< A group whose kind the code does not show (a thread_group
             ///< parameter, a coalesced group, a tile of an unknown parent).
  };
  Root Kind = Root::None;
  /// Tile sizes from the root inwards: {32} for tiled_partition<32>(block),
  /// {32, 8} for a tile of 8 of that tile. Empty: the root itself.
  llvm::SmallVector<unsigned, 2> Tiles;
  bool isGroup() const { return Kind != Root::None; }
  bool isTile() const { return !Tiles.empty(); }
};

/// What a member of a group (or cooperative_groups::thread_rank(g) and the
/// like) returns.
enum class Member {
  None,
  ThreadRank,    ///< thread_rank(): the linear id in the group
  NumThreads,    ///< size(), num_threads()
  MetaGroupRank, ///< meta_group_rank(): which tile of the parent
  MetaGroupSize, ///< meta_group_size(): tiles in the parent
  ThreadIndex,   ///< thread_index(): dim3
  GroupIndex,    ///< group_index(), block_index(): dim3 (blockIdx)
  DimThreads,    ///< dim_threads(), group_dim(), block_dim(): dim3
  BlockRank,     ///< grid's block_rank()
  NumBlocks,     ///< grid's num_blocks()
  DimBlocks,     ///< grid's dim_blocks(): dim3 (gridDim)
};

/// The argument a parameter of a helper being inlined was called with (null:
/// none known), so a group passed to a helper keeps what the caller knew.
using ParamArgument =
    std::function<const clang::Expr *(const clang::ParmVarDecl *)>;

/// The group \p E is: from its type, else from the call that made it
/// (this_thread_block(), this_grid(), tiled_partition<N>(g),
/// tiled_partition(g, N)) through local variables that are not assigned
/// again and through \p Arg's parameters.
Group groupOf(const clang::Expr *E, const ParamArgument &Arg = nullptr);

/// A call of a group member that returns an index or a size.
struct MemberCall {
  Group G;
  Member M = Member::None;
};
/// \p CE as a group member call (static or not; also the free functions
/// thread_rank(g), group_size(g) and num_threads(g)); nullopt otherwise.
std::optional<MemberCall> memberCall(const clang::CallExpr *CE,
                                     const ParamArgument &Arg = nullptr);
/// `g.thread_index().y`, `g.group_index().x`, and a dim3 variable
/// initialised with one (`dim3 t = block.thread_index(); t.x`): the member
/// call and the component; nullopt otherwise.
std::optional<std::pair<MemberCall, sym::Dim>>
dimComponent(const clang::Expr *E, const ParamArgument &Arg = nullptr);

/// Whether \p E reads a component of a group's dim3 member (dimComponent)
/// anywhere in it.
bool readsGroupDim3(const clang::Expr *E, const ParamArgument &Arg = nullptr);

/// The value of \p C (for a dim3 member, of component \p D) in thread-index
/// leaves; null when the model does not know it (a tile of an unknown parent's
/// meta_group_rank, a thread_group's rank).
const sym::Expr *memberValue(sym::ExprContext &SC, const MemberCall &C,
                             sym::Dim D = sym::Dim::X);

/// Whether \p M returns a dim3.
bool returnsDim3(Member M);

} // namespace cg
} // namespace warplint

#endif

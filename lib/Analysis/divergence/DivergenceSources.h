//===- DivergenceSources.h - What makes a value vary or agree ---*- C++ -*-===//
//
// Part of warplint; private to lib/Analysis. The divergence analysis's
// knowledge of CUDA's builtins as data, in the spirit of LLVM's
// TargetTransformInfo::isSourceOfDivergence / isAlwaysUniform hooks: which
// calls return a lane-varying value (atomics, lane masks), which return the
// same value to every lane of a warp (votes, shuffles from one lane,
// __reduce_*_sync, clocks) or of a block (__syncthreads_count), which special
// registers are which, what a cooperative-groups member returns, and which
// calls are barriers. The walker decides what the roles mean for levels.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_DIVERGENCESOURCES_H
#define WARPLINT_ANALYSIS_DIVERGENCESOURCES_H

#include "llvm/ADT/StringRef.h"

namespace clang {
class CXXRecordDecl;
} // namespace clang

namespace warplint {
namespace divergence {

/// What the value a builtin returns is, across the lanes of a warp.
enum class IntrinsicRole {
  None,
  /// __shfl_sync(mask, v, srcLane[, width]): warp-uniform when every lane
  /// reads one lane of the whole warp.
  IndexedShuffle,
  /// __shfl_up/down/xor_sync: as uniform as the value shuffled.
  RelativeShuffle,
  /// Votes, __reduce_*_sync, __match_all_sync, __activemask: every lane of
  /// the warp receives the same value.
  WarpVote,
  /// __syncthreads_count/_and/_or: every thread of the block receives it.
  BlockVote,
  /// __nvvm_read_ptx_sreg_*: see specialRegister().
  SpecialRegister,
  /// atomic*, __atomic*: a different value per lane, from memory.
  AtomicResult,
  /// __match_any_sync, __lanemask_*: a different value per lane.
  LaneVaryingResult,
  /// clock(), clock64(), the global timer: one read per warp instruction,
  /// the same value in every lane of the warp (not of the block).
  WarpUniformResult,
};

/// The role of the builtin named \p Name (None for anything else).
IntrinsicRole intrinsicRole(llvm::StringRef Name);

/// The special registers behind __nvvm_read_ptx_sreg_<suffix>.
enum class SpecialRegisterRole {
  ThreadIdx, ///< tid_x, tid_y, tid_z
  LaneId,    ///< laneid
  BlockIdx,  ///< ctaid_*
  LaunchDim, ///< ntid_*, nctaid_*
  Clock,     ///< clock, clock64, globaltimer: warp-uniform
  Other,     ///< anything else: taken as lane-varying
};
SpecialRegisterRole specialRegister(llvm::StringRef Suffix);
/// The special register an inline-asm template reads ("%laneid",
/// "%globaltimer"; the first it names), as a specialRegister() suffix; empty
/// for none.
llvm::StringRef asmSpecialRegister(llvm::StringRef AsmTemplate);
/// The prefix of the special-register builtins.
constexpr llvm::StringLiteral SpecialRegisterPrefix = "__nvvm_read_ptx_sreg_";

/// What a member function of a cooperative-groups block, grid or tile returns.
enum class GroupMember {
  None,
  Size,          ///< size(), num_threads(), ...: a constant of the group
  GroupIndex,    ///< group_index(), block_rank(): the block's
  MetaGroupRank, ///< meta_group_rank(): which tile of the block
  ThreadRank,    ///< thread_rank(), thread_index(): the thread's
  Vote,          ///< any(), all(), ballot(), match_all() of a tile
  Shuffle,       ///< shfl() of a tile
  Sync,          ///< sync(): a barrier of the group
};
GroupMember groupMember(llvm::StringRef Name);

/// The tile size of a cooperative-groups thread_block_tile<N> (0 if not one).
unsigned tileSize(const clang::CXXRecordDecl *RD);
/// A cooperative-groups thread_block or grid_group.
bool isBlockGroup(const clang::CXXRecordDecl *RD);

/// __syncthreads and its forms, __barrier_sync (block scope) and __syncwarp
/// (warp scope, \p Warp set).
bool isBarrierName(llvm::StringRef N, bool &Warp);

/// Calls nvcc always branches around rather than predicates (measured: an
/// atomic under a condition branches; so does a barrier).
bool forcesBranch(llvm::StringRef N);

} // namespace divergence
} // namespace warplint

#endif

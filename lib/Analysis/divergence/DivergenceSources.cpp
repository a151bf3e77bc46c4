//===- DivergenceSources.cpp - What makes a value vary or agree -----------===//
#include "Analysis/divergence/DivergenceSources.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace warplint {
namespace divergence {

namespace {

template <typename RoleT> struct NameRow {
  const char *Name;
  RoleT Role;
};

/// Exact names, looked up first.
const NameRow<IntrinsicRole> IntrinsicNames[] = {
    {"__shfl_sync", IntrinsicRole::IndexedShuffle},
    {"__shfl", IntrinsicRole::IndexedShuffle},
    {"__ballot_sync", IntrinsicRole::WarpVote},
    {"__all_sync", IntrinsicRole::WarpVote},
    {"__any_sync", IntrinsicRole::WarpVote},
    {"__uni_sync", IntrinsicRole::WarpVote},
    {"__match_all_sync", IntrinsicRole::WarpVote},
    {"__activemask", IntrinsicRole::WarpVote},
    {"__ballot", IntrinsicRole::WarpVote},
    {"__all", IntrinsicRole::WarpVote},
    {"__any", IntrinsicRole::WarpVote},
    {"__syncthreads_count", IntrinsicRole::BlockVote},
    {"__syncthreads_and", IntrinsicRole::BlockVote},
    {"__syncthreads_or", IntrinsicRole::BlockVote},
    {"__match_any_sync", IntrinsicRole::LaneVaryingResult},
    // One read of the SM's cycle counter or the global timer by a warp
    // gives every lane the same value (one S2UR/CS2R per warp instruction):
    // `while (clock64() < end);` spins whole warps.
    {"clock", IntrinsicRole::WarpUniformResult},
    {"clock64", IntrinsicRole::WarpUniformResult},
    {"__globaltimer", IntrinsicRole::WarpUniformResult},
    {"__lanemask_lt", IntrinsicRole::LaneVaryingResult},
    {"__lanemask_le", IntrinsicRole::LaneVaryingResult},
    {"__lanemask_gt", IntrinsicRole::LaneVaryingResult},
    {"__lanemask_ge", IntrinsicRole::LaneVaryingResult},
};

/// Families by prefix, in order, after the exact names.
const NameRow<IntrinsicRole> IntrinsicPrefixes[] = {
    {"__shfl_", IntrinsicRole::RelativeShuffle},
    {"__reduce_", IntrinsicRole::WarpVote},
    {"__nvvm_read_ptx_sreg_", IntrinsicRole::SpecialRegister},
    {"atomic", IntrinsicRole::AtomicResult},
    {"__atomic", IntrinsicRole::AtomicResult},
    {"__nv_atomic", IntrinsicRole::AtomicResult},
};

const NameRow<SpecialRegisterRole> SpecialRegisterPrefixes[] = {
    {"tid_", SpecialRegisterRole::ThreadIdx},
    {"laneid", SpecialRegisterRole::LaneId},
    {"ctaid_", SpecialRegisterRole::BlockIdx},
    {"ntid_", SpecialRegisterRole::LaunchDim},
    {"nctaid_", SpecialRegisterRole::LaunchDim},
    {"clock", SpecialRegisterRole::Clock},
    {"globaltimer", SpecialRegisterRole::Clock},
};

const NameRow<GroupMember> GroupMembers[] = {
    {"size", GroupMember::Size},
    {"num_threads", GroupMember::Size},
    {"meta_group_size", GroupMember::Size},
    {"dim_threads", GroupMember::Size},
    {"group_dim", GroupMember::Size},
    {"num_blocks", GroupMember::Size},
    {"group_index", GroupMember::GroupIndex},
    {"block_index", GroupMember::GroupIndex},
    {"block_rank", GroupMember::GroupIndex},
    {"meta_group_rank", GroupMember::MetaGroupRank},
    {"thread_rank", GroupMember::ThreadRank},
    {"thread_index", GroupMember::ThreadRank},
    {"any", GroupMember::Vote},
    {"all", GroupMember::Vote},
    {"ballot", GroupMember::Vote},
    {"match_all", GroupMember::Vote},
    {"shfl", GroupMember::Shuffle},
    {"sync", GroupMember::Sync},
};

/// Barriers and whether their scope is the warp.
const NameRow<bool> Barriers[] = {
    {"__syncthreads", false},     {"__syncthreads_count", false},
    {"__syncthreads_and", false}, {"__syncthreads_or", false},
    {"__barrier_sync", false},    {"__syncwarp", true},
};

} // namespace

IntrinsicRole intrinsicRole(StringRef Name) {
  for (const auto &R : IntrinsicNames)
    if (Name == R.Name)
      return R.Role;
  for (const auto &R : IntrinsicPrefixes)
    if (Name.starts_with(R.Name))
      return R.Role;
  return IntrinsicRole::None;
}

SpecialRegisterRole specialRegister(StringRef Suffix) {
  for (const auto &R : SpecialRegisterPrefixes)
    if (R.Role == SpecialRegisterRole::LaneId ? Suffix == R.Name
                                              : Suffix.starts_with(R.Name))
      return R.Role;
  return SpecialRegisterRole::Other;
}

StringRef asmSpecialRegister(StringRef AsmTemplate) {
  // PTX names, longest first where one is a prefix of another, with the
  // suffix specialRegister() knows them by.
  static const std::pair<const char *, const char *> Names[] = {
      {"%tid.x", "tid_x"},           {"%tid.y", "tid_y"},
      {"%tid.z", "tid_z"},           {"%laneid", "laneid"},
      {"%nctaid.", "nctaid_x"},      {"%ctaid.x", "ctaid_x"},
      {"%ctaid.y", "ctaid_y"},       {"%ctaid.z", "ctaid_z"},
      {"%ntid.", "ntid_x"},          {"%globaltimer", "globaltimer"},
      {"%clock64", "clock64"},       {"%clock", "clock"},
      {"%lanemask", "lanemask"},     {"%warpid", "warpid"},
      {"%smid", "smid"}};
  size_t Best = StringRef::npos;
  StringRef Found;
  for (const auto &[Ptx, Suffix] : Names) {
    size_t At = AsmTemplate.find(Ptx);
    if (At < Best) {
      Best = At;
      Found = Suffix;
    }
  }
  return Found;
}

GroupMember groupMember(StringRef Name) {
  for (const auto &R : GroupMembers)
    if (Name == R.Name)
      return R.Role;
  return GroupMember::None;
}

unsigned tileSize(const CXXRecordDecl *RD) {
  if (!RD)
    return 0;
  if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (Spec->getTemplateArgs().size() >= 1 &&
        Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Integral &&
        (RD->getName() == "thread_block_tile" ||
         RD->getName().starts_with("__static_size")))
      return Spec->getTemplateArgs()[0].getAsIntegral().getZExtValue();
  for (const CXXBaseSpecifier &B : RD->bases())
    if (unsigned N = tileSize(B.getType()->getAsCXXRecordDecl()))
      return N;
  return 0;
}

bool isBlockGroup(const CXXRecordDecl *RD) {
  return RD &&
         (RD->getName() == "thread_block" || RD->getName() == "grid_group");
}

bool isBarrierName(StringRef N, bool &Warp) {
  Warp = false;
  for (const auto &R : Barriers)
    if (N == R.Name) {
      Warp = R.Role;
      return true;
    }
  return false;
}

bool forcesBranch(StringRef N) {
  bool Warp;
  return isBarrierName(N, Warp) || N.starts_with("atomic") ||
         N.starts_with("__nv_atomic");
}

} // namespace divergence
} // namespace warplint

//===- DivergenceWording.cpp - The English of the divergence facts --------===//
#include "checks/DivergenceWording.h"

#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>

namespace warplint {

namespace {

/// Source text in a message: at most 60 characters.
std::string quoted(const std::string &Text) {
  if (Text.size() > 60)
    return "'" + Text.substr(0, 57) + "...'";
  return "'" + Text + "'";
}

std::string line(const clang::Stmt *S, const clang::SourceManager &SM) {
  return std::to_string(S ? SM.getExpansionLineNumber(S->getBeginLoc()) : 0);
}

/// "lanes 0-15", "even lanes", "lane 0", "lanes 0, 4, 8, ...".
std::string describeLanes(uint64_t Taken, unsigned Lanes) {
  std::vector<unsigned> On;
  for (unsigned I = 0; I < Lanes; ++I)
    if (Taken >> I & 1)
      On.push_back(I);
  if (On.size() == 1)
    return "lane " + std::to_string(On[0]);
  bool Contiguous = On.back() - On.front() + 1 == On.size();
  if (Contiguous)
    return "lanes " + std::to_string(On.front()) + "-" +
           std::to_string(On.back());
  if (On.size() >= 2) {
    unsigned P = On[1] - On[0];
    bool Periodic = true;
    for (unsigned I = 1; I < On.size(); ++I)
      Periodic &= On[I] - On[I - 1] == P;
    if (On.size() == 2)
      return "lanes " + std::to_string(On[0]) + " and " + std::to_string(On[1]);
    if (Periodic && On.front() < P && On.back() + P >= Lanes) {
      if (P == 2)
        return On.front() == 0 ? "even lanes" : "odd lanes";
      return "lanes " + std::to_string(On[0]) + ", " + std::to_string(On[1]) +
             ", " + std::to_string(On[2 < On.size() ? 2 : 1]) +
             ", ... (every " + std::to_string(P) + "th)";
    }
  }
  std::string S = std::to_string(On.size()) + " lanes (";
  for (unsigned I = 0; I < On.size() && I < 4; ++I)
    S += (I ? ", " : "") + std::to_string(On[I]);
  return S + (On.size() > 4 ? ", ...)" : ")");
}

} // namespace

std::string describeSource(const VarianceSource &S,
                           const clang::SourceManager &SM) {
  switch (S.Kind) {
  case VarianceKind::None:
    return "";
  case VarianceKind::ThreadIndex:
    return quoted(S.Text);
  case VarianceKind::Load:
    return "the value loaded by " + quoted(S.Text);
  case VarianceKind::CallResult:
    return "the value returned by " + S.Text + "()";
  case VarianceKind::LaneId:
    return "the lane id";
  case VarianceKind::SpecialRegister:
    return "a special register";
  case VarianceKind::TileMetaGroupRank:
    return "meta_group_rank() of a " + std::to_string(S.TileSize) +
           "-thread tile";
  case VarianceKind::TileVote:
    return "a vote of a " + std::to_string(S.TileSize) + "-thread tile";
  case VarianceKind::AssignedInLoop:
    return "a value assigned in the loop at line " + line(S.At, SM);
  case VarianceKind::AssignedUnderCondition:
    return "a value assigned under the condition at line " + line(S.At, SM);
  case VarianceKind::DivergentBreak: {
    std::string Through = S.Through ? describeSource(*S.Through, SM) : "";
    return "a break at line " + line(S.At, SM) + " that only some lanes take" +
           (Through.empty() ? "" : ", through " + Through);
  }
  case VarianceKind::TooDeep:
    return "an expression too deep";
  }
  return "";
}

std::string describeSplit(const DivergentBranch &B) {
  const LaneSplit &S = B.Split;
  if (!S.Exact || !S.DivergentWarps)
    return "";
  std::string Where =
      S.DivergentWarps == S.Warps && S.Warps > 1 ? "in every warp"
      : S.DivergentWarps == 1
          ? "in warp " + std::to_string(S.FirstDivergentWarp) + " of each block"
          : "in " + std::to_string(S.DivergentWarps) + " of the " +
                std::to_string(S.Warps) + " warps of each block";
  if (S.TripCounts)
    return "lanes run different numbers of iterations " + Where;
  if (B.Kind == BranchKind::Switch)
    return "lanes go to different cases, " + Where;
  if (!S.SamePattern)
    return "lanes take different paths " + Where;
  unsigned On = 0;
  for (unsigned L = 0; L < S.LanesPerWarp; ++L)
    On += S.TakenLanes >> L & 1;
  std::string Lanes = describeLanes(S.TakenLanes, S.LanesPerWarp);
  if (Lanes == "even lanes" || Lanes == "odd lanes")
    return "even and odd lanes take different paths, " + Where;
  if (On == 1)
    return "only " + Lanes + " takes the branch, " + Where;
  unsigned Off = S.LanesPerWarp - On;
  return Lanes + " take the branch and " +
         (Off == 1 ? std::string("the other lane does not, ")
                   : "the other " + std::to_string(Off) + " lanes do not, ") +
         Where;
}

std::string describeIterations(const LaneSplit &S) {
  if (S.LoopVar.empty() || S.DivergentIterations.empty())
    return "";
  const auto &Div = S.DivergentIterations, &Uni = S.UniformIterations;
  if (Uni.empty())
    return S.Iterations > 1 ? "in all " + std::to_string(S.Iterations) +
                                  " iterations of the loop"
                            : "";
  int64_t MaxDiv = *std::max_element(Div.begin(), Div.end());
  int64_t MinDiv = *std::min_element(Div.begin(), Div.end());
  int64_t MaxUni = *std::max_element(Uni.begin(), Uni.end());
  int64_t MinUni = *std::min_element(Uni.begin(), Uni.end());
  std::string Range;
  if (MaxDiv < MinUni)
    Range = " where " + S.LoopVar + " < " + std::to_string(MinUni);
  else if (MinDiv > MaxUni)
    Range = " where " + S.LoopVar + " > " + std::to_string(MaxUni);
  std::string List;
  for (unsigned I = 0; I < Div.size() && I < 6; ++I)
    List += (I ? ", " : "") + std::to_string(Div[I]);
  if (Div.size() > 6)
    List += ", ...";
  return "only in the iterations" + Range + " (" + S.LoopVar + " = " + List +
         ": " + std::to_string(Div.size()) + " of " +
         std::to_string(S.Iterations) + ")";
}

std::string describeBarrier(const DivergentBarrier &B) {
  switch (B.Kind) {
  case BarrierKind::Builtin:
    return B.Callee + "()";
  case BarrierKind::BlockGroupSync:
    return "sync() of a thread block group";
  case BarrierKind::GridGroupSync:
    return "sync() of a grid group";
  case BarrierKind::TileSync:
    return "sync() of a " + std::to_string(B.TileSize) + "-thread tile";
  case BarrierKind::FreeBlockGroupSync:
    return "cg::sync() of a thread block group";
  }
  return "";
}

} // namespace warplint

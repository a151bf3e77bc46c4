//===- FindingGroups.cpp - One finding per cause --------------------------===//
#include "Findings/FindingGroups.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

namespace warplint {

namespace {
/// Union-find over finding indices.
class Sets {
public:
  explicit Sets(size_t N) : Parent(N) {
    std::iota(Parent.begin(), Parent.end(), 0);
  }
  size_t find(size_t X) {
    while (Parent[X] != X)
      X = Parent[X] = Parent[Parent[X]];
    return X;
  }
  void unite(size_t A, size_t B) {
    A = find(A);
    B = find(B);
    if (A != B)
      Parent[std::max(A, B)] = std::min(A, B);
  }

private:
  std::vector<size_t> Parent;
};
} // namespace

std::vector<FindingGroup> groupFindings(const std::vector<GroupKey> &Keys) {
  // Where a known shape judged a location, assumed shapes are not evidence.
  std::set<std::pair<unsigned, unsigned>> Known;
  for (const GroupKey &K : Keys)
    if (K.KnownShape)
      Known.insert({K.File, K.Offset});
  std::vector<bool> Kept(Keys.size());
  for (size_t I = 0; I < Keys.size(); ++I)
    Kept[I] = !(Keys[I].AssumedShape && Known.count({Keys[I].File, Keys[I].Offset}));

  Sets S(Keys.size());
  std::map<std::tuple<unsigned, unsigned, unsigned>, size_t> ByLoc;
  std::map<std::tuple<unsigned, unsigned, std::string>, unsigned> Rank;
  std::map<std::pair<const void *, std::string>, size_t> ByCause;
  auto Join = [&](auto &Map, auto Key, size_t I) {
    auto [It, New] = Map.insert({Key, I});
    if (!New)
      S.unite(It->second, I);
  };
  // One location (the n-th finding of each variant there), then one function
  // and cause.
  for (size_t I = 0; I < Keys.size(); ++I) {
    if (!Kept[I])
      continue;
    const GroupKey &K = Keys[I];
    unsigned R = Rank[{K.File, K.Offset, K.Variant}]++;
    Join(ByLoc, std::make_tuple(K.File, K.Offset, R), I);
    if (!K.Cause.empty() && K.Function)
      Join(ByCause, std::make_pair(K.Function, K.Cause), I);
  }
  // One statement: on a line, the findings that are a cause of their own
  // (each array once: `o[i] = a[i] + b[i]`) become one. A cause that recurs
  // elsewhere keeps its own finding, so two arrays with two verdicts stay two
  // findings even where one line touches both.
  std::map<size_t, unsigned> Size;
  for (size_t I = 0; I < Keys.size(); ++I)
    if (Kept[I])
      ++Size[S.find(I)];
  std::map<std::pair<unsigned, unsigned>, size_t> ByLine;
  for (size_t I = 0; I < Keys.size(); ++I) {
    const GroupKey &K = Keys[I];
    if (Kept[I] && K.Line && !K.Cause.empty() && Size[S.find(I)] == 1)
      Join(ByLine, std::make_pair(K.File, K.Line), I);
  }

  auto Before = [&](size_t A, size_t B) {
    return std::tie(Keys[A].File, Keys[A].Offset, A) <
           std::tie(Keys[B].File, Keys[B].Offset, B);
  };
  std::map<size_t, std::vector<size_t>> Members;
  for (size_t I = 0; I < Keys.size(); ++I)
    if (Kept[I])
      Members[S.find(I)].push_back(I);
  std::vector<FindingGroup> Out;
  for (auto &[Root, M] : Members) {
    std::sort(M.begin(), M.end(), Before);
    auto Primary = std::min_element(M.begin(), M.end(), [&](size_t A, size_t B) {
      if (Keys[A].Priority != Keys[B].Priority)
        return Keys[A].Priority > Keys[B].Priority;
      return Before(A, B);
    });
    std::rotate(M.begin(), Primary, Primary + 1);
    Out.push_back({std::move(M)});
  }
  std::sort(Out.begin(), Out.end(),
            [&](const FindingGroup &A, const FindingGroup &B) {
              return Before(A.Members[0], B.Members[0]);
            });
  return Out;
}

} // namespace warplint

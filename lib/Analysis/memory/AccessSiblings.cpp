//===- AccessSiblings.cpp - Sibling accesses of a kernel ------------------===//
//
// Part of warplint. After a kernel's accesses are collected: the fields of one
// array element accessed together are merged as nvcc merges them, and loads of
// one element's fields or of one lane's neighbouring addresses are marked as
// siblings, whose traffic evaluateAccess prices together.
//
//===----------------------------------------------------------------------===//
#include "Analysis/memory/AccessSiblings.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include <set>

using namespace clang;

namespace warplint {

bool isWholeRecord(QualType T, const ASTContext &Ctx) {
  if (T->isIncompleteType() || T->isDependentType())
    return false;
  int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  int64_t Align = Ctx.getTypeAlignInChars(T).getQuantity();
  return (Size == 1 || Size == 2 || Size == 4 || Size == 8 || Size == 16) &&
         Align >= Size;
}

const sym::Expr *
indexInUnits(sym::ExprContext &SC,
             llvm::ArrayRef<std::pair<const sym::Expr *, int64_t>> Terms,
             int64_t Const, int64_t Width) {
  if (Const % Width)
    return nullptr;
  for (auto &T : Terms)
    if (T.second % Width)
      return nullptr;
  const sym::Expr *Index = SC.constant(0, sym::IntType::i64());
  for (auto &T : Terms)
    Index = SC.add(Index,
                   SC.mul(SC.cast(T.first, sym::IntType::i64()),
                          SC.constant(T.second / Width, sym::IntType::i64())));
  return SC.add(Index, SC.constant(Const / Width, sym::IntType::i64()));
}

namespace {

/// The merging and grouping passes over one kernel's accesses.
class SiblingMerger {
public:
  SiblingMerger(std::vector<MemoryAccess> &Out, ASTContext &Ctx,
                sym::ExprContext &SC)
      : Out(Out), Ctx(Ctx), SC(SC) {}

  /// `dst[i].x = r; dst[i].y = g; dst[i].z = b; dst[i].w = a;`: nvcc merges
  /// stores (and loads) of adjacent fields of one element into accesses as wide
  /// as the struct's alignment allows, so judging each byte store alone would
  /// report a cost the hardware does not pay. When every field of an element is
  /// accessed with the same role, the accesses become the element's own (pieces
  /// of min(16, alignment) bytes), evaluated once. Checked with nvcc 13.0 for
  /// sm_90: four byte stores to a uchar4 become one `st.global.v4.u8`; the
  /// three fields of a float3 (aligned to 4) stay three `st.global.f32` at a
  /// 12-byte stride.
  void mergeSiblingFields() {
    llvm::StringMap<std::vector<size_t>> Groups;
    for (size_t I = 0; I < Out.size(); ++I)
      if (!Out[I].ElementKey.empty())
        Groups[Out[I].ElementKey].push_back(I);
    std::vector<bool> Drop(Out.size(), false);
    for (auto &G : Groups) {
      std::set<int64_t> Fields;
      for (size_t I : G.second)
        Fields.insert(Out[I].FieldOffset);
      if (Fields.size() < 2)
        continue;
      // Loads of several fields of one element: what they move together
      // (evaluateAccess prices it; the fields as written, before merging).
      if (!Out[G.second.front()].IsStore) {
        std::vector<std::pair<int64_t, unsigned>> Sib;
        for (size_t I : G.second)
          if (llvm::none_of(Sib, [&](const auto &F) {
                return F.first == Out[I].FieldOffset;
              }))
            Sib.push_back({Out[I].FieldOffset, Out[I].Width});
        for (size_t I : G.second)
          Out[I].SiblingFields = Sib;
      }
      MemoryAccess &First = Out[G.second.front()];
      QualType RT(static_cast<const Type *>(First.ElementRecord), 0);
      // Only when every field is accessed: then the pieces are contiguous. Two
      // fields far apart (`p[i].weight`, `p[i].cost`) stay separate accesses.
      // Loads of some fields of a record that fits one access are one wide load
      // too (nvcc 13: reading .x, .y, .z of a uchar4 is one ld.global.v4.u8);
      // stores may only write the bytes they own (.x, .y, .z become st.v2.u8 +
      // st.u8).
      const RecordDecl *RD = RT->getAsRecordDecl();
      bool AllFields =
          RD && size_t(std::distance(RD->field_begin(), RD->field_end())) ==
                    Fields.size();
      bool LoadsOfOnePiece = !First.IsStore && isWholeRecord(RT, Ctx);
      if (!AllFields && !LoadsOfOnePiece) {
        mergeRuns(G.second, RT, Drop);
        continue;
      }
      int64_t Size = Ctx.getTypeSizeInChars(RT).getQuantity();
      int64_t Align = Ctx.getTypeAlignInChars(RT).getQuantity();
      int64_t Piece = std::min<int64_t>({16, Align, Size});
      if (Piece != 1 && Piece != 2 && Piece != 4 && Piece != 8 && Piece != 16)
        continue;
      // Pieces no wider than the fields: nothing merges, each field is a load
      // (or store) of its own at the element's stride, and each is a site the
      // hardware pays for (an H200 counts 8x the ideal sectors per request
      // for each field of a 32-byte element). Kept apart; the loads' shared
      // L2 traffic is priced through SiblingFields.
      bool Merges = false;
      for (size_t I : G.second)
        Merges |= Piece > int64_t(Out[I].Width);
      if (!Merges)
        continue;
      const MemoryAccess::ElementAddress &E = First.ElementIndexBytes;
      int64_t Const = E.Const - First.FieldOffset;
      const sym::Expr *Index = indexInUnits(SC, E.Terms, Const, Piece);
      if (!Index)
        continue;
      First.Index = Index;
      First.Width = unsigned(Piece);
      First.Notes.push_back(
          std::to_string(Fields.size()) +
          " fields of this element are accessed together; the "
          "compiler merges them into " +
          std::to_string(Piece) + "-byte accesses, evaluated as one");
      for (size_t K = 1; K < G.second.size(); ++K)
        Drop[G.second[K]] = true;
    }
    std::vector<MemoryAccess> Kept;
    for (size_t I = 0; I < Out.size(); ++I)
      if (!Drop[I])
        Kept.push_back(std::move(Out[I]));
    Out = std::move(Kept);
  }

  /// Scalar loads of one pointer at one lane-varying address plus constants
  /// within one 128-byte line of each other (`__ldg(b + c)` ... `__ldg(b + c +
  /// 3)`: one lane's neighbouring elements read one by one): like the fields
  /// of one element, the later loads hit in L1 the sectors the first brought,
  /// so L2 and DRAM move the union once (evaluateAccess prices it). Nothing
  /// is merged: nvcc keeps them separate requests.
  void groupSiblingLoads() {
    llvm::StringMap<std::vector<size_t>> Groups;
    for (size_t I = 0; I < Out.size(); ++I)
      if (!Out[I].ScalarKey.empty())
        Groups[Out[I].ScalarKey].push_back(I);
    for (auto &G : Groups) {
      int64_t Min = Out[G.second.front()].ElementIndexBytes.Const, Max = Min;
      for (size_t I : G.second) {
        const MemoryAccess &M = Out[I];
        Min = std::min(Min, M.ElementIndexBytes.Const);
        Max = std::max(Max, M.ElementIndexBytes.Const + int64_t(M.Width));
      }
      if (Max - Min > 128)
        continue;
      std::vector<std::pair<int64_t, unsigned>> Sib;
      for (size_t I : G.second) {
        std::pair<int64_t, unsigned> P{Out[I].ElementIndexBytes.Const - Min,
                                       Out[I].Width};
        if (!llvm::is_contained(Sib, P))
          Sib.push_back(P);
      }
      if (Sib.size() < 2)
        continue;
      for (size_t I : G.second) {
        Out[I].SiblingFields = Sib;
        Out[I].FieldOffset = Out[I].ElementIndexBytes.Const - Min;
        Out[I].SiblingScalars = true;
      }
    }
  }

  /// Some fields of an element accessed with the same role: each run of
  /// adjacent fields is merged into the widest pieces its offset and the
  /// element's alignment allow (nvcc 13: `.x` and `.y` of a uchar4 stored
  /// together are one st.global.v2.u8; `.x .y .z` are st.v2.u8 + st.u8; `.y
  /// .z`, at an odd offset, stay two byte stores). Each piece is evaluated as
  /// the access of its first field, with the piece's width.
  void mergeRuns(llvm::ArrayRef<size_t> Group, QualType RT,
                 std::vector<bool> &Drop) {
    std::vector<std::pair<int64_t, size_t>> ByOffset;
    for (size_t I : Group)
      ByOffset.push_back({Out[I].FieldOffset, I});
    llvm::sort(ByOffset);
    for (size_t K = 1; K < ByOffset.size(); ++K)
      if (ByOffset[K].first == ByOffset[K - 1].first)
        return; // a field accessed twice: which access merges is unclear
    int64_t Align = Ctx.getTypeAlignInChars(RT).getQuantity();
    size_t K = 0;
    while (K < ByOffset.size()) {
      // The run of adjacent fields that starts at K: [K, End).
      size_t End = K + 1;
      while (End < ByOffset.size() &&
             ByOffset[End].first ==
                 ByOffset[End - 1].first + Out[ByOffset[End - 1].second].Width)
        ++End;
      int64_t RunEnd =
          ByOffset[End - 1].first + Out[ByOffset[End - 1].second].Width;
      size_t J = K;
      while (J < End) {
        int64_t P = ByOffset[J].first;
        int64_t W = 16;
        while (W > 1 && (W > Align || W > RunEnd - P || P % W))
          W /= 2;
        MemoryAccess &Head = Out[ByOffset[J].second];
        size_t Next = J + 1;
        while (Next < End && ByOffset[Next].first < P + W)
          ++Next;
        if (W <= int64_t(Head.Width) || Next - J < 2) {
          J = J + 1; // this field alone: nothing merges with it
          continue;
        }
        const MemoryAccess::ElementAddress &E = Head.ElementIndexBytes;
        const sym::Expr *Index = indexInUnits(SC, E.Terms, E.Const, W);
        if (!Index) {
          J = Next;
          continue;
        }
        Head.Index = Index;
        Head.Width = unsigned(W);
        Head.Notes.push_back(std::to_string(Next - J) +
                             " adjacent fields of this element are accessed "
                             "together; the compiler merges them into one " +
                             std::to_string(W) + "-byte access");
        for (size_t D = J + 1; D < Next; ++D)
          Drop[ByOffset[D].second] = true;
        J = Next;
      }
      K = End;
    }
  }

  /// `a = s[2*t]; b = s[2*t + 1];`: ptxas merges scalar 4- and 8-byte shared
  /// accesses of adjacent elements, in straight-line code under one guard,
  /// into one LDS/STS as wide as the lowest address is provably aligned (up
  /// to 16 bytes): LDS.64 for the pair, LDS.128 for four floats or two
  /// doubles; an odd start, a runtime offset of unknown parity or a barrier
  /// between them keeps them apart (bench/shared-merge, nvcc 13.0, sm_90;
  /// shared arrays start 16-byte aligned). A run is evaluated as its first
  /// access at the merged width; the others are dropped.
  void mergeSharedRuns() {
    llvm::StringMap<std::vector<size_t>> Groups;
    for (size_t I = 0; I < Out.size(); ++I)
      if (!Out[I].SharedRunKey.empty())
        Groups[Out[I].SharedRunKey].push_back(I);
    std::vector<bool> Drop(Out.size(), false);
    for (auto &G : Groups) {
      if (G.second.size() < 2)
        continue;
      std::vector<std::pair<int64_t, size_t>> ByUnits;
      for (size_t I : G.second)
        ByUnits.push_back({Out[I].SharedRunUnits, I});
      llvm::sort(ByUnits);
      size_t K = 0;
      while (K < ByUnits.size()) {
        MemoryAccess &Head = Out[ByUnits[K].second];
        int64_t W = Head.Width;
        int64_t Multiple = Head.SharedRunMultiple; // 0: the varying part is 0
        int64_t Start = ByUnits[K].first;
        // The widest piece this start allows: its byte address a multiple of
        // the piece, and every element of the piece accessed here.
        int64_t Best = 1;
        for (int64_t N : {4, 2}) {
          if (W * N > 16 || (Multiple && Multiple % (W * N)) ||
              (Start * W) % (W * N))
            continue;
          bool All = true;
          size_t J = K;
          for (int64_t U = Start; U < Start + N && All; ++U) {
            while (J < ByUnits.size() && ByUnits[J].first < U)
              ++J;
            All = J < ByUnits.size() && ByUnits[J].first == U;
          }
          if (All) {
            Best = N;
            break;
          }
        }
        if (Best == 1) {
          ++K;
          continue;
        }
        // Head's index in units of the merged width: (Varying + Start) / N,
        // exact because both parts are multiples of N elements.
        const sym::Expr *Index = Head.Index;
        Head.Index = SC.div(Index, SC.constant(Best, Index->type()));
        Head.Width = unsigned(W * Best);
        Head.Notes.push_back(
            std::to_string(Best) +
            " adjacent elements are accessed here in straight-line code; "
            "the compiler merges them into one " +
            std::to_string(W * Best) + "-byte access (LDS/STS." +
            std::to_string(W * Best * 8) + ")");
        size_t Next = K + 1;
        while (Next < ByUnits.size() && ByUnits[Next].first < Start + Best) {
          Drop[ByUnits[Next].second] = true;
          ++Next;
        }
        K = Next;
      }
    }
    std::vector<MemoryAccess> Kept;
    for (size_t I = 0; I < Out.size(); ++I)
      if (!Drop[I])
        Kept.push_back(std::move(Out[I]));
    Out = std::move(Kept);
  }

private:
  std::vector<MemoryAccess> &Out;
  ASTContext &Ctx;
  sym::ExprContext &SC;
};

} // namespace

void mergeSiblingAccesses(std::vector<MemoryAccess> &Out, ASTContext &Ctx,
                          sym::ExprContext &SC) {
  SiblingMerger M(Out, Ctx, SC);
  M.mergeSiblingFields();
  M.groupSiblingLoads();
  M.mergeSharedRuns();
}

} // namespace warplint

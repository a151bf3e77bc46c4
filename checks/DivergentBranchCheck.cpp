//===- DivergentBranchCheck.cpp - warplint-divergent-branch ---------------===//
#include "checks/DivergentBranchCheck.h"

#include "checks/DivergenceWording.h"
#include "Analysis/ProjectParents.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/StringSet.h"
#include <functional>
#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Lex/Lexer.h"
#include <cctype>

using namespace clang;

namespace warplint {

DivergentBranchCheck::DivergentBranchCheck(StringRef Name,
                                           tidy::ClangTidyContext *Context)
    : KernelCheckBase(Name, Context),
      PredicationThreshold(Options.get("PredicationThreshold", 10U)),
      ReportTailGuards(Options.get("ReportTailGuards", false)),
      ReportLeaderBlocks(Options.get("ReportLeaderBlocks", false)),
      LeaderBodyLimit(Options.get("LeaderBodyLimit", 30U)),
      LargeBody(Options.get("LargeBody", 100U)),
      ReportInherentSplits(Options.get("ReportInherentSplits", false)),
      ReportOneOffSplits(Options.get("ReportOneOffSplits", false)),
      ReportDataMoveSplits(Options.get("ReportDataMoveSplits", false)),
      ReportOneBlockSplits(Options.get("ReportOneBlockSplits", false)),
      SerialLanes(Options.get("SerialLanes", 4U)),
      BusyShare(Options.get("BusyShare", 75U)),
      Model(Options.get("Model", "walker").str()) {
  if (Model != "walker" && Model != "uniformity")
    configurationDiag("invalid value '%0' for option 'Model' of %1: expected "
                      "'walker' or 'uniformity'")
        << Model << Name;
}

void DivergentBranchCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  KernelCheckBase::storeOptions(Opts);
  Options.store(Opts, "PredicationThreshold", PredicationThreshold);
  Options.store(Opts, "ReportTailGuards", ReportTailGuards);
  Options.store(Opts, "ReportLeaderBlocks", ReportLeaderBlocks);
  Options.store(Opts, "LeaderBodyLimit", LeaderBodyLimit);
  Options.store(Opts, "LargeBody", LargeBody);
  Options.store(Opts, "ReportInherentSplits", ReportInherentSplits);
  Options.store(Opts, "ReportOneOffSplits", ReportOneOffSplits);
  Options.store(Opts, "ReportDataMoveSplits", ReportDataMoveSplits);
  Options.store(Opts, "ReportOneBlockSplits", ReportOneBlockSplits);
  Options.store(Opts, "SerialLanes", SerialLanes);
  Options.store(Opts, "BusyShare", BusyShare);
  Options.store(Opts, "Model", Model);
}

void DivergentBranchCheck::onStartOfTranslationUnit() {
  Reported.clear();
}

static const char *what(BranchKind K) {
  switch (K) {
  case BranchKind::If:
    return "branch condition";
  case BranchKind::Loop:
    return "loop condition";
  case BranchKind::Switch:
    return "switch condition";
  case BranchKind::ShortCircuit:
    return "short-circuit condition";
  }
  return "condition";
}

namespace {

/// A branch to report and the shape it diverged in.
struct Candidate {
  const DivergentBranch *B;
  const KernelShape *Shape;
  Priority Prio;
  /// The index of the finding this one is grouped under, or -1.
  int Under = -1;
  /// Grouped as the same test on another variable, not a nested split.
  bool SameTest = false;
};

/// The condition's text with blanks removed, to recognise a walk that
/// repeats one condition.
std::string conditionKey(const DivergentBranch &B, const SourceManager &SM,
                         const LangOptions &LO) {
  if (!B.Cond)
    return "";
  CharSourceRange R = CharSourceRange::getTokenRange(
      SM.getExpansionRange(B.Cond->getSourceRange()).getAsRange());
  std::string Key;
  for (char C : Lexer::getSourceText(R, SM, LO))
    if (!isspace(static_cast<unsigned char>(C)))
      Key += C;
  return Key;
}

/// \p Key, the condition's text (conditionKey), with each local variable it
/// reads replaced by `$`:
/// `v1<cutoff` and `v2<cutoff` have one shape (the same test on each
/// component of manually unrolled code).
std::string shapeKey(const DivergentBranch &B, llvm::StringRef Key) {
  if (!B.Cond)
    return "";
  llvm::StringSet<> Locals;
  std::function<void(const Stmt *)> Collect = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->hasLocalStorage() && V->getIdentifier())
        Locals.insert(V->getName());
    for (const Stmt *C : S->children())
      Collect(C);
  };
  Collect(B.Cond);
  std::string Out;
  for (size_t I = 0; I < Key.size();) {
    if (isalpha(static_cast<unsigned char>(Key[I])) || Key[I] == '_') {
      size_t J = I;
      while (J < Key.size() &&
             (isalnum(static_cast<unsigned char>(Key[J])) || Key[J] == '_'))
        ++J;
      llvm::StringRef Word(Key.data() + I, J - I);
      Out += Locals.contains(Word) ? std::string("$") : Word.str();
      I = J;
    } else {
      Out += Key[I++];
    }
  }
  return Out;
}

/// \p A and \p B are statements of one block (one compound statement).
bool siblings(const DivergentBranch &A, const DivergentBranch &B,
              ASTContext &Ctx) {
  auto Parent = [&](const Stmt *S) -> const Stmt * {
    DynTypedNodeList P = parentsOf(Ctx, *S);
    return P.size() == 1 ? P[0].get<CompoundStmt>() : nullptr;
  };
  const Stmt *PA = Parent(A.S);
  return PA && PA == Parent(B.S);
}

/// \p Inner's statement lies within \p Outer's (a branch nested under it, or
/// the else-if of its chain).
bool nestedIn(const DivergentBranch &Inner, const DivergentBranch &Outer,
              const SourceManager &SM) {
  SourceRange R(SM.getExpansionLoc(Outer.S->getBeginLoc()),
                SM.getExpansionLoc(Outer.S->getEndLoc()));
  SourceLocation L = SM.getExpansionLoc(Inner.S->getBeginLoc());
  return Inner.ViaCall == Outer.ViaCall && R.getBegin() != L &&
         !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), L);
}

/// What to do about the split, in the user's terms.
std::string advice(const DivergentBranch &B, const std::string &Source) {
  if (B.OneBlock)
    return "only the blocks named by the block-index condition split; this "
           "costs little unless those blocks are on the critical path";
  if (B.DataDependent)
    return (B.Source.Kind == VarianceKind::Load
                ? "the values read by '" + B.Source.Text + "'"
                : Source) +
           " decide which lanes diverge: sort or bin the data so that "
           "neighbouring lanes take the same side, or compact the items that "
           "take the branch (a warp vote and a prefix sum) and process them "
           "with whole warps";
  if (B.Kind == BranchKind::Loop)
    return "give all lanes of a warp the same trip count: split the work into "
           "warp-uniform tiles (each warp loops over its own range) or hoist "
           "the lane-dependent part out of the loop";
  if (B.InLoop)
    return "the split repeats in every iteration of the enclosing loop: hoist "
           "the condition out of the loop, or restructure so that whole warps "
           "take one side (make the condition a function of the warp index, "
           "threadIdx.x / 32, instead of the lane)";
  return "restructure so that whole warps take one side: make the condition a "
         "function of the warp index (threadIdx.x / 32) rather than the lane, "
         "or give each warp a warp-uniform tile of the work";
}

/// How many lanes of a warp are on the short side of an exact split.
enum class OneLane {
  No,
  Takes,   ///< one lane (or a leader) takes the branch, the others do not
  LeftOut, ///< every lane but one takes it
};

OneLane oneLane(const DivergentBranch &B) {
  if (B.Kind != BranchKind::If)
    return OneLane::No;
  if (B.Split.SingleLane || (!B.Split.Exact && B.Leader))
    return OneLane::Takes;
  if (!B.Split.Exact && B.LeftOut)
    return OneLane::LeftOut;
  const LaneSplit &S = B.Split;
  if (!S.Exact || !S.SamePattern || S.TripCounts || S.LanesPerWarp < 2)
    return OneLane::No;
  unsigned On = 0;
  for (unsigned L = 0; L < S.LanesPerWarp; ++L)
    On += S.TakenLanes >> L & 1;
  if (On == 1)
    return OneLane::Takes;
  return On + 1 == S.LanesPerWarp ? OneLane::LeftOut : OneLane::No;
}

/// At most \p N lanes of each divergent warp are on one side of an exact
/// split (a leader, `tid < 4`): work those lanes do in a loop is serial.
bool fewLanes(const DivergentBranch &B, unsigned N) {
  const LaneSplit &S = B.Split;
  if (!S.Exact)
    return B.Leader || B.LeftOut;
  if (S.SingleLane)
    return true;
  unsigned Worst = 0;
  bool Any = false;
  for (const auto &[Lanes, Mask] : S.PerWarp) {
    unsigned On = llvm::popcount(Mask);
    if (On == 0 || On == Lanes)
      continue;
    Any = true;
    Worst = std::max(Worst, std::min(On, Lanes - On));
  }
  if (!Any && S.SamePattern && S.LanesPerWarp) {
    unsigned On = llvm::popcount(S.TakenLanes);
    Any = true;
    Worst = std::min(On, S.LanesPerWarp - On);
  }
  return Any && Worst <= N;
}

/// A branch (not a loop) whose split the lane evaluation could not
/// establish because values uniform across the warp but unknown here (a
/// kernel parameter, a loop variable it cannot count) decide it: neither
/// which lanes take it, nor a leader or a lane left out, nor a tail guard,
/// nor data. (A condition the evaluation could not read at all, a helper's
/// lane-varying parameter, keeps the rules of an evaluated split.)
bool unproven(const DivergentBranch &B, OneLane Lone) {
  return B.Kind != BranchKind::Loop && !B.DataDependent && !B.Split.Exact &&
         !B.Split.TripCounts && !B.TailGuard && !B.Split.LastTile &&
         Lone == OneLane::No && !B.Split.Undecided.empty();
}

/// The lanes provably part: the evaluation found which lanes take the
/// branch (or how many trips each runs), or one lane stands against the rest
/// of its warp. A condition it could not read (a helper's lane-varying
/// parameter, a value computed per lane through floating point or calls, a
/// variable assigned under its own test) may well split, but nothing here
/// shows that a warp does.
bool provable(const DivergentBranch &B, OneLane Lone) {
  return B.Split.Exact || B.Split.TripCounts || Lone != OneLane::No ||
         B.TailGuard || B.GrowingBound;
}

bool hasElse(const DivergentBranch &B) {
  const auto *IS = dyn_cast<IfStmt>(B.S);
  return IS && IS->getElse();
}

/// Whether statement \p S can leave the enclosing code (return, break,
/// continue, goto): then the lanes that skip a branch holding it do not just
/// wait, they run the rest elsewhere.
bool jumps(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, IndirectGotoStmt>(S))
    return true;
  for (const Stmt *C : S->children())
    if (jumps(C))
      return true;
  return false;
}

/// An `if` without `else` (nor a jump out of its body) whose lanes were
/// evaluated in every iteration, exactly, and whose body keeps at least \p
/// Share percent of the lanes of the warps that run it busy.
bool mostlyBusy(const DivergentBranch &B, unsigned Share) {
  const auto *IS = dyn_cast<IfStmt>(B.S);
  if (!IS || IS->getElse() || jumps(IS->getThen()) || B.DataDependent ||
      B.ContainsLoop || !B.Split.Exact || B.Split.TripCounts ||
      !B.Split.BusyKnown || !B.Split.BusyWarpLanes)
    return false;
  return B.Split.BusyLanes * 100 >= uint64_t(Share) * B.Split.BusyWarpLanes;
}

/// High only for a split the warp provably pays for, again and again or at
/// length: lanes that run different numbers of iterations, a loop (one that
/// stays a loop) under the branch, a body of real work (over twice the
/// predication threshold) in every iteration of an enclosing loop, or a
/// large body. Data decides at most Medium. One block of the grid, and one
/// lane against the rest of its warp unless the lone side serialises a
/// loop, are Low. Other one-off bodies (counting the copies of unrolled
/// enclosing loops) are Medium when they cost over twice the predication
/// threshold or cannot be predicated, Low otherwise.
Priority priority(const DivergentBranch &B, OneLane Lone, unsigned Threshold,
                  unsigned LargeBody) {
  bool Loop = B.Kind == BranchKind::Loop;
  // Copies made by unrolled enclosing loops add up as straight-line code.
  uint64_t Work = uint64_t(B.BodyCost) * B.Copies;
  bool Costly = Work > 2 * Threshold;
  bool ScaledLoop = B.ContainsLoop && B.ScaledLoop;
  if (B.OneBlock)
    return Priority::Low;
  if (B.DataDependent)
    return Loop || ScaledLoop || (B.InLoop && (Costly || B.Unpredicable))
               ? Priority::Medium
               : Priority::Low;
  if (Lone != OneLane::No)
    return ScaledLoop && (Lone == OneLane::Takes || hasElse(B))
               ? Priority::High
               : Priority::Low;
  // Loops of a fixed trip count around the split, beside a loop over the
  // problem elsewhere in the function, repeat it a fixed number of times:
  // Medium, as one-off code is.
  if (Loop || ScaledLoop || (B.InLoop && Costly && !B.FixedTripLoops))
    return Priority::High;
  // One-off code outside loops is at most Medium, however long.
  if (B.InLoop || Costly || B.Unpredicable || Work >= LargeBody)
    return Priority::Medium;
  return Priority::Low;
}

/// Which lanes of which warps take the branch (the HTML report's picture).
DivergenceFacts divergenceFacts(const DivergentBranch &B, ASTContext &Ctx) {
  DivergenceFacts F;
  static const char *Kinds[] = {"branch", "loop", "switch", "short-circuit"};
  F.Kind = Kinds[unsigned(B.Kind)];
  if (B.Cond)
    F.Condition = Lexer::getSourceText(
                      CharSourceRange::getTokenRange(
                          Ctx.getSourceManager()
                              .getExpansionRange(B.Cond->getSourceRange())
                              .getAsRange()),
                      Ctx.getSourceManager(), Ctx.getLangOpts())
                      .str();
  F.Warps = B.Split.Warps;
  F.DivergentWarps = B.Split.DivergentWarps;
  F.TripCounts = B.Split.TripCounts;
  if (!B.Split.LoopVar.empty() && !B.Split.DivergentIterations.empty())
    F.Iteration = B.Split.LoopVar + " = " +
                  std::to_string(B.Split.DivergentIterations.front());
  for (unsigned W = 0; W < B.Split.PerWarp.size(); ++W)
    F.PerWarp.push_back(
        {W, B.Split.PerWarp[W].first, B.Split.PerWarp[W].second});
  return F;
}

} // namespace

void DivergentBranchCheck::checkKernel(const FunctionDecl &Kernel,
                                       ArrayRef<KernelShape> Shapes,
                                       ASTContext &Ctx) {
  if (Model == "uniformity")
    return checkKernelUniformity(Kernel, Shapes, Ctx);
  const SourceManager &SM = Ctx.getSourceManager();
  AnalysisContext &AC = analysis(Ctx);
  // Per branch: the first shape it diverges in decides the evidence.
  std::vector<KernelDivergence> PerShape;
  PerShape.reserve(Shapes.size());
  for (const KernelShape &S : Shapes)
    PerShape.push_back(AC.divergence(Kernel, S));
  std::vector<Candidate> Found;
  for (size_t I = 0; I < Shapes.size(); ++I)
    for (const DivergentBranch &B : PerShape[I].Branches) {
      bool Seen = false;
      for (const Candidate &F : Found)
        Seen |= F.B->S == B.S;
      if (!Seen)
        Found.push_back({&B, &Shapes[I], Priority::Low});
    }
  std::vector<Candidate> Kept;
  for (Candidate &C : Found) {
    const DivergentBranch &B = *C.B;
    bool Loop = B.Kind == BranchKind::Loop;
    // What the hardware does not pay for (or barely): the options say.
    if (B.ImpliedBy)
      continue;
    // A tail guard, or the remainder of a block-stride loop (every lane runs
    // it, none more than one trip longer than another: only the last
    // iteration has idle lanes): one partial pass, as at a tail.
    // A warp-strided loop over the warp's own range (lanes starting within
    // one step of each other, a bound the warp shares): at most the last
    // pass of each warp has idle lanes.
    // A window clamped at the edges (`for (k = max(0, i - r); k <= min(n -
    // 1, i + r); ++k)`): only lanes whose window meets an edge run fewer
    // trips, in the warps there, as at a tail.
    // An exact count of the lanes' trips that leaves each warp at most one
    // pass of idle lanes (a lane of a clamped range stopping a few trips
    // early) is the same cost.
    // A clamp `min(F, R)` whose full arm F splits no warp and whose
    // remainder R falls as the thread's position grows: only the last tile,
    // where R drops below F, can split (cuda-samples mergeSort's last
    // segment, a tiled kernel's last tile).
    if ((B.TailGuard || B.Split.Remainder || B.Split.FewIdle ||
         B.EdgeWindow || B.EdgeGuard || B.Split.LastTile || B.WarpStrided) &&
        !ReportTailGuards)
      continue;
    if (!Loop && !B.Unpredicable && B.BodyCost <= PredicationThreshold)
      continue;

    // One lane against the rest of its warp (a leader `lane == 0`, or one
    // lane left out, `x != y` on the diagonal): the others only wait while
    // it runs, or it waits. That costs only when the lone lane serialises a
    // loop the warp could share; the warp-aggregated atomic and a leader's
    // straight-line bookkeeping, however long, are the recommended shape.
    // A lone lane's loop costs only when it grows with the problem (a
    // bound read from a parameter or memory): a loop over the block's warps
    // or a constant count is bookkeeping. Launching kernels, calling the
    // runtime or printing is one thread's job by nature.
    bool ScaledLoop = B.ContainsLoop && B.ScaledLoop;
    OneLane Lone = oneLane(B);
    // With an else, the warp runs the lone lane's path besides the others':
    // that path is what the split adds.
    unsigned LoneCost = Lone == OneLane::Takes ? B.ThenCost : B.ElseCost;
    if (Lone != OneLane::No && !ReportLeaderBlocks) {
      bool Quiet = !hasElse(B)
                       ? Lone == OneLane::LeftOut || !ScaledLoop ||
                             B.Orchestrates
                       : !ScaledLoop && LoneCost <= LeaderBodyLimit;
      if (Quiet)
        continue;
    }
    // A split no arrangement of the threads removes: the lanes that take
    // the branch, packed into consecutive threads, would leave as many
    // warps divergent (a tail, an edge, `tid < 8` in one warp). Aligning the
    // condition with warps is the guide's remedy (modern guide 12.1, 2.3
    // guide 6.1); where it cannot help, the split is the algorithm's, unless
    // the few lanes serialise a loop that grows with the problem.
    // A few lanes (SerialLanes) running a problem-sized loop while the rest
    // of the warp waits is serial work a parallel loop would share; half a
    // warp running the set-up of its own items is not.
    bool SerialLoop = ScaledLoop && fewLanes(B, SerialLanes);
    if (!ReportInherentSplits && !Loop && !B.DataDependent &&
        B.Split.Exact && B.Split.PackingKnown && !B.Split.TripCounts &&
        B.Split.AvoidableWarps == 0 && !SerialLoop)
      continue;
    // A one-sided split whose body keeps most lanes of the warps that run
    // it busy (Batcher's odd-even merge network, whose first lanes of each
    // group idle at each step): the warp runs one path, not two, and
    // packing the busy lanes into whole warps could save at most the idle
    // share of the body's issue slots (measured: validation/divergence
    // cheap10.cu, H100: the network at 29.6 threads an instruction ran 3%
    // faster than the bitonic one with every lane busy; the interleaved
    // tree, a sixth of its lanes busy, 48% slower than the shrinking one).
    if (mostlyBusy(B, BusyShare) && !ScaledLoop && !SerialLoop)
      continue;
    // Only the blocks a block-index condition names (`by == 0`, the last
    // block) can split: a row of blocks of the grid pays, once, unless a
    // few lanes there serialise a problem-sized loop.
    if (B.OneBlock && !ReportOneBlockSplits && !Loop && !SerialLoop)
      continue;
    // A body that only moves data (a quarter of the lanes loading float4
    // into a tile, a halo or apron load, an asynchronous copy): the warp
    // issues its few instructions with idle lanes, but the bytes it moves,
    // which are what such code waits for, are the same however the lanes
    // are packed. Whatever decides the lanes, the split costs next to
    // nothing.
    if (B.DataMove && !ReportDataMoveSplits && !Loop && !ScaledLoop)
      continue;
    // One-off code: a branch outside any loop, with no loop that grows with
    // the problem under it, costs its body once per warp. That is small
    // beside the kernel's loops, or beside the rest of a loop-free kernel,
    // unless the body itself is large; in a loop-free function whose work is
    // mostly under the branch (the guide's `if (threadIdx.x % 2 == 0)`
    // example), the split costs the kernel up to twice its time.
    // (One lane against the rest adds only the lone lane's path.)
    uint64_t OneOff =
        uint64_t(Lone != OneLane::No && hasElse(B) ? LoneCost : B.BodyCost) *
        B.Copies;
    bool MostOfFunction =
        !B.FunctionLoops && OneOff * 4 >= uint64_t(B.FunctionCost);
    if (!ReportOneOffSplits && !Loop && !B.InLoop && !ScaledLoop &&
        OneOff < LargeBody && !MostOfFunction)
      continue;
    // A possible split: the condition reads the thread index, but values not
    // known here (a parameter, a loop variable the analysis cannot count)
    // decide whether and where lanes part (`x == 0` for x = tid % (DX / 2),
    // `i < segmentSamplesB` that only the last segment's lanes fail). Once
    // per warp, a split nobody can show costs too little to report; repeated
    // in a loop it is reported, at most Medium.
    if (!ReportOneOffSplits && unproven(B, Lone) && !B.InLoop && !ScaledLoop)
      continue;
    SourceLocation Loc = SM.getExpansionLoc(B.S->getBeginLoc());
    // The toolkit's own code is not the user's to change.
    if (SM.isInSystemHeader(Loc))
      continue;
    C.Prio = priority(B, Lone, PredicationThreshold, LargeBody);
    // High needs a warp that provably splits (the rule): a possible
    // split, and one whose lanes could not be evaluated, are at most Medium.
    if (!provable(B, Lone) && C.Prio == Priority::High)
      C.Prio = Priority::Medium;
    Kept.push_back(C);
  }
  // One finding per cause: a branch nested under another reported one (or
  // an else-if of its chain), or one that repeats its condition, becomes a
  // note of the first.
  const LangOptions &LO = Ctx.getLangOpts();
  // Each condition's text and shape, once (the pairs below compare them).
  std::vector<std::string> CondKeys, ShapeKeys;
  for (const Candidate &C : Kept) {
    CondKeys.push_back(conditionKey(*C.B, SM, LO));
    ShapeKeys.push_back(shapeKey(*C.B, CondKeys.back()));
  }
  for (size_t J = 0; J < Kept.size(); ++J)
    for (size_t I = 0; I < J; ++I) {
      if (Kept[I].Under >= 0)
        continue;
      const DivergentBranch &Outer = *Kept[I].B, &Inner = *Kept[J].B;
      // A split that lanes provably take is its own cause, not a note of a
      // data-dependent one it is nested in.
      if (Outer.DataDependent && !Inner.DataDependent)
        continue;
      bool SameCause =
          nestedIn(Inner, Outer, SM) ||
          (Inner.Kind == Outer.Kind && CondKeys[J] == CondKeys[I]) ||
          (Inner.DataDependent && Outer.DataDependent && Inner.SourceExpr &&
           Inner.SourceExpr == Outer.SourceExpr);
      // The same test on another variable, in the same block (the four
      // components of manually unrolled code): one cause.
      bool SameTest = !SameCause && Inner.Kind == Outer.Kind &&
                      Inner.ViaCall == Outer.ViaCall &&
                      Inner.DataDependent == Outer.DataDependent &&
                      Inner.Source.Kind == Outer.Source.Kind &&
                      Inner.Source.Text == Outer.Source.Text &&
                      ShapeKeys[J] == ShapeKeys[I] &&
                      siblings(Inner, Outer, Ctx);
      if (SameCause || SameTest) {
        Kept[J].Under = int(I);
        Kept[J].SameTest = SameTest;
        Kept[I].Prio = std::max(Kept[I].Prio, Kept[J].Prio);
        break;
      }
    }

  for (size_t K = 0; K < Kept.size(); ++K) {
    if (Kept[K].Under >= 0)
      continue;
    const DivergentBranch &B = *Kept[K].B;
    const KernelShape *Shape = Kept[K].Shape;
    bool Loop = B.Kind == BranchKind::Loop;
    SourceLocation Loc = SM.getExpansionLoc(B.S->getBeginLoc());
    if (!Reported.insert(Loc.getRawEncoding()).second)
      continue;

    Report R;
    R.Loc = B.S->getBeginLoc();
    if (B.Cond)
      R.Range = B.Cond->getSourceRange();
    R.Prio = Kept[K].Prio;
    std::string Msg = std::string(what(B.Kind)) +
                      " differs between the lanes of a warp";
    std::string Split = describeSplit(B);
    std::string Source = describeSource(B.Source, SM);
    if (!Split.empty()) {
      Msg += ": " + Split;
      std::string Iterations = describeIterations(B.Split);
      if (!Iterations.empty())
        Msg += ", " + Iterations;
      // Evaluated under each answer of tests the warp answers alike.
      for (size_t I = 0; I < B.Split.Assumed.size(); ++I)
        Msg += (I ? " and '" : ", depending on '") + B.Split.Assumed[I] + "'";
      R.Conf = Confidence::Certain;
    } else if (B.DataDependent) {
      Msg += " depending on data (" + Source + ")";
      R.Conf = Confidence::Possible;
    } else if (B.TailGuard) {
      Msg += " only where the index crosses its bound";
      R.Conf = Confidence::Likely;
    } else if (B.EdgeWindow) {
      Msg += " only where a lane's window is clamped at an edge";
      R.Conf = Confidence::Likely;
    } else if (B.WarpStrided) {
      Msg += " only in each warp's last pass (its lanes start within one "
             "step of each other and stop at a bound the warp shares)";
      R.Conf = Confidence::Likely;
    } else if (B.EdgeGuard) {
      Msg += " only where a lane's coordinate meets an edge of its period";
      R.Conf = Confidence::Likely;
    } else if (B.Split.LastTile) {
      Msg += " only in the last tile, where '" + B.Split.LastTileRemainder +
             "' is below '" + B.Split.LastTileFull + "'";
      R.Conf = Confidence::Likely;
    } else if (unproven(B, oneLane(B))) {
      Msg = std::string(what(B.Kind)) + " can differ between the lanes of a warp";
      Msg += Source.empty() ? "" : " through " + Source;
      Msg += " (whether and where lanes split depends on";
      for (size_t I = 0; I < B.Split.Undecided.size(); ++I)
        Msg += (I ? ", '" : " '") + B.Split.Undecided[I] + "'";
      Msg += ", not known here)";
      R.Conf = Confidence::Likely;
    } else {
      Msg += Source.empty() ? "" : " through " + Source;
      R.Conf = Confidence::Likely;
    }
    if (!B.UniformConjuncts.empty()) {
      Msg += ", only in the blocks where";
      for (size_t I = 0; I < B.UniformConjuncts.size(); ++I)
        Msg += (I ? " and '" : " '") + B.UniformConjuncts[I] + "'";
    }
    if (Loop)
      Msg += "; lanes that finish early wait for the others";
    else if (B.Unpredicable)
      Msg += "; the warp runs both paths one after the other (an atomic, "
             "loop or barrier under the branch rules out predication)";
    else
      Msg += "; the warp runs both paths one after the other (about " +
             std::to_string(B.BodyCost) +
             (B.BodyCost == 1 ? " instruction" : " instructions") +
             " under the branch)";
    R.Message = Msg;
    if (B.SourceExpr && !B.Split.Exact)
      R.Notes.push_back(
          {B.SourceExpr->getBeginLoc(),
           B.DataDependent ? "data-dependent: lanes read different addresses "
                             "here, so which lanes diverge depends on the data"
                           : "the condition varies between lanes through "
                             "this value"});
    if (B.ViaCall)
      R.Notes.push_back({B.ViaCall->getBeginLoc(),
                         "in a helper called from kernel '" +
                             Kernel.getNameAsString() + "' here"});
    R.Notes.push_back({SourceLocation(), advice(B, Source)});
    for (const Candidate &G : Kept)
      if (G.Under == int(K))
        R.Notes.push_back(
            {G.B->S->getBeginLoc(),
             std::string(G.SameTest ? "the same test on another value here ("
                                    : "the same split continues here (") +
                 what(G.B->Kind) +
                 (G.B->Kind == BranchKind::Loop
                      ? ")"
                      : ", about " + std::to_string(G.B->BodyCost) +
                            " instructions)")});
    auto [NoteLoc, NoteText] = shapeNote(*Shape, SM);
    R.Notes.push_back({NoteLoc, NoteText});
    R.Facts.Block = shapeFact(*Shape, SM);
    R.Facts.Divergence = divergenceFacts(B, Ctx);
    // Notes without a location go at the warning.
    for (auto &N : R.Notes)
      if (N.first.isInvalid())
        N.first = R.Loc;
    emit(R, SM);
  }
}

namespace {

/// The uniformity model's priority from the share of the kernel's lane slots
/// a split wastes: High from a tenth, Medium from a fiftieth, Low from one
/// in two hundred; below that, nothing to report. Data decides at most
/// Medium.
constexpr double HighShare = 0.10, MediumShare = 0.02, LowShare = 0.005;

std::string splitPhrase(const divergence::SplitFinding &F) {
  const sym::WarpSplit &S = F.Split;
  std::string Of = " of " + std::to_string(S.Warps) + " warps of each block";
  std::string Where =
      S.EdgeBlockDims ? ", only in the blocks that hold the bound" : "";
  switch (S.K) {
  case sym::WarpSplit::Kind::Masks:
    return "lanes take different paths in " +
           std::to_string(S.divergentWarps()) + Of;
  case sym::WarpSplit::Kind::Pieces:
    return "only where a lane's value crosses a bound, in at most " +
           std::to_string(S.divergentWarps()) + Of + Where;
  case sym::WarpSplit::Kind::TripGap:
    return "lanes run up to " + std::to_string(S.Gap) + " trip" +
           (S.Gap == 1 ? "" : "s") + " more than others of their warp, in " +
           std::to_string(S.GapWarps) + Of + Where;
  case sym::WarpSplit::Kind::Unknown:
    if (F.Bits & divergence::VaryData)
      return "depending on data";
    if (F.DivergentExit)
      return "lanes leave the loop at different iterations";
    return "through " + S.Why;
  case sym::WarpSplit::Kind::Uniform:
    break;
  }
  return "";
}

} // namespace

void DivergentBranchCheck::checkKernelUniformity(const FunctionDecl &Kernel,
                                                 ArrayRef<KernelShape> Shapes,
                                                 ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  AnalysisContext &AC = analysis(Ctx);
  divergence::SplitCostOptions Opts;
  Opts.PredicationThreshold = PredicationThreshold;
  // Per statement: the shape in which it wastes most.
  std::vector<std::pair<const divergence::SplitFinding *, const KernelShape *>>
      Found;
  for (const KernelShape &S : Shapes)
    for (const divergence::SplitFinding &F : AC.splits(Kernel, S, Opts)) {
      auto It = llvm::find_if(Found, [&](const auto &P) {
        return P.first->S == F.S;
      });
      if (It == Found.end())
        Found.push_back({&F, &S});
      else if (F.Share > It->first->Share)
        *It = {&F, &S};
    }
  std::vector<SourceRange> Taken;
  for (const auto &[FP, Shape] : Found) {
    const divergence::SplitFinding &F = *FP;
    if (F.Share < LowShare)
      continue;
    SourceLocation Loc = SM.getExpansionLoc(F.S->getBeginLoc());
    if (SM.isInSystemHeader(Loc))
      continue;
    // One finding per cause: a split nested in a reported one continues it.
    bool Nested = llvm::any_of(Taken, [&](SourceRange R) {
      return !SM.isBeforeInTranslationUnit(Loc, R.getBegin()) &&
             !SM.isBeforeInTranslationUnit(R.getEnd(), Loc);
    });
    if (Nested)
      continue;
    Taken.push_back({Loc, SM.getExpansionLoc(F.S->getEndLoc())});
    if (!Reported.insert(Loc.getRawEncoding()).second)
      continue;
    Report R;
    R.Loc = F.S->getBeginLoc();
    if (F.Cond)
      R.Range = F.Cond->getSourceRange();
    bool Data = F.Bits & divergence::VaryData;
    R.Prio = F.Share >= HighShare && !Data ? Priority::High
             : F.Share >= MediumShare      ? Priority::Medium
                                           : Priority::Low;
    switch (F.Split.K) {
    case sym::WarpSplit::Kind::Masks:
      R.Conf = Confidence::Certain;
      break;
    case sym::WarpSplit::Kind::TripGap:
      R.Conf = F.Split.IdleLaneTrips ? Confidence::Certain : Confidence::Likely;
      break;
    case sym::WarpSplit::Kind::Pieces:
      R.Conf = Confidence::Likely;
      break;
    default:
      R.Conf = Confidence::Possible;
      break;
    }
    unsigned Percent = unsigned(F.Share * 100 + 0.5);
    R.Message = std::string(what(F.Kind)) +
                " differs between the lanes of a warp: " + splitPhrase(F) +
                "; idle lanes waste about " +
                (Percent ? std::to_string(Percent) + "%" : "1%") +
                " of the kernel's lane slots";
    std::string Evidence =
        F.Kind == BranchKind::Loop
            ? "about " + std::to_string(F.ThenCost) +
                  " instructions a trip"
            : "about " + std::to_string(F.ThenCost + F.ElseCost) +
                  " instructions under the branch" +
                  (F.Unpredicable ? ", which nvcc cannot predicate" : "");
    Evidence += ", run " + std::to_string(uint64_t(F.Executions)) +
                (F.Executions == 1 ? " time" : " times") + " a thread";
    R.Notes.push_back({SourceLocation(), Evidence});
    auto [NoteLoc, NoteText] = shapeNote(*Shape, SM);
    R.Notes.push_back({NoteLoc, NoteText});
    R.Facts.Block = shapeFact(*Shape, SM);
    for (auto &N : R.Notes)
      if (N.first.isInvalid())
        N.first = R.Loc;
    emit(R, SM);
  }
}

} // namespace warplint

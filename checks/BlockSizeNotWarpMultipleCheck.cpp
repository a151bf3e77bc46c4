//===- BlockSizeNotWarpMultipleCheck.cpp ----------------------------------===//
//
// The guide's rule (modern §10.3, 2.3 §4.4, Medium): "The number of threads per
// block should be a multiple of 32 threads, because this provides optimal
// computing efficiency and facilitates coalescing." A warp is 32 consecutive
// linear thread ids of one block, so a block of B threads occupies ceil(B/32)
// warps and the last one runs B % 32 lanes.
//
//===----------------------------------------------------------------------===//
#include "checks/BlockSizeNotWarpMultipleCheck.h"

#include "Analysis/launch/LaunchConfig.h"
#include "Analysis/launch/LaunchLimits.h"
#include "Analysis/launch/LaunchSites.h"
#include "Analysis/ProjectParents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

BlockSizeNotWarpMultipleCheck::BlockSizeNotWarpMultipleCheck(
    llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : WarplintCheck(Name, Context),
      CheckLaunchBounds(Options.get("CheckLaunchBounds", true)),
      IgnoreSingleThreadBlocks(Options.get("IgnoreSingleThreadBlocks", false)) {}

void BlockSizeNotWarpMultipleCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "CheckLaunchBounds", CheckLaunchBounds);
  Options.store(Opts, "IgnoreSingleThreadBlocks", IgnoreSingleThreadBlocks);
}

void BlockSizeNotWarpMultipleCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(launchCallExpr(), this);
  // Always: a bound no block can meet is reported whatever CheckLaunchBounds
  // says, as an impossible launch is.
  Finder->addMatcher(
      functionDecl(hasAttr(attr::CUDALaunchBounds), isDefinition())
          .bind("bounded"),
      this);
}

/// "4 of 32 lanes" style arithmetic shared by both kinds of finding.
struct WarpWaste {
  uint64_t Threads, Warps, Lanes, LastWarpLanes, IdleLanes;
  WarpWaste(uint64_t Threads, unsigned WarpSize)
      : Threads(Threads), Warps((Threads + WarpSize - 1) / WarpSize),
        Lanes(Warps * WarpSize), LastWarpLanes(Threads % WarpSize),
        IdleLanes(WarpSize - Threads % WarpSize) {}
  /// Idle share of the block's lanes, rounded to the nearest percent.
  unsigned idlePercent() const {
    return unsigned((IdleLanes * 100 + Lanes / 2) / Lanes);
  }
  /// The finding's priority from the idle share p = 1 - B / roundUp(B, 32):
  /// the block's warps issue 1 / (1 - p) times the instructions its threads
  /// need. High from p >= 1/2 (at least twice: blocks of 16 threads or fewer,
  /// one thread per block runs 32 times), Low below 1/10 (under 11% more: 250
  /// threads in 256 lanes), the guide's Medium between.
  Priority priority() const {
    if (IdleLanes * 2 >= Lanes)
      return Priority::High;
    if (IdleLanes * 10 < Lanes)
      return Priority::Low;
    return Priority::Medium;
  }
};

/// The multiple of \p WarpSize nearest to \p N (ties go up; never 0).
static uint64_t nearestMultiple(uint64_t N, unsigned WarpSize) {
  uint64_t Down = N / WarpSize * WarpSize;
  uint64_t Up = Down + WarpSize;
  if (Down == 0)
    return Up;
  return (N - Down < Up - N) ? Down : Up;
}

/// Where a fix-it may rewrite \p Lit: its own token in the file (directly or as
/// a macro argument), provided that token really is an integer literal. A
/// literal that a template argument or a macro body stands for is not
/// rewritten.
static std::optional<SourceLocation> fixableLiteral(const IntegerLiteral *Lit,
                                                    const SourceManager &SM,
                                                    const LangOptions &LO) {
  if (!Lit)
    return std::nullopt;
  SourceLocation Loc = Lit->getLocation();
  if (Loc.isMacroID()) {
    if (!SM.isMacroArgExpansion(Loc))
      return std::nullopt;
    Loc = SM.getSpellingLoc(Loc);
  }
  if (!Loc.isFileID())
    return std::nullopt;
  StringRef Tok =
      Lexer::getSourceText(CharSourceRange::getTokenRange(Loc, Loc), SM, LO);
  if (Tok.empty() || !llvm::isDigit(Tok.front()))
    return std::nullopt;
  return Loc;
}

/// Names the template instantiation a finding comes from, at its point of
/// instantiation.
static void noteInstantiation(const Stmt &S, ASTContext &Ctx, Report &R) {
  DynTypedNodeList Parents = parentsOf(Ctx, S);
  for (unsigned Steps = 0; !Parents.empty() && Steps < 256; ++Steps) {
    if (const auto *FD = Parents[0].get<FunctionDecl>()) {
      if (FD->isTemplateInstantiation() &&
          FD->getPointOfInstantiation().isValid()) {
        std::string Name;
        llvm::raw_string_ostream OS(Name);
        FD->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), true);
        R.Notes.push_back({FD->getPointOfInstantiation(),
                           "in instantiation '" + Name + "' requested here"});
      }
      return;
    }
    Parents = parentsOf(Ctx, Parents[0]);
  }
}

void BlockSizeNotWarpMultipleCheck::check(
    const MatchFinder::MatchResult &Result) {
  ASTContext &Ctx = *Result.Context;
  const SourceManager &SM = *Result.SourceManager;
  const unsigned WarpSize = target(Ctx).WarpSize;

  if (const auto *Launch = Result.Nodes.getNodeAs<CallExpr>("launch")) {
    // A launch whose own arguments did not parse says nothing.
    if (Launch->containsErrors() || Launch->isValueDependent())
      return;
    std::optional<LaunchSite> Site = launchSite(*Launch, Ctx);
    if (!Site || !Site->Block)
      return;
    const LaunchBlock &Block = analysis(Ctx).launchBlock(*Launch);
    if (Block.Shape) {
      const hw::HardwareModel &M = target(Ctx);
      if (std::optional<std::string> Why = impossibleBlock(
              {Block.Shape->X, Block.Shape->Y, Block.Shape->Z}, M)) {
        // A launch that cannot run: its own finding, whatever the warp size.
        const Expr *BlockArg = Site->Block;
        Report R;
        R.Loc = BlockArg->getBeginLoc();
        R.Range = BlockArg->getSourceRange();
        R.Conf = Confidence::Certain;
        std::string Dim = Block.Shape->str();
        R.Message = "block size " + Dim + " cannot launch: " + *Why +
                    "; the launch fails at run time with "
                    "cudaErrorInvalidConfiguration and the kernel never runs";
        if (Block.FromVar)
          R.Notes.push_back({Block.FromVar->getLocation(),
                             "block size comes from '" +
                                 Block.FromVar->getNameAsString() + "'"});
        noteInstantiation(*Launch, Ctx, R);
        emit(R, SM);
        return;
      }
    }
    // Runtime block sizes are not findings: nothing is known about them.
    if (!Block.Shape || Block.Shape->threads() == 0 ||
        Block.Shape->threads() % WarpSize == 0)
      return;
    if (IgnoreSingleThreadBlocks && Block.Shape->threads() == 1)
      return;
    // The work decides whether the shape costs anything: a launch whose whole
    // grid holds at most one warp of threads (the serial `<<<1, 1>>>` setup
    // kernel, `<<<4, 8>>>`) takes one warp's time however its threads are cut
    // into blocks. A runtime grid is taken to be parallel work.
    if (Site->Grid && !Site->Grid->isValueDependent()) {
      LaunchBlock Grid =
          evaluateBlockExpr(*Site->Grid, Ctx, &analysis(Ctx).mutations());
      if (Grid.Shape &&
          Grid.Shape->threads() * Block.Shape->threads() <= WarpSize)
        return;
    }
    const Expr *BlockArg = Site->Block;
    WarpWaste W(Block.Shape->threads(), WarpSize);
    Report R;
    R.Loc = BlockArg->getBeginLoc();
    R.Range = BlockArg->getSourceRange();
    R.Conf = Confidence::Certain;
    if (Priority P = W.priority(); P != Priority::Medium)
      R.Prio = P;
    std::string Shape = Block.Shape->str();
    std::string Size = Shape == std::to_string(W.Threads)
                           ? Shape
                           : Shape + " = " + std::to_string(W.Threads);
    if (W.Threads < WarpSize)
      R.Message = "block size " + Size + " is smaller than a warp (" +
                  std::to_string(WarpSize) + " lanes): every block runs " +
                  std::to_string(W.Threads) + " of " +
                  std::to_string(WarpSize) + " lanes of its one warp";
    else
      R.Message = "block size " + Size +
                  " is not a multiple of the warp size (" +
                  std::to_string(WarpSize) +
                  "): the last warp of every block runs " +
                  std::to_string(W.LastWarpLanes) + " of " +
                  std::to_string(WarpSize) + " lanes";
    R.Notes.push_back({R.Loc, "each block occupies " + std::to_string(W.Warps) +
                                  " warps (" +
                                  std::to_string(W.Warps * WarpSize) +
                                  " lanes) for " + std::to_string(W.Threads) +
                                  " threads: " + std::to_string(W.IdleLanes) +
                                  " lanes (" + std::to_string(W.idlePercent()) +
                                  "%) idle in every block"});
    if (Block.FromVar)
      R.Notes.push_back(
          {Block.FromVar->getLocation(),
           "block size comes from '" + Block.FromVar->getNameAsString() + "'"});
    noteInstantiation(*Launch, Ctx, R);
    if (std::optional<SourceLocation> Fixable =
            fixableLiteral(Block.SizeLiteral, SM, getLangOpts())) {
      SourceLocation LitLoc = *Fixable;
      {
        uint64_t Better = nearestMultiple(W.Threads, WarpSize);
        R.Suggestion = {
            "use " + std::to_string(Better) +
                " threads per block (nearest multiple of " +
                std::to_string(WarpSize) +
                "); adjust the grid so that it still covers the data",
            FixItHint::CreateReplacement(
                CharSourceRange::getTokenRange(LitLoc, LitLoc),
                std::to_string(Better)),
            /*Safe=*/false}; // changes what the grid covers
      }
    }
    emit(R, SM);
    return;
  }

  if (const auto *FD = Result.Nodes.getNodeAs<FunctionDecl>("bounded")) {
    const auto *LB = FD->getAttr<CUDALaunchBoundsAttr>();
    const Expr *MaxThreads = LB ? LB->getMaxThreads() : nullptr;
    if (!MaxThreads || MaxThreads->isValueDependent())
      return;
    std::optional<llvm::APSInt> V = MaxThreads->getIntegerConstantExpr(Ctx);
    if (!V)
      return;
    if (std::optional<ImpossibleBound> Bad =
            impossibleLaunchBound(*V, target(Ctx))) {
      // No block can meet the bound (LaunchLimits.h: what nvcc and ptxas do
      // with it): the kernel is judged by its launches or the default block
      // instead.
      Report R;
      R.Loc = MaxThreads->getBeginLoc();
      R.Range = MaxThreads->getSourceRange();
      R.Conf = Confidence::Certain;
      R.Message = "__launch_bounds__ of '" + FD->getNameAsString() +
                  "' gives a maximum block of " + llvm::toString(*V, 10) +
                  " threads, " + Bad->Why + ": " + Bad->Effect;
      R.Notes.push_back(
          {FD->getLocation(),
           "the kernel is analysed with the blocks of its launches, or the "
           "default block when the file has none"});
      emit(R, SM);
      return;
    }
    if (!CheckLaunchBounds || V->getZExtValue() % WarpSize == 0)
      return;
    WarpWaste W(V->getZExtValue(), WarpSize);
    Report R;
    R.Loc = MaxThreads->getBeginLoc();
    R.Range = MaxThreads->getSourceRange();
    // __launch_bounds__ gives the largest block the kernel accepts: a launch
    // with that many threads wastes lanes, a smaller launch may not.
    R.Conf = Confidence::Likely;
    R.Message = "__launch_bounds__ of '" + FD->getNameAsString() + "' allows " +
                std::to_string(W.Threads) +
                " threads per block, not a multiple of the warp size (" +
                std::to_string(WarpSize) + "): a block of that size runs " +
                std::to_string(W.LastWarpLanes) + " of " +
                std::to_string(WarpSize) + " lanes in its last warp";
    if (std::optional<SourceLocation> LitLoc = fixableLiteral(
            dyn_cast<IntegerLiteral>(MaxThreads->IgnoreParenImpCasts()), SM,
            getLangOpts())) {
      uint64_t Better = nearestMultiple(W.Threads, WarpSize);
      R.Suggestion = {"use " + std::to_string(Better) +
                          " (nearest multiple of " + std::to_string(WarpSize) +
                          ") and launch blocks of that size",
                      FixItHint::CreateReplacement(
                          CharSourceRange::getTokenRange(*LitLoc, *LitLoc),
                          std::to_string(Better)),
                      /*Safe=*/false}; // a launch of the old size would fail
    }
    emit(R, SM);
  }
}

} // namespace warplint

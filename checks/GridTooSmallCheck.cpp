//===- GridTooSmallCheck.cpp ----------------------------------------------===//
//
// The guide's rule (modern §10.3, 2.3 §4.4, Medium): "The number of blocks in
// a grid should be larger than the number of multiprocessors so that all
// multiprocessors have at least one block to execute." A block runs on one
// SM, so a grid of G < S blocks leaves S - G SMs without work for the whole
// launch, whatever the block size.
//
// The SM count is a property of the product, not of the architecture: the
// target model has one only where it is cited (sm_90: 132, measured on an H100
// 80GB HBM3 and an H200); the Multiprocessors option sets the user's. With
// neither, nothing is reported: the check cannot know the GPU.
//
// Reported: a launch whose grid argument folds to a constant (integer, dim3,
// a constant or unmodified local, as Analysis/LaunchConfig folds blocks), or
// to a value at the sizes the user assumes (--assume rows=16 for
// `(rows + 255) / 256`). Not reported: runtime grids; one-block grids
// (IgnoreSingleBlockGrids), unless the kernel's threads each walk a loop of a
// runtime length serially (Analysis/SerialWalks): one row per thread on one
// block is the whole problem on one SM, not a setup step. Such a walk with
// half the SMs or more idle is High: the launch takes the walk's time on a
// fraction of the GPU.
//
//===----------------------------------------------------------------------===//
#include "checks/GridTooSmallCheck.h"

#include "Analysis/AnalysisContext.h"
#include "Analysis/launch/LaunchConfig.h"
#include "Analysis/launch/LaunchSites.h"
#include "Analysis/memory/SerialWalks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

GridTooSmallCheck::GridTooSmallCheck(llvm::StringRef Name,
                                     tidy::ClangTidyContext *Context)
    : WarplintCheck(Name, Context),
      Multiprocessors(Options.get("Multiprocessors", 0u)),
      IgnoreSingleBlockGrids(Options.get("IgnoreSingleBlockGrids", true)) {}

void GridTooSmallCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Multiprocessors", Multiprocessors);
  Options.store(Opts, "IgnoreSingleBlockGrids", IgnoreSingleBlockGrids);
}

void GridTooSmallCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(launchCallExpr(), this);
}

void GridTooSmallCheck::check(const MatchFinder::MatchResult &R) {
  const auto *Launch = R.Nodes.getNodeAs<CallExpr>("launch");
  ASTContext &Ctx = *R.Context;
  if (!Launch || Launch->isValueDependent() || Launch->containsErrors())
    return;
  std::optional<LaunchSite> Site = launchSite(*Launch, Ctx);
  if (!Site || !Site->Grid)
    return;
  const hw::HardwareModel &M = target(Ctx);
  unsigned SMs = Multiprocessors ? Multiprocessors : M.Multiprocessors;
  if (!SMs)
    return;
  const Expr *GridArg = Site->Grid;
  if (GridArg->isValueDependent())
    return;
  AnalysisContext &AC = analysis(Ctx);
  LaunchBlock Grid = evaluateBlockExpr(*GridArg, Ctx, &AC.mutations(),
                                       &AC.assumptions());
  if (!Grid.Shape)
    return;
  uint64_t Blocks = Grid.Shape->threads();
  if (Blocks == 0 || Blocks >= SMs)
    return;
  std::optional<SerialWalk> Walk;
  if (const FunctionDecl *K = Site->Kernel)
    if (const FunctionDecl *Def = K->getDefinition();
        Def && Def->hasBody() && !Def->isDependentContext() &&
        admit(*Def, Ctx))
      Walk = findSerialWalk(AC.accesses(*Def));
  if (IgnoreSingleBlockGrids && Blocks == 1 && !Walk)
    return;
  uint64_t Idle = SMs - Blocks;
  std::string Shape = Grid.Shape->str();
  Report Rep;
  Rep.Loc = GridArg->getBeginLoc();
  Rep.Range = GridArg->getSourceRange();
  Rep.Conf = Confidence::Likely;
  Rep.Message =
      "grid of " +
      (Shape == std::to_string(Blocks) ? Shape
                                       : Shape + " = " + std::to_string(Blocks)) +
      " block" + (Blocks == 1 ? "" : "s") + " on a GPU with " +
      std::to_string(SMs) + " multiprocessors: " + std::to_string(Idle) +
      " SMs (" + std::to_string((Idle * 100 + SMs / 2) / SMs) +
      "%) have no block to run for the whole launch";
  if (Walk) {
    Rep.Message += ", while each thread walks the loop over '" +
                   Walk->LoopVar + "' serially to '" + Walk->Bound +
                   "', a runtime size";
    if (Idle * 2 >= SMs)
      Rep.Prio = Priority::High;
  }
  Rep.Notes.push_back(
      {Rep.Loc,
       Multiprocessors
           ? "the multiprocessor count comes from the check's Multiprocessors "
             "option"
           : "the multiprocessor count is that of the " + M.Name +
                 " products in warplint's model (" + M.MultiprocessorsProduct +
                 "); set Multiprocessors for another GPU"});
  if (Grid.FromVar)
    Rep.Notes.push_back(
        {Grid.FromVar->getLocation(),
         "grid size comes from '" + Grid.FromVar->getNameAsString() + "'"});
  if (!Grid.AssumedValues.empty()) {
    std::string Used;
    for (const auto &[Name, Value] : Grid.AssumedValues)
      Used += (Used.empty() ? "" : ", ") + Name + " = " + std::to_string(Value);
    Rep.Notes.push_back({Rep.Loc, "with " + Used + " from --assume"});
  }
  if (Walk)
    Rep.Notes.push_back(
        {Walk->Access->Site->getBeginLoc(),
         "each thread walks '" + Walk->LoopVar + "' from the same start in "
         "every thread up to '" + Walk->Bound + "': the threads of a block do "
         "not share the walk, so the launch lasts the whole walk on " +
             std::to_string(Blocks) + " SM" + (Blocks == 1 ? "" : "s") +
             "; split the walk across the threads of a block (a block-strided "
             "loop and a reduction) or launch more, smaller work items"});
  Rep.Notes.push_back(
      {Rep.Loc, "use at least " + std::to_string(SMs) +
                    " blocks (smaller blocks or more work items per launch), "
                    "so that every multiprocessor has a block to execute"});
  emit(Rep, *R.SourceManager);
}

} // namespace warplint

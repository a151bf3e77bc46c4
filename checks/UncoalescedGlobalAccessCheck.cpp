//===- UncoalescedGlobalAccessCheck.cpp -----------------------------------===//
//
// The guide's rule (modern §9.2.1, 2.3 §3.2.1, High): "Ensure global memory
// accesses are coalesced whenever possible." The warp's lane addresses come
// from lib/Symbolic; the transactions from the target's coalescing rule in
// lib/Hardware (32-byte sectors on CC >= 3.0, 128-byte lines on 2.x, half-warp
// segments on 1.x).
//
//===----------------------------------------------------------------------===//
#include "checks/UncoalescedGlobalAccessCheck.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace warplint {

UncoalescedGlobalAccessCheck::UncoalescedGlobalAccessCheck(
    StringRef Name, tidy::ClangTidyContext *Context)
    : MemoryCheckBase(Name, Context),
      ThresholdText(Options.get("Threshold", "2.0")),
      ReportMisaligned(Options.get("ReportMisaligned", false)),
      ReportGathers(Options.get("ReportGathers", false)) {
  if (StringRef(ThresholdText).getAsDouble(Threshold) || Threshold < 1.0) {
    configurationDiag(
        "invalid Threshold '%0' for %1: expected a number >= 1; using 2.0")
        << ThresholdText << Name;
    Threshold = 2.0;
  }
}

void UncoalescedGlobalAccessCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  MemoryCheckBase::storeOptions(Opts);
  Options.store(Opts, "Threshold", ThresholdText);
  Options.store(Opts, "ReportMisaligned", ReportMisaligned);
  Options.store(Opts, "ReportGathers", ReportGathers);
}

bool UncoalescedGlobalAccessCheck::wants(const MemoryAccess &A) const {
  if (!A.Unresolved.empty() || A.Space != sym::MemorySpace::Global)
    return false;
  // A gather's pattern is data: nothing in the source says how the lanes
  // spread.
  return ReportGathers || !A.DataDependent;
}

static std::string unitName(const hw::HardwareModel &M, bool Plural) {
  switch (M.Coalescing) {
  case hw::CoalescingRule::Sectors:
    return Plural ? "sectors" : "sector";
  case hw::CoalescingRule::Lines:
    return Plural ? "lines" : "line";
  default:
    return Plural ? "transactions" : "transaction";
  }
}

void UncoalescedGlobalAccessCheck::consider(const FunctionDecl &Kernel,
                                            ArrayRef<EvaluatedAccess> Results,
                                            ASTContext &Ctx) {
  const hw::HardwareModel &M = target(Ctx);
  auto [Worst, WorstRatio] = worst(Results, &hw::AccessReport::Transactions,
                                   &hw::AccessReport::IdealTransactions, 0.0);
  if (!Worst)
    return;
  const hw::AccessReport &R = Worst->Report;
  bool Excess = R.Transactions > R.IdealTransactions;
  // Inclusive: the guide's stride-2 example (every other 4-byte word, 8
  // sectors where 4 would do, measured 8.0 sectors per request on an H200)
  // wastes half the bandwidth and is reported at the default 2x; misalignment
  // alone (1.25x) is not.
  if (!(WorstRatio >= Threshold || (ReportMisaligned && Excess)))
    return;
  const MemoryAccess &A = *Worst->Access;
  double PerRequest = R.perRequest(R.Transactions);
  double IdealPerRequest = R.perRequest(R.IdealTransactions);
  Report Rep;
  Rep.Loc = A.Site->getBeginLoc();
  Rep.Range = A.Site->getSourceRange();
  Rep.Conf = R.exact() ? Confidence::Certain : Confidence::Likely;
  if (!R.RuntimeCoefficient.empty())
    Rep.Conf = Confidence::Possible;
  std::string Unit = unitName(M, true);
  std::optional<int64_t> Stride = uniformLaneStride(R);
  std::string Spread = Stride ? "consecutive lanes are " +
                                    std::to_string(std::abs(*Stride)) +
                                    " bytes apart, so each warp request"
                              : "each warp request";
  Rep.Message = llvm::formatv(
      "uncoalesced global {0} {1}: {7} touches {2} {3}, {4}x the {5} its "
      "{6}-byte "
      "accesses need",
      A.IsStore && !A.IsLoad
          ? "store to"
          : (A.IsStore ? "read-modify-write of" : "load from"),
      baseName(A), formatRatio(PerRequest), Unit, formatRatio(WorstRatio),
      formatRatio(IdealPerRequest), A.Width, Spread);
  Rep.Message += iterationSummary(R, Unit);
  // High only where the hardware provably pays: under an assumed runtime
  // stride (`p[i * n]` at n = 32, where n = 1 would be coalesced) the cost is
  // not proven, so at most Medium. A stride that must span a row (a pitch) is
  // a lower bound: every real value costs at least as much.
  if (!R.RuntimeCoefficient.empty() && !R.RuntimeValueIsBound)
    Rep.Prio = Priority::Medium;
  // The values the verdict was evaluated at, where the source does not say.
  std::vector<std::string> Ifs;
  if (!R.RuntimeCoefficient.empty())
    Ifs.push_back("'" + R.RuntimeCoefficient + "' is " +
                  std::to_string(R.RuntimeValue ? R.RuntimeValue
                                                : assumedRuntimeValue()) +
                  ", a runtime value");
  // A flattened index (`c = i % C`) evaluated with its runtime extents taken
  // as multiples of the warp size: the verdict holds where they are, so it is
  // not proven either (a runtime C of 3 puts a warp across many rows).
  if (!R.AssumedExtents.empty()) {
    if (!Rep.Prio || *Rep.Prio > Priority::Medium)
      Rep.Prio = Priority::Medium;
    std::string Names;
    for (const std::string &E : R.AssumedExtents)
      Names += (Names.empty() ? "'" : "', '") + E;
    Ifs.push_back(Names + "' " +
                  (R.AssumedExtents.size() > 1 ? "are multiples" : "is a multiple") +
                  " of " + std::to_string(R.ExtentMultiple));
  }
  if (!Ifs.empty())
    Rep.Message += " (if " + llvm::join(Ifs, ", and ") + ")";
  if (R.TrafficFields >= 2 && R.TrafficWarps && R.TrafficIdealSectors) {
    // Sibling fields of one element read by this code share their sectors in
    // L1: L2 and DRAM move the union once (measured on an H100, an array of
    // 12-byte structures: L2 sectors one third of L1's). The priority follows
    // that traffic; the requests' own excess costs L1 bandwidth only.
    double Traffic = double(R.TrafficSectors) / R.TrafficWarps;
    double TrafficIdeal = double(R.TrafficIdealSectors) / R.TrafficWarps;
    double TrafficRatio =
        double(R.TrafficSectors) / double(R.TrafficIdealSectors);
    // Scalar loads of neighbouring addresses (`__ldg(b + c + 1)`) share
    // their sectors the same way.
    Rep.Message += llvm::formatv(
        A.SiblingScalars
            ? "; the {0} loads of neighbouring addresses read here move {1} "
              "{2} per warp through L2, {3}x the {4} they use"
            : "; the {0} fields of the element read here move {1} {2} per "
              "warp through L2, {3}x the {4} they use",
        R.TrafficFields, formatRatio(Traffic), Unit, formatRatio(TrafficRatio),
        formatRatio(TrafficIdeal));
    if (TrafficRatio < Threshold)
      Rep.Prio = Priority::Low;
  }
  evidenceNotes(*Worst, Rep);
  accessFacts(*Worst, M, Ctx.getSourceManager(), Rep);
  auto [Loc, Text] = shapeNote(*Worst->Shape, Ctx.getSourceManager());
  Rep.Notes.push_back({Loc.isValid() ? Loc : Kernel.getLocation(), Text});
  if (auto Assumed = assumptionNote(*Worst->Access, *Worst->Shape))
    Rep.Notes.push_back({Rep.Loc, *Assumed});
  if (Kernel.isTemplateInstantiation())
    Rep.Notes.push_back({Kernel.getPointOfInstantiation().isValid()
                             ? Kernel.getPointOfInstantiation()
                             : Kernel.getLocation(),
                         "in kernel instantiation '" +
                             Kernel.getNameAsString() + "' instantiated here"});
  // Accesses of one array with the same verdict are one cause.
  Rep.Cause = objectKey(A) + " " + formatRatio(WorstRatio) + "x";
  emit(Rep, Ctx.getSourceManager());
}

} // namespace warplint

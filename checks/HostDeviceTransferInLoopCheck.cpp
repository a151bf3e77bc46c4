//===- HostDeviceTransferInLoopCheck.cpp ----------------------------------===//
//
// The guide's rule (modern §9.1, 2.3 §3.1, High): "Minimize data transfer
// between the host and the device, even if it means running some kernels on
// the device that do not show performance gains when compared with running
// them on the host CPU." and "because of the overhead associated with each
// transfer, batching many small transfers into one larger transfer performs
// significantly better than making each transfer separately" and
// "Intermediate data structures should be created in device memory, operated
// on by the device, and destroyed without ever being mapped by the host or
// copied to host memory."
//
// Reported: a host-to-device or device-to-host transfer (Analysis/
// HostTransfers) inside a host loop, in its own function or in a caller up to
// MaxHelperDepth calls away, with the number of transfers when the loop's trip
// count is known; and a buffer copied to the host after a launch and back to
// the device unchanged before the next one.
//
// Not reported: the guide's staged concurrent copy and execute (an
// asynchronous copy whose stream changes with the loop: the iterations
// overlap one another's kernels, which is the point of the loop); a loop that
// selects a device per iteration (each copy goes to another GPU: nothing to
// batch); device-to-device and host-to-host copies; copies whose direction is
// decided at run time (cudaMemcpyDefault, cudaMemcpy3D's parameter block);
// loops known to run at most once; device fills (cudaMemset) unless
// ReportMemset is set.
//
//===----------------------------------------------------------------------===//
#include "checks/HostDeviceTransferInLoopCheck.h"

#include "Analysis/AnalysisContext.h"
#include "Analysis/host/HostTransfers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

HostDeviceTransferInLoopCheck::HostDeviceTransferInLoopCheck(
    llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : WarplintCheck(Name, Context),
      ReportMemset(Options.get("ReportMemset", false)) {}

void HostDeviceTransferInLoopCheck::storeOptions(
    tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "ReportMemset", ReportMemset);
}

void HostDeviceTransferInLoopCheck::registerMatchers(MatchFinder *Finder) {
  // The analysis covers the whole translation unit at once.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

static std::string bytes(int64_t N) {
  return std::to_string(N) + (N == 1 ? " byte" : " bytes");
}

static unsigned lineOf(const SourceManager &SM, SourceLocation L) {
  return SM.getPresumedLoc(SM.getFileLoc(L)).getLine();
}

/// "host-to-device cudaMemcpy" or "device fill cudaMemset".
static std::string what(const TransferSite &S) {
  std::string Kind = S.Direction == TransferDirection::DeviceSet
                         ? "device fill"
                         : directionName(S.Direction).str();
  return Kind + " " + S.Api;
}

static bool isHostDevice(TransferDirection D) {
  return D == TransferDirection::HostToDevice ||
         D == TransferDirection::DeviceToHost;
}

void HostDeviceTransferInLoopCheck::check(const MatchFinder::MatchResult &R) {
  ASTContext &Ctx = *R.Context;
  const SourceManager &SM = *R.SourceManager;
  const HostTransfers &T = analysis(Ctx).hostTransfers();

  // Round trips whose copy back is not itself in a reported loop are reported
  // on their own; the others become a note on the loop finding.
  llvm::DenseMap<const TransferSite *, const RoundTrip *> TripOf;
  for (const RoundTrip &RT : T.RoundTrips)
    if (!RT.HostTouches)
      TripOf[RT.ToDevice] = &RT;

  llvm::DenseSet<const TransferSite *> Reported;
  for (const TransferSite &S : T.Sites) {
    if (!S.Loop || SM.isInSystemHeader(S.Call->getBeginLoc()))
      continue;
    bool Fill = S.Direction == TransferDirection::DeviceSet;
    if (!isHostDevice(S.Direction) && !(Fill && ReportMemset))
      continue;
    const HostLoop &L = *S.Loop;
    if (L.Staged || L.PerDevice || (L.TripCount && *L.TripCount <= 1))
      continue;
    Reported.insert(&S);
    Report Rep;
    Rep.Loc = S.Call->getBeginLoc();
    Rep.Range = S.Call->getSourceRange();
    Rep.Conf = L.TripCount ? Confidence::Certain : Confidence::Likely;
    std::string Msg = what(S);
    if (!L.Through.empty())
      Msg += " in '" + S.Function->getNameAsString() + "'";
    Msg += " runs in every iteration of a host loop";
    if (L.TripCount) {
      Msg += ": " + std::to_string(*L.TripCount) + " separate transfers";
      if (S.BytesValue)
        Msg += " of " + bytes(*S.BytesValue) + " (" +
               bytes(*S.BytesValue * *L.TripCount) + " in all)";
    } else {
      Msg += ": one transfer";
      if (S.BytesValue)
        Msg += " of " + bytes(*S.BytesValue);
      Msg += " per iteration";
    }
    Msg += Fill ? ", each a separate operation with its own overhead"
                : ", each paying the fixed cost of a transfer";
    if (!S.Async && !Fill)
      Msg += " and blocking the host until it completes";
    Rep.Message = Msg;

    std::string LoopNote = "the loop";
    if (L.TripCount)
      LoopNote += " runs " + std::to_string(*L.TripCount) + " times";
    else
      LoopNote += "'s trip count is not known from the source";
    Rep.Notes.push_back({L.Loop->getBeginLoc(), LoopNote});
    for (const CallExpr *C : L.Through) {
      const FunctionDecl *Callee = C->getDirectCallee();
      Rep.Notes.push_back(
          {C->getBeginLoc(),
           "the transfer is reached through this call of '" +
               (Callee ? Callee->getNameAsString() : std::string("?")) + "'"});
    }
    if (auto It = TripOf.find(&S); It != TripOf.end())
      Rep.Notes.push_back(
          {It->second->ToHost->Call->getBeginLoc(),
           "'" + It->second->HostBuffer->getNameAsString() +
               "' was copied to the host here and comes back unchanged: the "
               "data can stay on the device"});
    if (L.LaunchesKernels)
      Rep.Notes.push_back(
          {L.Loop->getBeginLoc(),
           "the loop also launches kernels: data the device produces and "
           "consumes between iterations can stay in device memory (§9.1: "
           "intermediate data structures should be created in device memory)"});
    else if (!Fill)
      Rep.Notes.push_back(
          {L.Loop->getBeginLoc(),
           "batch the transfers: one larger transfer (packing non-contiguous "
           "regions into a contiguous buffer if needed) performs "
           "significantly better than many small ones (§9.1)"});
    emit(Rep, SM);
  }

  for (const RoundTrip &RT : T.RoundTrips) {
    if (RT.HostTouches || Reported.contains(RT.ToDevice) ||
        SM.isInSystemHeader(RT.ToDevice->Call->getBeginLoc()))
      continue;
    const TransferSite &B = *RT.ToDevice;
    Report Rep;
    Rep.Loc = B.Call->getBeginLoc();
    Rep.Range = B.Call->getSourceRange();
    Rep.Conf = Confidence::Likely;
    std::string Size = B.BytesValue ? bytes(*B.BytesValue) : "the buffer";
    Rep.Message = "'" + RT.HostBuffer->getNameAsString() +
                  "' makes a round trip through the host between two "
                  "launches: copied to the host at line " +
                  std::to_string(lineOf(SM, RT.ToHost->Call->getBeginLoc())) +
                  " and back unchanged, 2 transfers of " + Size +
                  " where a device-to-device copy (or none) would do";
    Rep.Notes.push_back({RT.ToHost->Call->getBeginLoc(),
                         "copied to the host here; nothing reads or writes '" +
                             RT.HostBuffer->getNameAsString() +
                             "' before it goes back"});
    emit(Rep, SM);
  }
}

} // namespace warplint

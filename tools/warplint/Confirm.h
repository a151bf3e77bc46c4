//===- Confirm.h - warplint --confirm: profile and compare ------*- C++ -*-===//
//
// Part of warplint. Builds the user's program with -lineinfo (or runs their
// build), runs it under Nsight Compute's SourceCounters and LaunchStats
// sections with the GPU's clocks left alone, exports the source and raw pages
// as CSV, and hands them to Findings/Confirmation (docs/confirm.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_CONFIRM_H
#define WARPLINT_TOOLS_CONFIRM_H

#include "Findings/Emitters.h"
#include "Findings/Finding.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace warplint {

/// Everything --confirm needs from the command line.
struct ConfirmRequest {
  /// Shell command that runs the program; empty: warplint builds the input
  /// files with nvcc and runs what it built.
  std::string RunCommand;
  std::string BuildCommand;      ///< Shell command run first, if any.
  std::string Ncu;               ///< --ncu, else searched.
  std::string CudaPath;          ///< The toolkit (nvcc, ncu) when known.
  std::string Arch;              ///< sm_XX for warplint's own build.
  std::vector<std::string> Inputs;   ///< Absolute paths.
  std::vector<std::string> NvccArgs; ///< -I/-D/-std for warplint's build.
  std::string KeepDir;    ///< --confirm-dir: keep the report and CSVs here.
  std::string ReplayFrom; ///< --ncu-report: a .ncu-rep or a --confirm-dir.
  unsigned LaunchCount = 100;  ///< Launches profiled at most.
  unsigned TimeoutSeconds = 900;
  bool AllKernels = false; ///< --confirm-all-kernels: no kernel filter.
  /// --confirm-first-launch: only the first launch of each kernel name
  /// (programs with timing loops), not every launch up to LaunchCount.
  bool FirstLaunchOnly = false;
  bool Quiet = false;
};

/// Why --confirm could not measure: one sentence for the user.
struct ConfirmFailure : llvm::ErrorInfo<ConfirmFailure> {
  static char ID;
  std::string Message;
  explicit ConfirmFailure(std::string M) : Message(std::move(M)) {}
  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
};

/// Profiles (or replays) and attaches measurements to \p Findings; fills
/// Info.Confirm. Fails with one sentence (no GPU, no ncu, no permission for the
/// performance counters, the program failed, no -lineinfo).
llvm::Error runConfirm(const ConfirmRequest &Req, std::vector<Finding> &Findings,
                       RunInfo &Info);

/// The kernel filter for ncu: the kernels whose code holds a finding, or ""
/// (profile every kernel) when a finding lies outside every kernel.
std::string kernelFilter(const std::vector<Finding> &Findings,
                         const std::vector<FileAnalysis> &Analyses);

/// The sentence for ncu's output \p Log when it measured nothing (exposed for
/// the tests).
std::string diagnoseNcuLog(llvm::StringRef Log);

} // namespace warplint

#endif

//===- NcuReport.h - Nsight Compute's source page, parsed -------*- C++ -*-===//
//
// Part of warplint. Reads what
//   ncu --import R.ncu-rep --csv --page source --print-source cuda,sass
// prints (Nsight Compute 2023.1 and later; recorded with 2025.3 in
// test/confirm/Inputs): for each profiled launch, the CUDA source file and
// function, then each source line followed by the SASS instructions compiled
// from it, with the SourceCounters section's per-instruction counters. The
// per-line rows ncu adds are sums over instructions of different kinds, so
// warplint keeps the instructions and aggregates them itself.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FINDINGS_NCUREPORT_H
#define WARPLINT_FINDINGS_NCUREPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warplint {

/// One SASS instruction with its counters in one profiled launch.
struct SassInstruction {
  uint64_t Address = 0;
  std::string Text; ///< "@P0 BRA 0x150", as ncu prints it (trimmed).
  double InstExecuted = 0;       ///< Warp-level executions.
  double ThreadInstExecuted = 0; ///< Lanes active, summed over executions.
  double PredOnThreadInstExecuted = 0; ///< Lanes active and predicated on.
  std::string AddressSpace;            ///< "Global", "Shared", "Local", "".
  std::string AccessOp;                ///< "Load", "Store", "Atomic", "".
  double AccessSize = 0;               ///< Bits per lane.
  double L1Requests = 0;               ///< "L1 Tag Requests Global".
  double SharedNWay = 0;     ///< "L1 Conflicts Shared N-Way" (1 = none).
  /// memory_l1_wavefronts_shared and its _ideal (raw page instances): the
  /// wavefronts the instruction needed and would need without conflicts.
  double SharedWavefronts = 0, SharedWavefrontsIdeal = 0;
  /// The conflict degree: wavefronts over the ideal where recorded, else
  /// the N-way column; 0 when no shared access happened.
  double conflictDegree() const;
  double Sectors = 0;        ///< "L2 Theoretical Sectors Global".
  double SectorsIdeal = 0;   ///< "... Global Ideal".
  /// "Divergent Branches": smsp__branch_targets_threads_divergent, branch
  /// executions whose active lanes went to more than one target.
  double DivergentTargets = 0;
  bool HasBranchTargets = false; ///< The counter above was recorded.

  llvm::StringRef opcode() const; ///< "BRA", "DFMA", "LDG", without guards.
  bool isFP64() const;            ///< DADD, DMUL, DFMA, F2F.F64..., DSETP...
  bool isBranch() const;          ///< BRA, BRX, JMP, JMX (not EXIT, RET).
};

/// One source line of one kernel: the instructions compiled from it.
struct MeasuredSourceLine {
  unsigned Line = 0;
  std::vector<SassInstruction> Insts;
  double instExecuted() const;
  double threadInstExecuted() const;
};

/// One profiled launch of a kernel, as lines of the files its code came from.
/// A kernel launched several times has one entry per launch: a finding is
/// about the launches it was evaluated for, and the worst launch decides.
struct MeasuredKernel {
  std::string Function; ///< Demangled, with parameters.
  std::string Name;     ///< Without parameters or template arguments.
  unsigned Launches = 1; ///< Launches merged into this entry (1).
  /// File (as ncu names it: the path given to nvcc) -> line -> counters.
  std::map<std::string, std::map<unsigned, MeasuredSourceLine>> Files;
  double TotalInstExecuted = 0;
};

/// A whole source page export.
struct NcuSourceReport {
  std::vector<MeasuredKernel> Kernels;
  /// Functions ncu could not correlate with CUDA source ("No lineinfo
  /// available"): built without -lineinfo.
  std::vector<std::string> WithoutLineInfo;
};

/// One profiled launch from the raw page: the kernel and every metric.
struct MeasuredLaunch {
  std::string Function; ///< Demangled, with parameters.
  std::map<std::string, double> Metrics;    ///< Numeric metrics by name.
  std::map<std::string, std::string> Texts; ///< The others (device name).
  /// Per-instruction values of instanced metrics (printed with
  /// --print-metric-instances details): metric -> address -> value.
  std::map<std::string, std::map<uint64_t, double>> Instances;
  double metric(llvm::StringRef Name, double Default = -1) const;
};

/// Parses the CSV of `ncu --import R.ncu-rep --csv --page raw --print-units
/// base`: a header of metric names, a row of units, one row per launch.
llvm::Expected<std::vector<MeasuredLaunch>> parseNcuRawCsv(llvm::StringRef Text);

/// Adds per-instruction counters that only the raw page prints to \p Report's
/// instructions of the same launch and address: shared-memory wavefronts and
/// their ideal, and divergent branch targets where the source page lacks its
/// "Divergent Branches" column.
void mergeInstancedMetrics(NcuSourceReport &Report,
                        const std::vector<MeasuredLaunch> &Launches);

/// Parses the CSV of `--page source --print-source cuda,sass --csv`. Every
/// counter column is optional (a section or metric not collected leaves it
/// out); an input with no kernel block and no "No lineinfo" warning is an
/// error.
llvm::Expected<NcuSourceReport> parseNcuSourceCsv(llvm::StringRef Text);

/// Splits one CSV record as ncu writes it (RFC 4180 quoting) starting at
/// \p Pos; advances \p Pos past the record's newline.
std::vector<std::string> parseCsvRecord(llvm::StringRef Text, size_t &Pos);

/// The kernel name without parameters and template arguments:
/// "void ns::k<8>(float *, int)" -> "k".
std::string kernelBaseName(llvm::StringRef Demangled);

} // namespace warplint

#endif

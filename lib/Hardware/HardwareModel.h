//===- HardwareModel.h - GPU hardware models --------------------*- C++ -*-===//
//
// Part of warplint. Checks read a HardwareModel, never YAML: the built-in
// models are YAML files (lib/Hardware/models) embedded at build time, and a
// user file can override any field (loadModelOverride).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_HARDWARE_HARDWAREMODEL_H
#define WARPLINT_HARDWARE_HARDWAREMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace warplint {
namespace hw {

/// How the global-memory accesses of a warp become memory transactions.
enum class CoalescingRule {
  HalfWarpStrict, ///< CC 1.0/1.1: k-th thread, k-th word, else 16 transactions.
  HalfWarpSegments, ///< CC 1.2/1.3: per half warp, 32/64/128-byte segments.
  Lines,            ///< CC 2.x: 128-byte L1 lines per warp request.
  Sectors,          ///< CC 3.0+: 32-byte sectors per warp request.
};

/// Whether global loads are cached in L1 (decides line vs sector granularity).
enum class L1Caching { None, OptIn, Default };

/// Which threads' shared-memory requests are checked against each other.
enum class ConflictScope { HalfWarp, Warp };

/// How registers are handed out: to whole blocks (CC 1.x) or to warps.
enum class RegisterGranularity { Block, Warp };

/// What warplint knows of one GPU architecture (one compute capability).
/// Every number comes from the YAML model, which names its source.
struct HardwareModel {
  std::string Name; ///< Canonical name, "sm_90".
  unsigned CCMajor = 0;
  unsigned CCMinor = 0;
  unsigned WarpSize = 32; ///< Every CUDA GPU so far: Programming Guide, App. H.
  std::string Family;     ///< "Hopper".

  // Threads, warps and blocks.
  unsigned MaxThreadsPerBlock = 0;
  unsigned MaxThreadsPerSM = 0;
  unsigned MaxWarpsPerSM = 0;
  unsigned MaxBlocksPerSM = 0;

  // Registers.
  unsigned RegistersPerSM = 0;
  unsigned RegistersPerBlock = 0;
  unsigned MaxRegistersPerThread = 0;
  unsigned RegisterAllocUnit = 0;
  std::vector<unsigned> RegisterAllocUnit128For; ///< Fermi's exceptions.
  RegisterGranularity RegisterAllocGranularity = RegisterGranularity::Warp;
  unsigned WarpAllocGranularity = 1;
  unsigned SubPartitions = 1;

  // Shared memory.
  uint64_t SharedMemPerSM = 0;
  uint64_t SharedMemPerBlock = 0;
  uint64_t SharedMemPerBlockOptin = 0;
  uint64_t ReservedSharedMemPerBlock = 0;
  unsigned SharedMemAllocUnit = 0;
  std::vector<unsigned> SharedMemCarveoutsKB; ///< Empty before CC 7.0.
  unsigned SharedBanks = 32;
  unsigned SharedBankWidthBytes = 4;
  bool SharedBank8ByteMode = false;
  ConflictScope SharedConflictScope = ConflictScope::Warp;
  /// Loads of 8/16 bytes: two adjacent lanes reading the same address take one
  /// slot of a phase (measured on sm_90, see docs/validation.md).
  bool SharedLoadPairsMerge = false;

  // Constant memory: which lanes' reads are served together (the reads of
  // different addresses within that group are serialised).
  ConflictScope ConstantScope = ConflictScope::Warp;

  // Global memory.
  CoalescingRule Coalescing = CoalescingRule::Sectors;
  unsigned SectorBytes = 32;
  unsigned LineBytes = 128;
  L1Caching GlobalL1Caching = L1Caching::None;

  // The GPU as a whole. Per product, not per architecture: never inherited
  // from the parent model. 0 when no product of the architecture has a cited
  // count.
  unsigned Multiprocessors = 0;
  /// The product(s) the count is that of, with its source ("H100 80GB HBM3,
  /// H200 (measured)").
  std::string MultiprocessorsProduct;

  // Arithmetic throughput, results per clock per SM.
  unsigned FP32PerClockPerSM = 0;
  unsigned FP64PerClockPerSM = 0;

  unsigned computeCapability() const { return CCMajor * 10 + CCMinor; }
  /// FP64 throughput as a fraction of FP32 (0 when there is no FP64 unit).
  double fp64Ratio() const {
    return FP32PerClockPerSM ? double(FP64PerClockPerSM) / FP32PerClockPerSM
                             : 0;
  }
  /// "1/64", "1/2", or "none".
  std::string fp64RatioText() const;
  /// Register allocation unit for a given register count (Fermi quirk).
  unsigned registerAllocUnitFor(unsigned RegsPerThread) const;
};

/// The built-in models, ordered by compute capability.
llvm::ArrayRef<HardwareModel> builtinModels();

/// Canonicalises "sm_90", "sm90", "compute_90", "90" or "9.0" to "sm_90"; empty
/// when the spelling is not an architecture name at all.
std::string canonicalArchName(llvm::StringRef Spelling);

/// The built-in model for an architecture spelling, or null when it is unknown.
const HardwareModel *findBuiltinModel(llvm::StringRef Spelling);

/// "sm_10, sm_11, ..." for error messages.
std::string knownArchList();

/// The embedded YAML text of a built-in model ("" when unknown).
llvm::StringRef builtinModelYAML(llvm::StringRef Name);

/// Parses a model from YAML. `inherits: <name>` starts from that built-in model
/// (or from \p Base when given and no `inherits` key is present); every other
/// key overrides one field. Errors name the file and the YAML path, e.g.
/// "my.yaml: shared_memory.per_sm: expected an unsigned integer, got 'x'".
llvm::Expected<HardwareModel> parseModel(llvm::StringRef YAML,
                                         llvm::StringRef FileName,
                                         const HardwareModel *Base = nullptr);

/// Reads a user override file and merges it into \p Base.
llvm::Expected<HardwareModel> loadModelOverride(const HardwareModel &Base,
                                                llvm::StringRef Path);

/// Checks that a model is internally consistent (warps = threads / warp size,
/// per-block limits within per-SM limits, ...); error text names the field.
llvm::Error validateModel(const HardwareModel &M);

} // namespace hw
} // namespace warplint

#endif

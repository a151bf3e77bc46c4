//===- HardwareModelTest.cpp - YAML models, loading and overrides ---------===//
#include "Hardware/HardwareModel.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <tuple>

using namespace warplint::hw;

namespace {

std::string errorOf(llvm::Expected<HardwareModel> M) {
  if (M)
    return "";
  return llvm::toString(M.takeError());
}

TEST(HardwareModel, EveryBuiltinModelLoadsAndIsConsistent) {
  llvm::ArrayRef<HardwareModel> All = builtinModels();
  // One YAML file per architecture, CC 1.0 to 12.1; none may fail to parse.
  EXPECT_EQ(All.size(), 30u) << knownArchList();
  for (const HardwareModel &M : All) {
    EXPECT_FALSE(bool(validateModel(M))) << M.Name;
    EXPECT_EQ(canonicalArchName(std::to_string(M.CCMajor) + "." +
                                std::to_string(M.CCMinor)),
              M.Name);
  }
  EXPECT_EQ(All.front().Name, "sm_10");
  EXPECT_EQ(All.back().Name, "sm_121");
}

/// Every field of two models, as a tuple (HardwareModel has no operator==).
auto fields(const HardwareModel &M) {
  return std::make_tuple(
      M.Name, M.CCMajor, M.CCMinor, M.WarpSize, M.Family, M.MaxThreadsPerBlock,
      M.MaxThreadsPerSM, M.MaxWarpsPerSM, M.MaxBlocksPerSM, M.RegistersPerSM,
      M.RegistersPerBlock, M.MaxRegistersPerThread, M.RegisterAllocUnit,
      M.RegisterAllocUnit128For, M.RegisterAllocGranularity,
      M.WarpAllocGranularity, M.SubPartitions, M.SharedMemPerSM,
      M.SharedMemPerBlock, M.SharedMemPerBlockOptin,
      M.ReservedSharedMemPerBlock, M.SharedMemAllocUnit, M.SharedMemCarveoutsKB,
      M.SharedBanks, M.SharedBankWidthBytes, M.SharedBank8ByteMode,
      M.SharedConflictScope, M.SharedLoadPairsMerge, M.ConstantScope,
      M.Coalescing, M.SectorBytes, M.LineBytes, M.GlobalL1Caching,
      M.Multiprocessors, M.MultiprocessorsProduct, M.FP32PerClockPerSM,
      M.FP64PerClockPerSM);
}

// The built-in models are loaded once, each parent parsed once for all its
// children: the same models as parsing each file on its own, with its chain of
// `inherits`.
TEST(HardwareModel, BuiltinModelsEqualEachFileParsedAlone) {
  for (const HardwareModel &M : builtinModels()) {
    llvm::Expected<HardwareModel> Alone =
        parseModel(builtinModelYAML(M.Name), M.Name + ".yaml");
    ASSERT_TRUE(bool(Alone)) << M.Name;
    EXPECT_TRUE(fields(M) == fields(*Alone)) << M.Name;
  }
}

TEST(HardwareModel, EveryNumberInTheYAMLNamesItsSource) {
  std::error_code EC;
  unsigned Files = 0;
  for (llvm::sys::fs::directory_iterator It(WARPLINT_MODELS_DIR, EC), End;
       It != End && !EC; It.increment(EC)) {
    if (!llvm::StringRef(It->path()).ends_with(".yaml"))
      continue;
    ++Files;
    auto Buf = llvm::MemoryBuffer::getFile(It->path());
    ASSERT_TRUE(bool(Buf));
    llvm::SmallVector<llvm::StringRef> Lines;
    (*Buf)->getBuffer().split(Lines, '\n');
    for (llvm::StringRef Line : Lines) {
      llvm::StringRef Code = Line.split('#').first;
      if (!Code.contains(':') || Code.trim().ends_with(":") ||
          Code.starts_with("name") || Code.starts_with("compute_capability") ||
          Code.starts_with("family") || Code.starts_with("inherits"))
        continue; // A section header or the model's identity.
      EXPECT_TRUE(Line.contains("# [")) << It->path() << ": " << Line.str();
    }
  }
  EXPECT_EQ(Files, 30u);
}

TEST(HardwareModel, ArchSpellingsFindTheSameModel) {
  const HardwareModel *M = findBuiltinModel("sm_90a");
  ASSERT_NE(M, nullptr);
  EXPECT_EQ(M, findBuiltinModel("9.0"));
  EXPECT_EQ(M, findBuiltinModel("compute_90"));
  EXPECT_EQ(findBuiltinModel("sm_99"), nullptr);
}

TEST(HardwareModel, HopperMatchesTheMeasuredH200) {
  // validation/results/h200-sm90/device.csv
  const HardwareModel &M = *findBuiltinModel("sm_90");
  EXPECT_EQ(M.SharedMemPerSM, 233472u);
  EXPECT_EQ(M.SharedMemPerBlockOptin, 232448u);
  EXPECT_EQ(M.ReservedSharedMemPerBlock, 1024u);
  EXPECT_EQ(M.RegistersPerSM, 65536u);
  EXPECT_EQ(M.MaxBlocksPerSM, 32u);
  EXPECT_EQ(M.MaxThreadsPerSM, 2048u);
  EXPECT_EQ(M.fp64RatioText(), "1/2");
}

TEST(HardwareModel, GenerationsDifferWhereTheGuidesSayTheyDo) {
  EXPECT_EQ(findBuiltinModel("sm_10")->Coalescing,
            CoalescingRule::HalfWarpStrict);
  EXPECT_EQ(findBuiltinModel("sm_13")->Coalescing,
            CoalescingRule::HalfWarpSegments);
  EXPECT_EQ(findBuiltinModel("sm_20")->Coalescing, CoalescingRule::Lines);
  EXPECT_EQ(findBuiltinModel("sm_60")->Coalescing, CoalescingRule::Sectors);
  EXPECT_EQ(findBuiltinModel("sm_13")->SharedBanks, 16u);
  EXPECT_TRUE(findBuiltinModel("sm_35")->SharedBank8ByteMode);
  EXPECT_FALSE(findBuiltinModel("sm_50")->SharedBank8ByteMode);
  EXPECT_EQ(findBuiltinModel("sm_12")->fp64RatioText(), "none");
  EXPECT_EQ(findBuiltinModel("sm_86")->fp64RatioText(), "1/64");
  EXPECT_EQ(findBuiltinModel("sm_75")->MaxWarpsPerSM, 32u);
}

TEST(HardwareModel, OverrideChangesOnlyTheNamedField) {
  const HardwareModel &Base = *findBuiltinModel("sm_90");
  auto M =
      parseModel("threads:\n  max_blocks_per_sm: 16\n", "user.yaml", &Base);
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  EXPECT_EQ(M->MaxBlocksPerSM, 16u);
  EXPECT_EQ(M->SharedMemPerSM, Base.SharedMemPerSM);
  EXPECT_EQ(M->Name, "sm_90");
}

TEST(HardwareModel, OverrideFileCanDefineANewArchitecture) {
  llvm::SmallString<128> Path;
  int FD;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("model", "yaml", FD, Path));
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << "name: sm_95\ncompute_capability: \"9.5\"\ninherits: sm_90\n"
          "shared_memory:\n  banks: 64\n";
  }
  auto M = loadModelOverride(*findBuiltinModel("sm_52"), Path);
  llvm::sys::fs::remove(Path);
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  EXPECT_EQ(M->Name, "sm_95");
  EXPECT_EQ(M->SharedBanks, 64u);
  EXPECT_EQ(M->SharedMemPerSM, 233472u); // From sm_90, not from sm_52.
}

TEST(HardwareModel, SchemaErrorsNameTheYAMLPath) {
  const HardwareModel &Base = *findBuiltinModel("sm_90");
  EXPECT_EQ(
      errorOf(parseModel("shared_memory:\n  per_sm: lots\n", "u.yaml", &Base)),
      "u.yaml:2:11: shared_memory.per_sm: expected an unsigned integer, "
      "got 'lots'");
  EXPECT_EQ(
      errorOf(parseModel("threads:\n  max_per_grid: 3\n", "u.yaml", &Base)),
      "u.yaml:2:17: threads.max_per_grid: unknown key");
  EXPECT_NE(errorOf(parseModel("global_memory:\n  coalescing: magic\n",
                               "u.yaml", &Base))
                .find("global_memory.coalescing: expected one of "
                      "half-warp-strict, half-warp-segments, lines, sectors"),
            std::string::npos);
  EXPECT_NE(errorOf(parseModel("inherits: sm_99\n", "u.yaml", &Base))
                .find("inherits: unknown architecture 'sm_99'"),
            std::string::npos);
  EXPECT_NE(errorOf(parseModel("shared_memory:\n  carveouts_kb: 5\n", "u.yaml",
                               &Base))
                .find("shared_memory.carveouts_kb: expected a list"),
            std::string::npos);
  EXPECT_NE(errorOf(parseModel("threads: [1, 2\n", "u.yaml", &Base)), "");
}

TEST(HardwareModel, ValidationRejectsInconsistentOverrides) {
  HardwareModel M = *findBuiltinModel("sm_90");
  M.MaxWarpsPerSM = 48; // but max_per_sm is still 2048
  llvm::Error E = validateModel(M);
  ASSERT_TRUE(bool(E));
  EXPECT_NE(llvm::toString(std::move(E)).find("threads.max_warps_per_sm"),
            std::string::npos);
}

} // namespace

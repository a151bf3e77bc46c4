//===- OccupancyMeasuredTest.cpp - Replays the H200 occupancy record ------===//
//
// validation/results/h200-sm90/occupancy.csv holds what
// cudaOccupancyMaxActiveBlocksPerMultiprocessor returned on an H200 for 70
// kernels (register counts 24..188, static shared memory 0..48000 bytes) x 23
// block sizes x 14 dynamic shared-memory sizes. Every row must be predicted.
//
//===----------------------------------------------------------------------===//
#include "Hardware/Occupancy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

using namespace warplint::hw;

namespace {

TEST(OccupancyMeasured, EveryH200RowIsPredicted) {
  auto Buf = llvm::MemoryBuffer::getFile(WARPLINT_RESULTS_DIR
                                         "/h200-sm90/occupancy.csv");
  ASSERT_TRUE(bool(Buf));
  const HardwareModel &M = *findBuiltinModel("sm_90");
  llvm::SmallVector<llvm::StringRef> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, false);
  unsigned Rows = 0, Agree = 0, Zero = 0;
  for (llvm::StringRef Line : llvm::ArrayRef(Lines).drop_front()) {
    // kernel,reg_cap,num_regs,static_smem,local_bytes,max_threads_per_block,
    // max_dynamic_smem,block_size,dynamic_smem,active_blocks,status
    llvm::SmallVector<llvm::StringRef> F;
    Line.split(F, ',');
    ASSERT_EQ(F.size(), 11u) << Line.str();
    unsigned Regs, MaxThreads, Block, Measured;
    uint64_t Static, MaxDyn, Dyn;
    ASSERT_FALSE(F[2].getAsInteger(10, Regs) || F[3].getAsInteger(10, Static) ||
                 F[5].getAsInteger(10, MaxThreads) ||
                 F[6].getAsInteger(10, MaxDyn) ||
                 F[7].getAsInteger(10, Block) || F[8].getAsInteger(10, Dyn) ||
                 F[9].getAsInteger(10, Measured));
    ASSERT_EQ(F[10], "ok");
    OccupancyInput In;
    In.ThreadsPerBlock = Block;
    In.RegistersPerThread = Regs;
    In.StaticSharedMem = Static;
    In.DynamicSharedMem = Dyn;
    In.MaxDynamicSharedMem = MaxDyn;
    OccupancyResult R = computeOccupancy(M, In);
    ++Rows;
    Zero += Measured == 0;
    Agree += R.ActiveBlocks == Measured;
    EXPECT_EQ(R.ActiveBlocks, Measured) << Line.str();
  }
  EXPECT_EQ(Rows, 22540u);
  EXPECT_EQ(Agree, Rows);
  EXPECT_GT(Zero, 0u); // The record covers launches that cannot run, too.
}

} // namespace

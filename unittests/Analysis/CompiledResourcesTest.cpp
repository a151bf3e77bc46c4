//===- CompiledResourcesTest.cpp - ptxas -v and PTX parsing ---------------===//
#include "Analysis/resources/CompiledResources.h"

#include "gtest/gtest.h"

using namespace warplint;

// Output of ptxas -v (CUDA 13.0) with a non-inlined device function between
// two kernels, shared memory, and spills.
static const char *PtxasOut = R"(ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function '_Z3fooPf' for 'sm_90'
ptxas info    : Function properties for _Z3fooPf
    280 bytes stack frame, 280 bytes spill stores, 332 bytes spill loads
ptxas info    : Used 32 registers, used 1 barriers, 280 bytes cumulative stack size, 2048 bytes smem
ptxas info    : Compiling function '_Z6helperi' for 'sm_90'
ptxas info    : Function properties for _Z6helperi
    8 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 12 registers
ptxas info    : Compiling entry function 'bar' for 'sm_90'
ptxas info    : Function properties for bar
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 10 registers, used 0 barriers
)";

TEST(CompiledResources, ParsesEntryFunctionsOnly) {
  llvm::StringMap<CompiledKernel> K = parsePtxasVerbose(PtxasOut);
  ASSERT_EQ(K.size(), 2u);
  const CompiledKernel &Foo = K["_Z3fooPf"];
  EXPECT_EQ(Foo.Registers, 32u);
  EXPECT_EQ(Foo.StackFrame, 280u);
  EXPECT_EQ(Foo.SpillStores, 280u);
  EXPECT_EQ(Foo.SpillLoads, 332u);
  EXPECT_EQ(Foo.SharedMem, 2048u);
  const CompiledKernel &Bar = K["bar"];
  EXPECT_EQ(Bar.Registers, 10u);
  EXPECT_EQ(Bar.StackFrame, 0u);
  EXPECT_EQ(Bar.SharedMem, 0u);
}

TEST(CompiledResources, MapsLocalTrafficToLines) {
  llvm::StringMap<CompiledKernel> K = parsePtxasVerbose(PtxasOut);
  const char *Ptx = R"(
.func _Z6helperi(
	.loc	1 3 0
	st.local.u32 	[%rd1], %r1;
}
.visible .entry _Z3fooPf(
	.loc	1 36 5
	st.local.v2.f64 	[%rd6], {%fd2, %fd1};
	@%p1 ld.local.f64 	%fd17, [%rd14];
	.loc	2 7 1
	ld.local.f64 	%fd18, [%rd15];
}
.visible .entry bar(
	ld.global.f32 	%f1, [%rd1];
}
	.file	1 "dir/k.cu"
	.file	2 "/usr/include/other.h"
)";
  addPtxLocalTraffic(Ptx, K);
  const auto &L = K["_Z3fooPf"].Local;
  ASSERT_EQ(L.size(), 3u);
  EXPECT_EQ(L[0].File, "dir/k.cu");
  EXPECT_EQ(L[0].Line, 36u);
  EXPECT_EQ(L[0].Column, 5u);
  EXPECT_TRUE(L[0].Store);
  EXPECT_FALSE(L[1].Store); // predicated load, same line
  EXPECT_EQ(L[1].Line, 36u);
  EXPECT_EQ(L[2].File, "/usr/include/other.h");
  EXPECT_TRUE(K["bar"].Local.empty());
}

TEST(CompiledResources, CountsCallsOfEachKernel) {
  llvm::StringMap<CompiledKernel> K = parsePtxasVerbose(PtxasOut);
  const char *Ptx = R"(
.func _Z6helperi(
	call.uni (retval0), vprintf, (param0, param1);
}
.visible .entry _Z3fooPf(
	{ // callseq 0, 0
	call.uni (retval0), malloc, (param0);
	@%p2 call _Z6helperi, (param0);
	.loc	1 36 5
	ld.local.f64 	%fd18, [%rd15];
}
.visible .entry bar(
	ld.global.f32 	%f1, [%rd1];
}
)";
  addPtxLocalTraffic(Ptx, K);
  EXPECT_EQ(K["_Z3fooPf"].Calls, 2u);
  EXPECT_EQ(K["_Z3fooPf"].Local.size(), 1u);
  EXPECT_EQ(K["bar"].Calls, 0u);
}

TEST(CompiledResources, ReplayWithoutRecordingFails) {
  llvm::Expected<CompiledTU> TU =
      replayResources("/nonexistent/prefix", "sm_90");
  EXPECT_FALSE(static_cast<bool>(TU));
  llvm::consumeError(TU.takeError());
}

TEST(CompiledResources, MissingToolkitFailsCleanly) {
  DeviceCompileInputs In;
  In.ToolkitRoot = "/nonexistent";
  In.Source = "k.cu";
  In.Arch = "sm_90";
  llvm::Expected<CompiledTU> TU =
      compileForResources(buildDeviceCompileCommand(In));
  ASSERT_FALSE(static_cast<bool>(TU));
  EXPECT_NE(llvm::toString(TU.takeError()).find("no nvcc and ptxas"),
            std::string::npos);
}

//===- CudaCommandLineTest.cpp --------------------------------------------===//
#include "Frontend/CudaCommandLine.h"

#include "gtest/gtest.h"
#include <algorithm>

using namespace warplint;

namespace {

bool has(const std::vector<std::string> &V, const std::string &S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}

CudaParseOptions fallbackOptions() {
  CudaParseOptions O;
  O.DefaultArch = "sm_90";
  O.FallbackIncludeDir = "/fallback";
  return O;
}

TEST(CudaCommandLine, SideAndArchAreAlwaysExplicit) {
  AdjustedCommand A = adjustCudaCommand({"clang++", "-c", "k.cu"}, "k.cu", "/",
                                        fallbackOptions());
  EXPECT_EQ(A.TargetArch, "sm_90");
  EXPECT_TRUE(has(A.Args, "--cuda-device-only"));
  EXPECT_TRUE(has(A.Args, "--cuda-gpu-arch=sm_90"));
  EXPECT_TRUE(has(A.Args, "-nocudalib"));
  EXPECT_TRUE(has(A.Args, "cuda")); // -x cuda
  EXPECT_TRUE(A.UsesFallbackHeaders);
  EXPECT_TRUE(has(A.Args, "/fallback"));
}

TEST(CudaCommandLine, CommandArchThenOverride) {
  std::vector<std::string> Cmd = {"clang++",
                                  "--cuda-gpu-arch=sm_80",
                                  "--cuda-gpu-arch=sm_86",
                                  "--cuda-host-only",
                                  "-x",
                                  "cuda",
                                  "k.cu"};
  AdjustedCommand A = adjustCudaCommand(Cmd, "k.cu", "/", fallbackOptions());
  // Several GPUs: the newest (TargetSelection), and only it is parsed.
  EXPECT_EQ(A.TargetArch, "sm_86");
  EXPECT_EQ(A.Target.BuildArchs, (std::vector<std::string>{"sm_80", "sm_86"}));
  EXPECT_FALSE(has(A.Args, "--cuda-host-only"));
  EXPECT_FALSE(has(A.Args, "--cuda-gpu-arch=sm_80"));
  EXPECT_EQ(std::count(A.Args.begin(), A.Args.end(), "cuda"), 1);
  CudaParseOptions O = fallbackOptions();
  O.Arch = "sm_70";
  A = adjustCudaCommand(Cmd, "k.cu", "/", O);
  EXPECT_EQ(A.TargetArch, "sm_70");
  EXPECT_TRUE(has(A.Args, "--cuda-gpu-arch=sm_70"));
}

TEST(CudaCommandLine, OldArchitecturesParseAsSm52) {
  CudaParseOptions O = fallbackOptions();
  O.Arch = "sm_13";
  AdjustedCommand A = adjustCudaCommand({"clang++", "k.cu"}, "k.cu", "/", O);
  EXPECT_EQ(A.TargetArch, "sm_13");
  EXPECT_EQ(A.ParseArch, "sm_52");
}

TEST(CudaCommandLine, ToolkitAddsCcclAndSdkVersion) {
  CudaParseOptions O = fallbackOptions();
  CudaToolkit TK;
  TK.Path = "/opt/cuda";
  TK.Major = 13;
  TK.HasCccl = true;
  O.Toolkit = TK;
  AdjustedCommand A = adjustCudaCommand({"clang++", "k.cu"}, "k.cu", "/", O);
  EXPECT_FALSE(A.UsesFallbackHeaders);
  EXPECT_TRUE(has(A.Args, "--cuda-path=/opt/cuda"));
  EXPECT_TRUE(has(A.Args, "/opt/cuda/include/cccl"));
  EXPECT_TRUE(has(A.Args, "-target-sdk-version=13.0"));
}

TEST(CudaCommandLine, NoCudaIncKeepsTheCommandsOwnHeaders) {
  AdjustedCommand A =
      adjustCudaCommand({"clang++", "-nocudainc", "-include", "mine.h", "k.cu"},
                        "k.cu", "/", fallbackOptions());
  EXPECT_FALSE(A.UsesFallbackHeaders);
  EXPECT_FALSE(has(A.Args, "/fallback"));
}

TEST(CudaCommandLine, NvccHostFlagsUnknownToClangAreDropped) {
  AdjustedCommand A = adjustCudaCommand(
      {"nvcc", "-forward-unknown-to-host-compiler", "-fopenmp-simd",
       "-frobnicate-widgets", "-arch=sm_75", "-c", "k.cu"},
      "k.cu", "/", fallbackOptions());
  EXPECT_TRUE(A.FromNvcc);
  EXPECT_EQ(A.TargetArch, "sm_75");
  EXPECT_TRUE(has(A.Args, "-fopenmp-simd"));
  EXPECT_FALSE(has(A.Args, "-frobnicate-widgets"));
}

TEST(CudaCommandLine, PlainCppIsNotMadeCuda) {
  AdjustedCommand A = adjustCudaCommand({"clang++", "-c", "host.cpp"},
                                        "host.cpp", "/", fallbackOptions());
  EXPECT_FALSE(has(A.Args, "--cuda-device-only"));
}

} // namespace

#include "Frontend/CudaToolkit.h"

namespace {
// The toolkit's version comes from cuda.h's first `#define CUDA_VERSION N`,
// found without a regex (which was half of warplint's own work on a small
// file): the same matches the regex "#define[ \t]+CUDA_VERSION[ \t]+([0-9]+)"
// gave.
TEST(CudaToolkit, VersionMacro) {
  EXPECT_EQ(cudaVersionMacro("#define CUDA_VERSION 13000\n"), 13000u);
  EXPECT_EQ(cudaVersionMacro("/* x */\n#define\tCUDA_VERSION \t12040 // y"),
            12040u);
  // Longer names, no blank, no digits, #defined elsewhere: skipped; the
  // first real definition wins.
  EXPECT_EQ(cudaVersionMacro("#define CUDA_VERSION_MAJOR 13\n"
                             "#define CUDA_VERSIONX 1\n"
                             "#defineCUDA_VERSION 2\n"
                             "#define CUDA_VERSION\n"
                             "#define CUDA_VERSION X\n"
                             "#define  CUDA_VERSION 11080\n"
                             "#define CUDA_VERSION 9000\n"),
            11080u);
  EXPECT_EQ(cudaVersionMacro(""), std::nullopt);
  EXPECT_EQ(cudaVersionMacro("#define"), std::nullopt);
  EXPECT_EQ(cudaVersionMacro("#define CUDA_VERSION"), std::nullopt);
  EXPECT_EQ(cudaVersionMacro("#define CUDA_VERSION 99999999999999999999"),
            std::nullopt);
}
} // namespace

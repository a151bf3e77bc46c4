//===- NvccTranslatorTest.cpp ---------------------------------------------===//
#include "Frontend/NvccTranslator.h"

#include "gtest/gtest.h"
#include <algorithm>

using namespace warplint;

namespace {

bool has(const std::vector<std::string> &V, const std::string &S) {
  return std::find(V.begin(), V.end(), S) != V.end();
}

TEST(NvccTranslator, RecognisesNvcc) {
  EXPECT_TRUE(isNvccCommand("/usr/local/cuda/bin/nvcc"));
  EXPECT_TRUE(isNvccCommand("nvcc"));
  EXPECT_FALSE(isNvccCommand("/usr/bin/clang++"));
  EXPECT_FALSE(isNvccCommand("nvcc-wrapper"));
}

TEST(NvccTranslator, ArchSpellings) {
  EXPECT_EQ(archsFromSpelling("sm_80"), std::vector<std::string>{"sm_80"});
  EXPECT_EQ(archsFromSpelling("compute_75"), std::vector<std::string>{"sm_75"});
  EXPECT_EQ(archsFromSpelling("arch=compute_80,code=[compute_80,sm_80]"),
            std::vector<std::string>{"sm_80"});
  EXPECT_EQ(archsFromSpelling("arch=compute_90a,code=sm_90a"),
            std::vector<std::string>{"sm_90"});
  EXPECT_EQ(archsFromSpelling("arch=compute_70,code=\"sm_70,sm_75\""),
            (std::vector<std::string>{"sm_70", "sm_75"}));
  EXPECT_TRUE(archsFromSpelling("native").empty());
  EXPECT_TRUE(archsFromSpelling("all-major").empty());
}

TEST(NvccTranslator, CMakeCommand) {
  // What CMake 3.25 writes for a CUDA target (test/Inputs/cmake-cuda).
  std::vector<std::string> Argv = {
      "/usr/local/cuda/bin/nvcc",
      "-forward-unknown-to-host-compiler",
      "-DBLOCK=100",
      "-I/src/include",
      "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
      "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
      "--expt-relaxed-constexpr",
      "-lineinfo",
      "--use_fast_math",
      "-Xcompiler=-fPIC,-Wall,-DHOSTDEF",
      "-std=c++17",
      "-x",
      "cu",
      "-rdc=true",
      "-c",
      "/src/k.cu",
      "-o",
      "k.o"};
  NvccTranslation T = translateNvccCommand(Argv, "/build");
  EXPECT_EQ(T.GpuArchs, (std::vector<std::string>{"sm_80", "sm_90"}));
  EXPECT_TRUE(T.FastMath);
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_EQ(T.ClangArgs[0], "clang++");
  EXPECT_EQ(T.ClangArgs[1], "-fgpu-rdc");
  EXPECT_TRUE(has(T.ClangArgs, "-DBLOCK=100"));
  EXPECT_TRUE(has(T.ClangArgs, "-DHOSTDEF"));
  EXPECT_TRUE(has(T.ClangArgs, "-I/src/include"));
  EXPECT_TRUE(has(T.ClangArgs, "-std=c++17"));
  EXPECT_TRUE(has(T.ClangArgs, "cuda"));
  EXPECT_FALSE(has(T.ClangArgs, "cu"));
  EXPECT_FALSE(has(T.ClangArgs, "-lineinfo"));
  EXPECT_FALSE(has(T.ClangArgs, "-fPIC"));
  EXPECT_FALSE(has(T.ClangArgs, "--expt-relaxed-constexpr"));
  EXPECT_TRUE(has(T.ClangArgs, "/src/k.cu"));
}

TEST(NvccTranslator, SeparateValuesAndShortForms) {
  std::vector<std::string> Argv = {"nvcc",
                                   "-arch",
                                   "sm_70",
                                   "-ccbin",
                                   "/usr/bin/g++-12",
                                   "-Xptxas",
                                   "-v",
                                   "-maxrregcount=64",
                                   "--compiler-options",
                                   "-O2",
                                   "-I",
                                   "inc",
                                   "-D",
                                   "N=4",
                                   "--std",
                                   "c++14",
                                   "-dc",
                                   "a.cu",
                                   "--default-stream",
                                   "per-thread",
                                   "-G",
                                   "--diag-suppress=177",
                                   "-Werror",
                                   "all-warnings",
                                   "-t",
                                   "4"};
  NvccTranslation T = translateNvccCommand(Argv, "");
  EXPECT_EQ(T.GpuArchs, std::vector<std::string>{"sm_70"});
  ASSERT_TRUE(T.MaxRegCount.has_value());
  EXPECT_EQ(*T.MaxRegCount, 64u);
  EXPECT_TRUE(T.RelocatableDeviceCode);
  EXPECT_TRUE(has(T.ClangArgs, "-Iinc"));
  EXPECT_TRUE(has(T.ClangArgs, "-DN=4"));
  EXPECT_TRUE(has(T.ClangArgs, "-std=c++14"));
  EXPECT_TRUE(has(T.ClangArgs, "a.cu"));
  for (const char *Gone : {"/usr/bin/g++-12", "-v", "-O2", "per-thread", "-G",
                           "all-warnings", "4", "sm_70"})
    EXPECT_FALSE(has(T.ClangArgs, Gone)) << Gone;
}

TEST(NvccTranslator, DeviceLinkStepsHaveNoCudaOptions) {
  NvccTranslation T =
      translateNvccCommand({"nvcc", "-dlink", "a.o", "-o", "dlink.o"}, "");
  EXPECT_FALSE(has(T.ClangArgs, "-dlink"));
  EXPECT_TRUE(T.GpuArchs.empty());
}

} // namespace

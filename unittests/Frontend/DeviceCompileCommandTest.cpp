//===- DeviceCompileCommandTest.cpp ---------------------------------------===//
#include "Frontend/DeviceCompileCommand.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "gtest/gtest.h"

using namespace warplint;

namespace {

using Argv = std::vector<std::string>;

/// A temporary directory tree, removed at the end of the test.
class TempTree {
public:
  TempTree() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("warplint_cmd", Root));
  }
  ~TempTree() { llvm::sys::fs::remove_directories(Root); }
  std::string dir(llvm::StringRef Rel) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Rel);
    EXPECT_FALSE(llvm::sys::fs::create_directories(P));
    return std::string(P);
  }
  std::string file(llvm::StringRef Rel) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Rel);
    EXPECT_FALSE(
        llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P)));
    int FD;
    EXPECT_FALSE(llvm::sys::fs::openFileForWrite(P, FD));
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
    return std::string(P);
  }

private:
  llvm::SmallString<128> Root;
};

DeviceCompileInputs basic() {
  DeviceCompileInputs In;
  In.ToolkitRoot = "/opt/cuda";
  In.Source = "/src/k.cu";
  In.Arch = "sm_90";
  return In;
}

TEST(DeviceCompileCommand, MinimalCommand) {
  DeviceCompileCommand C = buildDeviceCompileCommand(basic());
  EXPECT_EQ(C.Arch, "sm_90");
  EXPECT_EQ(C.Nvcc, (Argv{"/opt/cuda/bin/nvcc", "-ptx", "-lineinfo",
                          "-arch=sm_90", "--expt-relaxed-constexpr",
                          "--extended-lambda", "/src/k.cu"}));
  EXPECT_EQ(C.Ptxas, (Argv{"/opt/cuda/bin/ptxas", "-v", "-arch=sm_90"}));
}

TEST(DeviceCompileCommand, IncludeDirectoriesKeepTheirGroup) {
  TempTree T;
  DeviceCompileInputs In = basic();
  std::string Quoted = T.dir("q"), Angled = T.dir("a"), Sys = T.dir("s");
  In.Includes = {{Quoted, IncludeDir::Quoted},
                 {Angled, IncludeDir::Angled},
                 {Sys, IncludeDir::System},
                 {"/nonexistent/include", IncludeDir::Angled}};
  DeviceCompileCommand C = buildDeviceCompileCommand(In);
  EXPECT_EQ(C.Nvcc, (Argv{"/opt/cuda/bin/nvcc", "-ptx", "-lineinfo",
                          "-arch=sm_90", "--expt-relaxed-constexpr",
                          "--extended-lambda", "-iquote", Quoted, "-I", Angled,
                          "-isystem", Sys, "/src/k.cu"}));
}

TEST(DeviceCompileCommand, ImplicitDirectoriesAreLeftToNvcc) {
  TempTree T;
  DeviceCompileInputs In = basic();
  std::string Resource = T.dir("clang-res");
  In.ClangResourceDir = Resource;
  std::string ResourceInclude = T.dir("clang-res/include");
  std::string Toolkit = T.dir("cuda/include");
  T.file("cuda/include/cuda_runtime_api.h");
  std::string Cccl = T.dir("cuda/include/cccl");
  std::string Fallback = T.dir("fallback");
  T.file("fallback/warplint_nvcc_compat.h");
  std::string Mine = T.dir("project/include");
  In.Includes = {{ResourceInclude, IncludeDir::System},
                 {Toolkit, IncludeDir::System},
                 {Cccl, IncludeDir::System},
                 {Fallback, IncludeDir::System},
                 {"/usr/include", IncludeDir::System},
                 {"/usr/include/c++/12", IncludeDir::System},
                 {Mine, IncludeDir::Angled}};
  DeviceCompileCommand C = buildDeviceCompileCommand(In);
  Argv Tail(C.Nvcc.begin() + 6, C.Nvcc.end());
  EXPECT_EQ(Tail, (Argv{"-I", Mine, "/src/k.cu"}));
  EXPECT_TRUE(isImplicitIncludeDir(Cccl, ""));
  EXPECT_FALSE(isImplicitIncludeDir(Mine, Resource));
}

TEST(DeviceCompileCommand, MacrosForcedIncludesAndStandard) {
  TempTree T;
  DeviceCompileInputs In = basic();
  In.Macros = {{"FOO=1", false},
               {"BAR", true},
               {"__CUDA_ARCH__=900", false},
               {"__NVCC__", false},
               {"__clang_x", false},
               {"__WARPLINT_CUDA_FALLBACK__", false}};
  In.ForcedIncludes = {"/usr/lib/llvm/cuda_runtime.h", "/x/__clang_cuda_hack.h",
                       "/x/warplint_nvcc_compat.h", "/proj/config.h"};
  In.Std = "c++17";
  DeviceCompileCommand C = buildDeviceCompileCommand(In);
  Argv Tail(C.Nvcc.begin() + 6, C.Nvcc.end());
  EXPECT_EQ(Tail, (Argv{"-DFOO=1", "-UBAR", "-include", "/proj/config.h",
                        "-std=c++17", "/src/k.cu"}));
}

TEST(DeviceCompileCommand, PtxasOptionsFollowTheDefaults) {
  DeviceCompileInputs In = basic();
  In.PtxasArgs = splitPtxasArgs("  -maxrregcount=32  --warn-on-spills ");
  EXPECT_EQ(In.PtxasArgs, (Argv{"-maxrregcount=32", "--warn-on-spills"}));
  DeviceCompileCommand C = buildDeviceCompileCommand(In);
  EXPECT_EQ(C.Ptxas, (Argv{"/opt/cuda/bin/ptxas", "-v", "-arch=sm_90",
                           "-maxrregcount=32", "--warn-on-spills"}));
}

TEST(DeviceCompileCommand, MaxRegCountSpellings) {
  EXPECT_EQ(maxRegCount(splitPtxasArgs("-maxrregcount=32")), 32u);
  EXPECT_EQ(maxRegCount(splitPtxasArgs("--maxrregcount 40")), 40u);
  EXPECT_EQ(maxRegCount(splitPtxasArgs("-maxrregcount 24 -maxrregcount=64")),
            64u);
  EXPECT_EQ(maxRegCount(splitPtxasArgs("-v --warn-on-spills")), std::nullopt);
  EXPECT_EQ(maxRegCount(splitPtxasArgs("-maxrregcount=lots")), std::nullopt);
  EXPECT_EQ(maxRegCount({}), std::nullopt);
}

} // namespace

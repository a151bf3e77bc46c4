//===- HostVersionTest.cpp - the plugin's host version comparison ---------===//
#include "tools/plugin/HostVersion.h"

#include "gtest/gtest.h"

using namespace warplint::plugin;

TEST(HostVersion, Series) {
  EXPECT_EQ(llvmSeries("22.1.8"), "22.1");
  EXPECT_EQ(llvmSeries("Debian LLVM version 14.0.6\n  Optimized build."), "14.0");
  EXPECT_EQ(llvmSeries("22"), "22");
  EXPECT_EQ(llvmSeries("22.1.0git"), "22.1");
  EXPECT_EQ(llvmSeries("no version"), "");
}

TEST(HostVersion, LibraryNames) {
  EXPECT_EQ(seriesOfLibrary("/usr/lib/llvm-22/lib/libLLVM.so.22.1"), "22.1");
  EXPECT_EQ(seriesOfLibrary("/lib/x86_64-linux-gnu/libLLVM-14.so.1"), "14");
  EXPECT_EQ(seriesOfLibrary("/lib/x86_64-linux-gnu/libclang-cpp.so.14"), "14");
  EXPECT_EQ(seriesOfLibrary("/usr/lib/x86_64-linux-gnu/libclang-cpp.so.22.1"), "22.1");
  EXPECT_EQ(seriesOfLibrary("/usr/lib/llvm-17/lib/libLLVM-17.so"), "17");
  // Not LLVM's or clang's: the plugin itself, libc, LLVM's other libraries.
  EXPECT_EQ(seriesOfLibrary("/usr/lib/libwarplint.so"), "");
  EXPECT_EQ(seriesOfLibrary("/lib/x86_64-linux-gnu/libc.so.6"), "");
  EXPECT_EQ(seriesOfLibrary("/usr/lib/llvm-22/lib/libLLVM.so"), "");
  EXPECT_EQ(seriesOfLibrary("libclang-cpp.so"), "");
}

TEST(HostVersion, Compatibility) {
  // One release series shares an ABI: any 22.1.x host runs a 22.1.8 plugin.
  EXPECT_TRUE(sameSeries("22.1", "22.1"));
  EXPECT_TRUE(sameSeries("22.1", "22")); // a library named by major only
  EXPECT_FALSE(sameSeries("22.1", "22.0"));
  EXPECT_FALSE(sameSeries("22.1", "14"));
  EXPECT_FALSE(sameSeries("22.1", "2.1"));
  EXPECT_EQ(hostMismatch("22.1.8", "22.1.0", "x"), "");
  EXPECT_EQ(hostMismatch("22.1.8", "", "x"), ""); // unknown: no refusal
  EXPECT_EQ(hostMismatch("22.1.8", "14", "/lib/libclang-cpp.so.14"),
            "warplint: error: this clang-tidy plugin (libwarplint.so) was built "
            "for LLVM 22.1 and cannot run in a clang-tidy of LLVM 14 "
            "(/lib/libclang-cpp.so.14): run clang-tidy-22 (or "
            "warplint-clang-tidy, which runs it), or build warplint against "
            "LLVM 14\n");
  EXPECT_NE(hostMismatch("22.1.8", "23.1.0", ""), "");
}

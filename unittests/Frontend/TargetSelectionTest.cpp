//===- TargetSelectionTest.cpp --------------------------------------------===//
#include "Frontend/TargetSelection.h"

#include "gtest/gtest.h"

using namespace warplint;

namespace {

CommandArchs nvcc(std::vector<std::string> Archs, std::string Spelling) {
  CommandArchs C;
  C.Archs = std::move(Archs);
  C.Spellings = {std::move(Spelling)};
  C.FromNvcc = true;
  return C;
}

CommandArchs clang(std::vector<std::string> Archs) {
  CommandArchs C;
  for (const std::string &A : Archs)
    C.Spellings.push_back("--cuda-gpu-arch=" + A);
  C.Archs = std::move(Archs);
  return C;
}

TEST(TargetSelection, PrecedenceCommandLineConfigurationCommandDefault) {
  TargetInputs In;
  In.CommandLine = "sm_70";
  In.Configuration = ArchSetting{"sm_80", "arch in /p/.warplint.yaml"};
  In.Command = clang({"sm_86"});
  TargetSelection S = selectTarget(In);
  EXPECT_EQ(S.Arch, "sm_70");
  EXPECT_EQ(S.Kind, TargetSource::CommandLine);
  EXPECT_EQ(S.Description, "sm_70 from --arch (the compile command builds "
                           "sm_86)");
  In.CommandLine.reset();
  S = selectTarget(In);
  EXPECT_EQ(S.Arch, "sm_80");
  EXPECT_EQ(S.ParseArch, "sm_80");
  EXPECT_EQ(S.Source, "arch in /p/.warplint.yaml");
  In.Configuration.reset();
  S = selectTarget(In);
  EXPECT_EQ(S.Arch, "sm_86");
  EXPECT_EQ(S.Source, "compile command (--cuda-gpu-arch=sm_86)");
  EXPECT_EQ(S.findingNote(), "");
  In.Command = {};
  S = selectTarget(In);
  EXPECT_EQ(S.Arch, "sm_90");
  EXPECT_EQ(S.Kind, TargetSource::Default);
}

TEST(TargetSelection, MultiArchTakesTheNewestAndSaysSo) {
  TargetInputs In;
  In.Command = nvcc({"sm_75", "sm_80", "sm_90", "sm_120"},
                    "-gencode arch=compute_75,code=sm_75");
  In.Command.Spellings.push_back("-gencode arch=compute_120,code=sm_120");
  TargetSelection S = selectTarget(In);
  EXPECT_EQ(S.Arch, "sm_120");
  EXPECT_TRUE(S.choseAmongSeveral());
  EXPECT_NE(S.Description.find("the newest of the compile command's sm_75, "
                               "sm_80, sm_90, sm_120"),
            std::string::npos);
  EXPECT_NE(S.findingNote().find("newest of the 4 GPUs"), std::string::npos);
}

TEST(TargetSelection, ComputeCapability1xKeepsItsModelAndParsesAsSm52) {
  TargetInputs In;
  In.Command = nvcc({"sm_11"}, "-arch=sm_11");
  TargetSelection S = selectTarget(In);
  EXPECT_EQ(S.Arch, "sm_11");
  EXPECT_EQ(S.ParseArch, "sm_52");
  EXPECT_NE(S.findingNote(), "");
}

TEST(TargetSelection, ClangsLoneSm52NamesNoGpu) {
  // A parsed AST cannot tell clang's implicit sm_52 from an explicit one.
  TargetInputs In;
  In.Command = clang({"sm_52"});
  EXPECT_EQ(selectTarget(In).Arch, "sm_90");
  // nvcc's sm_52 is seen as written (the plugin never reads nvcc commands).
  In.Command = nvcc({"sm_52"}, "-arch=sm_52");
  EXPECT_EQ(selectTarget(In).Arch, "sm_52");
  // Among others it is a listed GPU like any.
  In.Command = clang({"sm_52", "sm_61"});
  EXPECT_EQ(selectTarget(In).Arch, "sm_61");
}

TEST(TargetSelection, GpusWithoutAModelArePassedOver) {
  TargetInputs In;
  In.Command = clang({"sm_88"});
  TargetSelection S = selectTarget(In);
  EXPECT_EQ(S.Arch, "sm_90");
  EXPECT_EQ(S.BuildArchs, std::vector<std::string>{"sm_88"});
}

} // namespace

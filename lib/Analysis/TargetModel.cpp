//===- TargetModel.cpp - The GPU a translation unit is judged for ---------===//
#include "Analysis/TargetModel.h"

namespace warplint {

const hw::HardwareModel &builtinTargetModel(llvm::StringRef ArchOption,
                                            llvm::StringRef CPU,
                                            llvm::StringRef DefaultArch) {
  TargetInputs In;
  if (!ArchOption.empty() && hw::findBuiltinModel(ArchOption))
    In.Configuration = ArchSetting{ArchOption.str(), "warplint.Arch option"};
  if (!CPU.empty()) {
    In.Command.Archs.push_back(CPU.str());
    In.Command.Spellings.push_back(("--cuda-gpu-arch=" + CPU).str());
  }
  In.DefaultArch = DefaultArch.str();
  return *hw::findBuiltinModel(selectTarget(In).Arch);
}

std::string configuredTargetNote(llvm::StringRef ArchOption) {
  TargetInputs In;
  In.Configuration = ArchSetting{ArchOption.str(), "warplint.Arch option"};
  return selectTarget(In).findingNote();
}

} // namespace warplint

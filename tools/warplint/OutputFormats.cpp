//===- OutputFormats.cpp - The formats of --format, listed once -----------===//
#include "tools/warplint/OutputFormats.h"

#include "llvm/ADT/STLExtras.h"
#include <string>

namespace warplint {

llvm::ArrayRef<OutputFormat> outputFormats() {
  static const OutputFormat Formats[] = {
      {"clang", "(default)", nullptr},
      {"sarif", "", emitSarif},
      {"github", "", emitGitHub},
      {"json", "", emitJson},
      {"codeclimate", "(GitLab Code Quality)", emitCodeClimate},
      {"html", "(a report directory, given with -o)", nullptr},
  };
  return Formats;
}

const OutputFormat *findOutputFormat(llvm::StringRef Name) {
  for (const OutputFormat &F : outputFormats())
    if (F.Name == Name)
      return &F;
  return nullptr;
}

llvm::StringRef outputFormatsHelp() {
  static const std::string Help = [] {
    std::string S = "Output format:";
    for (const auto &[I, F] : llvm::enumerate(outputFormats())) {
      S += (I ? ", " : " ") + F.Name.str();
      if (!F.Help.empty())
        S += " " + F.Help.str();
    }
    return S;
  }();
  return Help;
}

std::string outputFormatNames() {
  std::string S;
  llvm::ArrayRef<OutputFormat> All = outputFormats();
  for (const auto &[I, F] : llvm::enumerate(All))
    S += (I == 0 ? "" : I + 1 == All.size() ? " or " : ", ") + F.Name.str();
  return S;
}

} // namespace warplint

//===- TargetSelection.h - Which GPU a file is analysed for -----*- C++ -*-===//
//
// Part of warplint. The target GPU is decided in one place, from four layers in
// a documented precedence (docs/configuration.md "Target architecture"):
//
//   command line (--arch) > configuration (.warplint.yaml `arch`, .clang-tidy
//   `warplint.Arch`, -config) > the compile command's GPUs (nvcc -arch,
//   -gencode, --generate-code, -code; clang --cuda-gpu-arch, --offload-arch)
//   > warplint's default (sm_90)
//
// The one decision gives both the hardware model's arch and the arch clang
// parses the device side for, so the parse and the verdicts cannot disagree.
// Nothing here needs a clang AST: the standalone binary decides before it
// parses, the clang-tidy plugin after (from the GPU clang parsed for).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_TARGETSELECTION_H
#define WARPLINT_FRONTEND_TARGETSELECTION_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// warplint's documented default target (README, docs/configuration.md).
inline constexpr const char *DefaultTargetArch = "sm_90";

/// The GPU clang 22 parses CUDA for when a command names none. A parsed AST
/// cannot tell it from an explicit --cuda-gpu-arch=sm_52 (`clang -###` differs
/// only in -cuid), which is why a clang command's lone sm_52 counts as naming
/// no GPU (see selectTarget).
inline constexpr const char *ClangImplicitArch = "sm_52";

/// One configuration layer's say on the target.
struct ArchSetting {
  std::string Arch;   ///< As written; canonicalised by selectTarget.
  std::string Origin; ///< "arch in /p/.warplint.yaml", "warplint.Arch in ..."
};

/// The GPUs a compile command builds for, as it wrote them.
struct CommandArchs {
  std::vector<std::string> Archs;     ///< "sm_80", command-line order, unique.
  std::vector<std::string> Spellings; ///< "-arch=sm_11", "-gencode arch=..."
  bool FromNvcc = false; ///< nvcc spellings (the plugin never sees those).
};

/// The layers, highest precedence first.
enum class TargetSource { CommandLine, Configuration, CompileCommand, Default };

/// What selectTarget gets.
struct TargetInputs {
  std::optional<std::string> CommandLine;   ///< --arch
  std::optional<ArchSetting> Configuration; ///< the effective configured arch
  CommandArchs Command;
  std::string DefaultArch = DefaultTargetArch;
};

/// The decision for one file.
struct TargetSelection {
  std::string Arch;      ///< The hardware model's arch, "sm_11".
  std::string ParseArch; ///< What clang parses: Arch unless clang cannot.
  TargetSource Kind = TargetSource::Default;
  /// Which layer decided: "--arch", "arch in /p/.warplint.yaml", "compile
  /// command (-arch=sm_11)", "default".
  std::string Source;
  std::vector<std::string> BuildArchs; ///< Every GPU the command builds.
  std::string Description;             ///< One line for --verbose and reports.

  /// True when the compile command builds several GPUs and this one was
  /// chosen among them.
  bool choseAmongSeveral() const {
    return Kind == TargetSource::CompileCommand && BuildArchs.size() > 1;
  }

  /// The evidence note every finding carries, or "" when the target needs no
  /// comment on each finding. Only two decisions do: a choice among a
  /// multi-arch build's GPUs (the verdicts for the others may differ), and an
  /// arch clang cannot parse for (compute capability 1.x is judged with its
  /// own model on a parse for a newer GPU). Everything else is said once per
  /// file, in --verbose and the JSON/SARIF run properties: a note on every
  /// finding that repeats the default would only be noise. The text depends on
  /// the decision alone, not on what clang really parsed, so both front ends
  /// print the same note.
  std::string findingNote() const;
};

/// Decides the target from the layers, in the documented precedence. A
/// multi-arch build is analysed for its newest GPU: that is the one the build
/// is tuned for and that runs on the newest hardware; the description and the
/// finding note say so, and --arch picks another. An arch without a built-in
/// hardware model in the compile command is passed over (the next layer
/// decides). Callers have validated CommandLine and Configuration.
TargetSelection selectTarget(const TargetInputs &In);

/// Whether clang 22 can parse device code for \p Arch ("sm_20" to "sm_121").
bool clangCanParseArch(llvm::StringRef Arch);

} // namespace warplint

#endif

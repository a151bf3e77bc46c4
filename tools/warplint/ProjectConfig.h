//===- ProjectConfig.h - .warplint.yaml -------------------------*- C++ -*-===//
//
// Part of warplint. A project's .warplint.yaml, read with yaml-cpp, validated
// against a small schema and translated into clang-tidy options, so that one
// set of keys reaches both front ends: the standalone binary reads
// .warplint.yaml, and clang-tidy with the plugin reads the same settings from
// .clang-tidy (Checks and CheckOptions, keys in docs/configuration.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_PROJECTCONFIG_H
#define WARPLINT_TOOLS_PROJECTCONFIG_H

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>

namespace warplint {

/// The name warplint looks for in a file's directory and every directory
/// above it; the nearest one applies.
inline constexpr const char *ProjectConfigName = ".warplint.yaml";

/// Parses a .warplint.yaml text. Keys: arch, checks, min-priority,
/// hardware-model (relative to the file's directory), check-options. Errors
/// name the file, the YAML path and the expected type, e.g.
/// "p/.warplint.yaml: check-options.warplint-x.Threshold: expected a scalar,
/// got a sequence".
llvm::Expected<clang::tidy::ClangTidyOptions>
parseProjectConfig(llvm::StringRef Text, llvm::StringRef Path);

/// The nearest .warplint.yaml at or above \p File's directory, if any.
std::optional<std::string> findProjectConfig(llvm::StringRef File);

/// Reads and parses a file (errors as parseProjectConfig, or "cannot read").
llvm::Expected<clang::tidy::ClangTidyOptions>
loadProjectConfig(llvm::StringRef Path);

/// Checks the warplint.* global options wherever they came from (a
/// .clang-tidy's CheckOptions, -config): a known arch, a priority, a readable
/// hardware model. \p Origin names where they came from in the message.
llvm::Error validateWarplintOptions(const clang::tidy::ClangTidyOptions &Opts,
                                    llvm::StringRef Origin);

/// clang-tidy's options with the nearest .warplint.yaml layered between the
/// .clang-tidy files and the command line: defaults < .clang-tidy <
/// .warplint.yaml < command-line options.
class ProjectConfigProvider : public clang::tidy::ClangTidyOptionsProvider {
public:
  /// \p Loaded: configurations parsed (and validated) before the run, by path.
  ProjectConfigProvider(
      std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner,
      std::shared_ptr<const llvm::StringMap<clang::tidy::ClangTidyOptions>>
          Loaded)
      : Inner(std::move(Inner)), Loaded(std::move(Loaded)) {}

  const clang::tidy::ClangTidyGlobalOptions &getGlobalOptions() override {
    return Inner->getGlobalOptions();
  }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override;

private:
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Inner;
  std::shared_ptr<const llvm::StringMap<clang::tidy::ClangTidyOptions>> Loaded;
};

} // namespace warplint

#endif

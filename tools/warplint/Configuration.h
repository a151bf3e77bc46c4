//===- Configuration.h - The layers of warplint's options ------*- C++ -*-===//
//
// Every file's options come from clang-tidy's providers with warplint's
// defaults underneath: defaults < .clang-tidy (or -config / -config-file) <
// the nearest .warplint.yaml < the command line's options. Built once from the
// command line; each thread and file gets a fresh provider from it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_CONFIGURATION_H
#define WARPLINT_TOOLS_CONFIGURATION_H

#include "Frontend/TargetSelection.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace warplint {

/// The configuration layers of one run.
struct Configuration {
  clang::tidy::ClangTidyOptions Defaults;  ///< warplint's: -*,warplint-*.
  clang::tidy::ClangTidyOptions Overrides; ///< The command line's options.
  /// -config or -config-file: replaces the .clang-tidy files.
  std::optional<clang::tidy::ClangTidyOptions> Explicit;
  std::string Origin = "-config"; ///< Where Explicit came from, for messages.
  /// .warplint.yaml files, parsed and validated before anything runs.
  std::shared_ptr<llvm::StringMap<clang::tidy::ClangTidyOptions>>
      ProjectConfigs =
          std::make_shared<llvm::StringMap<clang::tidy::ClangTidyOptions>>();

  /// A fresh provider over every layer (providers cache per file: one per
  /// thread).
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> makeProvider() const;
  /// makeProvider as a function that owns a copy of the layers.
  std::function<std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>()>
  providerFactory() const;
  /// The configured arch of a file: the highest layer that sets warplint.Arch
  /// (.clang-tidy < .warplint.yaml < -config), named for the reports.
  std::function<std::optional<ArchSetting>(llvm::StringRef File)>
  configuredArch() const;
};

/// The layers the command line's options give (Options.h): errors are a bad
/// or unreadable -config / -config-file.
llvm::Expected<Configuration> readConfiguration();

/// Validates every .clang-tidy that applies to the inputs: a malformed file is
/// an error, not something to skip silently.
llvm::Error validateConfigFiles(llvm::ArrayRef<std::string> Inputs);

/// Loads every .warplint.yaml that applies to \p ConfigFor, then validates the
/// warplint.* options of each file's effective configuration (however they
/// were set).
llvm::Error loadProjectConfigs(Configuration &C,
                               llvm::ArrayRef<std::string> ConfigFor);

/// --dump-config: the effective configuration for \p For, every option of
/// every enabled check included, with where each layer came from.
void dumpConfig(const Configuration &C, llvm::StringRef For,
                llvm::raw_ostream &OS);

} // namespace warplint

#endif

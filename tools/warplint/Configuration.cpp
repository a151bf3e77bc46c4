//===- Configuration.cpp - The layers of warplint's options ---------------===//
#include "tools/warplint/Configuration.h"

#include "Hardware/HardwareModel.h"
#include "checks/WarplintCheck.h"
#include "clang-tidy/ClangTidy.h"
#include "tools/warplint/Options.h"
#include "tools/warplint/ProjectConfig.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
namespace tidy = clang::tidy;

namespace warplint {
using namespace cli;

static Error failure(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<Configuration> readConfiguration() {
  Configuration C;
  // Options: clang-tidy's providers, with warplint's defaults underneath.
  C.Defaults = tidy::ClangTidyOptions::getDefaults();
  C.Defaults.Checks = "-*,warplint-*";
  // Kernels in headers are the normal case in CUDA (templates, .cuh kernels):
  // every header outside system and toolkit directories, as clang-tidy 22's
  // ".*" default. runChecks reports a header's finding once however many
  // files include it.
  C.Defaults.HeaderFilterRegex = ".*";
  tidy::ClangTidyOptions &Overrides = C.Overrides;
  if (!Checks.empty())
    Overrides.Checks = Checks;
  if (!HeaderFilter.empty())
    Overrides.HeaderFilterRegex = HeaderFilter;
  // --arch is not a configuration layer: it goes to the target decision
  // (CudaParseOptions::Arch), which the Runner hands to the checks per file.
  // The command line's --min-priority replaces a configured one (the checks
  // apply it; the filter below applies it to the output as well).
  if (MinPriority.getNumOccurrences())
    Overrides.CheckOptions[MinPriorityOptionKey] =
        tidy::ClangTidyOptions::ClangTidyValue(StringRef(MinPriority).lower());
  // --assume replaces a configured assume: (the checks parse it; a bad value
  // is a usage error before anything runs, see main).
  if (Assume.getNumOccurrences()) {
    std::string Text;
    for (const std::string &A : Assume)
      Text += (Text.empty() ? "" : ",") + A;
    Overrides.CheckOptions[AssumeOptionKey] =
        tidy::ClangTidyOptions::ClangTidyValue(Text);
  }
  if (!HardwareModelFile.empty()) {
    SmallString<256> P(HardwareModelFile);
    sys::fs::make_absolute(P);
    sys::path::remove_dots(P, true);
    Overrides.CheckOptions[HardwareModelOptionKey] =
        tidy::ClangTidyOptions::ClangTidyValue(std::string(P));
  }
  // Exact register mode compiles with the toolkit the files are parsed with.
  if (!CudaPath.empty() && CudaPath != "none")
    Overrides.CheckOptions["warplint-register-pressure.CudaPath"] =
        tidy::ClangTidyOptions::ClangTidyValue(std::string(CudaPath));
  if (!ExtraArgs.empty())
    Overrides.ExtraArgs =
        std::vector<std::string>(ExtraArgs.begin(), ExtraArgs.end());
  if (!ExtraArgsBefore.empty())
    Overrides.ExtraArgsBefore = std::vector<std::string>(
        ExtraArgsBefore.begin(), ExtraArgsBefore.end());

  std::string ConfigText = Config;
  if (!ConfigFile.empty()) {
    if (!Config.empty())
      return failure("-config and -config-file are mutually exclusive");
    auto Buf = MemoryBuffer::getFile(ConfigFile);
    if (!Buf)
      return failure("cannot read configuration file '" + ConfigFile +
                     "': " + Buf.getError().message());
    ConfigText = (*Buf)->getBuffer().str();
    C.Origin = ConfigFile;
  }
  if (!ConfigText.empty()) {
    auto Parsed =
        tidy::parseConfiguration(MemoryBufferRef(ConfigText, C.Origin));
    if (!Parsed)
      return failure("malformed configuration in " + C.Origin + ": " +
                     Parsed.getError().message());
    C.Explicit = *Parsed;
  }
  return C;
}

std::unique_ptr<tidy::ClangTidyOptionsProvider>
Configuration::makeProvider() const {
  std::unique_ptr<tidy::ClangTidyOptionsProvider> Inner;
  if (Explicit)
    Inner = std::make_unique<tidy::ConfigOptionsProvider>(
        tidy::ClangTidyGlobalOptions(), Defaults, *Explicit, Overrides);
  else
    Inner = std::make_unique<tidy::FileOptionsProvider>(
        tidy::ClangTidyGlobalOptions(), Defaults, Overrides);
  return std::make_unique<ProjectConfigProvider>(std::move(Inner),
                                                 ProjectConfigs);
}

std::function<std::unique_ptr<tidy::ClangTidyOptionsProvider>()>
Configuration::providerFactory() const {
  return [C = *this] { return C.makeProvider(); };
}

std::function<std::optional<ArchSetting>(StringRef File)>
Configuration::configuredArch() const {
  return [C = *this](StringRef File) -> std::optional<ArchSetting> {
    std::optional<ArchSetting> Found;
    for (const auto &[Opts, Source] : C.makeProvider()->getRawOptions(File)) {
      auto It = Opts.CheckOptions.find(ArchOptionKey);
      if (It == Opts.CheckOptions.end() || It->second.Value.empty())
        continue;
      std::string Origin;
      if (Source == tidy::ClangTidyOptionsProvider::
                        OptionsSourceTypeConfigCommandLineOption)
        Origin = "warplint.Arch in " + C.Origin;
      else if (sys::path::filename(Source) == ProjectConfigName)
        Origin = "arch in " + Source;
      else
        Origin = "warplint.Arch in " + Source;
      Found = ArchSetting{It->second.Value, Origin};
    }
    return Found;
  };
}

Error validateConfigFiles(ArrayRef<std::string> Inputs) {
  StringSet<> Seen;
  for (const std::string &F : Inputs) {
    for (StringRef Dir = sys::path::parent_path(F); !Dir.empty();
         Dir = sys::path::parent_path(Dir)) {
      SmallString<256> P(Dir);
      sys::path::append(P, ".clang-tidy");
      if (!Seen.insert(P).second)
        break;
      if (!sys::fs::exists(P))
        continue;
      auto Buf = MemoryBuffer::getFile(P);
      if (!Buf)
        return failure("cannot read configuration file '" + P +
                       "': " + Buf.getError().message());
      auto Parsed = tidy::parseConfiguration((*Buf)->getMemBufferRef());
      if (!Parsed)
        return failure("malformed configuration file '" + P +
                       "': " + Parsed.getError().message());
      break; // the nearest one wins, as in clang-tidy
    }
  }
  return Error::success();
}

Error loadProjectConfigs(Configuration &C, ArrayRef<std::string> ConfigFor) {
  for (const std::string &F : ConfigFor)
    if (std::optional<std::string> P = findProjectConfig(F);
        P && !C.ProjectConfigs->count(*P)) {
      Expected<tidy::ClangTidyOptions> Loaded = loadProjectConfig(*P);
      if (!Loaded)
        return Loaded.takeError();
      C.ProjectConfigs->try_emplace(*P, std::move(*Loaded));
    }
  for (const std::string &F : ConfigFor) {
    auto Provider = C.makeProvider();
    if (Error E = validateWarplintOptions(Provider->getOptions(F),
                                          "configuration for '" + F + "'"))
      return E;
  }
  return Error::success();
}

void dumpConfig(const Configuration &C, StringRef For, raw_ostream &OS) {
  auto Provider = C.makeProvider();
  // Where each layer came from, lowest priority first.
  OS << "# effective configuration for " << For << "\n";
  for (const auto &Source : Provider->getRawOptions(For))
    OS << "#   from " << Source.second << "\n";
  tidy::ClangTidyOptions Effective = Provider->getOptions(For);
  // Every option of every enabled check, configured or default, as
  // clang-tidy --dump-config shows them.
  for (auto &Entry : tidy::getCheckOptions(Effective, false, false))
    Effective.CheckOptions.insert_or_assign(Entry.getKey(),
                                            std::move(Entry.getValue()));
  if (!Effective.CheckOptions.count(MinPriorityOptionKey))
    Effective.CheckOptions[MinPriorityOptionKey] =
        tidy::ClangTidyOptions::ClangTidyValue("low");
  if (!Arch.empty() || !Effective.CheckOptions.count(ArchOptionKey))
    Effective.CheckOptions.insert_or_assign(
        ArchOptionKey,
        tidy::ClangTidyOptions::ClangTidyValue(
            Arch.empty() ? std::string(DefaultArch) +
                               " (unless the compile command names one)"
                         : hw::canonicalArchName(Arch)));
  OS << tidy::configurationAsText(Effective);
}

} // namespace warplint

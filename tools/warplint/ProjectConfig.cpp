//===- ProjectConfig.cpp - .warplint.yaml ---------------------------------===//
#include "tools/warplint/ProjectConfig.h"

#include "Hardware/HardwareModel.h"
#include "Analysis/Assumptions.h"
#include "checks/CheckRegistry.h"
#include "checks/WarplintCheck.h"
#include "clang-tidy/ClangTidy.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <yaml-cpp/yaml.h>

namespace tidy = clang::tidy;

namespace warplint {

namespace {

/// Every option a warplint check declares, with its default: the checks'
/// own storeOptions, so the schema cannot drift from the code.
const tidy::ClangTidyOptions::OptionMap &knownCheckOptions() {
  static const tidy::ClangTidyOptions::OptionMap Known = [] {
    tidy::ClangTidyOptions O = tidy::ClangTidyOptions::getDefaults();
    O.Checks = "-*,warplint-*";
    return tidy::getCheckOptions(O, false, false);
  }();
  return Known;
}

const char *kindName(const YAML::Node &N) {
  switch (N.Type()) {
  case YAML::NodeType::Map:
    return "a map";
  case YAML::NodeType::Sequence:
    return "a sequence";
  case YAML::NodeType::Scalar:
    return "a scalar";
  case YAML::NodeType::Null:
    return "nothing (null)";
  default:
    return "an undefined value";
  }
}

/// Builds errors that name the file, the line and column, and the YAML path.
struct Reporter {
  std::string File;
  llvm::Error error(const YAML::Node &N, llvm::StringRef YamlPath,
                    const llvm::Twine &Msg) const {
    std::string Where = File;
    if (N.IsDefined() && N.Mark().line >= 0)
      Where += ":" + std::to_string(N.Mark().line + 1) + ":" +
               std::to_string(N.Mark().column + 1);
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Where + ": " + YamlPath + ": " + Msg);
  }
  llvm::Error expected(const YAML::Node &N, llvm::StringRef YamlPath,
                       llvm::StringRef What) const {
    return error(N, YamlPath,
                 "expected " + What + ", got " + kindName(N) +
                     (N.IsScalar() ? " '" + N.Scalar() + "'" : ""));
  }
};

llvm::Error parseChecks(const YAML::Node &N, const Reporter &R,
                        tidy::ClangTidyOptions &Out) {
  std::vector<std::string> Globs;
  if (N.IsScalar()) {
    Globs.push_back(N.Scalar());
  } else if (N.IsSequence()) {
    for (size_t I = 0; I < N.size(); ++I) {
      if (!N[I].IsScalar())
        return R.expected(N[I], "checks[" + std::to_string(I) + "]",
                          "a check name or glob (a string)");
      Globs.push_back(N[I].Scalar());
    }
  } else {
    return R.expected(N, "checks",
                      "a string or a sequence of strings (check globs such "
                      "as 'warplint-*' or '-warplint-shared-bank-conflict')");
  }
  Out.Checks = llvm::join(Globs, ",");
  return llvm::Error::success();
}

llvm::Error parseCheckOptions(const YAML::Node &N, const Reporter &R,
                              tidy::ClangTidyOptions &Out) {
  if (!N.IsMap())
    return R.expected(N, "check-options",
                      "a map from check name to a map of options");
  const tidy::ClangTidyOptions::OptionMap &Known = knownCheckOptions();
  for (const auto &Entry : N) {
    std::string Check = Entry.first.as<std::string>();
    std::string Path = "check-options." + Check;
    if (!findCheck(Check))
      return R.error(Entry.first, Path,
                     "unknown check (warplint --list-checks lists them)");
    if (!Entry.second.IsMap())
      return R.expected(Entry.second, Path, "a map of option: value");
    for (const auto &Opt : Entry.second) {
      std::string Name = Opt.first.as<std::string>();
      std::string Key = Check + "." + Name;
      if (!Known.count(Key)) {
        std::vector<std::string> Names;
        for (const auto &K : Known)
          if (llvm::StringRef(K.getKey()).starts_with(Check + "."))
            Names.push_back(
                llvm::StringRef(K.getKey()).drop_front(Check.size() + 1).str());
        llvm::sort(Names);
        return R.error(Opt.first, Path + "." + Name,
                       "unknown option of " + Check + " (known: " +
                           (Names.empty() ? "none" : llvm::join(Names, ", ")) +
                           ")");
      }
      if (!Opt.second.IsScalar())
        return R.expected(Opt.second, Path + "." + Name,
                          "a scalar (string, number or boolean)");
      // The type is the default's: a boolean option takes true or false, a
      // numeric one a number (a check reads anything else as its default).
      llvm::StringRef Default = Known.find(Key)->getValue().Value;
      llvm::StringRef Value = Opt.second.Scalar();
      double Num;
      bool IsBool = Default == "true" || Default == "false";
      if (IsBool && Value != "true" && Value != "false")
        return R.expected(Opt.second, Path + "." + Name,
                          "a boolean (true or false)");
      if (!IsBool && !Default.getAsDouble(Num) && Value.getAsDouble(Num))
        return R.expected(Opt.second, Path + "." + Name, "a number");
      Out.CheckOptions[Key] = tidy::ClangTidyOptions::ClangTidyValue(Value);
    }
  }
  return llvm::Error::success();
}

llvm::Expected<tidy::ClangTidyOptions> parseRoot(const YAML::Node &Root,
                                                 const Reporter &R) {
  tidy::ClangTidyOptions Out;
  if (Root.IsNull())
    return Out; // an empty file changes nothing
  if (!Root.IsMap())
    return R.expected(Root, "(top level)",
                      "a map with keys arch, checks, min-priority, "
                      "hardware-model, assume, check-options");
  // The arch first: the hardware model override is checked against it.
  std::string Arch = DefaultArch;
  if (YAML::Node A = Root["arch"]) {
    if (!A.IsScalar() || !hw::findBuiltinModel(A.Scalar()))
      return A.IsScalar()
                 ? R.error(A, "arch",
                           "unknown GPU architecture '" + A.Scalar() +
                               "'; known: " + hw::knownArchList())
                 : R.expected(A, "arch", "a GPU architecture such as sm_80");
    Arch = hw::canonicalArchName(A.Scalar());
    Out.CheckOptions[ArchOptionKey] =
        tidy::ClangTidyOptions::ClangTidyValue(Arch);
  }
  for (const auto &Entry : Root) {
    if (!Entry.first.IsScalar())
      return R.expected(Entry.first, "(top level)", "a key (a string)");
    std::string Key = Entry.first.Scalar();
    const YAML::Node &V = Entry.second;
    if (Key == "arch")
      continue;
    if (Key == "checks") {
      if (llvm::Error E = parseChecks(V, R, Out))
        return std::move(E);
    } else if (Key == "min-priority") {
      if (!V.IsScalar() || !parsePriority(V.Scalar()))
        return R.expected(V, "min-priority", "one of high, medium, low");
      Out.CheckOptions[MinPriorityOptionKey] =
          tidy::ClangTidyOptions::ClangTidyValue(
              llvm::StringRef(V.Scalar()).lower());
    } else if (Key == "hardware-model") {
      if (!V.IsScalar() || V.Scalar().empty())
        return R.expected(V, "hardware-model",
                          "a path to a hardware model YAML file");
      llvm::SmallString<256> P(V.Scalar());
      if (!llvm::sys::path::is_absolute(P)) {
        P = llvm::sys::path::parent_path(R.File);
        llvm::sys::path::append(P, V.Scalar());
      }
      llvm::sys::fs::make_absolute(P);
      llvm::sys::path::remove_dots(P, true);
      llvm::Expected<const hw::HardwareModel *> M =
          overriddenModel(*hw::findBuiltinModel(Arch), P);
      if (!M)
        return R.error(V, "hardware-model", llvm::toString(M.takeError()));
      Out.CheckOptions[HardwareModelOptionKey] =
          tidy::ClangTidyOptions::ClangTidyValue(std::string(P));
    } else if (Key == "assume") {
      // A map {T: 1024, blockDim.x: 256} or the command line's text.
      std::string Text;
      if (V.IsMap()) {
        for (const auto &E : V) {
          if (!E.first.IsScalar() || !E.second.IsScalar())
            return R.expected(E.second, "assume",
                              "a map of names to integers");
          Text += (Text.empty() ? "" : ",") + E.first.Scalar() + "=" +
                  E.second.Scalar();
        }
      } else if (V.IsScalar()) {
        Text = V.Scalar();
      } else {
        return R.expected(V, "assume",
                          "a map of names to integers, or NAME=VALUE,...");
      }
      llvm::Expected<Assumptions> A = parseAssumptions(Text);
      if (!A)
        return R.error(V, "assume", llvm::toString(A.takeError()));
      Out.CheckOptions[AssumeOptionKey] =
          tidy::ClangTidyOptions::ClangTidyValue(A->text());
    } else if (Key == "check-options") {
      if (llvm::Error E = parseCheckOptions(V, R, Out))
        return std::move(E);
    } else {
      return R.error(Entry.first, Key,
                     "unknown key (expected arch, checks, min-priority, "
                     "hardware-model, assume, check-options)");
    }
  }
  return Out;
}

} // namespace

llvm::Expected<tidy::ClangTidyOptions>
parseProjectConfig(llvm::StringRef Text, llvm::StringRef Path) {
  Reporter R{Path.str()};
  YAML::Node Root;
  try {
    Root = YAML::Load(Text.str());
  } catch (const YAML::ParserException &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Path + ":" + llvm::Twine(E.mark.line + 1) +
                                       ":" + llvm::Twine(E.mark.column + 1) +
                                       ": not valid YAML: " + E.msg);
  }
  try {
    return parseRoot(Root, R);
  } catch (const YAML::Exception &E) {
    // Keys that are not scalars and the like: still the file's fault.
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Path + ":" + llvm::Twine(E.mark.line + 1) +
                                       ": " + E.msg);
  }
}

llvm::Expected<tidy::ClangTidyOptions> loadProjectConfig(llvm::StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read configuration file '" + Path +
                                       "': " + Buf.getError().message());
  return parseProjectConfig((*Buf)->getBuffer(), Path);
}

std::optional<std::string> findProjectConfig(llvm::StringRef File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Abs); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, ProjectConfigName);
    if (llvm::sys::fs::exists(P))
      return std::string(P);
  }
  return std::nullopt;
}

llvm::Error validateWarplintOptions(const tidy::ClangTidyOptions &Opts,
                                    llvm::StringRef Origin) {
  auto Get = [&](const char *Key) -> std::optional<std::string> {
    auto It = Opts.CheckOptions.find(Key);
    if (It == Opts.CheckOptions.end() || It->second.Value.empty())
      return std::nullopt;
    return It->second.Value;
  };
  auto Fail = [&](const llvm::Twine &Msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Origin + ": " + Msg);
  };
  std::string Arch = DefaultArch;
  if (auto A = Get(ArchOptionKey)) {
    if (!hw::findBuiltinModel(*A))
      return Fail(llvm::Twine(ArchOptionKey) + ": unknown GPU architecture '" +
                  *A + "'; known: " + hw::knownArchList());
    Arch = hw::canonicalArchName(*A);
  }
  if (auto P = Get(MinPriorityOptionKey); P && !parsePriority(*P))
    return Fail(llvm::Twine(MinPriorityOptionKey) +
                ": expected one of high, "
                "medium, low, got '" +
                *P + "'");
  if (auto A = Get(AssumeOptionKey)) {
    llvm::Expected<Assumptions> Parsed = parseAssumptions(*A);
    if (!Parsed)
      return Fail(llvm::Twine(AssumeOptionKey) + ": " +
                  llvm::toString(Parsed.takeError()));
  }
  if (auto H = Get(HardwareModelOptionKey)) {
    llvm::Expected<const hw::HardwareModel *> M =
        overriddenModel(*hw::findBuiltinModel(Arch), *H);
    if (!M)
      return Fail(llvm::Twine(HardwareModelOptionKey) + ": " +
                  llvm::toString(M.takeError()));
  }
  return llvm::Error::success();
}

std::vector<ProjectConfigProvider::OptionsSource>
ProjectConfigProvider::getRawOptions(llvm::StringRef FileName) {
  std::vector<OptionsSource> Raw = Inner->getRawOptions(FileName);
  std::optional<std::string> Path = findProjectConfig(FileName);
  if (!Path)
    return Raw;
  std::optional<tidy::ClangTidyOptions> Opts;
  if (auto It = Loaded->find(*Path); It != Loaded->end()) {
    Opts = It->second;
  } else if (auto L = loadProjectConfig(*Path)) {
    Opts = std::move(*L); // e.g. a header's directory; checked inputs only
  } else {
    llvm::consumeError(L.takeError());
  }
  if (!Opts)
    return Raw;
  // Before the command line's options (-config, -checks, --arch), which
  // clang-tidy's providers put last.
  auto Pos = Raw.end();
  while (Pos != Raw.begin() &&
         ((Pos - 1)->second == OptionsSourceTypeCheckCommandLineOption ||
          (Pos - 1)->second == OptionsSourceTypeConfigCommandLineOption))
    --Pos;
  Raw.insert(Pos, OptionsSource(std::move(*Opts), *Path));
  return Raw;
}

} // namespace warplint

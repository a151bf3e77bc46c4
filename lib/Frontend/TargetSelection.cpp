//===- TargetSelection.cpp - Which GPU a file is analysed for -------------===//
#include "Frontend/TargetSelection.h"

#include "Hardware/HardwareModel.h"
#include "clang/Basic/OffloadArch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace warplint {

bool clangCanParseArch(llvm::StringRef Arch) {
  return clang::StringToOffloadArch(Arch) != clang::OffloadArch::UNKNOWN;
}

/// The SM number of a canonical name ("sm_120" -> 120), for ordering.
static unsigned smNumber(llvm::StringRef Arch) {
  unsigned N = 0;
  Arch.consume_front("sm_");
  Arch.getAsInteger(10, N);
  return N;
}

/// clang 22 parses sm_20 to sm_121; older models (sm_1x) are analysed with
/// their own hardware model but parsed for sm_52, the oldest GPU the current
/// toolkits support. A newer arch clang does not know yet is parsed for the
/// newest one below it that clang knows.
static std::string parseArchFor(llvm::StringRef Arch) {
  if (clangCanParseArch(Arch))
    return Arch.str();
  const hw::HardwareModel *Best = nullptr;
  for (const hw::HardwareModel &M : hw::builtinModels())
    if (M.CCMajor >= 2 && smNumber(M.Name) < smNumber(Arch) &&
        clangCanParseArch(M.Name))
      Best = &M;
  if (Best && smNumber(Best->Name) > smNumber(ClangImplicitArch))
    return Best->Name;
  return ClangImplicitArch;
}

/// Why clang parses another GPU than the target, for the description.
static std::string whyParsedAs(const hw::HardwareModel &M) {
  if (M.CCMajor == 1)
    return "clang cannot parse compute capability 1.x";
  return "clang 22 cannot parse " + M.Name;
}

/// "a, b and c" style lists are avoided: GPU lists read best as "a, b, c".
static std::string joinArchs(llvm::ArrayRef<std::string> Archs) {
  return llvm::join(Archs, ", ");
}

/// The compile command's options as a reader finds them in the database: the
/// only one, or the first and an ellipsis.
static std::string spellingSummary(const CommandArchs &C) {
  if (C.Spellings.empty())
    return "";
  return C.Spellings.size() == 1 ? C.Spellings.front()
                                 : C.Spellings.front() + " ...";
}

TargetSelection selectTarget(const TargetInputs &In) {
  TargetSelection S;
  for (const std::string &A : In.Command.Archs) {
    std::string C = hw::canonicalArchName(A);
    if (!C.empty() && !llvm::is_contained(S.BuildArchs, C))
      S.BuildArchs.push_back(C);
  }
  // The archs of the command that warplint has a model for.
  std::vector<std::string> Modelled;
  for (const std::string &A : S.BuildArchs)
    if (hw::findBuiltinModel(A))
      Modelled.push_back(A);
  // sm_52 is what clang parses for when a command names no GPU, and a parsed
  // AST cannot tell the two apart: the clang-tidy plugin only sees the GPU of
  // the parse. For both front ends to decide alike, a clang command whose only
  // GPU is sm_52 names none. nvcc commands are read only by the binary, which
  // sees what they say, so their sm_52 stands.
  bool ImplicitClangDefault = !In.Command.FromNvcc && Modelled.size() == 1 &&
                              Modelled.front() == ClangImplicitArch;
  std::string Builds = S.BuildArchs.empty() ? ""
                                            : " (the compile command builds " +
                                                  joinArchs(S.BuildArchs) + ")";

  if (In.CommandLine && hw::findBuiltinModel(*In.CommandLine)) {
    S.Arch = hw::canonicalArchName(*In.CommandLine);
    S.Kind = TargetSource::CommandLine;
    S.Source = "--arch";
    S.Description = S.Arch + " from --arch" + Builds;
  } else if (In.Configuration && hw::findBuiltinModel(In.Configuration->Arch)) {
    S.Arch = hw::canonicalArchName(In.Configuration->Arch);
    S.Kind = TargetSource::Configuration;
    S.Source = In.Configuration->Origin;
    S.Description = S.Arch + " from " + S.Source + Builds;
  } else if (!Modelled.empty() && !ImplicitClangDefault) {
    // Several GPUs: the newest. The build is tuned for it, it is what runs on
    // the newest hardware, and its model is the one whose numbers users look
    // up today; analysing each and merging would multiply the run time for
    // verdicts that mostly agree.
    S.Arch = *llvm::max_element(Modelled,
                                [](const std::string &A, const std::string &B) {
                                  return smNumber(A) < smNumber(B);
                                });
    S.Kind = TargetSource::CompileCommand;
    S.Source = "compile command (" + spellingSummary(In.Command) + ")";
    if (S.BuildArchs.size() > 1)
      S.Description = S.Arch + ", the newest of the compile command's " +
                      joinArchs(S.BuildArchs) + " (" +
                      spellingSummary(In.Command) +
                      "): the GPU the build is tuned for; --arch picks another";
    else
      S.Description = S.Arch + " from the " + S.Source;
  } else {
    S.Arch = hw::canonicalArchName(In.DefaultArch);
    S.Kind = TargetSource::Default;
    S.Source = "default";
    if (ImplicitClangDefault)
      S.Description =
          S.Arch + ", warplint's default (the compile command names only " +
          ClangImplicitArch +
          ", clang's implicit GPU, which the clang-tidy plugin cannot tell "
          "from none; --arch or arch: chooses it)";
    else if (!S.BuildArchs.empty())
      S.Description = S.Arch + ", warplint's default (no model for the " +
                      "compile command's " + joinArchs(S.BuildArchs) + ")";
    else
      S.Description = S.Arch + ", warplint's default (no --arch, "
                               "configuration or compile command names a GPU)";
  }
  S.ParseArch = parseArchFor(S.Arch);
  if (S.ParseArch != S.Arch)
    S.Description += "; parsed as " + S.ParseArch + " (" +
                     whyParsedAs(*hw::findBuiltinModel(S.Arch)) + ")";
  return S;
}

std::string TargetSelection::findingNote() const {
  if (choseAmongSeveral())
    return "target " + Arch + ", the newest of the " +
           std::to_string(BuildArchs.size()) +
           " GPUs the compile command builds (" + joinArchs(BuildArchs) +
           "); verdicts for the others may differ (--arch picks one)";
  if (ParseArch != Arch) {
    const hw::HardwareModel *M = hw::findBuiltinModel(Arch);
    std::string CC =
        M ? std::to_string(M->CCMajor) + "." + std::to_string(M->CCMinor) : "";
    return "target " + Arch + " (compute capability " + CC +
           "): judged with its own model, though clang cannot parse device "
           "code for it";
  }
  return "";
}

} // namespace warplint

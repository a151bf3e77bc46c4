//===- Emitters.cpp - Findings as text, JSON and GitHub commands ----------===//
#include "Findings/Emitters.h"

#include "Findings/SourceFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include <algorithm>

namespace warplint {

std::string relativePath(llvm::StringRef Path, llvm::StringRef Root) {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  llvm::SmallString<256> R(Root);
  llvm::sys::path::remove_dots(R, true);
  llvm::StringRef PS = P, RS = R;
  if (!RS.empty() && PS.starts_with(RS)) {
    llvm::StringRef Rest = PS.drop_front(RS.size());
    if (Rest.starts_with("/") || RS.ends_with("/"))
      return Rest.ltrim('/').str();
  }
  return std::string(llvm::sys::path::convert_to_slash(PS));
}

std::string fingerprint(const Finding &F, llvm::StringRef Root) {
  std::string Key =
      F.CheckId + "\n" + relativePath(F.Pos.File, Root) + "\n" +
      llvm::StringRef(sourceLine(F.Pos.File, F.Pos.Line)).trim().str();
  std::array<uint8_t, 32> Hash = llvm::SHA256::hash(
      llvm::ArrayRef<uint8_t>((const uint8_t *)Key.data(), Key.size()));
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Hash.data(), 16), true);
}

static void printSnippet(llvm::raw_ostream &OS, const SourcePos &P) {
  std::string Line = sourceLine(P.File, P.Line);
  if (Line.empty() || P.Column == 0)
    return;
  std::string Num = std::to_string(P.Line);
  OS << llvm::format("%5s", Num.c_str()) << " | " << Line << "\n";
  OS << "      | ";
  // Keep tabs so that the caret lines up under the column.
  for (unsigned I = 0; I + 1 < P.Column && I < Line.size(); ++I)
    OS << (Line[I] == '\t' ? '\t' : ' ');
  OS << "^\n";
}

void emitText(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
              const RunInfo &Info, bool ShowSnippets) {
  for (const ToolError &E : Info.Errors) {
    OS << E.File;
    if (E.Line)
      OS << ":" << E.Line << ":" << E.Column;
    OS << ": error: " << E.Message << "\n";
    if (ShowSnippets)
      printSnippet(OS, SourcePos{E.File, E.Line, E.Column, 0});
  }
  for (const Finding &F : Findings) {
    OS << F.Pos.File << ":" << F.Pos.Line << ":" << F.Pos.Column
       << ": warning: " << F.Message << " [" << F.CheckId << "]\n";
    if (ShowSnippets)
      printSnippet(OS, F.Pos);
    for (const FindingNote &N : F.Notes) {
      // Macros defined with -D have no file: clang calls the place "<command
      // line>".
      if (N.Pos.File.empty())
        OS << "<command line>";
      else
        OS << N.Pos.File << ":" << N.Pos.Line << ":" << N.Pos.Column;
      OS << ": note: " << N.Message << "\n";
      if (ShowSnippets)
        printSnippet(OS, N.Pos);
    }
    if (!F.PriorityNote.empty()) {
      OS << F.Pos.File << ":" << F.Pos.Line << ":" << F.Pos.Column
         << ": note: " << F.PriorityNote << "\n";
      if (ShowSnippets)
        printSnippet(OS, F.Pos);
    }
  }
}

static llvm::json::Value fixToJson(const FixIt &X) {
  return llvm::json::Object{
      {"file", X.File},       {"offset", X.Offset},
      {"length", X.Length},   {"replacement", X.Replacement},
      {"line", X.Line},       {"column", X.Column},
      {"endLine", X.EndLine}, {"endColumn", X.EndColumn}};
}

void emitJson(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
              const RunInfo &Info) {
  llvm::json::Array Arr;
  for (const Finding &F : Findings) {
    llvm::json::Array Notes;
    for (const FindingNote &N : F.Notes) {
      llvm::json::Array Fixes;
      for (const FixIt &X : N.Fixes)
        Fixes.push_back(fixToJson(X));
      Notes.push_back(llvm::json::Object{{"file", N.Pos.File},
                                         {"line", N.Pos.Line},
                                         {"column", N.Pos.Column},
                                         {"message", N.Message},
                                         {"fixes", std::move(Fixes)}});
    }
    llvm::json::Array Fixes;
    for (const FixIt &X : F.Fixes)
      Fixes.push_back(fixToJson(X));
    Arr.push_back(llvm::json::Object{
        {"check", F.CheckId},
        {"priority", priorityName(F.Prio)},
        {"guide", llvm::json::Object{{"modern", F.ModernSection},
                                     {"cuda23", F.G23Section}}},
        {"confidence", confidenceName(F.Conf)},
        {"file", F.Pos.File},
        {"relativeFile", relativePath(F.Pos.File, Info.SourceRoot)},
        {"line", F.Pos.Line},
        {"column", F.Pos.Column},
        {"endLine", F.EndPos.Line},
        {"endColumn", F.EndPos.Column},
        {"message", F.Message},
        {"notes", std::move(Notes)},
        {"fixes", std::move(Fixes)},
        {"fingerprint", fingerprint(F, Info.SourceRoot)}});
  }
  llvm::json::Array Errors;
  for (const ToolError &E : Info.Errors)
    Errors.push_back(llvm::json::Object{{"file", E.File},
                                        {"line", E.Line},
                                        {"column", E.Column},
                                        {"message", E.Message}});
  llvm::json::Value Root = llvm::json::Object{
      {"version", 1},
      {"tool", llvm::json::Object{{"name", "warplint"},
                                  {"version", Info.ToolVersion},
                                  {"llvmVersion", Info.LlvmVersion}}},
      {"findings", std::move(Arr)},
      {"errors", std::move(Errors)}};
  OS << llvm::formatv("{0:2}", Root) << "\n";
}

std::string escapeGitHubData(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else
      Out += C;
  }
  return Out;
}

std::string escapeGitHubProperty(llvm::StringRef S) {
  std::string Out;
  for (char C : escapeGitHubData(S)) {
    if (C == ':')
      Out += "%3A";
    else if (C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

/// GitHub's three annotation levels, from the guide's priority.
static llvm::StringRef gitHubCommand(Priority P) {
  switch (P) {
  case Priority::High:
    return "error";
  case Priority::Medium:
    return "warning";
  case Priority::Low:
    return "notice";
  }
  return "notice";
}

void emitGitHub(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                const RunInfo &Info) {
  for (const ToolError &E : Info.Errors) {
    OS << "::error file="
       << escapeGitHubProperty(relativePath(E.File, Info.SourceRoot));
    if (E.Line)
      OS << ",line=" << E.Line << ",col=" << E.Column;
    OS << ",title=" << escapeGitHubProperty("warplint: compile error")
       << "::" << escapeGitHubData(E.Message) << "\n";
  }
  // GitHub shows a limited number of annotations per step: the most urgent go
  // first.
  std::vector<const Finding *> Sorted;
  for (const Finding &F : Findings)
    Sorted.push_back(&F);
  std::stable_sort(
      Sorted.begin(), Sorted.end(),
      [](const Finding *A, const Finding *B) { return A->Prio > B->Prio; });
  for (const Finding *F : Sorted) {
    std::string Title = F->CheckId + " (" + priorityName(F->Prio).str() +
                        ", Best Practices Guide \u00a7" + F->ModernSection +
                        ")";
    std::string Msg = F->Message;
    for (const FindingNote &N : F->Notes)
      Msg += "\nnote: " + N.Message;
    OS << "::" << gitHubCommand(F->Prio) << " file="
       << escapeGitHubProperty(relativePath(F->Pos.File, Info.SourceRoot))
       << ",line=" << F->Pos.Line << ",col=" << F->Pos.Column;
    if (F->EndPos.Line >= F->Pos.Line && F->EndPos.Line != 0) {
      OS << ",endLine=" << F->EndPos.Line;
      if (F->EndPos.Line == F->Pos.Line)
        OS << ",endColumn=" << F->EndPos.Column;
    }
    OS << ",title=" << escapeGitHubProperty(Title)
       << "::" << escapeGitHubData(Msg) << "\n";
  }
}

} // namespace warplint

//===- Emitters.cpp - Findings as text, JSON and GitHub commands ----------===//
#include "Findings/Emitters.h"

#include "Findings/JsonText.h"
#include "Findings/SourceFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>
#include <map>
#include <set>

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

std::vector<std::string> fingerprints(llvm::ArrayRef<Finding> Findings,
                                      llvm::StringRef Root) {
  // Occurrences are counted in source order whatever order the caller uses.
  std::vector<size_t> Order(Findings.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const SourcePos &PA = Findings[A].Pos, &PB = Findings[B].Pos;
    return std::tie(PA.File, PA.Line, PA.Column) <
           std::tie(PB.File, PB.Line, PB.Column);
  });
  std::vector<std::string> Out(Findings.size());
  llvm::StringMap<unsigned> Seen;
  for (size_t I : Order) {
    const Finding &F = Findings[I];
    std::string Key =
        F.CheckId + "\n" + relativePath(F.Pos.File, Root) + "\n" +
        llvm::StringRef(sourceLine(F.Pos.File, F.Pos.Line)).trim().str();
    // The first occurrence hashes the key alone, so fingerprints of
    // non-repeating findings do not depend on what else was found.
    if (unsigned N = Seen[Key]++)
      Key += "\n#" + std::to_string(N);
    std::array<uint8_t, 32> Hash = llvm::SHA256::hash(
        llvm::ArrayRef<uint8_t>((const uint8_t *)Key.data(), Key.size()));
    Out[I] = llvm::toHex(llvm::ArrayRef<uint8_t>(Hash.data(), 16), true);
  }
  return Out;
}

namespace {
/// clang's colours (clang/lib/Frontend/TextDiagnostic.cpp, checked against
/// clang++-22 -fcolor-diagnostics): the location and a warning's message bold,
/// the level coloured, the caret line bold green, fix-it lines green.
struct Palette {
  bool On = false;
  llvm::StringRef Bold() const { return On ? "\x1b[1m" : ""; }
  llvm::StringRef Reset() const { return On ? "\x1b[0m" : ""; }
  llvm::StringRef Level(llvm::StringRef L) const {
    if (!On)
      return "";
    if (L == "error")
      return "\x1b[0;1;31m";
    if (L == "warning")
      return "\x1b[0;1;35m";
    if (L == "remark")
      return "\x1b[0;1;34m";
    return "\x1b[0;1;36m"; // note
  }
  llvm::StringRef Caret() const { return On ? "\x1b[0;1;32m" : ""; }
  llvm::StringRef FixIt() const { return On ? "\x1b[0;32m" : ""; }
};

/// One diagnostic line: "file:line:col: level: message".
void printHeader(llvm::raw_ostream &OS, const Palette &P,
                 llvm::StringRef Where, llvm::StringRef Level,
                 llvm::StringRef Message) {
  OS << P.Bold() << Where << ": " << P.Reset() << P.Level(Level) << Level
     << ": " << P.Reset();
  // clang prints a warning's or an error's text bold, a note's plain.
  if (Level == "note")
    OS << Message << P.Reset() << "\n";
  else
    OS << P.Bold() << Message << P.Reset() << "\n";
}

/// A column range [Begin, End) of one source line to underline.
struct ColumnRange {
  unsigned Begin, End;
};

/// The source line, the caret line (the ranges underlined with '~', the caret
/// '^' at \p Column when non-zero) and the fix-its on this line as clang
/// prints them: each replacement at the column of what it replaces.
void printSnippet(llvm::raw_ostream &OS, const Palette &P,
                  llvm::StringRef File, unsigned LineNo, unsigned Column,
                  llvm::ArrayRef<ColumnRange> Ranges,
                  llvm::ArrayRef<const FixIt *> Fixes) {
  std::string Line = sourceLine(File, LineNo);
  if (Line.empty())
    return;
  std::string Num = std::to_string(LineNo);
  OS << llvm::format("%5s", Num.c_str()) << " | " << Line << "\n";
  // Keep tabs so that the caret lines up under the column.
  std::string Caret;
  auto Grow = [&](std::string &S, unsigned Size) {
    while (S.size() < Size)
      S.push_back(S.size() < Line.size() && Line[S.size()] == '\t' ? '\t'
                                                                   : ' ');
  };
  for (const ColumnRange &R : Ranges) {
    unsigned B = std::max(1u, R.Begin), E = std::min<unsigned>(
                                            R.End, Line.size() + 1);
    if (B >= E)
      continue;
    Grow(Caret, E - 1);
    for (unsigned C = B; C < E; ++C)
      Caret[C - 1] = '~';
  }
  if (Column && Column <= Line.size() + 1) {
    Grow(Caret, Column);
    Caret[Column - 1] = '^';
  }
  OS << "      | " << P.Caret() << llvm::StringRef(Caret).rtrim() << "\n"
     << P.Reset();
  std::string Insert;
  for (const FixIt *X : Fixes) {
    if (X->Column == 0 || X->Column > Line.size() + 1)
      continue; // Not a position on this line.
    // A later fix-it that would overwrite an earlier one starts after it.
    unsigned At = std::max<unsigned>(X->Column - 1, Insert.size());
    Grow(Insert, At);
    Insert += X->Replacement;
  }
  if (!llvm::StringRef(Insert).trim().empty())
    OS << "      | " << P.FixIt() << llvm::StringRef(Insert).rtrim() << "\n"
       << P.Reset();
}

std::string where(const SourcePos &P) {
  // Macros defined with -D have no file: clang calls the place "<command
  // line>".
  if (P.File.empty())
    return "<command line>";
  return P.File + ":" + std::to_string(P.Line) + ":" + std::to_string(P.Column);
}

/// A finding: the warning, its snippet with the range underlined, then its
/// notes. A line is shown once per finding (a note on the warning's line
/// shows no second snippet); each fix-it is printed under the first snippet
/// of its line, or under a snippet of its own after the warning's.
void printFinding(llvm::raw_ostream &OS, const Palette &P, const Finding &F,
                  bool ShowSnippets) {
  printHeader(OS, P, where(F.Pos), F.AsError ? "error" : "warning",
              F.Message + " [" + F.CheckId +
                  (F.AsError ? ",-warnings-as-errors]" : "]"));
  // The places that have a snippet, in print order: the warning, its notes.
  std::vector<const SourcePos *> Places{&F.Pos};
  for (const FindingNote &N : F.Notes)
    Places.push_back(&N.Pos);
  std::vector<bool> Shown(Places.size(), false);
  std::set<std::pair<std::string, unsigned>> Lines;
  for (size_t I = 0; I < Places.size(); ++I)
    if (!Places[I]->File.empty() && Places[I]->Line)
      Shown[I] = Lines.insert({Places[I]->File, Places[I]->Line}).second;
  // Each fix-it's snippet: the first place on its line.
  std::vector<std::vector<const FixIt *>> FixesAt(Places.size());
  std::vector<const FixIt *> Elsewhere;
  for (const FixIt &X : F.Fixes) {
    size_t I = 0;
    while (I < Places.size() &&
           !(Shown[I] && Places[I]->File == X.File &&
             Places[I]->Line == X.Line))
      ++I;
    (I < Places.size() ? FixesAt[I] : Elsewhere).push_back(&X);
  }
  auto Snippet = [&](size_t I, std::vector<ColumnRange> Ranges) {
    for (const FixIt *X : FixesAt[I])
      if (X->EndLine == X->Line && X->Length)
        Ranges.push_back({X->Column, X->EndColumn});
    printSnippet(OS, P, Places[I]->File, Places[I]->Line, Places[I]->Column,
                 Ranges, FixesAt[I]);
  };
  if (ShowSnippets && Shown[0]) {
    // The warning's range on its line (it may start before the caret and
    // end on a later line).
    std::vector<ColumnRange> Ranges;
    const SourcePos &B = F.RangeBegin.Line ? F.RangeBegin : F.Pos;
    if (F.EndPos.Line >= F.Pos.Line && B.Line <= F.Pos.Line &&
        (F.EndPos.Line > F.Pos.Line || F.EndPos.Column > F.Pos.Column))
      Ranges.push_back({B.Line == F.Pos.Line ? B.Column : 1u,
                        F.EndPos.Line == F.Pos.Line ? F.EndPos.Column : ~0u});
    Snippet(0, std::move(Ranges));
    for (const FixIt *X : Elsewhere)
      if (X->EndLine == X->Line)
        printSnippet(OS, P, X->File, X->Line, 0,
                     {ColumnRange{X->Column, X->EndColumn}}, {X});
  }
  for (size_t I = 1; I < Places.size(); ++I) {
    const FindingNote &N = F.Notes[I - 1];
    printHeader(OS, P, where(N.Pos), "note", N.Message);
    if (ShowSnippets && Shown[I])
      Snippet(I, {});
  }
  if (F.Measured)
    printHeader(OS, P, where(F.Pos), "note",
                "measured on the GPU: " +
                    std::string(verdictName(F.Measured->V)) + ": " +
                    F.Measured->Summary);
}
} // namespace

std::string printedErrorKey(const ToolError &E) {
  return E.File + ":" + std::to_string(E.Line) + ":" +
         std::to_string(E.Column) + (E.Partial ? ":note:" : ":error:") +
         llvm::StringRef(E.Message).split("; ").first.str();
}

void emitText(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
              const RunInfo &Info, bool ShowSnippets, bool Color) {
  Palette P;
  P.On = Color;
  std::set<std::string> Printed;
  for (const ToolError &E : Info.Errors) {
    if (!Printed.insert(printedErrorKey(E)).second)
      continue;
    std::string Where = E.File;
    if (E.Line)
      Where += ":" + std::to_string(E.Line) + ":" + std::to_string(E.Column);
    // One line per file (docs/compatibility.md): the summary names the first
    // error; --verbose prints every one.
    printHeader(OS, P, Where, E.Partial ? "note" : "error", E.Message);
  }
  for (const Finding &F : Findings)
    printFinding(OS, P, F, ShowSnippets);
  if (Info.Confirm) {
    const ConfirmSummary &C = *Info.Confirm;
    for (const UnflaggedLine &U : C.Unflagged)
      printHeader(OS, P, U.File + ":" + std::to_string(U.Line) + ":1",
                  "remark",
                  "measured hot line with no finding (" + U.Kind +
                      "): " + U.Summary + " [warplint-confirm]");
    OS << "warplint: confirm: " << C.Confirmed << " confirmed, " << C.Refuted
       << " refuted, " << C.NotExercised << " not exercised, "
       << C.Inconclusive << " inconclusive, " << C.NotMeasured
       << " not measurable; " << C.Unflagged.size()
       << " hot line(s) not flagged; " << C.KernelsProfiled
       << " launch(es) profiled" << (C.Device.empty() ? "" : " on " + C.Device)
       << "\n";
  }
}

llvm::json::Object measurementJson(const Measurement &M) {
  llvm::json::Object Values;
  for (const MeasuredValue &V : M.Values)
    Values[V.Name] = V.Value;
  return llvm::json::Object{{"verdict", verdictName(M.V)},
                            {"summary", jsonText(M.Summary)},
                            {"values", std::move(Values)},
                            {"kernels", llvm::json::Array(M.Kernels)}};
}

llvm::json::Object confirmJson(const ConfirmSummary &C, const RunInfo &Info) {
  llvm::json::Array Unflagged;
  for (const UnflaggedLine &U : C.Unflagged)
    Unflagged.push_back(llvm::json::Object{
        {"file", jsonText(U.File)},
        {"relativeFile", jsonText(relativePath(U.File, Info.SourceRoot))},
        {"line", U.Line},
        {"kind", U.Kind},
        {"summary", jsonText(U.Summary)},
        {"kernels", llvm::json::Array(U.Kernels)}});
  return llvm::json::Object{
      {"device", C.Device},
      {"ncuVersion", C.NcuVersion},
      {"command", C.Command},
      {"launchesProfiled", C.KernelsProfiled},
      {"counts", llvm::json::Object{{"confirmed", C.Confirmed},
                                    {"refuted", C.Refuted},
                                    {"notExercised", C.NotExercised},
                                    {"inconclusive", C.Inconclusive},
                                    {"notMeasured", C.NotMeasured}}},
      {"unflagged", std::move(Unflagged)}};
}

static llvm::json::Array jsonTexts(llvm::ArrayRef<std::string> L) {
  llvm::json::Array Out;
  for (const std::string &S : L)
    Out.push_back(jsonText(S));
  return Out;
}

static llvm::json::Value fixToJson(const FixIt &X) {
  return llvm::json::Object{
      {"file", jsonText(X.File)},
      {"offset", X.Offset},
      {"length", X.Length},
      {"replacement", jsonText(X.Replacement)},
      {"line", X.Line},       {"column", X.Column},
      {"endLine", X.EndLine}, {"endColumn", X.EndColumn}};
}

static llvm::json::Array functionsJson(const FileAnalysis &A) {
  llvm::json::Array Out;
  for (const FunctionSpan &S : A.Functions)
    Out.push_back(llvm::json::Object{{"name", jsonText(S.Name)},
                                     {"kind", S.Kernel ? "kernel" : "device"},
                                     {"file", jsonText(S.File)},
                                     {"line", S.BeginLine},
                                     {"endLine", S.EndLine}});
  return Out;
}

void emitJson(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
              const RunInfo &Info) {
  llvm::json::Array Arr;
  std::vector<std::string> Prints = fingerprints(Findings, Info.fingerprintRoot());
  for (const auto &[I, F] : llvm::enumerate(Findings)) {
    llvm::json::Array Notes;
    for (const FindingNote &N : F.Notes) {
      llvm::json::Array Fixes;
      for (const FixIt &X : N.Fixes)
        Fixes.push_back(fixToJson(X));
      Notes.push_back(llvm::json::Object{{"file", jsonText(N.Pos.File)},
                                         {"line", N.Pos.Line},
                                         {"column", N.Pos.Column},
                                         {"message", jsonText(N.Message)},
                                         {"fixes", std::move(Fixes)}});
    }
    llvm::json::Array Fixes;
    for (const FixIt &X : F.Fixes)
      Fixes.push_back(fixToJson(X));
    llvm::json::Object Obj{
        {"check", F.CheckId},
        {"priority", priorityName(F.Prio)},
        {"guide", llvm::json::Object{{"modern", F.ModernSection},
                                     {"cuda23", F.G23Section}}},
        {"confidence", confidenceName(F.Conf)},
        {"file", jsonText(F.Pos.File)},
        {"relativeFile", jsonText(relativePath(F.Pos.File, Info.SourceRoot))},
        {"line", F.Pos.Line},
        {"column", F.Pos.Column},
        {"endLine", F.EndPos.Line},
        {"endColumn", F.EndPos.Column},
        {"message", jsonText(F.Message)},
        {"notes", std::move(Notes)},
        {"fixes", std::move(Fixes)},
        {"fingerprint", Prints[I]}};
    if (F.Measured)
      Obj["measured"] = measurementJson(*F.Measured);
    // The facts behind the message (docs/output-formats.md "Facts").
    if (F.Facts)
      Obj["facts"] = factsToJson(*F.Facts);
    // The edits --fix never applies, as data (docs/output-formats.md).
    if (F.Facts && !F.Facts->UnsafeFixes.empty()) {
      llvm::json::Array Unsafe;
      for (const UnsafeFix &U : F.Facts->UnsafeFixes) {
        FixIt X{U.File, U.Offset, U.Length, U.Replacement};
        std::tie(X.Line, X.Column) = lineAndColumn(X.File, X.Offset);
        std::tie(X.EndLine, X.EndColumn) =
            lineAndColumn(X.File, X.Offset + X.Length);
        llvm::json::Value V = fixToJson(X);
        V.getAsObject()->try_emplace("description", jsonText(U.Description));
        Unsafe.push_back(std::move(V));
      }
      Obj["unsafeFixes"] = std::move(Unsafe);
    }
    Arr.push_back(std::move(Obj));
  }
  llvm::json::Array Errors;
  for (const ToolError &E : Info.Errors)
    Errors.push_back(llvm::json::Object{{"file", jsonText(E.File)},
                                        {"line", E.Line},
                                        {"column", E.Column},
                                        {"message", jsonText(E.Message)},
                                        {"partial", E.Partial}});
  llvm::json::Array Analyses;
  for (const FileAnalysis &A : Info.Analyses) {
    llvm::json::Object Obj{
        {"file", jsonText(A.File)},
        {"status", A.Status},
        {"compilerErrors", A.CompilerErrors},
        {"kernels", A.Kernels},
        {"kernelsAnalysed", A.KernelsAnalysed},
        {"deviceFunctions", A.DeviceFunctions},
        {"deviceFunctionsAnalysed", A.DeviceFunctionsAnalysed},
        {"notAnalysed", jsonTexts(A.NotAnalysed)},
        {"missingIncludes", jsonTexts(A.MissingIncludes)},
        {"tooComplex", jsonTexts(A.TooComplex)},
        {"functions", functionsJson(A)}};
    if (!A.Through.empty())
      Obj["through"] = jsonText(A.Through);
    Analyses.push_back(std::move(Obj));
  }
  llvm::json::Value Root = llvm::json::Object{
      {"version", 1},
      {"tool", llvm::json::Object{{"name", "warplint"},
                                  {"version", Info.ToolVersion},
                                  {"llvmVersion", Info.LlvmVersion}}},
      {"findings", std::move(Arr)},
      {"errors", std::move(Errors)},
      {"analysis", std::move(Analyses)},
      {"targets", targetsJson(Info)}};
  if (Info.Confirm)
    (*Root.getAsObject())["confirm"] = confirmJson(*Info.Confirm, Info);
  writeJson(OS, Root, InvalidBytes::Surrogate);
  OS << "\n";
}

llvm::json::Array targetsJson(const RunInfo &Info) {
  llvm::json::Array Out;
  for (const TargetRecord &T : Info.Targets) {
    llvm::json::Array Builds;
    for (const std::string &A : T.BuildArchs)
      Builds.push_back(A);
    Out.push_back(llvm::json::Object{
        {"file", jsonText(T.File)},
        {"relativeFile", jsonText(relativePath(T.File, Info.SourceRoot))},
        {"arch", T.Arch},
        {"parseArch", T.ParseArch},
        {"source", T.Source},
        {"buildArchs", std::move(Builds)},
        {"description", jsonText(T.Description)}});
  }
  return Out;
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

void emitGitHub(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                const RunInfo &Info) {
  // GitHub shows at most 10 annotations of each level (error, warning,
  // notice) per step and 50 per job, and drops the rest silently
  // (docs.github.com, "Workflow commands": annotations). What does not fit is
  // counted in one last notice that points to the job summary (written by
  // --github-summary), which holds every finding.
  constexpr unsigned PerLevel = 10, PerJob = 50;
  std::map<std::string, unsigned> Used, Wanted;
  // The same error line once (printedErrorKey).
  std::vector<const ToolError *> Errors;
  std::set<std::string> Seen;
  for (const ToolError &E : Info.Errors)
    if (Seen.insert(printedErrorKey(E)).second)
      Errors.push_back(&E);
  for (const ToolError *E : Errors)
    ++Wanted[E->Partial ? "notice" : "error"];
  for (const Finding &F : Findings)
    ++Wanted[prioritySeverity(F.Prio).GitHub.str()];
  bool Overflow = Errors.size() + Findings.size() > PerJob;
  for (const auto &[Level, N] : Wanted)
    Overflow |= N > PerLevel;
  unsigned Total = 0, Left = 0;
  auto Fits = [&](llvm::StringRef Level) {
    // The overflow notice needs a notice slot and a job slot of its own.
    unsigned Cap = PerLevel - (Overflow && Level == "notice" ? 1 : 0);
    unsigned JobCap = PerJob - (Overflow ? 1 : 0);
    if (Used[Level.str()] >= Cap || Total >= JobCap) {
      ++Left;
      return false;
    }
    ++Used[Level.str()];
    ++Total;
    return true;
  };
  for (const ToolError *EP : Errors) {
    const ToolError &E = *EP;
    if (!Fits(E.Partial ? "notice" : "error"))
      continue;
    OS << (E.Partial ? "::notice file=" : "::error file=")
       << escapeGitHubProperty(relativePath(E.File, Info.SourceRoot));
    if (E.Line)
      OS << ",line=" << E.Line << ",col=" << E.Column;
    OS << ",title=" << escapeGitHubProperty("warplint: compile error")
       << "::" << escapeGitHubData(E.Message) << "\n";
  }
  // The most urgent go first.
  std::vector<const Finding *> Sorted;
  for (const Finding &F : Findings)
    Sorted.push_back(&F);
  std::stable_sort(
      Sorted.begin(), Sorted.end(),
      [](const Finding *A, const Finding *B) { return A->Prio > B->Prio; });
  for (const Finding *F : Sorted) {
    if (!Fits(prioritySeverity(F->Prio).GitHub))
      continue;
    std::string Title = F->CheckId + " (" + priorityName(F->Prio).str() +
                        ", Best Practices Guide \u00a7" + F->ModernSection +
                        ")";
    std::string Msg = F->Message;
    for (const FindingNote &N : F->Notes)
      Msg += "\nnote: " + N.Message;
    OS << "::" << prioritySeverity(F->Prio).GitHub << " file="
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
  if (Left)
    OS << "::notice title=" << escapeGitHubProperty("warplint") << "::" << Left
       << " more finding" << (Left == 1 ? "" : "s")
       << " than GitHub shows as annotations (10 per level per step, 50 per "
          "job): every finding is in the job summary\n";
}

void emitCodeClimate(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                     const RunInfo &Info) {
  llvm::json::Array Issues;
  std::vector<std::string> Prints = fingerprints(Findings, Info.fingerprintRoot());
  for (const auto &[I, F] : llvm::enumerate(Findings)) {
    std::string Body = "Best Practices Guide \u00a7" + F.ModernSection;
    if (!F.G23Section.empty())
      Body += " (CUDA 2.3 guide \u00a7" + F.G23Section + ")";
    for (const FindingNote &N : F.Notes)
      Body += "\n\nnote: " + N.Message;
    Issues.push_back(llvm::json::Object{
        {"type", "issue"},
        {"description", jsonText(F.Message)},
        {"check_name", F.CheckId},
        {"fingerprint", Prints[I]},
        {"severity", prioritySeverity(F.Prio).CodeClimate},
        {"categories", llvm::json::Array{"Performance"}},
        {"content", llvm::json::Object{{"body", jsonText(Body)}}},
        {"location",
         llvm::json::Object{
             {"path", jsonText(relativePath(F.Pos.File, Info.SourceRoot))},
             {"lines", llvm::json::Object{{"begin", F.Pos.Line},
                                          {"end", std::max(F.Pos.Line,
                                                           F.EndPos.Line)}}}}}});
  }
  // GitLab reads the report with Ruby, which rejects lone surrogates.
  writeJson(OS, llvm::json::Value(std::move(Issues)), InvalidBytes::Readable);
  OS << "\n";
}

/// Markdown table cells: pipes would end the cell, newlines the row.
static std::string markdownCell(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '|')
      Out += "\\|";
    else if (C == '\n')
      Out += "<br>";
    else if (C != '\r')
      Out += C;
  }
  return Out;
}

/// The message without its priority tag ("... (High priority, CUDA Best
/// Practices Guide §9.2.1)"), for tables whose columns already say it.
static llvm::StringRef withoutPriorityTag(llvm::StringRef M) {
  size_t P = M.rfind(" (");
  if (P != llvm::StringRef::npos && M.ends_with(")") &&
      M.substr(P).contains(" priority") &&
      M.substr(P).contains("Best Practices Guide"))
    return M.take_front(P);
  return M;
}

void emitGitHubSummary(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                       const RunInfo &Info) {
  unsigned Count[3] = {0, 0, 0};
  for (const Finding &F : Findings)
    ++Count[unsigned(F.Prio)];
  OS << "## warplint\n\n";
  if (Findings.empty() && Info.Errors.empty()) {
    OS << "No findings in " << Info.Artifacts.size() << " file"
       << (Info.Artifacts.size() == 1 ? "" : "s") << ".\n";
    return;
  }
  OS << Findings.size() << " finding" << (Findings.size() == 1 ? "" : "s")
     << " in " << Info.Artifacts.size() << " file"
     << (Info.Artifacts.size() == 1 ? "" : "s") << ": " << Count[2]
     << " High, " << Count[1] << " Medium, " << Count[0] << " Low.";
  if (Findings.size() > 10)
    OS << " GitHub shows at most 10 annotations per step and 50 per job; "
          "this table lists them all.";
  OS << "\n\n";
  if (!Info.Errors.empty()) {
    OS << "**" << Info.Errors.size()
       << " compiler error(s): some code was not analysed.**\n\n";
    for (const ToolError &E : Info.Errors) {
      OS << "- `" << relativePath(E.File, Info.SourceRoot);
      if (E.Line)
        OS << ":" << E.Line << ":" << E.Column;
      OS << "` " << markdownCell(E.Message) << "\n";
    }
    OS << "\n";
  }
  if (Findings.empty())
    return;
  OS << "| Priority | Check | Location | Finding | Guide |\n"
     << "|---|---|---|---|---|\n";
  std::vector<const Finding *> Sorted;
  for (const Finding &F : Findings)
    Sorted.push_back(&F);
  std::stable_sort(
      Sorted.begin(), Sorted.end(),
      [](const Finding *A, const Finding *B) { return A->Prio > B->Prio; });
  for (const Finding *F : Sorted)
    OS << "| " << priorityName(F->Prio) << " | `" << F->CheckId << "` | `"
       << relativePath(F->Pos.File, Info.SourceRoot) << ":" << F->Pos.Line
       << ":" << F->Pos.Column << "` | "
       << markdownCell(withoutPriorityTag(F->Message))
       << " | \u00a7" << F->ModernSection << " |\n";
}

} // namespace warplint

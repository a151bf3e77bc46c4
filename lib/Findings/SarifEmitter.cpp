//===- SarifEmitter.cpp - Findings as SARIF 2.1.0 -------------------------===//
//
// Written for two consumers: Microsoft's SARIF validator (sarif-multitool) and
// GitHub code scanning, whose rules are: tool.driver.rules with short/full
// descriptions and help, repo-relative artifact URIs, partialFingerprints, and
// a level derived from the priority.
//
//===----------------------------------------------------------------------===//
#include "Findings/Emitters.h"
#include "Findings/JsonText.h"

#include "Findings/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include <map>

namespace warplint {

/// SARIF columns default to UTF-16 code units; clang's are bytes.
static unsigned utf16Column(llvm::StringRef File, unsigned Line,
                            unsigned ByteColumn) {
  std::string Text = sourceLine(File, Line);
  if (Text.empty() || ByteColumn == 0)
    return ByteColumn;
  unsigned Col = 1;
  for (unsigned I = 0; I + 1 < ByteColumn && I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if ((C & 0xC0) == 0x80)
      continue; // continuation byte
    Col += (C >= 0xF0) ? 2 : 1;
  }
  if (ByteColumn > Text.size() + 1)
    Col += ByteColumn - unsigned(Text.size()) - 1;
  return Col;
}

/// SARIF message text with embedded links (§3.11.6): literal brackets and
/// backslashes are escaped so that only the links we add are links.
static std::string escapeMessageText(llvm::StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '[' || C == ']')
      Out += '\\';
    Out += C;
  }
  return Out;
}

/// "warplint-block-size-not-warp-multiple" -> "BlockSizeNotWarpMultiple".
static std::string ruleName(llvm::StringRef Id) {
  Id.consume_front("warplint-");
  std::string Out;
  for (llvm::StringRef Part : llvm::split(Id, '-'))
    if (!Part.empty())
      Out += llvm::toUpper(Part[0]) + Part.drop_front().str();
  return Out;
}

static std::string fileUri(llvm::StringRef AbsDir) {
  std::string Out = "file://";
  for (char C : AbsDir) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C))
      Out += C;
    else
      Out += "%" + llvm::utohexstr((unsigned char)C, false, 2);
  }
  if (Out.back() != '/')
    Out += '/';
  return Out;
}

/// URI-escapes a relative path (spaces and the like), keeping '/'.
static std::string relativeUri(llvm::StringRef Rel) {
  std::string Out;
  for (char C : Rel) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C))
      Out += C;
    else
      Out += "%" + llvm::utohexstr((unsigned char)C, false, 2);
  }
  return Out;
}

static llvm::json::Object physicalLocation(const SourcePos &P,
                                           const SourcePos *End,
                                           const RunInfo &Info) {
  llvm::json::Object ArtifactLoc;
  std::string Rel = relativePath(P.File, Info.SourceRoot);
  if (llvm::sys::path::is_absolute(Rel)) {
    ArtifactLoc["uri"] = fileUri(llvm::sys::path::parent_path(Rel)) +
                         relativeUri(llvm::sys::path::filename(Rel));
  } else {
    ArtifactLoc["uri"] = relativeUri(Rel);
    ArtifactLoc["uriBaseId"] = "SRCROOT";
  }
  llvm::json::Object Region{
      {"startLine", P.Line},
      {"startColumn", utf16Column(P.File, P.Line, P.Column)}};
  unsigned LastLine = P.Line;
  if (End && End->Line >= P.Line && End->Line != 0) {
    Region["endLine"] = End->Line;
    Region["endColumn"] = utf16Column(End->File, End->Line, End->Column);
    LastLine = End->Line;
  }
  llvm::json::Object Phys{{"artifactLocation", std::move(ArtifactLoc)},
                          {"region", std::move(Region)}};
  // The context region is the region's whole lines: it must contain the
  // region (SARIF1008), and its snippet is the text of exactly those lines.
  std::string Snippet;
  bool Blank = true;
  for (unsigned L = P.Line; L <= LastLine; ++L) {
    std::string Text = sourceLine(P.File, L);
    Blank &= Text.empty();
    if (L != P.Line)
      Snippet += '\n';
    Snippet += Text;
  }
  if (!Blank) {
    llvm::json::Object Context{
        {"startLine", P.Line},
        {"snippet", llvm::json::Object{{"text", jsonText(Snippet)}}}};
    if (LastLine != P.Line)
      Context["endLine"] = LastLine;
    Phys["contextRegion"] = std::move(Context);
  }
  return Phys;
}

void emitSarif(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
               const RunInfo &Info) {
  llvm::json::Array Rules;
  std::map<std::string, unsigned> RuleIndex;
  for (const CheckInfo &C : Info.Rules) {
    RuleIndex[C.Id.str()] = Rules.size();
    std::string Sections =
        "CUDA C++ Best Practices Guide \u00a7" + C.ModernSection.str();
    if (!C.G23Section.empty())
      Sections += "; CUDA 2.3 Best Practices Guide \u00a7" + C.G23Section.str();
    std::string Help = C.PriorityLabel.str() + " priority (" + Sections +
                       "): \"" + C.Rule.str() + "\"";
    std::string Markdown = "**" + C.PriorityLabel.str() + " priority** (" +
                           Sections + ")\n\n> " + C.Rule.str() +
                           "\n\nSee `docs/checks/" + C.Id.str() + ".md`.";
    llvm::json::Object Rule{
        {"id", C.Id},
        {"name", ruleName(C.Id)},
        {"shortDescription",
         llvm::json::Object{{"text", C.Summary.str() + "."}}},
        {"fullDescription", llvm::json::Object{{"text", C.Rule}}},
        {"help", llvm::json::Object{{"text", Help}, {"markdown", Markdown}}},
        {"defaultConfiguration",
         llvm::json::Object{{"level", prioritySeverity(C.Prio).SarifLevel}}},
        {"properties",
         llvm::json::Object{
             {"tags", llvm::json::Array{"performance", "cuda"}},
             {"problem.severity", prioritySeverity(C.Prio).SarifProblem},
             {"priority", C.PriorityLabel},
             {"guideSections", llvm::json::Object{{"modern", C.ModernSection},
                                                  {"cuda23", C.G23Section}}},
             {"precision",
              C.DefaultConfidence == Confidence::Certain  ? "very-high"
              : C.DefaultConfidence == Confidence::Likely ? "high"
                                                          : "medium"}}}};
    if (!Info.DocsBaseUrl.empty())
      Rule["helpUri"] = Info.DocsBaseUrl + "/" + C.Id.str() + ".md";
    Rules.push_back(std::move(Rule));
  }

  llvm::json::Array Results;
  std::vector<std::string> Prints = fingerprints(Findings, Info.fingerprintRoot());
  for (const auto &[I, F] : llvm::enumerate(Findings)) {
    llvm::json::Object R{
        {"ruleId", F.CheckId},
        {"level", prioritySeverity(F.Prio).SarifLevel},
        {"locations",
         llvm::json::Array{llvm::json::Object{
             {"physicalLocation", physicalLocation(F.Pos, &F.EndPos, Info)}}}},
        {"partialFingerprints",
         llvm::json::Object{
             {"warplintFingerprint/v1", Prints[I]}}},
        {"properties",
         llvm::json::Object{{"priority", priorityName(F.Prio)},
                            {"confidence", confidenceName(F.Conf)}}}};
    if (F.Measured)
      (*R.getObject("properties"))["measured"] = measurementJson(*F.Measured);
    auto It = RuleIndex.find(F.CheckId);
    if (It != RuleIndex.end())
      R["ruleIndex"] = It->second;
    // GitHub shows a related location only where the result's message links
    // to it ("[text](id)"), so the message ends with one link per note:
    // "... (High priority, ...). [each block occupies 4 warps ...](0).
    // [use 96 threads per block ...](1).": the notes' own words, so that
    // the evidence reads in the alert as it does in an editor.
    llvm::json::Array Related;
    std::string Text = escapeMessageText(F.Message);
    unsigned Id = 0;
    for (const FindingNote &N : F.Notes) {
      if (N.Pos.Line == 0)
        continue;
      Text += ". [" + escapeMessageText(N.Message) + "](" +
              std::to_string(Id) + ")";
      Related.push_back(llvm::json::Object{
          {"id", Id++},
          {"physicalLocation", physicalLocation(N.Pos, nullptr, Info)},
          {"message", llvm::json::Object{{"text", jsonText(N.Message)}}}});
    }
    if (Id)
      Text += ".";
    R["message"] = llvm::json::Object{{"text", jsonText(Text)}};
    if (!Related.empty())
      R["relatedLocations"] = std::move(Related);
    Results.push_back(std::move(R));
  }

  llvm::json::Array Notifications;
  for (const ToolError &E : Info.Errors) {
    llvm::json::Object N{{"level", E.Partial ? "note" : "error"},
                         {"message", llvm::json::Object{{"text", jsonText(E.Message)}}}};
    if (E.Line)
      N["locations"] = llvm::json::Array{llvm::json::Object{
          {"physicalLocation",
           physicalLocation(SourcePos{E.File, E.Line, E.Column, 0}, nullptr,
                            Info)}}};
    Notifications.push_back(std::move(N));
  }

  llvm::json::Array Artifacts;
  for (const std::string &A : Info.Artifacts) {
    std::string Rel = relativePath(A, Info.SourceRoot);
    if (llvm::sys::path::is_absolute(Rel))
      continue;
    Artifacts.push_back(llvm::json::Object{
        {"location", llvm::json::Object{{"uri", relativeUri(Rel)},
                                        {"uriBaseId", "SRCROOT"}}}});
  }

  llvm::json::Object Driver{
      {"name", "warplint"},
      {"fullName", "warplint " + Info.ToolVersion +
                       " (CUDA static performance linter, LLVM " +
                       Info.LlvmVersion + ")"},
      {"version", Info.ToolVersion},
      {"semanticVersion", Info.ToolVersion},
      {"informationUri",
       "https://docs.nvidia.com/cuda/cuda-c-best-practices-guide/"},
      {"rules", std::move(Rules)}};
  llvm::json::Object Run{
      {"tool", llvm::json::Object{{"driver", std::move(Driver)}}},
      {"originalUriBaseIds",
       llvm::json::Object{
           {"SRCROOT", llvm::json::Object{{"uri", fileUri(Info.SourceRoot)}}}}},
      {"invocations",
       llvm::json::Array{llvm::json::Object{
           {"executionSuccessful",
            llvm::all_of(Info.Errors,
                         [](const ToolError &E) { return E.Partial; })},
           {"toolExecutionNotifications", std::move(Notifications)}}}},
      {"results", std::move(Results)},
      {"columnKind", "utf16CodeUnits"}};
  if (!Artifacts.empty())
    Run["artifacts"] = std::move(Artifacts);
  // The GPU each file was judged for: a property bag, as SARIF leaves
  // tool-specific run data to (§3.8).
  if (!Info.Targets.empty())
    Run["properties"] = llvm::json::Object{{"targets", targetsJson(Info)}};
  if (Info.Confirm) {
    if (!Run.getObject("properties"))
      Run["properties"] = llvm::json::Object{};
    (*Run.getObject("properties"))["confirm"] = confirmJson(*Info.Confirm, Info);
  }
  llvm::json::Value Root = llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", llvm::json::Array{std::move(Run)}}};
  // Text with bytes invalid in UTF-8 is written readably (\xff); the URIs
  // above keep every byte of a file name (percent-encoded).
  writeJson(OS, Root, InvalidBytes::Readable);
  OS << "\n";
}

} // namespace warplint

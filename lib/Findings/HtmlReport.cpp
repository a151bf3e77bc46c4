//===- HtmlReport.cpp - The static HTML warp report -----------------------===//
#include "Findings/HtmlReport.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <map>
#include <set>

namespace warplint {

std::string htmlEscape(llvm::StringRef S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

namespace {

/// No network: nothing but inline styles and scripts and data: images; the
/// links between the report's own pages are navigation, which it allows.
constexpr const char *Csp =
    "default-src 'none'; style-src 'unsafe-inline'; script-src "
    "'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

constexpr const char *Style = R"css(
:root{--hi:#c62828;--me:#ef6c00;--lo:#546e7a;--ink:#1d232a;--mute:#66707a;--line:#d7dde3;--bg:#f7f9fb}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);margin:0;background:#fff}
header{padding:14px 22px;border-bottom:1px solid var(--line);background:var(--bg)}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:18px 0 6px}
main{padding:12px 22px}
a{color:#1565c0;text-decoration:none}a:hover{text-decoration:underline}
.prio{display:inline-block;min-width:58px;text-align:center;border-radius:3px;color:#fff;font-size:12px;padding:1px 6px}
.High{background:var(--hi)}.Medium{background:var(--me)}.Low{background:var(--lo)}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid var(--line);padding:4px 6px;text-align:left;vertical-align:top}
th{background:var(--bg);position:sticky;top:0}
.filters{display:flex;gap:10px;flex-wrap:wrap;margin:8px 0 12px}
.filters label{font-size:12px;color:var(--mute)}
.filters select,.filters input{font:inherit;padding:2px 4px}
.count{color:var(--mute)}
code,pre,.src{font:12.5px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.src{border:1px solid var(--line);border-radius:4px;overflow-x:auto}
.ln{display:flex;white-space:pre}
.ln .no{flex:0 0 54px;text-align:right;padding-right:10px;color:#9aa3ab;user-select:none;background:var(--bg)}
.ln.hit{background:#fff4e5}.ln.hit .no{color:var(--ink);font-weight:600}
.cards{white-space:normal;padding:4px 8px 8px 62px;background:#fcfcfd;border-top:1px dashed var(--line);border-bottom:1px dashed var(--line)}
.card{border:1px solid var(--line);border-left:4px solid var(--lo);border-radius:4px;background:#fff;margin:6px 0;padding:8px 10px;font:14px/1.45 system-ui,sans-serif;content-visibility:auto;contain-intrinsic-size:auto 320px}
.card.High{border-left-color:var(--hi);background:#fff}.card.Medium{border-left-color:var(--me);background:#fff}
.card .msg{font-weight:600;margin:4px 0}
.card ul{margin:4px 0 4px 18px;padding:0}
.meta{color:var(--mute);font-size:12px}
.rule{border-left:3px solid var(--line);padding:2px 8px;color:#37474f;margin:6px 0;font-style:italic}
figure.view{margin:8px 0;display:inline-block;vertical-align:top;margin-right:14px}
figcaption{font-size:12px;color:var(--mute)}
svg{display:block;background:#fff}
svg .t{font:11px system-ui,sans-serif;fill:var(--ink)}
svg .tn{font:9px system-ui,sans-serif;fill:#7b8691}
svg .tw{font:bold 11px system-ui,sans-serif;fill:var(--hi)}
svg .tc{font:12px system-ui,sans-serif;fill:var(--ink)}
svg .lane.on{fill:#42a5f5}svg .lane.conflict{fill:#e53935}svg .lane.inactive{fill:#eceff1}
svg .link{fill:none;stroke:#90a4ae;stroke-width:.8}svg .link.conflict{stroke:#e53935}
svg .sector.fetched{fill:#ffb74d}svg .sector.idle{fill:#f5f5f5;stroke:#cfd8dc;stroke-width:.5}
svg .cacheline{fill:none;stroke:#607d8b;stroke-width:1}
svg .bank.used{fill:#81c784}svg .bank.idle{fill:#f5f5f5;stroke:#cfd8dc;stroke-width:.5}svg .bank.conflict{fill:#ffcdd2;stroke:#e53935;stroke-width:1.2}
svg .taken{fill:#43a047}svg .nottaken{fill:#cfd8dc}
svg .capacity{fill:#eceff1;stroke:#b0bec5}svg .used{fill:#64b5f6}svg .tick{stroke:#fff;stroke-width:1.5}
svg .limit{fill:none;stroke:var(--hi);stroke-width:2}
svg .itbar{fill:#b0bec5}svg .itbar.worst{fill:#e53935}svg .itbar.typical{fill:#fb8c00}
svg .limiter .used{fill:#ef5350}
.hidden{display:none}
)css";

/// Filters the index: the selects and the text box hide the rows that do not
/// match; the URL's fragment can preset them. Nothing else runs: the report
/// reads without script.
constexpr const char *IndexScript = R"js(
(function(){
  var rows=[].slice.call(document.querySelectorAll('#findings tbody tr'));
  var sel={check:document.getElementById('f-check'),file:document.getElementById('f-file'),
           fn:document.getElementById('f-fn'),prio:document.getElementById('f-prio')};
  var q=document.getElementById('f-text'),n=document.getElementById('shown');
  function apply(){
    var t=q.value.toLowerCase(),k=0;
    rows.forEach(function(r){
      var ok=(!sel.check.value||r.dataset.check===sel.check.value)&&
             (!sel.file.value||r.dataset.file===sel.file.value)&&
             (!sel.fn.value||r.dataset.fn===sel.fn.value)&&
             (!sel.prio.value||r.dataset.prio===sel.prio.value)&&
             (!t||r.textContent.toLowerCase().indexOf(t)>=0);
      r.classList.toggle('hidden',!ok);if(ok)k++;});
    n.textContent=k;}
  [sel.check,sel.file,sel.fn,sel.prio].forEach(function(s){s.addEventListener('change',apply);});
  q.addEventListener('input',apply);
  // index.html#check=...&file=...&fn=...&prio=...&text=...: a filtered link.
  location.hash.replace(/^#/,'').split('&').forEach(function(kv){
    var p=kv.split('='),v=decodeURIComponent(p[1]||'');
    if(sel[p[0]])sel[p[0]].value=v;else if(p[0]==='text')q.value=v;});
  if(location.hash)apply();
})();
)js";

std::string pageHead(llvm::StringRef Title) {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta http-equiv=\"Content-Security-Policy\" content=\"" +
         std::string(Csp) +
         "\"><meta name=\"viewport\" content=\"width=device-width\">"
         "<title>" +
         htmlEscape(Title) + "</title><style>" + Style + "</style></head>\n";
}

/// One file's page name: its position and base name, safe in any file system.
std::string pageName(size_t Index, llvm::StringRef Path) {
  std::string Base;
  for (char C : llvm::sys::path::filename(Path))
    Base += (isalnum(static_cast<unsigned char>(C)) || C == '.' || C == '-' ||
             C == '_')
                ? C
                : '_';
  return std::to_string(Index) + "-" + Base + ".html";
}

const CheckInfo *ruleOf(const RunInfo &Info, llvm::StringRef Id) {
  for (const CheckInfo &C : Info.Rules)
    if (C.Id == Id)
      return &C;
  return nullptr;
}

std::string findingId(size_t I) { return "f" + std::to_string(I); }

std::string location(const SourcePos &P, const RunInfo &Info) {
  return relativePath(P.File, Info.SourceRoot) + ":" + std::to_string(P.Line) +
         ":" + std::to_string(P.Column);
}

std::string functionOf(const Finding &F) {
  return F.Facts ? F.Facts->Function : std::string();
}

/// The card of one finding: message, pictures, evidence, assumptions, rule.
std::string card(const Finding &F, size_t I, const std::string &Print,
                 const RunInfo &Info) {
  std::string P = priorityName(F.Prio).str();
  std::string Out = "<div class=\"card " + P + "\" id=\"" + findingId(I) +
                    "\" data-check=\"" + htmlEscape(F.CheckId) +
                    "\" data-fingerprint=\"" + Print + "\">";
  Out += "<div><span class=\"prio " + P + "\">" + P + "</span> <code>" +
         htmlEscape(F.CheckId) + "</code> <span class=\"meta\">" +
         htmlEscape(location(F.Pos, Info)) + ", confidence " +
         confidenceName(F.Conf).str();
  if (!functionOf(F).empty())
    Out += ", in <code>" + htmlEscape(functionOf(F)) + "</code>";
  Out += "</span></div>";
  Out += "<div class=\"msg\">" + htmlEscape(F.Message) + "</div>";
  if (F.Facts) {
    Out += drawFacts(*F.Facts);
    const FindingFacts &X = *F.Facts;
    if (X.Block || !X.Assumptions.empty()) {
      Out += "<div class=\"meta\">Assumptions</div><ul class=\"assumptions\">";
      if (X.Block) {
        const BlockShapeFact &B = *X.Block;
        std::string Shape = std::to_string(B.Dim[0]) + "x" +
                            std::to_string(B.Dim[1]) + "x" +
                            std::to_string(B.Dim[2]);
        std::string From =
            B.Origin == "launch" ? "from the launch at " + B.Where
            : B.Origin == "__launch_bounds__"
                ? "from __launch_bounds__ at " + B.Where
                : "assumed: no launch of this kernel in the file (options "
                  "DefaultBlockDim, DefaultBlockDim2D)";
        std::string Params;
        for (const auto &[Name, V] : B.Params)
          Params += (Params.empty() ? "; constant arguments " : ", ") + Name +
                    " = " + std::to_string(V);
        Out += "<li class=\"block-shape\" data-origin=\"" +
               htmlEscape(B.Origin) + "\">block shape " + Shape + ", " +
               htmlEscape(From + Params) + "</li>";
      }
      for (const std::string &A : X.Assumptions)
        Out += "<li>" + htmlEscape(A) + "</li>";
      Out += "</ul>";
    }
  }
  if (!F.Notes.empty()) {
    Out += "<div class=\"meta\">Evidence</div><ul class=\"notes\">";
    for (const FindingNote &N : F.Notes) {
      Out += "<li>" + htmlEscape(N.Message);
      if (!N.Pos.File.empty() && N.Pos.Line)
        Out += " <span class=\"meta\">(" +
               htmlEscape(relativePath(N.Pos.File, Info.SourceRoot)) + ":" +
               std::to_string(N.Pos.Line) + ")</span>";
      for (const FixIt &X : N.Fixes)
        Out += "<br><span class=\"meta\">suggested edit at line " +
               std::to_string(X.Line) + ":</span> <code>" +
               htmlEscape(X.Replacement) + "</code>";
      Out += "</li>";
    }
    Out += "</ul>";
  }
  if (F.Measured)
    Out += "<div class=\"measured\" data-verdict=\"" +
           verdictName(F.Measured->V).str() +
           "\"><span class=\"meta\">Measured on the GPU (--confirm):</span> <b>" +
           verdictName(F.Measured->V).str() + "</b>: " +
           htmlEscape(F.Measured->Summary) + "</div>";
  for (const FixIt &X : F.Fixes)
    Out += "<div class=\"meta\">fix-it at line " + std::to_string(X.Line) +
           ": <code>" + htmlEscape(X.Replacement) + "</code></div>";
  if (const CheckInfo *C = ruleOf(Info, F.CheckId)) {
    Out += "<div class=\"rule\">\u201c" + htmlEscape(C->Rule) +
           "\u201d</div><div class=\"meta\">" +
           htmlEscape(C->PriorityLabel.str()) +
           " priority in the CUDA C++ Best Practices Guide \u00a7" +
           htmlEscape(C->ModernSection);
    if (!C->G23Section.empty())
      Out += " (CUDA 2.3 guide \u00a7" + htmlEscape(C->G23Section) + ")";
    if (F.Prio != C->Prio)
      Out += "; " + P + " here";
    Out += "</div>";
  }
  Out += "</div>";
  return Out;
}

/// The options of a filter select: every distinct value, sorted.
std::string options(const std::set<std::string> &Values) {
  std::string Out = "<option value=\"\">all</option>";
  for (const std::string &V : Values)
    if (!V.empty())
      Out += "<option>" + htmlEscape(V) + "</option>";
  return Out;
}

llvm::Error writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC)
    return llvm::createStringError(EC, "cannot write '%s': %s",
                                   Path.str().c_str(), EC.message().c_str());
  OS << Text;
  return llvm::Error::success();
}

} // namespace

llvm::Error writeHtmlReport(llvm::StringRef Dir,
                            llvm::ArrayRef<Finding> Findings,
                            const RunInfo &Info) {
  llvm::SmallString<256> FilesDir(Dir);
  llvm::sys::path::append(FilesDir, "files");
  if (std::error_code EC = llvm::sys::fs::create_directories(FilesDir))
    return llvm::createStringError(EC, "cannot create '%s': %s",
                                   FilesDir.c_str(), EC.message().c_str());
  std::vector<std::string> Prints = fingerprints(Findings, Info.fingerprintRoot());

  // Files in the order first seen: analysed files, then the headers that
  // findings point into.
  std::vector<std::string> Files;
  llvm::StringMap<size_t> FileIndex;
  auto AddFile = [&](const std::string &F) {
    if (!FileIndex.count(F)) {
      FileIndex[F] = Files.size();
      Files.push_back(F);
    }
  };
  for (const Finding &F : Findings)
    AddFile(F.Pos.File);

  // Index: priority first, then file, line and check.
  std::vector<size_t> Order(Findings.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    const Finding &X = Findings[A], &Y = Findings[B];
    return std::make_tuple(-int(X.Prio), X.Pos.File, X.Pos.Line, X.CheckId) <
           std::make_tuple(-int(Y.Prio), Y.Pos.File, Y.Pos.Line, Y.CheckId);
  });
  unsigned Count[3] = {0, 0, 0};
  std::set<std::string> Checks, RelFiles, Functions;
  for (const Finding &F : Findings) {
    ++Count[unsigned(F.Prio)];
    Checks.insert(F.CheckId);
    RelFiles.insert(relativePath(F.Pos.File, Info.SourceRoot));
    Functions.insert(functionOf(F));
  }
  std::string Index = pageHead("warplint report");
  Index += "<body><header><h1>warplint report</h1><div class=\"meta\">" +
           std::to_string(Findings.size()) + " finding" +
           (Findings.size() == 1 ? "" : "s") + " in " +
           std::to_string(Info.Artifacts.size()) + " file" +
           (Info.Artifacts.size() == 1 ? "" : "s") + ": " +
           std::to_string(Count[2]) + " High, " + std::to_string(Count[1]) +
           " Medium, " + std::to_string(Count[0]) + " Low. warplint " +
           htmlEscape(Info.ToolVersion) + " (LLVM " +
           htmlEscape(Info.LlvmVersion) + ").</div>";
  // Each file's target; many files fold into one line.
  if (Info.Targets.size() > 3)
    Index += "<details><summary class=\"meta\">the GPU each of the " +
             std::to_string(Info.Targets.size()) +
             " files was judged for</summary>";
  for (const TargetRecord &T : Info.Targets)
    Index += "<div class=\"meta\">" +
             htmlEscape(relativePath(T.File, Info.SourceRoot)) + ": " +
             htmlEscape(T.Description) + "</div>";
  if (Info.Targets.size() > 3)
    Index += "</details>";
  Index += "</header><main>";
  if (!Info.Errors.empty()) {
    Index += "<h2>Not fully analysed</h2><ul>";
    for (const ToolError &E : Info.Errors)
      Index += "<li>" + htmlEscape(relativePath(E.File, Info.SourceRoot)) +
               (E.Line ? ":" + std::to_string(E.Line) : std::string()) + ": " +
               htmlEscape(E.Message) + "</li>";
    Index += "</ul>";
  }
  Index += "<div class=\"filters\">"
           "<label>priority <select id=\"f-prio\"><option value=\"\">all"
           "</option><option>High</option><option>Medium</option><option>"
           "Low</option></select></label><label>check <select id=\"f-check\">" +
           options(Checks) +
           "</select></label><label>file <select id=\"f-file\">" +
           options(RelFiles) +
           "</select></label><label>kernel <select id=\"f-fn\">" +
           options(Functions) +
           "</select></label><label>text <input id=\"f-text\" type=\"search\">"
           "</label><span class=\"count\"><span id=\"shown\">" +
           std::to_string(Findings.size()) + "</span> shown</span></div>";
  // With --confirm, a column says what the GPU measured (docs/confirm.md).
  bool Measured = Info.Confirm.has_value();
  Index += "<table id=\"findings\"><thead><tr><th>Priority</th><th>Check</th>"
           "<th>Location</th><th>Kernel</th><th>Finding</th><th>Guide</th>" +
           std::string(Measured ? "<th>Measured</th>" : "") +
           "</tr></thead><tbody>";
  for (size_t I : Order) {
    const Finding &F = Findings[I];
    std::string P = priorityName(F.Prio).str();
    std::string Rel = relativePath(F.Pos.File, Info.SourceRoot);
    std::string Href = "files/" + pageName(FileIndex[F.Pos.File], F.Pos.File) +
                       "#" + findingId(I);
    Index +=
        "<tr data-prio=\"" + P + "\" data-check=\"" + htmlEscape(F.CheckId) +
        "\" data-file=\"" + htmlEscape(Rel) + "\" data-fn=\"" +
        htmlEscape(functionOf(F)) + "\" data-fingerprint=\"" + Prints[I] +
        "\"><td><span class=\"prio " + P + "\">" + P +
        "</span></td><td><code>" + htmlEscape(F.CheckId) +
        "</code></td><td><a href=\"" + htmlEscape(Href) + "\">" +
        htmlEscape(location(F.Pos, Info)) + "</a></td><td><code>" +
        htmlEscape(functionOf(F)) + "</code></td><td>" + htmlEscape(F.Message) +
        "</td><td>\u00a7" + htmlEscape(F.ModernSection) + "</td>" +
        (Measured ? "<td class=\"measured\">" +
                        (F.Measured ? verdictName(F.Measured->V).str() +
                                          ": " + htmlEscape(F.Measured->Summary)
                                    : std::string("-")) +
                        "</td>"
                  : std::string()) +
        "</tr>";
  }
  Index += "</tbody></table>";
  if (Findings.empty())
    Index += "<p>No findings.</p>";
  Index += "</main><script>" + std::string(IndexScript) +
           "</script></body></html>\n";
  llvm::SmallString<256> IndexPath(Dir);
  llvm::sys::path::append(IndexPath, "index.html");
  if (llvm::Error E = writeFile(IndexPath, Index))
    return E;

  // One page per file: its source, each finding's card after its line.
  for (size_t FI = 0; FI < Files.size(); ++FI) {
    const std::string &File = Files[FI];
    std::map<unsigned, std::vector<size_t>> ByLine;
    for (size_t I = 0; I < Findings.size(); ++I)
      if (Findings[I].Pos.File == File)
        ByLine[Findings[I].Pos.Line].push_back(I);
    std::string Rel = relativePath(File, Info.SourceRoot);
    std::string Page = pageHead(Rel + " - warplint");
    Page += "<body><header><h1>" + htmlEscape(Rel) +
            "</h1><div class=\"meta\"><a href=\"../index.html\">\u2190 all "
            "findings</a></div></header><main><div class=\"src\">";
    auto Buf = llvm::MemoryBuffer::getFile(File);
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    if (Buf)
      llvm::StringRef((*Buf)->getBuffer()).split(Lines, '\n');
    // Findings on lines past the end (an unreadable file) still show.
    unsigned Last = Lines.size();
    if (!ByLine.empty())
      Last = std::max(Last, ByLine.rbegin()->first);
    for (unsigned L = 1; L <= Last; ++L) {
      auto It = ByLine.find(L);
      llvm::StringRef Text =
          L <= Lines.size() ? Lines[L - 1].rtrim('\r') : llvm::StringRef();
      Page += "<div class=\"ln" +
              std::string(It != ByLine.end() ? " hit" : "") + "\" id=\"L" +
              std::to_string(L) + "\"><span class=\"no\">" + std::to_string(L) +
              "</span><span>" + htmlEscape(Text) + "</span></div>";
      if (It == ByLine.end())
        continue;
      Page += "<div class=\"cards\">";
      for (size_t I : It->second)
        Page += card(Findings[I], I, Prints[I], Info);
      Page += "</div>";
    }
    Page += "</div></main></body></html>\n";
    llvm::SmallString<256> Path(FilesDir);
    llvm::sys::path::append(Path, pageName(FI, File));
    if (llvm::Error E = writeFile(Path, Page))
      return E;
  }
  return llvm::Error::success();
}

} // namespace warplint

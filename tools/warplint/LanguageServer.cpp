//===- LanguageServer.cpp - warplint --lsp --------------------------------===//
//
// Two threads: the main one reads messages and answers them at once; one
// analysis thread runs warplint on the documents that changed. A document
// changed again while it waits (a burst of didChange) is analysed once, with
// its latest text, after a quiet period (debounceMs); results for a version
// that has since changed are dropped, never published.
//
//===----------------------------------------------------------------------===//
#include "tools/warplint/LanguageServer.h"

#include "Findings/Emitters.h"
#include "Findings/Finding.h"
#include "Findings/SourceFiles.h"
#include "Frontend/CudaCompilationDatabase.h"
#include "Analysis/Assumptions.h"
#include "checks/CheckRegistry.h"
#include "checks/WarplintCheck.h"
#include "tools/warplint/Configuration.h"
#include "tools/warplint/Fixes.h"
#include "tools/warplint/IncludeFragments.h"
#include "tools/warplint/Inputs.h"
#include "tools/warplint/LspTransport.h"
#include "tools/warplint/Options.h"
#include "tools/warplint/PythonSources.h"
#include "tools/warplint/Report.h"
#include "tools/warplint/Runner.h"

#include "clang-tidy/ClangTidy.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <chrono>
#include <condition_variable>
#include <map>
#include <thread>
#include <unistd.h>

namespace json = llvm::json;
namespace tidy = clang::tidy;
namespace tooling = clang::tooling;
using llvm::Expected;
using llvm::StringRef;

namespace warplint {
namespace {

using Clock = std::chrono::steady_clock;


/// One open document.
struct Document {
  std::string Path;
  std::string Text;
  int64_t Version = 0;
  bool Dirty = false;          ///< Waits for an analysis.
  Clock::time_point Changed;   ///< Last edit (the debounce starts here).
  int64_t AnalysedVersion = -1; ///< The version the diagnostics describe.
  /// The quick fixes of the last analysis: each with its diagnostic's range.
  std::vector<std::pair<json::Object, json::Object>> Actions;
};

/// What one analysis of a document found.
struct Outcome {
  std::vector<Finding> Findings;
  std::vector<ToolError> Errors;
  std::string Problem; ///< A configuration or database error: nothing ran.
};

class Server {
public:
  Server(std::unique_ptr<tooling::CompilationDatabase> Fixed,
         const char *Argv0, int OutFd)
      : T(stdin, OutFd), Fixed(std::move(Fixed)), Argv0(Argv0) {}
  int run();

private:
  void handle(const json::Object &Msg);
  void request(StringRef Method, const json::Value &Id,
               const json::Object *Params);
  void notification(StringRef Method, const json::Object *Params);
  json::Value initialize(const json::Object *Params);
  json::Value codeActions(const json::Object &Params);
  void didOpen(const json::Object &Params);
  void didChange(const json::Object &Params);
  void touch(const json::Object &Params); // didSave
  void didClose(const json::Object &Params);

  void analysisLoop();
  Outcome analyse(const std::string &Path,
                  const std::map<std::string, std::string> &Overlay);
  json::Object position(StringRef File, unsigned Line, unsigned Col) const;
  json::Object range(const Finding &F) const;
  json::Array diagnostics(const Outcome &O, const std::string &Path,
                          std::vector<std::pair<json::Object, json::Object>>
                              &Actions) const;

  lsp::Transport T;
  std::unique_ptr<tooling::CompilationDatabase> Fixed;
  const char *Argv0;
  bool Initialized = false, ShutDown = false;
  bool Utf8 = false;            ///< Negotiated position encoding.
  std::string DatabaseDir;      ///< -p, or initializationOptions.
  std::string RootPath;         ///< The workspace root, if the client gave one.
  std::chrono::milliseconds Debounce{200};
  /// initializationOptions.assume, or the last workspace/didChangeConfiguration's
  /// settings.assume: warplint.Assume's text for every analysis (guarded by
  /// Lock); Unset when the client never gave one.
  std::optional<std::string> Assume;

  std::mutex Lock; ///< Guards Docs and Stopping.
  std::condition_variable Wake;
  std::map<std::string, Document> Docs; ///< By URI.
  bool Stopping = false;
  std::thread Worker;
};

/// An `assume` setting as warplint.Assume's text: "T=1024,C=768" as it is, or
/// {"T": 1024, "blockDim.x": 256}; anything else is passed on as written, for
/// the analysis to name the problem.
static std::string assumeText(const json::Value &V) {
  if (std::optional<StringRef> S = V.getAsString())
    return S->str();
  std::string Text;
  if (const json::Object *O = V.getAsObject()) {
    for (const auto &[K, Val] : *O) {
      std::string Value;
      if (std::optional<int64_t> I = Val.getAsInteger())
        Value = std::to_string(*I);
      else if (std::optional<StringRef> S = Val.getAsString())
        Value = S->str();
      Text += (Text.empty() ? "" : ",") + K.str() + "=" + Value;
    }
    return Text;
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << V;
  return Out;
}

json::Value Server::initialize(const json::Object *Params) {
  if (Params) {
    if (const json::Object *Caps = Params->getObject("capabilities"))
      if (const json::Object *G = Caps->getObject("general"))
        if (const json::Array *Enc = G->getArray("positionEncodings"))
          for (const json::Value &E : *Enc)
            if (E.getAsString() == StringRef("utf-8"))
              Utf8 = true;
    if (std::optional<StringRef> Root = Params->getString("rootUri"))
      RootPath = lsp::uriToPath(*Root);
    else if (std::optional<StringRef> R = Params->getString("rootPath"))
      RootPath = R->str();
    if (const json::Object *Init = Params->getObject("initializationOptions")) {
      if (std::optional<StringRef> Dir =
              Init->getString("compilationDatabasePath")) {
        llvm::SmallString<256> P(*Dir);
        if (!llvm::sys::path::is_absolute(P) && !RootPath.empty())
          llvm::sys::path::make_absolute(RootPath, P);
        DatabaseDir = std::string(P);
      }
      if (const json::Value *A = Init->get("assume"))
        Assume = assumeText(*A);
      if (std::optional<int64_t> Ms = Init->getInteger("debounceMs"))
        Debounce = std::chrono::milliseconds(std::clamp<int64_t>(*Ms, 0, 10000));
    }
  }
  Initialized = true;
  return json::Object{
      {"capabilities",
       json::Object{
           {"positionEncoding", Utf8 ? "utf-8" : "utf-16"},
           {"textDocumentSync",
            json::Object{{"openClose", true},
                         {"change", 1}, // Full.
                         {"save", json::Object{{"includeText", false}}}}},
           {"codeActionProvider",
            json::Object{{"codeActionKinds", json::Array{"quickfix"}}}}}},
      {"serverInfo",
       json::Object{{"name", "warplint"}, {"version", WARPLINT_VERSION}}}};
}

void Server::handle(const json::Object &Msg) {
  std::optional<StringRef> Method = Msg.getString("method");
  const json::Value *Id = Msg.get("id");
  if (!Method) {
    // A response to a request of ours (we send none) or garbage.
    if (!Msg.get("result") && !Msg.get("error"))
      T.replyError(Id ? *Id : json::Value(nullptr), lsp::InvalidRequest,
                   "not a JSON-RPC request: no method");
    return;
  }
  const json::Value *P = Msg.get("params");
  const json::Object *Params = P ? P->getAsObject() : nullptr;
  if (P && !Params && !P->getAsArray()) {
    if (Id)
      T.replyError(*Id, lsp::InvalidParams, "params must be an object");
    return;
  }
  if (Id)
    request(*Method, *Id, Params);
  else
    notification(*Method, Params);
}

void Server::request(StringRef Method, const json::Value &Id,
                     const json::Object *Params) {
  if (Method == "initialize") {
    if (Initialized)
      return T.replyError(Id, lsp::InvalidRequest, "already initialized");
    return T.reply(Id, initialize(Params));
  }
  if (!Initialized)
    return T.replyError(Id, lsp::ServerNotInitialized,
                        "initialize must come first");
  if (ShutDown)
    return T.replyError(Id, lsp::InvalidRequest, "the server is shut down");
  if (Method == "shutdown") {
    ShutDown = true;
    return T.reply(Id, nullptr);
  }
  if (Method == "textDocument/codeAction") {
    if (!Params)
      return T.replyError(Id, lsp::InvalidParams, "codeAction needs params");
    return T.reply(Id, codeActions(*Params));
  }
  T.replyError(Id, lsp::MethodNotFound, ("unknown method " + Method).str());
}

/// The URI of params.textDocument, or empty.
static std::string documentUri(const json::Object &Params) {
  if (const json::Object *D = Params.getObject("textDocument"))
    if (std::optional<StringRef> U = D->getString("uri"))
      return U->str();
  return "";
}

void Server::notification(StringRef Method, const json::Object *Params) {
  if (Method == "exit" || Method == "initialized")
    return; // exit: run() ends the loop.
  if (!Initialized || ShutDown)
    return; // The protocol drops notifications before initialize.
  if (!Params) {
    if (Method.starts_with("textDocument/"))
      llvm::errs() << "warplint --lsp: " << Method << " without params\n";
    return;
  }
  if (Method == "textDocument/didOpen")
    didOpen(*Params);
  else if (Method == "textDocument/didChange")
    didChange(*Params);
  else if (Method == "textDocument/didSave")
    touch(*Params);
  else if (Method == "textDocument/didClose")
    didClose(*Params);
  else if (Method == "workspace/didChangeConfiguration" && Params) {
    // {"settings": {"assume": ...}} (or under "warplint"): new assumed values
    // for every open document, analysed again.
    const json::Object *S = Params->getObject("settings");
    if (S && S->getObject("warplint"))
      S = S->getObject("warplint");
    if (const json::Value *A = S ? S->get("assume") : nullptr) {
      std::lock_guard<std::mutex> L(Lock);
      Assume = assumeText(*A);
      for (auto &[Uri, D] : Docs) {
        D.Dirty = true;
        D.Changed = Clock::now();
      }
      Wake.notify_all();
    }
  }
  // Anything else ($/cancelRequest, ...) needs nothing from us.
}

void Server::didOpen(const json::Object &Params) {
  const json::Object *D = Params.getObject("textDocument");
  std::optional<StringRef> Uri = D ? D->getString("uri") : std::nullopt;
  std::optional<StringRef> Text = D ? D->getString("text") : std::nullopt;
  std::string Path = Uri ? lsp::uriToPath(*Uri) : "";
  if (!Uri || !Text || Path.empty()) {
    llvm::errs() << "warplint --lsp: didOpen without a file: URI and text\n";
    return;
  }
  std::lock_guard<std::mutex> L(Lock);
  Document &Doc = Docs[Uri->str()];
  Doc.Path = Path;
  Doc.Text = Text->str();
  Doc.Version = D->getInteger("version").value_or(0);
  Doc.Dirty = true;
  Doc.Changed = Clock::now();
  Wake.notify_all();
}

void Server::didChange(const json::Object &Params) {
  std::string Uri = documentUri(Params);
  const json::Array *Changes = Params.getArray("contentChanges");
  std::lock_guard<std::mutex> L(Lock);
  auto It = Docs.find(Uri);
  if (It == Docs.end() || !Changes) {
    llvm::errs() << "warplint --lsp: didChange of a document not open\n";
    return;
  }
  // Full synchronisation: the last change holds the whole text.
  for (const json::Value &C : *Changes)
    if (const json::Object *O = C.getAsObject())
      if (std::optional<StringRef> Text = O->getString("text");
          Text && !O->get("range"))
        It->second.Text = Text->str();
  if (const json::Object *D = Params.getObject("textDocument"))
    It->second.Version = D->getInteger("version").value_or(It->second.Version + 1);
  It->second.Dirty = true;
  It->second.Changed = Clock::now();
  Wake.notify_all();
}

void Server::touch(const json::Object &Params) {
  // Saved: the text is the same, but .warplint.yaml, headers or the database
  // may have changed with it.
  std::lock_guard<std::mutex> L(Lock);
  auto It = Docs.find(documentUri(Params));
  if (It == Docs.end())
    return;
  It->second.Dirty = true;
  It->second.Changed = Clock::now();
  Wake.notify_all();
}

void Server::didClose(const json::Object &Params) {
  std::string Uri = documentUri(Params);
  std::lock_guard<std::mutex> L(Lock);
  if (!Docs.erase(Uri))
    return;
  // Under the lock: an analysis finishing now cannot publish after this.
  T.notify("textDocument/publishDiagnostics",
           json::Object{{"uri", Uri}, {"diagnostics", json::Array()}});
}

json::Value Server::codeActions(const json::Object &Params) {
  std::string Uri = documentUri(Params);
  const json::Object *R = Params.getObject("range");
  auto Pos = [](const json::Object *P) {
    return std::make_pair(P ? P->getInteger("line").value_or(0) : 0,
                          P ? P->getInteger("character").value_or(0) : 0);
  };
  auto Begin = Pos(R ? R->getObject("start") : nullptr);
  auto End = Pos(R ? R->getObject("end") : nullptr);
  json::Array Out;
  std::lock_guard<std::mutex> L(Lock);
  auto It = Docs.find(Uri);
  // Edits computed for another version of the text would corrupt it.
  if (It == Docs.end() || It->second.AnalysedVersion != It->second.Version ||
      It->second.Dirty)
    return Out;
  for (const auto &[Range, Action] : It->second.Actions) {
    auto DB = Pos(Range.getObject("start")), DE = Pos(Range.getObject("end"));
    if (DB <= End && Begin <= DE)
      Out.push_back(json::Object(Action));
  }
  return Out;
}

json::Object Server::position(StringRef File, unsigned Line,
                              unsigned Col) const {
  if (Line == 0 || Col == 0)
    return json::Object{{"line", 0}, {"character", 0}};
  unsigned Char = Col - 1;
  if (!Utf8) {
    std::string Text = sourceLine(File, Line);
    StringRef Before = StringRef(Text).take_front(Col - 1);
    Char = lsp::utf16Length(Before) + (Col - 1 - Before.size());
  }
  return json::Object{{"line", Line - 1}, {"character", Char}};
}

json::Object Server::range(const Finding &F) const {
  const SourcePos &B =
      F.RangeBegin.Line && std::tie(F.RangeBegin.Line, F.RangeBegin.Column) <
                               std::tie(F.Pos.Line, F.Pos.Column)
          ? F.RangeBegin
          : F.Pos;
  unsigned EndLine = F.EndPos.Line, EndCol = F.EndPos.Column;
  if (std::tie(EndLine, EndCol) <= std::tie(F.Pos.Line, F.Pos.Column)) {
    // No range: the token at the position (an editor shows an empty range
    // as nothing at all).
    std::string Text = sourceLine(F.Pos.File, F.Pos.Line);
    EndLine = F.Pos.Line;
    EndCol = F.Pos.Column;
    auto Word = [](char C) { return llvm::isAlnum(C) || C == '_'; };
    if (EndCol - 1 < Text.size() && Word(Text[EndCol - 1]))
      while (EndCol - 1 < Text.size() && Word(Text[EndCol - 1]))
        ++EndCol;
    else if (EndCol - 1 < Text.size())
      ++EndCol;
  }
  return json::Object{{"start", position(F.Pos.File, B.Line, B.Column)},
                      {"end", position(F.Pos.File, EndLine, EndCol)}};
}

/// A short title for a quick fix: what its edits do.
static std::string fixTitle(const Finding &F, const std::vector<FixIt> &Fixes) {
  std::string What;
  for (const FixIt &X : Fixes) {
    std::string Old;
    if (X.Line == X.EndLine && X.Length && X.Column)
      Old = StringRef(sourceLine(X.File, X.Line))
                .substr(X.Column - 1, X.Length)
                .str();
    if (!What.empty())
      What += ", ";
    if (!X.Length)
      What += "insert '" + X.Replacement + "'";
    else if (X.Replacement.empty())
      What += "remove '" + Old + "'";
    else
      What += "replace '" + Old + "' with '" + X.Replacement + "'";
  }
  return "warplint: " + What + " (" + F.CheckId + ")";
}

json::Array
Server::diagnostics(const Outcome &O, const std::string &Path,
                    std::vector<std::pair<json::Object, json::Object>> &Actions)
    const {
  json::Array Out;
  std::string Docs = cli::docsBaseUrl();
  if (!O.Problem.empty())
    Out.push_back(json::Object{
        {"range", json::Object{{"start", position(Path, 0, 0)},
                               {"end", position(Path, 0, 0)}}},
        {"severity", 1},
        {"source", "warplint"},
        {"message", "warplint could not analyse this file: " + O.Problem}});
  for (const ToolError &E : O.Errors) {
    Out.push_back(json::Object{
        {"range", json::Object{{"start", position(Path, E.Line, E.Column)},
                               {"end", position(Path, E.Line, E.Column)}}},
        {"severity", E.Partial ? 3 : 1},
        {"source", "warplint"},
        {"message", E.Message}});
  }
  for (const Finding &F : O.Findings) {
    json::Array Related;
    for (const FindingNote &N : F.Notes) {
      const SourcePos &At = N.Pos.File.empty() ? F.Pos : N.Pos;
      Related.push_back(json::Object{
          {"location",
           json::Object{
               {"uri", lsp::pathToUri(At.File)},
               {"range",
                json::Object{
                    {"start", position(At.File, At.Line, At.Column)},
                    {"end", position(At.File, At.Line, At.Column)}}}}},
          {"message", N.Message}});
    }
    json::Object R = range(F);
    json::Object D{{"range", json::Object(R)},
                   {"severity", F.AsError ? 1 : 2},
                   {"code", F.CheckId},
                   {"source", "warplint"},
                   {"message", F.Message},
                   {"relatedInformation", std::move(Related)}};
    if (!Docs.empty())
      D["codeDescription"] =
          json::Object{{"href", Docs + "/" + F.CheckId + ".md"}};
    // Only the warning's own fix-its: the safe ones (Fixes.h). The unsafe
    // suggestions are notes without an edit.
    std::vector<FixIt> Fixes = fixesOf(F, /*FixNotes=*/false);
    if (!Fixes.empty()) {
      json::Object Changes;
      for (const FixIt &X : Fixes) {
        json::Object Edit{
            {"range",
             json::Object{{"start", position(X.File, X.Line, X.Column)},
                          {"end", position(X.File, X.EndLine, X.EndColumn)}}},
            {"newText", X.Replacement}};
        std::string Uri = lsp::pathToUri(X.File);
        if (!Changes.get(Uri))
          Changes[Uri] = json::Array();
        Changes.get(Uri)->getAsArray()->push_back(std::move(Edit));
      }
      json::Object Action{
          {"title", fixTitle(F, Fixes)},
          {"kind", "quickfix"},
          {"isPreferred", true},
          {"diagnostics", json::Array{json::Object(D)}},
          {"edit", json::Object{{"changes", std::move(Changes)}}}};
      // A grouped finding's other sites offer the same action (every site's
      // edit), wherever the cursor is on one of them.
      for (const FixIt &X : Fixes)
        if (X.File == F.Pos.File &&
            (X.Line < F.RangeBegin.Line || X.Line > F.EndPos.Line))
          Actions.emplace_back(
              json::Object{{"start", position(X.File, X.Line, X.Column)},
                           {"end", position(X.File, X.EndLine, X.EndColumn)}},
              json::Object(Action));
      Actions.emplace_back(std::move(R), std::move(Action));
    }
    Out.push_back(std::move(D));
  }
  return Out;
}

Outcome Server::analyse(const std::string &Path,
                        const std::map<std::string, std::string> &Overlay) {
  Outcome O;
  // Files change under a long-running server: read them afresh, the open
  // documents from their buffers.
  clearSourceCache();
  for (const auto &[File, Text] : Overlay)
    setSourceText(File, Text);
  // A Python document: the CUDA of its strings, as virtual files whose
  // findings map back to it (PythonSources.h).
  std::vector<std::string> Files{Path};
  std::map<std::string, std::string> Parsed = Overlay;
  EmbeddedSourceMap Python;
  if (isPythonSourceName(Path)) {
    std::string Text;
    if (auto It = Overlay.find(Path); It != Overlay.end())
      Text = It->second;
    else if (auto Buf = llvm::MemoryBuffer::getFile(Path))
      Text = (*Buf)->getBuffer().str();
    Files.clear();
    unsigned K = 0;
    for (const EmbeddedCuda &E : findEmbeddedCuda(Text)) {
      if (!E.Problem.empty()) {
        O.Errors.push_back(ToolError{Path, E.Line, E.Column,
                                     "the CUDA source passed to " + E.Api +
                                         " is not analysed: " + E.Problem,
                                     false});
        continue;
      }
      std::string V = embeddedSourcePath(Path, K++);
      Python.add(V, Path, E, Text);
      Parsed[V] = E.Text;
      setSourceText(V, E.Text);
      Files.push_back(V);
    }
    if (Files.empty())
      return O;
  }
  Expected<Configuration> Conf = readConfiguration();
  if (!Conf) {
    O.Problem = toString(Conf.takeError());
    return O;
  }
  std::optional<std::string> Assumed;
  {
    std::lock_guard<std::mutex> L(Lock);
    Assumed = Assume;
  }
  if (Assumed) {
    // The client's values replace the configuration's and --assume's.
    if (Expected<Assumptions> A = parseAssumptions(*Assumed); !A) {
      O.Problem = "assume: " + toString(A.takeError());
      return O;
    }
    Conf->Overrides.CheckOptions[AssumeOptionKey] =
        tidy::ClangTidyOptions::ClangTidyValue(*Assumed);
  }
  if (!Conf->Explicit)
    if (llvm::Error E = validateConfigFiles({Path})) {
      O.Problem = toString(std::move(E));
      return O;
    }
  if (llvm::Error E = loadProjectConfigs(*Conf, {Path})) {
    O.Problem = toString(std::move(E));
    return O;
  }
  Expected<std::unique_ptr<tooling::CompilationDatabase>> DB =
      loadCompilationDatabase(
          Fixed ? std::make_unique<BorrowedDatabase>(*Fixed) : nullptr,
          DatabaseDir.empty() ? StringRef(cli::BuildPath) : DatabaseDir, Path);
  if (!DB) {
    O.Problem = toString(DB.takeError());
    return O;
  }
  Expected<CudaParseOptions> ParseOpts =
      parseOptions(*Conf, Argv0, (void *)&cli::printVersion);
  if (!ParseOpts) {
    O.Problem = toString(ParseOpts.takeError());
    return O;
  }
  CudaCompilationDatabase CudaDB(std::move(*DB), *ParseOpts);
  FragmentSearch Search;
  Search.Compilations = &CudaDB;
  Search.SourceRoot = !cli::SourceRoot.empty() ? std::string(cli::SourceRoot)
                                                : RootPath;
  Search.Inputs = Files;
  // A header is searched for now, a source only when its own parse says an
  // includer can matter (RunRequest::FindIncluders); a Python document's CUDA
  // has none.
  std::map<std::string, std::string> Through;
  if (Python.empty() && isHeaderName(Path))
    Through = findIncluders(Search);
  auto ParseIt = Through.find(Files.front());
  if (CudaDB
          .getCompileCommands(ParseIt == Through.end() ? Files.front()
                                                       : ParseIt->second)
          .empty()) {
    O.Problem = "no compile command for it in the compilation database and "
                "none to infer (initializationOptions.compilationDatabasePath "
                "or -p names the build directory)";
    return O;
  }
  if (tidy::getCheckNames(Conf->makeProvider()->getOptions(Path), false, false)
          .empty()) {
    O.Problem = "no checks enabled (warplint's checks are warplint-*)";
    return O;
  }
  RunRequest Req;
  Req.Files = Files;
  Req.Compilations = &CudaDB;
  Req.Through = std::move(Through);
  if (Python.empty() && !isHeaderName(Path))
    Req.FindIncluders = [&](const std::vector<std::string> &Files) {
      FragmentSearch S = Search;
      S.Searched = Files;
      std::map<std::string, std::string> Found = findIncluders(S);
      for (auto It = Found.begin(); It != Found.end();)
        It = CudaDB.getCompileCommands(It->second).empty() ? Found.erase(It)
                                                           : std::next(It);
      return Found;
    };
  Req.MakeOptionsProvider = Conf->providerFactory();
  Req.Overlay = Parsed;
  Req.Jobs = 1;
  RunResult R = runChecks(Req);
  Python.remap(R);
  std::optional<Priority> Threshold = parsePriority(cli::MinPriority);
  for (Finding &F : shownFindings(std::move(R.Findings),
                                  Threshold.value_or(Priority::Low)))
    if (F.Pos.File == Path) // A header's findings belong to the header.
      O.Findings.push_back(std::move(F));
  for (ToolError &E : R.Errors)
    if (E.File == Path)
      O.Errors.push_back(std::move(E));
  return O;
}

void Server::analysisLoop() {
  std::unique_lock<std::mutex> L(Lock);
  while (true) {
    Wake.wait(L, [&] {
      return Stopping || llvm::any_of(Docs, [](const auto &D) {
               return D.second.Dirty;
             });
    });
    if (Stopping)
      return;
    // The document waiting longest; its quiet period first.
    auto Next = Docs.end();
    for (auto It = Docs.begin(); It != Docs.end(); ++It)
      if (It->second.Dirty &&
          (Next == Docs.end() || It->second.Changed < Next->second.Changed))
        Next = It;
    Clock::time_point Due = Next->second.Changed + Debounce;
    if (Clock::now() < Due) {
      Wake.wait_until(L, Due);
      continue; // Re-pick: it may have changed, closed, or been overtaken.
    }
    std::string Uri = Next->first, Path = Next->second.Path;
    int64_t Version = Next->second.Version;
    Next->second.Dirty = false;
    std::map<std::string, std::string> Overlay;
    for (const auto &[U, D] : Docs)
      Overlay[D.Path] = D.Text;
    L.unlock();
    Outcome O = analyse(Path, Overlay);
    std::vector<std::pair<json::Object, json::Object>> Actions;
    json::Array Diags = diagnostics(O, Path, Actions);
    L.lock();
    auto It = Docs.find(Uri);
    if (It == Docs.end() || It->second.Version != Version || It->second.Dirty)
      continue; // Closed or changed meanwhile: the next analysis publishes.
    It->second.AnalysedVersion = Version;
    It->second.Actions = std::move(Actions);
    T.notify("textDocument/publishDiagnostics",
             json::Object{{"uri", Uri},
                          {"version", Version},
                          {"diagnostics", std::move(Diags)}});
  }
}

int Server::run() {
  Worker = std::thread([this] { analysisLoop(); });
  int Code = 1; // End of input without exit.
  while (true) {
    lsp::Incoming In = T.read();
    if (In.K == lsp::Incoming::End)
      break;
    if (In.K == lsp::Incoming::Malformed) {
      T.replyError(nullptr, lsp::ParseError, In.Problem);
      continue;
    }
    Expected<json::Value> V = json::parse(In.Body);
    if (!V) {
      T.replyError(nullptr, lsp::ParseError,
                   "invalid JSON: " + toString(V.takeError()));
      continue;
    }
    const json::Object *Msg = V->getAsObject();
    if (!Msg) {
      T.replyError(nullptr, lsp::InvalidRequest,
                   "a JSON-RPC message is an object");
      continue;
    }
    if (Msg->getString("method") == std::optional<StringRef>("exit")) {
      Code = ShutDown ? 0 : 1;
      break;
    }
    handle(*Msg);
  }
  if (ShutDown && Code == 1)
    Code = 0; // Input ended after shutdown: the client is done.
  {
    std::lock_guard<std::mutex> L(Lock);
    Stopping = true;
    Wake.notify_all();
  }
  // An analysis under way is not interrupted: leave without waiting for it
  // (nothing is left to write; its results would be dropped).
  llvm::outs().flush();
  llvm::errs().flush();
  Worker.detach();
  llvm::sys::Process::Exit(Code, /*NoCleanup=*/true);
}

} // namespace

int runLanguageServer(std::unique_ptr<tooling::CompilationDatabase> Fixed,
                      const char *Argv0) {
  // The protocol owns stdout: anything else printing there (a library, a
  // stray message) goes to stderr, which clients log.
  std::fflush(stdout);
  int Protocol = ::dup(STDOUT_FILENO);
  if (Protocol < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    llvm::errs() << "warplint: error: --lsp: cannot set up stdout\n";
    return cli::ExitUsage;
  }
  Server S(std::move(Fixed), Argv0, Protocol);
  return S.run();
}

} // namespace warplint

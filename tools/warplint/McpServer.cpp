//===- McpServer.cpp - warplint --mcp -------------------------------------===//
#include "tools/warplint/McpServer.h"

#include "Analysis/Assumptions.h"
#include "Findings/Facts.h"
#include "Findings/Finding.h"
#include "Findings/SourceFiles.h"
#include "Frontend/CudaCompilationDatabase.h"
#include "Hardware/HardwareModel.h"
#include "checks/CheckRegistry.h"
#include "checks/WarplintCheck.h"
#include "tools/warplint/Configuration.h"
#include "tools/warplint/IncludeFragments.h"
#include "tools/warplint/Inputs.h"
#include "tools/warplint/Options.h"
#include "tools/warplint/PythonSources.h"
#include "tools/warplint/Report.h"
#include "tools/warplint/Runner.h"

#include "clang-tidy/ClangTidy.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <cstdio>
#include <map>
#include <unistd.h>

namespace json = llvm::json;
namespace tidy = clang::tidy;
namespace tooling = clang::tooling;
using llvm::Expected;
using llvm::StringRef;

namespace warplint {
namespace {

/// The protocol revisions this server speaks; it answers an initialize with
/// the client's when it is one of them, else with the newest.
constexpr const char *ProtocolVersions[] = {"2025-06-18", "2025-03-26",
                                            "2024-11-05"};

/// A tool's failure the agent can act on (isError: true), not a protocol
/// error.
llvm::Error fail(const llvm::Twine &Message) {
  return llvm::createStringError(Message);
}

/// What one lint request analyses.
struct LintJob {
  std::string Display; ///< The file the findings are reported in.
  std::vector<std::string> Files;
  std::map<std::string, std::string> Overlay;
  EmbeddedSourceMap Python;
  std::vector<ToolError> PythonProblems;
  bool PythonWithoutCuda = false;
  std::string Arch, Assume;
  bool Detail = false;
};

/// How much a finding wastes, for the worst-first order: the cost over the
/// ideal for memory accesses (sectors or wavefronts per request), the share
/// of warps that diverge, the occupancy lost; 1 when the facts say nothing.
double wasteOf(const Finding &F) {
  if (!F.Facts)
    return 1;
  const FindingFacts &X = *F.Facts;
  if (X.Access && X.Access->IdealPerRequest > 0)
    return X.Access->PerRequest / X.Access->IdealPerRequest;
  if (X.Divergence && X.Divergence->Warps)
    return 1 + double(X.Divergence->DivergentWarps) / X.Divergence->Warps;
  if (X.Resources && X.Resources->Occupancy > 0)
    return 1 / X.Resources->Occupancy;
  return 1;
}

/// The numbers behind a finding, from its structured facts.
json::Object numbersOf(const FindingFacts &X) {
  json::Object N;
  if (X.Access) {
    const AccessFacts &A = *X.Access;
    bool Shared = A.Space == "shared";
    N["space"] = A.Space;
    N["access"] = A.Access;
    N["array"] = A.Array;
    N["index"] = A.Index;
    N["widthBytes"] = A.WidthBytes;
    if (A.StrideBytes)
      N["laneStrideBytes"] = *A.StrideBytes;
    N["unit"] = Shared ? "wavefronts" : A.Coalescing;
    N["perRequest"] = A.PerRequest;
    N["idealPerRequest"] = A.IdealPerRequest;
    if (Shared)
      N["bankConflictDegree"] = A.Degree;
  }
  if (X.Divergence) {
    const DivergenceFacts &D = *X.Divergence;
    N["condition"] = D.Condition;
    N["kind"] = D.Kind;
    N["warps"] = D.Warps;
    N["divergentWarps"] = D.DivergentWarps;
    // Of the lanes of the warps that run the branch, the share that waits.
    unsigned Lanes = 0, Idle = 0;
    for (const DivergenceFacts::Warp &W : D.PerWarp) {
      uint64_t Mask = W.Lanes >= 64 ? ~0ull : ((1ull << W.Lanes) - 1);
      unsigned Taken = llvm::popcount(W.Taken & Mask);
      if (!Taken)
        continue;
      Lanes += W.Lanes;
      Idle += W.Lanes - Taken;
    }
    if (Lanes)
      N["idleLaneShare"] = double(Idle) / Lanes;
  }
  if (X.Resources) {
    const ResourceFacts &R = *X.Resources;
    N["threadsPerBlock"] = R.ThreadsPerBlock;
    N["registersPerThread"] = R.RegistersPerThread;
    N["registersExact"] = R.RegistersExact;
    N["occupancy"] = R.Occupancy;
    N["activeWarps"] = R.ActiveWarps;
    N["maxWarps"] = R.MaxWarps;
    N["limiter"] = R.Limiter;
    if (R.NextRegisters) {
      N["nextRegisters"] = *R.NextRegisters;
      N["nextOccupancy"] = R.NextOccupancy;
    }
  }
  if (X.Block) {
    N["blockDim"] = json::Array{X.Block->Dim[0], X.Block->Dim[1],
                                X.Block->Dim[2]};
    N["blockDimFrom"] = X.Block->Origin;
  }
  return N;
}

class Server {
public:
  Server(std::unique_ptr<tooling::CompilationDatabase> Fixed,
         const char *Argv0, int OutFd)
      : Fixed(std::move(Fixed)), Argv0(Argv0), Out(OutFd, /*shouldClose=*/true) {}
  int run();

private:
  void send(json::Value V) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    OS << V;
    Out << S << "\n";
    Out.flush();
  }
  void reply(const json::Value &Id, json::Value Result) {
    send(json::Object{{"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
  }
  void replyError(const json::Value &Id, int Code, StringRef Msg) {
    send(json::Object{{"jsonrpc", "2.0"},
                      {"id", Id},
                      {"error", json::Object{{"code", Code}, {"message", Msg}}}});
  }
  void handle(const json::Object &Msg);
  json::Value toolsList() const;
  Expected<json::Object> callTool(StringRef Name, const json::Object &Args);
  Expected<json::Object> lint(LintJob &Job);
  Expected<json::Object> explain(const json::Object &Args);
  llvm::Error readCommon(const json::Object &Args, LintJob &Job);
  void addPython(LintJob &Job, const std::string &PyPath, StringRef Text);

  std::unique_ptr<tooling::CompilationDatabase> Fixed;
  const char *Argv0;
  llvm::raw_fd_ostream Out;
  unsigned Sources = 0; ///< Names the virtual files of lint_source.
};

json::Value Server::toolsList() const {
  json::Object Common{
      {"arch",
       json::Object{{"type", "string"},
                    {"description",
                     "target GPU, e.g. sm_90 (default: the configuration's, "
                     "else warplint's default)"}}},
      {"assume",
       json::Object{
           {"description",
            "runtime sizes the analysis evaluates exactly: an object "
            "{\"N\": 4096} or the text of --assume, \"N=4096,M=4096\""}}},
      {"launch",
       json::Object{
           {"type", "object"},
           {"description",
            "the block the kernels run with when the source does not launch "
            "them: {\"block\": [256, 1, 1]}"},
           {"properties",
            json::Object{{"block", json::Object{{"type", "array"},
                                                {"items", json::Object{{"type", "integer"}}}}}}}}},
      {"detail",
       json::Object{{"type", "boolean"},
                    {"description", "also return each finding's full facts "
                                    "(every lane of the warp drawn)"}}}};
  auto With = [&](json::Object Props) {
    for (auto &KV : Common)
      Props.try_emplace(KV.first, KV.second);
    return Props;
  };
  json::Array Tools;
  Tools.push_back(json::Object{
      {"name", "lint_source"},
      {"title", "Lint CUDA source text"},
      {"description",
       "Static performance analysis of CUDA C++ (a kernel and, optionally, "
       "the host code that launches it) or of a Python file that compiles "
       "CUDA at run time (torch load_inline, CuPy RawKernel/RawModule, "
       "PyCUDA SourceModule). Returns each finding worst first with its "
       "check, priority, line, the numbers behind it (sectors or wavefronts "
       "per request against the ideal, idle lanes, registers, occupancy) "
       "and what to do."},
      {"inputSchema",
       json::Object{
           {"type", "object"},
           {"properties",
            With(json::Object{
                {"source", json::Object{{"type", "string"},
                                        {"description", "the source text"}}},
                {"language",
                 json::Object{{"type", "string"},
                              {"enum", json::Array{"cuda", "python"}},
                              {"description", "default cuda"}}},
                {"filename",
                 json::Object{{"type", "string"},
                              {"description",
                               "a name for the text (kernel.cu, model.py); "
                               "relative to the server's directory"}}}})},
           {"required", json::Array{"source"}}}}});
  Tools.push_back(json::Object{
      {"name", "lint_file"},
      {"title", "Lint a CUDA or Python file"},
      {"description",
       "The same analysis of a file on disk (.cu, .cuh, or a .py that "
       "compiles CUDA at run time), with the project's configuration and "
       "compilation database."},
      {"inputSchema",
       json::Object{{"type", "object"},
                    {"properties",
                     With(json::Object{
                         {"path", json::Object{{"type", "string"},
                                               {"description",
                                                "absolute, or relative to "
                                                "the server's directory"}}}})},
                    {"required", json::Array{"path"}}}}});
  Tools.push_back(json::Object{
      {"name", "explain_check"},
      {"title", "Explain a warplint check"},
      {"description",
       "The rule behind a check (warplint-uncoalesced-global-access, ...): "
       "its priority and CUDA Best Practices Guide section, what it "
       "detects, how to fix it, its options and limits."},
      {"inputSchema",
       json::Object{{"type", "object"},
                    {"properties",
                     json::Object{{"check", json::Object{{"type", "string"}}}}},
                    {"required", json::Array{"check"}}}}});
  return json::Object{{"tools", std::move(Tools)}};
}

llvm::Error Server::readCommon(const json::Object &Args, LintJob &Job) {
  if (std::optional<StringRef> A = Args.getString("arch")) {
    if (!hw::findBuiltinModel(*A))
      return fail("unknown GPU architecture '" + A->str() +
                        "'; known: " + hw::knownArchList());
    Job.Arch = A->str();
  }
  std::vector<std::string> Parts;
  if (const json::Value *V = Args.get("assume")) {
    if (std::optional<StringRef> S = V->getAsString())
      Parts.push_back(S->str());
    else if (const json::Object *O = V->getAsObject()) {
      std::vector<std::string> Keys;
      for (const auto &KV : *O)
        Keys.push_back(KV.first.str());
      llvm::sort(Keys); // json::Object has no order of its own.
      for (const std::string &K : Keys) {
        std::optional<int64_t> I = O->getInteger(K);
        if (!I)
          return fail("assume: '" + K + "' is not an integer");
        Parts.push_back(K + "=" + std::to_string(*I));
      }
    } else
      return fail("assume: an object or a string");
  }
  if (const json::Object *L = Args.getObject("launch"))
    if (const json::Array *B = L->getArray("block")) {
      static const char *const Dim[] = {"x", "y", "z"};
      for (size_t I = 0; I < B->size() && I < 3; ++I) {
        std::optional<int64_t> V = (*B)[I].getAsInteger();
        if (!V)
          return fail("launch.block: integers");
        Parts.push_back(std::string("blockDim.") + Dim[I] + "=" +
                        std::to_string(*V));
      }
    }
  Job.Assume = llvm::join(Parts, ",");
  if (!Job.Assume.empty())
    if (Expected<Assumptions> A = parseAssumptions(Job.Assume); !A)
      return fail("assume: " + toString(A.takeError()));
  Job.Detail = Args.getBoolean("detail").value_or(false);
  return llvm::Error::success();
}

void Server::addPython(LintJob &Job, const std::string &PyPath,
                       StringRef Text) {
  std::vector<EmbeddedCuda> Found = findEmbeddedCuda(Text);
  unsigned K = 0;
  for (const EmbeddedCuda &E : Found) {
    if (!E.Problem.empty()) {
      Job.PythonProblems.push_back(
          ToolError{PyPath, E.Line, E.Column,
                    "the CUDA source passed to " + E.Api +
                        " is not analysed: " + E.Problem,
                    false});
      continue;
    }
    std::string V = embeddedSourcePath(PyPath, K++);
    Job.Python.add(V, PyPath, E, Text);
    Job.Overlay[V] = E.Text;
    Job.Files.push_back(V);
  }
  Job.PythonWithoutCuda = Found.empty();
}

Expected<json::Object> Server::lint(LintJob &Job) {
  json::Object Result{{"file", Job.Display}};
  json::Array Errors;
  for (const ToolError &E : Job.PythonProblems)
    Errors.push_back(json::Object{
        {"line", E.Line}, {"column", E.Column}, {"message", E.Message}});
  if (Job.Files.empty()) {
    Result["status"] = Job.PythonWithoutCuda ? "no CUDA source" : "incomplete";
    Result["kernels"] = 0;
    Result["kernelsAnalysed"] = 0;
    Result["findings"] = json::Array{};
    Result["errors"] = std::move(Errors);
    return Result;
  }
  clearSourceCache();
  for (const auto &[File, Text] : Job.Overlay)
    setSourceText(File, Text);
  Expected<Configuration> Conf = readConfiguration();
  if (!Conf)
    return fail(toString(Conf.takeError()));
  if (!Job.Assume.empty())
    Conf->Overrides.CheckOptions[AssumeOptionKey] =
        tidy::ClangTidyOptions::ClangTidyValue(Job.Assume);
  if (llvm::Error E = loadProjectConfigs(*Conf, Job.Files))
    return fail(toString(std::move(E)));
  Expected<std::unique_ptr<tooling::CompilationDatabase>> DB =
      loadCompilationDatabase(
          Fixed ? std::make_unique<BorrowedDatabase>(*Fixed) : nullptr,
          cli::BuildPath, Job.Files.front());
  if (!DB)
    return fail(toString(DB.takeError()));
  // The request's target, for this parse only.
  std::string SavedArch = cli::Arch;
  if (!Job.Arch.empty())
    cli::Arch = Job.Arch;
  Expected<CudaParseOptions> ParseOpts =
      parseOptions(*Conf, Argv0, (void *)&cli::printVersion);
  cli::Arch = SavedArch;
  if (!ParseOpts)
    return fail(toString(ParseOpts.takeError()));
  CudaCompilationDatabase CudaDB(std::move(*DB), *ParseOpts);
  std::map<std::string, std::string> Through;
  if (Job.Python.empty() && Job.Overlay.empty()) {
    FragmentSearch Search;
    Search.Compilations = &CudaDB;
    Search.SourceRoot = std::string(cli::SourceRoot);
    Search.Inputs = Job.Files;
    Through = findIncluders(Search);
  }
  for (const std::string &F : Job.Files) {
    auto It = Through.find(F);
    if (CudaDB.getCompileCommands(It == Through.end() ? F : It->second)
            .empty())
      return fail("no compile command for '" + F +
                        "' in the compilation database and none to infer");
  }
  RunRequest Req;
  Req.Files = Job.Files;
  Req.Compilations = &CudaDB;
  Req.Through = std::move(Through);
  Req.MakeOptionsProvider = Conf->providerFactory();
  Req.Overlay = Job.Overlay;
  Req.Jobs = 1;
  RunResult R = runChecks(Req);
  Job.Python.remap(R);

  std::vector<Finding> Shown = shownFindings(std::move(R.Findings), Priority::Low);
  // Worst first: priority, then the waste the facts measure, then position.
  std::stable_sort(Shown.begin(), Shown.end(),
                   [](const Finding &A, const Finding &B) {
                     if (A.Prio != B.Prio)
                       return A.Prio > B.Prio;
                     return wasteOf(A) > wasteOf(B);
                   });
  json::Array Findings;
  unsigned Count[3] = {0, 0, 0};
  for (const Finding &F : Shown) {
    if (F.IsCompilerError)
      continue;
    ++Count[unsigned(F.Prio)];
    json::Object O{{"check", F.CheckId},
                   {"priority", priorityName(F.Prio)},
                   {"confidence", confidenceName(F.Conf)},
                   {"line", F.Pos.Line},
                   {"column", F.Pos.Column},
                   {"endLine", F.EndPos.Line},
                   {"message", F.Message},
                   {"guideSection", F.ModernSection},
                   {"waste", wasteOf(F)}};
    if (F.Pos.File != Job.Display)
      O["file"] = F.Pos.File;
    json::Array Evidence;
    for (const FindingNote &N : F.Notes)
      Evidence.push_back(json::Object{{"line", N.Pos.Line},
                                      {"message", N.Message}});
    O["evidence"] = std::move(Evidence);
    if (const CheckInfo *C = findCheck(F.CheckId))
      O["whatToDo"] = C->Rule;
    if (F.Facts) {
      O["function"] = F.Facts->Function;
      O["numbers"] = numbersOf(*F.Facts);
      json::Array As;
      for (const std::string &A : F.Facts->Assumptions)
        As.push_back(A);
      O["assumptions"] = std::move(As);
      if (Job.Detail)
        O["facts"] = factsToJson(*F.Facts);
    }
    Findings.push_back(std::move(O));
  }
  unsigned Kernels = 0, Analysed = 0;
  std::string Status = "complete";
  for (const FileAnalysis &A : R.Analyses) {
    Kernels += A.Kernels;
    Analysed += A.KernelsAnalysed;
    if (A.Status == "incomplete" ||
        (A.Status == "partial" && Status == "complete"))
      Status = A.Status;
  }
  if (!Job.PythonProblems.empty())
    Status = "incomplete";
  for (const ToolError &E : R.Errors)
    Errors.push_back(json::Object{{"line", E.Line},
                                  {"column", E.Column},
                                  {"message", E.Message},
                                  {"partial", E.Partial}});
  Result["status"] = Status;
  Result["kernels"] = Kernels;
  Result["kernelsAnalysed"] = Analysed;
  Result["counts"] = json::Object{
      {"high", Count[2]}, {"medium", Count[1]}, {"low", Count[0]}};
  Result["findings"] = std::move(Findings);
  Result["errors"] = std::move(Errors);
  return Result;
}

/// The directory of the check pages: installed beside the binary, else the
/// sources' (docs/checks).
std::string checkPagesDir() {
  std::string Base = cli::docsBaseUrl();
  StringRef B(Base);
  if (B.consume_front("file://"))
    return B.str();
  return "";
}

Expected<json::Object> Server::explain(const json::Object &Args) {
  std::optional<StringRef> Name = Args.getString("check");
  if (!Name)
    return fail("explain_check needs 'check', e.g. "
                      "warplint-uncoalesced-global-access");
  std::string Id = Name->trim().str();
  if (!StringRef(Id).starts_with("warplint-"))
    Id = "warplint-" + Id;
  const CheckInfo *C = findCheck(Id);
  if (!C) {
    std::vector<std::string> Known;
    for (const CheckInfo &I : allChecks())
      Known.push_back(I.Id.str());
    return fail("unknown check '" + Name->str() +
                      "'; known: " + llvm::join(Known, ", "));
  }
  json::Object O{{"check", C->Id},
                 {"priority", priorityName(C->Prio)},
                 {"guideSection", C->ModernSection},
                 {"guideSectionCuda23", C->G23Section},
                 {"summary", C->Summary},
                 {"rule", C->Rule}};
  std::string Dir = checkPagesDir();
  if (!Dir.empty()) {
    llvm::SmallString<256> P(Dir);
    // The URL is percent-encoded; the pages' directory names seldom are.
    llvm::sys::path::append(P, Id + ".md");
    if (auto Buf = llvm::MemoryBuffer::getFile(P))
      O["page"] = (*Buf)->getBuffer().str();
  }
  return O;
}

Expected<json::Object> Server::callTool(StringRef Name, const json::Object &Args) {
  json::Object Structured;
  auto Take = [&](Expected<json::Object> R) -> llvm::Error {
    if (!R)
      return R.takeError();
    Structured = std::move(*R);
    return llvm::Error::success();
  };
  if (Name == "explain_check") {
    if (llvm::Error E = Take(explain(Args)))
      return std::move(E);
  } else if (Name == "lint_source") {
    std::optional<StringRef> Source = Args.getString("source");
    if (!Source)
      return fail("lint_source needs 'source': the CUDA or Python text");
    LintJob Job;
    if (llvm::Error E = readCommon(Args, Job))
      return std::move(E);
    StringRef Lang = Args.getString("language").value_or("");
    std::string Name = Args.getString("filename").value_or("").str();
    bool Python = Lang == "python" || (Lang.empty() && isPythonSourceName(Name));
    if (!Lang.empty() && Lang != "python" && Lang != "cuda")
      return fail("language: cuda or python");
    if (Name.empty())
      Name = "warplint-source-" + std::to_string(++Sources) +
             (Python ? ".py" : ".cu");
    llvm::SmallString<256> Path(Name);
    llvm::sys::fs::make_absolute(Path);
    llvm::sys::path::remove_dots(Path, true);
    Job.Display = std::string(Path);
    if (Python)
      addPython(Job, Job.Display, *Source);
    else {
      Job.Overlay[Job.Display] = Source->str();
      Job.Files.push_back(Job.Display);
    }
    if (llvm::Error E = Take(lint(Job)))
      return std::move(E);
  } else if (Name == "lint_file") {
    std::optional<StringRef> P = Args.getString("path");
    if (!P)
      return fail("lint_file needs 'path'");
    LintJob Job;
    if (llvm::Error E = readCommon(Args, Job))
      return std::move(E);
    llvm::SmallString<256> Path(*P);
    llvm::sys::fs::make_absolute(Path);
    llvm::sys::path::remove_dots(Path, true);
    Job.Display = std::string(Path);
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    if (!Buf)
      return fail("cannot read '" + Job.Display +
                        "': " + Buf.getError().message());
    if (isPythonSourceName(Path))
      addPython(Job, Job.Display, (*Buf)->getBuffer());
    else
      Job.Files.push_back(Job.Display);
    if (llvm::Error E = Take(lint(Job)))
      return std::move(E);
  } else {
    return json::Object{};
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << json::Value(json::Object(Structured));
  return json::Object{
      {"content", json::Array{json::Object{{"type", "text"}, {"text", Text}}}},
      {"structuredContent", std::move(Structured)},
      {"isError", false}};
}

void Server::handle(const json::Object &Msg) {
  const json::Value *Id = Msg.get("id");
  std::optional<StringRef> Method = Msg.getString("method");
  if (!Method) {
    if (Id) // A response to a request of ours: there are none.
      return;
    replyError(nullptr, -32600, "a JSON-RPC request has a method");
    return;
  }
  if (!Id)
    return; // Notifications: initialized, cancelled; nothing to do.
  const json::Object *Params = Msg.getObject("params");
  static const json::Object NoParams;
  if (!Params)
    Params = &NoParams;
  if (*Method == "initialize") {
    StringRef Asked = Params->getString("protocolVersion").value_or("");
    StringRef Version = ProtocolVersions[0];
    for (const char *V : ProtocolVersions)
      if (Asked == V)
        Version = V;
    reply(*Id,
          json::Object{
              {"protocolVersion", Version},
              {"capabilities",
               json::Object{{"tools", json::Object{{"listChanged", false}}}}},
              {"serverInfo",
               json::Object{{"name", "warplint"}, {"version", WARPLINT_VERSION}}},
              {"instructions",
               "warplint is a static performance linter for CUDA: lint_source "
               "or lint_file before running a kernel; findings come worst "
               "first, each with the numbers behind it and what to do; "
               "explain_check gives a check's rule."}});
    return;
  }
  if (*Method == "ping") {
    reply(*Id, json::Object{});
    return;
  }
  if (*Method == "tools/list") {
    reply(*Id, toolsList());
    return;
  }
  if (*Method == "tools/call") {
    std::optional<StringRef> Name = Params->getString("name");
    static const json::Object NoArgs;
    const json::Object *Args = Params->getObject("arguments");
    if (!Args)
      Args = &NoArgs;
    if (!Name) {
      replyError(*Id, -32602, "tools/call needs a tool name");
      return;
    }
    Expected<json::Object> R = callTool(*Name, *Args);
    if (!R)
      reply(*Id, json::Object{{"content", json::Array{json::Object{
                                              {"type", "text"},
                                              {"text", toString(R.takeError())}}}},
                              {"isError", true}});
    else if (R->empty())
      replyError(*Id, -32602, "unknown tool '" + Name->str() + "'");
    else
      reply(*Id, std::move(*R));
    return;
  }
  replyError(*Id, -32601, "unknown method '" + Method->str() + "'");
}

int Server::run() {
  std::string Line;
  char Buf[65536];
  while (true) {
    Line.clear();
    bool Got = false;
    while (std::fgets(Buf, sizeof(Buf), stdin)) {
      Got = true;
      Line += Buf;
      if (!Line.empty() && Line.back() == '\n')
        break;
    }
    if (!Got)
      break;
    StringRef L = StringRef(Line).trim();
    if (L.empty())
      continue;
    Expected<json::Value> V = json::parse(L);
    if (!V) {
      replyError(nullptr, -32700, "invalid JSON: " + toString(V.takeError()));
      continue;
    }
    const json::Object *Msg = V->getAsObject();
    if (!Msg) {
      replyError(nullptr, -32600, "a JSON-RPC message is an object");
      continue;
    }
    handle(*Msg);
  }
  return cli::ExitClean;
}

} // namespace

int runMcpServer(std::unique_ptr<tooling::CompilationDatabase> Fixed,
                 const char *Argv0) {
  // The protocol owns stdout: anything else printing there goes to stderr.
  std::fflush(stdout);
  int Protocol = ::dup(STDOUT_FILENO);
  if (Protocol < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    llvm::errs() << "warplint: error: --mcp: cannot set up stdout\n";
    return cli::ExitUsage;
  }
  // The facts behind each finding are what the tools return.
  setFactRecording(true);
  Server S(std::move(Fixed), Argv0, Protocol);
  return S.run();
}

} // namespace warplint

//===- warplint-dump.cpp - What the engine thinks of each access ----------===//
//
// The dump mode of lib/Analysis: one line per memory access of every kernel
// (and per block shape it is launched with), with the numbers the memory checks
// judge by. For FileCheck tests and for comparing predictions with Nsight
// Compute's counters (validation/memory-checks/compare.py). With --divergence,
// one line per divergent branch and barrier instead (Analysis/Divergence's
// printDivergence): the facts warplint-divergent-branch and
// warplint-barrier-in-divergent-code judge by.
//
//   warplint-dump [--arch=sm_90] [--csv | --divergence] file.cu -- <args>
//   warplint-dump --launches | --local-arrays | --values file.cu -- <args>
//   warplint-dump --resources [--replay=<recording>] file.cu -- <args>
//   warplint-dump --fp64 file.cu -- <args>
//   warplint-dump --transfers file.cu -- <args>
//   warplint-dump --accumulators file.cu -- <args>
//   warplint-dump --constant file.cu -- <args>
//   warplint-dump --redundant-loads file.cu -- <args>
//
//===----------------------------------------------------------------------===//
#include "Analysis/AnalysisContext.h"
#include "Analysis/resources/CompiledResources.h"
#include "Analysis/divergence/Divergence.h"
#include "Analysis/instructions/DoublePrecision.h"
#include "Analysis/memory/KernelAccesses.h"
#include "Analysis/resources/ResourceEstimate.h"
#include "Frontend/CudaCompilationDatabase.h"
#include "Frontend/CudaToolkit.h"
#include "Frontend/NvccMacroScope.h"
#include "Frontend/NvccSpelling.h"
#include "Hardware/AccessCost.h"
#include "Hardware/HardwareModel.h"
#include "Symbolic/WarpEval.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace warplint;

static llvm::cl::OptionCategory Cat("warplint-dump");
static llvm::cl::list<std::string> Files(llvm::cl::Positional,
                                         llvm::cl::cat(Cat));
static llvm::cl::opt<std::string> Arch("arch", llvm::cl::init("sm_90"),
                                       llvm::cl::cat(Cat));
static llvm::cl::opt<bool> Csv("csv", llvm::cl::cat(Cat));
// The launch index: each launch's folded block (lib/Analysis/AnalysisContext).
static llvm::cl::opt<bool> DumpLaunches("launches", llvm::cl::cat(Cat));
// The occupancy of each launch with a known block (lib/Analysis/LaunchOccupancy).
static llvm::cl::opt<bool> DumpOccupancy("occupancy", llvm::cl::cat(Cat));
// Host-device transfers, their loops, host buffers and round trips
// (lib/Analysis/HostTransfers).
static llvm::cl::opt<bool> DumpTransfers("transfers", llvm::cl::cat(Cat));
// Global elements accumulated in memory across a kernel loop
// (lib/Analysis/GlobalAccumulators).
static llvm::cl::opt<bool> DumpAccumulators("accumulators", llvm::cl::cat(Cat));
// Reads of __constant__ variables and the distinct addresses each warp reads
// (the constant-memory accesses of Analysis/KernelAccesses, priced by
// Hardware/MemoryCost's constantAccessCost); the memory dump leaves them out.
static llvm::cl::opt<bool> DumpConstant("constant", llvm::cl::cat(Cat));
// Global loads in kernel loops and how many threads and warps of a block read
// each element (lib/Analysis/RedundantLoads).
static llvm::cl::opt<bool> DumpRedundant("redundant-loads", llvm::cl::cat(Cat));
// Per-thread arrays and their placement (lib/Analysis/LocalArrays).
static llvm::cl::opt<bool> DumpLocalArrays("local-arrays", llvm::cl::cat(Cat));
// Reaching definitions and loop inductions per use (lib/Frontend/ValueFlow).
static llvm::cl::opt<bool> DumpValues("values", llvm::cl::cat(Cat));
static llvm::cl::opt<bool>
    DivergenceMode("divergence",
                   llvm::cl::desc("Dump the divergent branches and barriers "
                                  "instead of the memory accesses"),
                   llvm::cl::cat(Cat));
// The uniformity model's splits and their cost (issue 35,
// Analysis/divergence/SplitCost).
static llvm::cl::opt<bool>
    SplitsMode("splits",
               llvm::cl::desc("With --divergence: the uniformity model's "
                              "divergent splits and their cost instead"),
               llvm::cl::cat(Cat));


//===----------------------------------------------------------------------===//
// The resource and FP64 dump modes (--resources, --fp64): what
// Analysis/ResourceEstimate and Analysis/DoublePrecision derive, per kernel
// and per FP64 site. Each replaces the memory dump.
//===----------------------------------------------------------------------===//

static llvm::cl::opt<bool> DumpResources(
    "resources",
    llvm::cl::desc("per kernel: estimated registers, the per-thread arrays "
                   "they count, static shared memory"),
    llvm::cl::cat(Cat));
static llvm::cl::opt<std::string> DumpReplay(
    "replay",
    llvm::cl::desc("with --resources: a ptxas recording prefix "
                   "(validation/resource-checks/record_ptxas.sh) for the "
                   "exact figures"),
    llvm::cl::cat(Cat));
static llvm::cl::opt<bool> DumpFP64(
    "fp64",
    llvm::cl::desc("one line per FP64 site of single-precision device code, "
                   "with its cause"),
    llvm::cl::cat(Cat));

namespace {

/// The function definitions of a translation unit that \p Wanted accepts
/// (template instantiations included, patterns excluded), in source order.
std::vector<const FunctionDecl *>
definitionsOf(ASTContext &Ctx,
              llvm::function_ref<bool(const FunctionDecl &)> Wanted) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::function_ref<bool(const FunctionDecl &)> Wanted;
    std::vector<const FunctionDecl *> Found;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
          Wanted(*FD))
        Found.push_back(FD);
      return true;
    }
  } F;
  F.Wanted = Wanted;
  F.TraverseAST(Ctx);
  return F.Found;
}

/// The kernels of a translation unit.
std::vector<const FunctionDecl *> kernelsOf(ASTContext &Ctx) {
  return definitionsOf(
      Ctx, [](const FunctionDecl &FD) { return FD.hasAttr<CUDAGlobalAttr>(); });
}

/// The kernels and __device__ functions outside system headers.
std::vector<const FunctionDecl *> deviceFunctionsOf(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  return definitionsOf(Ctx, [&](const FunctionDecl &FD) {
    return (FD.hasAttr<CUDAGlobalAttr>() || FD.hasAttr<CUDADeviceAttr>()) &&
           !SM.isInSystemHeader(FD.getLocation());
  });
}

std::string where(const SourceManager &SM, SourceLocation L) {
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L));
  if (P.isInvalid())
    return "?:0:0";
  return (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) + ":" +
          llvm::Twine(P.getColumn()))
      .str();
}

std::string kernelName(const FunctionDecl &K, ASTContext &Ctx) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  K.getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), true);
  return Name;
}

void dumpResources(ASTContext &Ctx, AnalysisContext &AC) {
  const hw::HardwareModel &M = AC.target();
  std::optional<CompiledTU> TU;
  if (!DumpReplay.empty()) {
    llvm::Expected<CompiledTU> R = replayResources(DumpReplay, M.Name);
    if (!R) {
      llvm::errs() << "warplint-dump: " << llvm::toString(R.takeError())
                   << "\n";
      return;
    }
    TU = std::move(*R);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *K : kernelsOf(Ctx)) {
    llvm::outs() << where(SM, K->getLocation()) << ": " << kernelName(*K, Ctx)
                 << ": ";
    if (TU) {
      if (std::optional<KernelResources> X = compiledResources(*K, Ctx, *TU)) {
        const CompiledKernel &CK = *X->Compiled;
        llvm::outs() << "ptxas " << CK.Registers << " registers, "
                     << CK.StackFrame << " bytes stack frame, "
                     << CK.SpillStores << " bytes spill stores, "
                     << CK.SpillLoads << " bytes spill loads, static shared "
                     << CK.SharedMem << " bytes (" << X->Compiler << ", "
                     << X->Arch << ")";
      } else {
        llvm::outs() << "not in the ptxas recording";
      }
      llvm::outs() << "\n  ";
    }
    const KernelResources &R = AC.resources(*K);
    llvm::outs() << "estimated " << R.Registers << " registers ("
                 << R.BaseRegisters << " base + " << R.ArrayWords
                 << " in arrays"
                 << (R.AtLimit ? ", at the limit of " + M.Name : "")
                 << "), static shared " << R.StaticShared << " bytes\n";
    for (const RegisterArray &A : R.Arrays)
      llvm::outs() << "  array '" << A.Var->getNameAsString()
                   << "': " << A.Words << " words in registers\n";
  }
}

std::string textOf(const Expr *E, ASTContext &Ctx) {
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
  return Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

void dumpFP64(ASTContext &Ctx, AnalysisContext &AC) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *FD : deviceFunctionsOf(Ctx)) {
    for (const FP64Site &S : AC.fp64Sites(*FD)) {
      SourceLocation L = S.Var   ? S.Var->getLocation()
                         : S.Callee ? S.E->getBeginLoc()
                                    : S.E->getExprLoc();
      llvm::outs() << where(SM, L) << ": " << kernelName(*FD, Ctx) << ": "
                   << fp64CauseName(S.Cause) << " '"
                   << (S.Var ? S.Var->getNameAsString() : textOf(S.E, Ctx))
                   << "'";
      if (S.Ops)
        llvm::outs() << ", " << S.Ops << " double operation"
                     << (S.Ops == 1 ? "" : "s");
      if (S.Int)
        llvm::outs() << ", integer '" << textOf(S.Int, Ctx) << "'";
      if (S.Constant)
        llvm::outs() << ", constant '" << textOf(S.Constant, Ctx)
                     << "' = " << llvm::format("%g", S.ConstantValue);
      if (S.Callee)
        llvm::outs() << ", call of '" << S.Callee->getName() << "'";
      if (S.Accumulated)
        llvm::outs() << ", accumulated";
      if (S.InLoop)
        llvm::outs() << ", in a loop";
      if (S.Var && S.E)
        llvm::outs() << ", first '" << textOf(S.E, Ctx) << "'";
      if (S.Fix)
        llvm::outs() << ", fix-it \"" << S.Fix->CodeToInsert << "\"";
      llvm::outs() << "\n";
    }
  }
}

/// Runs the mode asked for, if one of these was; false otherwise.
bool dumpInstructionModes(ASTContext &Ctx, AnalysisContext &AC) {
  if (DumpResources) {
    dumpResources(Ctx, AC);
    return true;
  }
  if (DumpFP64) {
    dumpFP64(Ctx, AC);
    return true;
  }
  if (DumpAccumulators) {
    for (const FunctionDecl *FD : deviceFunctionsOf(Ctx))
      printGlobalAccumulators(llvm::outs(), *FD, AC.globalAccumulators(*FD),
                              Ctx);
    return true;
  }
  if (DumpOccupancy) {
    printLaunchOccupancy(llvm::outs(), AC.launchOccupancy(0.5), AC.target(),
                         Ctx);
    return true;
  }
  if (DumpTransfers) {
    printHostTransfers(llvm::outs(), AC.hostTransfers(), Ctx);
    return true;
  }
  if (DumpLocalArrays) {
    for (const FunctionDecl *FD : deviceFunctionsOf(Ctx))
      printLocalArrays(llvm::outs(), *FD, AC.localArrays(*FD), Ctx);
    return true;
  }
  if (DumpValues) {
    for (const FunctionDecl *FD : deviceFunctionsOf(Ctx)) {
      llvm::outs() << where(Ctx.getSourceManager(), FD->getLocation()) << ": "
                   << kernelName(*FD, Ctx) << "\n";
      AC.valueFlow(*FD).print(llvm::outs());
    }
    return true;
  }
  return false;
}

} // namespace

namespace {

class Dumper : public RecursiveASTVisitor<Dumper> {
public:
  Dumper(ASTContext &Ctx, AnalysisContext &AC) : Ctx(Ctx), AC(AC) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody() ||
        FD->isDependentContext())
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    std::string Kernel = kernelName(*FD, Ctx);
    for (const KernelShape &S : AC.shapes(*FD, {256, 1, 1}, {32, 8, 1})) {
      if (DivergenceMode) {
        dumpDivergence(*FD, Kernel, S);
        continue;
      }
      if (DumpRedundant) {
        for (const MemoryAccess &A : AC.accesses(*FD))
          if (const std::optional<RedundantLoad> &R = AC.redundantLoad(A, S))
            dumpRedundant(A, *R, Kernel, S);
        continue;
      }
      for (const MemoryAccess &A : AC.accesses(*FD)) {
        bool Constant = A.Unresolved.empty() &&
                        A.Space == sym::MemorySpace::Constant;
        if (Constant != DumpConstant)
          continue;
        const hw::AccessReport &R = AC.evaluate(A, S, 32);
        if (Constant) {
          dumpConstant(A, R, Kernel, S);
          continue;
        }
        PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(A.Site->getBeginLoc()));
        std::string Op =
            A.IsLoad && A.IsStore ? "ldst" : (A.IsStore ? "st" : "ld");
        bool Global = A.Space == sym::MemorySpace::Global;
        if (!A.Unresolved.empty())
          Global = true; // unknown space: listed with the global accesses
        std::string Block = blockDimString(S.Shape.BlockDim);
        if (Csv) {
          // A loop-variant access over every iteration: what a profiler
          // counts for the line (the sum over iterations per request).
          bool Over = !R.Iterations.empty() && R.AllIterations &&
                      R.TotalRequests;
          double PerRequest =
              Over ? double(R.TotalCost) / double(R.TotalRequests)
                   : R.perRequest(Global ? R.Sectors : R.Wavefronts);
          double IdealPerRequest =
              Over ? double(R.TotalIdeal) / double(R.TotalRequests)
                   : R.perRequest(Global ? R.IdealSectors : R.IdealWavefronts);
          llvm::outs() << llvm::sys::path::filename(P.getFilename()) << ","
                       << P.getLine() << "," << P.getColumn() << "," << Kernel
                       << "," << (Global ? "global" : "shared") << "," << Op
                       << "," << A.Width << "," << Block << "," << S.Origin
                       << "," << (R.Ok ? "ok" : "fail") << "," << PerRequest
                       << "," << IdealPerRequest << ","
                       << (Over ? unsigned(R.TotalRequests) : R.Requests)
                       << ","
                       << (A.DataDependent ? "gather" : "") << ","
                       << (R.exact() ? "exact" : "assumed") << ",";
          for (size_t I = 0; I < S.Params.size(); ++I)
            llvm::outs() << (I ? ";" : "") << S.Params[I].first << "="
                         << S.Params[I].second;
          llvm::outs() << "\n";
          continue;
        }
        llvm::outs() << P.getFilename() << ":" << P.getLine() << ":"
                     << P.getColumn() << ": " << Kernel << ": "
                     << (Global ? "global " : "shared ") << Op << " " << A.Width
                     << "B, blockDim " << Block << " (" << S.Origin;
        for (const auto &Pm : S.Params)
          llvm::outs() << ", " << Pm.first << " = " << Pm.second;
        llvm::outs() << ")";
        if (!R.Ok) {
          llvm::outs() << ": no prediction: " << R.Failure << "\n";
          continue;
        }
        if (Global)
          llvm::outs() << llvm::format(": %.3f sectors/request (ideal %.3f)",
                                       R.perRequest(R.Sectors),
                                       R.perRequest(R.IdealSectors));
        else
          llvm::outs() << llvm::format(
              ": %.3f wavefronts/request (ideal %.3f), %u-way",
              R.perRequest(R.Wavefronts), R.perRequest(R.IdealWavefronts),
              R.MaxConflictDegree);
        if (A.DataDependent)
          llvm::outs() << ", data-dependent";
        llvm::outs() << "\n  index: "
                     << (A.Index ? sym::toString(A.Index) : "?") << "\n";
        if (!R.Iterations.empty()) {
          llvm::outs() << "  iterations (" << (R.AllIterations ? "all" : "first")
                       << " " << R.Iterations.size() << ", worst "
                       << R.WorstIteration << "):";
          for (const auto &It : R.Iterations)
            llvm::outs() << llvm::format(" [%s: %.3f/%.3f",
                                         It.Label.c_str(),
                                         double(It.Cost) / It.Requests,
                                         double(It.Ideal) / It.Requests)
                         << (Global ? "" : ", " + std::to_string(It.Degree) +
                                               "-way")
                         << "]";
          llvm::outs() << llvm::format("\n  over the iterations: %.3f per "
                                       "request (ideal %.3f), %u requests\n",
                                       double(R.TotalCost) / R.TotalRequests,
                                       double(R.TotalIdeal) / R.TotalRequests,
                                       unsigned(R.TotalRequests));
        }
        if (R.TrafficFields)
          llvm::outs() << llvm::format(
              "  traffic of the %u sibling fields: %.3f sectors per warp "
              "(ideal %.3f)\n",
              R.TrafficFields, double(R.TrafficSectors) / R.TrafficWarps,
              double(R.TrafficIdealSectors) / R.TrafficWarps);
        for (const std::string &As : R.Assumptions)
          llvm::outs() << "  assumption: " << As << "\n";
        for (const std::string &N : A.Notes)
          llvm::outs() << "  note: " << N << "\n";
      }
    }
    return true;
  }

private:
  /// One global load in a loop: threads and warps of a block per element.
  void dumpRedundant(const MemoryAccess &A, const RedundantLoad &R,
                     const std::string &Kernel, const KernelShape &S) {
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(A.Site->getBeginLoc()));
    std::string Missing = missingComponents(R);
    llvm::outs() << P.getFilename() << ":" << P.getLine() << ":"
                 << P.getColumn() << ": " << Kernel << ": global ld '"
                 << (A.Base ? A.Base->getNameAsString() : "?")
                 << "', blockDim " << blockDimString(S.Shape.BlockDim) << " ("
                 << S.Origin << "), loop '" << R.LoopVar << "': " << R.Threads
                 << " of " << R.BlockThreads << " threads read each element, "
                 << R.Warps << " of " << R.BlockWarps << " warps, "
                 << R.LanesPerWarp << " lanes per warp; step "
                 << (R.StepBytes ? std::to_string(R.StepBytes) + " bytes"
                                 : std::string("unknown"))
                 << "; ignores "
                 << (Missing.empty() ? std::string("none") : Missing) << "\n"
                 << "  index: " << sym::toString(A.Index) << "\n";
  }

  /// One read of constant memory: the serialised reads per request and the
  /// most distinct addresses one warp reads, with the index and iterations.
  void dumpConstant(const MemoryAccess &A, const hw::AccessReport &R,
                    const std::string &Kernel, const KernelShape &S) {
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(A.Site->getBeginLoc()));
    llvm::outs() << P.getFilename() << ":" << P.getLine() << ":"
                 << P.getColumn() << ": " << Kernel << ": constant "
                 << (A.IsStore ? "st" : "ld") << " " << A.Width << "B '"
                 << (A.Base ? A.Base->getNameAsString() : "?")
                 << "', blockDim " << blockDimString(S.Shape.BlockDim) << " ("
                 << S.Origin;
    for (const auto &Pm : S.Params)
      llvm::outs() << ", " << Pm.first << " = " << Pm.second;
    llvm::outs() << ")";
    if (!R.Ok) {
      llvm::outs() << ": no prediction: " << R.Failure;
    } else {
      llvm::outs() << llvm::format(
          ": %.3f reads/request (ideal %.3f), %u addresses in the worst warp",
          R.perRequest(R.ConstantReads), R.perRequest(R.IdealConstantReads),
          R.MaxConstantAddresses);
    }
    if (A.DataDependent)
      llvm::outs() << ", data-dependent";
    llvm::outs() << "\n  index: " << (A.Index ? sym::toString(A.Index) : "?")
                 << "\n";
    if (R.Ok && !R.Iterations.empty()) {
      llvm::outs() << "  iterations (" << (R.AllIterations ? "all" : "first")
                   << " " << R.Iterations.size() << ", worst "
                   << R.WorstIteration << "):";
      for (const auto &It : R.Iterations)
        llvm::outs() << " [" << It.Label << ": " << It.Degree << "]";
      llvm::outs() << "\n";
    }
    for (const std::string &As : R.Assumptions)
      llvm::outs() << "  assumption: " << As << "\n";
  }

  void dumpDivergence(const FunctionDecl &FD, const std::string &Kernel,
                      const KernelShape &S) {
    if (SplitsMode) {
      llvm::outs() << Kernel << ": blockDim " << blockDimString(S.Shape.BlockDim)
                   << " (" << S.Origin << ")\n";
      divergence::printSplits(llvm::outs(),
                              AC.splits(FD, S, divergence::SplitCostOptions()),
                              Ctx.getSourceManager());
      return;
    }
    const KernelDivergence &D = AC.divergence(FD, S);
    std::string Context;
    llvm::raw_string_ostream COS(Context);
    COS << Kernel << ": blockDim " << blockDimString(S.Shape.BlockDim) << " ("
        << S.Origin;
    for (const auto &Pm : S.Params)
      COS << ", " << Pm.first << " = " << Pm.second;
    COS << ")";
    printDivergence(llvm::outs(), D, Ctx.getSourceManager(), Context);
  }

  ASTContext &Ctx;
  AnalysisContext &AC;
};

class DumpConsumer : public ASTConsumer {
public:
  explicit DumpConsumer(const hw::HardwareModel &M) : M(M) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    AnalysisContext AC(Ctx, M);
    if (dumpInstructionModes(Ctx, AC))
      return;
    if (DumpLaunches) {
      AC.printLaunches(llvm::outs());
      return;
    }
    Dumper(Ctx, AC).TraverseAST(Ctx);
  }

private:
  const hw::HardwareModel &M;
};

class DumpAction : public ASTFrontendAction {
public:
  explicit DumpAction(const hw::HardwareModel &M) : M(M) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    scopeNvccMacro(CI);
    return std::make_unique<DumpConsumer>(M);
  }

private:
  const hw::HardwareModel &M;
};

} // namespace

int main(int argc, const char **argv) {
  std::string Err;
  int Argc = argc;
  std::unique_ptr<tooling::CompilationDatabase> Fixed =
      tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, argv, Err);
  if (!llvm::cl::ParseCommandLineOptions(Argc, argv, "warplint-dump\n",
                                         &llvm::errs()))
    return 2;
  const hw::HardwareModel *M = hw::findBuiltinModel(Arch);
  if (!M) {
    llvm::errs() << "warplint-dump: unknown --arch '" << Arch
                 << "'; known: " << hw::knownArchList() << "\n";
    return 2;
  }
  if (!Fixed)
    Fixed = std::make_unique<tooling::FixedCompilationDatabase>(
        ".", std::vector<std::string>());
  CudaParseOptions Opts;
  Opts.Arch = hw::canonicalArchName(Arch);
  Opts.DefaultArch = "sm_90";
  Opts.Toolkit = findCudaToolkit("");
  Opts.FallbackIncludeDir = bundledIncludeDir(argv[0], (void *)&main);
  Opts.ResourceDir = WARPLINT_CLANG_RESOURCE_DIR;
  CudaCompilationDatabase DB(std::move(Fixed), Opts);
  // As warplint parses: nvcc's spellings respelt (NvccSpelling.h).
  tooling::ClangTool Tool(
      DB, std::vector<std::string>(Files.begin(), Files.end()),
      std::make_shared<PCHContainerOperations>(),
      createNvccSpellingFileSystem(llvm::vfs::getRealFileSystem(),
                                   DB.toolchainHeaderDirs()));
  struct Factory : tooling::FrontendActionFactory {
    const hw::HardwareModel &M;
    explicit Factory(const hw::HardwareModel &M) : M(M) {}
    std::unique_ptr<FrontendAction> create() override {
      return std::make_unique<DumpAction>(M);
    }
  } F(*M);
  if (Csv && DivergenceMode) {
    llvm::errs() << "warplint-dump: --csv and --divergence are exclusive\n";
    return 2;
  }
  if (Csv)
    llvm::outs()
        << "file,line,column,kernel,space,op,width,block,shape_origin,status,"
           "per_request,ideal_per_request,requests,gather,exactness,params\n";
  return Tool.run(&F) ? 3 : 0;
}

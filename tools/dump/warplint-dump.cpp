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
//
//===----------------------------------------------------------------------===//
#include "Analysis/AnalysisContext.h"
#include "Analysis/Divergence.h"
#include "Analysis/KernelAccesses.h"
#include "Frontend/CudaCompilationDatabase.h"
#include "Frontend/CudaToolkit.h"
#include "Hardware/AccessCost.h"
#include "Hardware/HardwareModel.h"
#include "Symbolic/WarpEval.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
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
// Per-thread arrays and their placement (lib/Analysis/LocalArrays).
static llvm::cl::opt<bool> DumpLocalArrays("local-arrays", llvm::cl::cat(Cat));
static llvm::cl::opt<bool>
    DivergenceMode("divergence",
                   llvm::cl::desc("Dump the divergent branches and barriers "
                                  "instead of the memory accesses"),
                   llvm::cl::cat(Cat));

namespace {

class Dumper : public RecursiveASTVisitor<Dumper> {
public:
  Dumper(ASTContext &Ctx, AnalysisContext &AC) : Ctx(Ctx), AC(AC) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->doesThisDeclarationHaveABody() || FD->isDependentContext())
      return true;
    if (DumpLocalArrays) {
      if ((FD->hasAttr<CUDAGlobalAttr>() || FD->hasAttr<CUDADeviceAttr>()) &&
          !Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
        printLocalArrays(llvm::outs(), *FD, AC.localArrays(*FD), Ctx);
      return true;
    }
    if (!FD->hasAttr<CUDAGlobalAttr>())
      return true;
    const SourceManager &SM = Ctx.getSourceManager();
    std::string Kernel;
    llvm::raw_string_ostream KOS(Kernel);
    FD->getNameForDiagnostic(KOS, Ctx.getPrintingPolicy(), true);
    for (const KernelShape &S : AC.shapes(*FD, {256, 1, 1}, {32, 8, 1})) {
      if (DivergenceMode) {
        dumpDivergence(*FD, Kernel, S);
        continue;
      }
      for (const MemoryAccess &A : AC.accesses(*FD)) {
        const hw::AccessReport &R = AC.evaluate(A, S, 32);
        PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(A.Site->getBeginLoc()));
        std::string Op =
            A.IsLoad && A.IsStore ? "ldst" : (A.IsStore ? "st" : "ld");
        bool Global = A.Space == sym::MemorySpace::Global;
        if (!A.Unresolved.empty())
          Global = true; // unknown space: listed with the global accesses
        std::string Block = blockDimString(S.Shape.BlockDim);
        if (Csv) {
          llvm::outs() << llvm::sys::path::filename(P.getFilename()) << ","
                       << P.getLine() << "," << P.getColumn() << "," << Kernel
                       << "," << (Global ? "global" : "shared") << "," << Op
                       << "," << A.Width << "," << Block << "," << S.Origin
                       << "," << (R.Ok ? "ok" : "fail") << ","
                       << R.perRequest(Global ? R.Sectors : R.Wavefronts) << ","
                       << R.perRequest(Global ? R.IdealSectors
                                              : R.IdealWavefronts)
                       << "," << R.Requests << ","
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
        for (const std::string &As : R.Assumptions)
          llvm::outs() << "  assumption: " << As << "\n";
        for (const std::string &N : A.Notes)
          llvm::outs() << "  note: " << N << "\n";
      }
    }
    return true;
  }

private:
  void dumpDivergence(const FunctionDecl &FD, const std::string &Kernel,
                      const KernelShape &S) {
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
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
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
  tooling::ClangTool Tool(DB,
                          std::vector<std::string>(Files.begin(), Files.end()));
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

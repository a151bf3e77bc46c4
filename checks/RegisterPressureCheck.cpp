//===- RegisterPressureCheck.cpp ------------------------------------------===//
//
// The guide (modern §10.2, 2.3 §4.3, Medium): "To hide latency arising from
// register dependencies, maintain sufficient numbers of active threads per
// multiprocessor (i.e., sufficient occupancy)", and §10.1.1: "if each thread
// block uses many registers, the number of thread blocks that can be resident
// on a multiprocessor is reduced, thereby lowering the occupancy". §9.2.6
// ("Register Pressure") names the two caps, -maxrregcount and
// __launch_bounds__, whose price is spilling to local memory.
//
// A finding needs three things: registers are the limiter of the occupancy
// calculator (lib/Hardware/Occupancy) at a launch configuration seen in the
// source; fewer registers would fit more blocks; and the occupancy is below a
// threshold (default 50%: the 2.3 guide, §4.4, "once an occupancy of 50
// percent has been reached, additional increases in occupancy do not
// translate into improved performance"; the modern guide §10.2 adds that a
// low-occupancy kernel with enough ILP can hide latency). Launches whose
// block size or dynamic shared memory is a run-time value are not evaluated:
// another limiter could decide.
//
//===----------------------------------------------------------------------===//
#include "checks/RegisterPressureCheck.h"
#include "checks/ExactCompile.h"

#include "Analysis/resources/CompileCache.h"
#include "Analysis/launch/LaunchSites.h"

#include "Findings/HardwareFacts.h"

#include "Analysis/resources/ResourceEstimate.h"
#include "Hardware/Occupancy.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/FileManager.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>

using namespace clang;
using namespace clang::ast_matchers;

namespace warplint {

RegisterPressureCheck::RegisterPressureCheck(StringRef Name,
                                             tidy::ClangTidyContext *Context)
    : WarplintCheck(Name, Context),
      ExactOpts(
          exactOptionsFromCheckOptions(Context->getOptions().CheckOptions)),
      OccupancyThreshold(Options.get("OccupancyThreshold", 50U)) {
  // The values come from exactOptionsFromCheckOptions (Exact: auto by
  // default; the toolkit compiles only translation units with a kernel
  // worth it, worthCompiling, and the results are cached on disk). Here
  // only the diagnostics for invalid values, and clang-tidy's own for a
  // number that does not parse.
  StringRef E = Options.get("Exact", "auto");
  if (E != "on" && E != "off" && E != "auto")
    configurationDiag("invalid value '%0' for %1.Exact: expected auto, on "
                      "or off; using off")
        << E << Name;
  std::string Sel = Options.get("ExactKernels", "near-limit").str();
  ExactAllKernels = Sel == "all";
  if (Sel != "all" && Sel != "near-limit")
    configurationDiag("invalid value '%0' for %1.ExactKernels: expected "
                      "near-limit or all; using near-limit")
        << Sel << Name;
  (void)Options.get("Timeout", 120U);
  if (Options.get("CacheMaxSize", 256U) == 0)
    configurationDiag("invalid value 0 for %0.CacheMaxSize: expected at "
                      "least 1 (MiB; CacheDir: none turns the cache off); "
                      "using 256")
        << Name;
  if (OccupancyThreshold > 100) {
    configurationDiag("invalid value %0 for %1.OccupancyThreshold: expected "
                      "a percentage (0-100); using 50")
        << OccupancyThreshold << Name;
    OccupancyThreshold = 50;
  }
}

void RegisterPressureCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &O) {
  using Mode = ExactOptions::Mode;
  Options.store(O, "Exact",
                ExactOpts.Exact == Mode::On    ? "on"
                : ExactOpts.Exact == Mode::Off ? "off"
                                               : "auto");
  Options.store(O, "ExactKernels", ExactAllKernels ? "all" : "near-limit");
  Options.store(O, "CacheDir", ExactOpts.CacheDir);
  Options.store(O, "CacheMaxSize", ExactOpts.CacheMaxSize);
  Options.store(O, "Replay", ExactOpts.Replay);
  Options.store(O, "PtxasArgs", ExactOpts.PtxasArgs);
  Options.store(O, "CudaPath", ExactOpts.CudaPath);
  Options.store(O, "Timeout", ExactOpts.TimeoutSeconds);
  Options.store(O, "OccupancyThreshold", OccupancyThreshold);
}

void RegisterPressureCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal),
                                  unless(isExpansionInSystemHeader()))
                         .bind("kernel"),
                     this);
  Finder->addMatcher(launchCallExpr(), this);
}

void RegisterPressureCheck::registerPPCallbacks(const SourceManager &SM,
                                                Preprocessor *P,
                                                Preprocessor *Expander) {
  WarplintCheck::registerPPCallbacks(SM, P, Expander);
  PP = P;
}

void RegisterPressureCheck::onStartOfTranslationUnit() {
  Kernels.clear();
  Launches.clear();
  Ctx = nullptr;
}

void RegisterPressureCheck::check(const MatchFinder::MatchResult &Result) {
  Ctx = Result.Context;
  if (const auto *K = Result.Nodes.getNodeAs<FunctionDecl>("kernel")) {
    if (!K->isDependentContext() && admit(*K, *Ctx))
      Kernels.push_back(K);
    return;
  }
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("launch");
  if (!Call || Call->isValueDependent() || Call->containsErrors())
    return;
  std::optional<LaunchSite> Site = launchSite(*Call, *Ctx);
  const FunctionDecl *Callee = Site ? Site->Kernel : nullptr;
  if (!Callee || !Site->Block)
    return;
  AnalysisContext &AC = analysis(*Ctx);
  const LaunchBlock &B = AC.launchBlock(*Call);
  if (!B.Shape)
    return;
  uint64_t Dyn = 0;
  if (!Site->SharedMemKnown)
    return; // run-time dynamic shared memory: shared memory could limit
  if (Site->SharedMem) {
    std::optional<int64_t> V = AC.foldInteger(*Site->SharedMem);
    if (!V || *V < 0)
      return; // run-time dynamic shared memory: shared memory could limit
    Dyn = uint64_t(*V);
  }
  Launches.push_back({Callee->getCanonicalDecl(), *B.Shape, Dyn,
                      Site->Block->getBeginLoc()});
}

/// The compiled resources of this translation unit: replayed, compiled, or
/// none (with the reason in \p Why); one compile, shared with the other
/// checks that read it (checks/ExactCompile.h).
std::optional<CompiledTU> RegisterPressureCheck::compiled(std::string &Why) {
  const ExactCompile &R =
      exactCompile(ExactOpts, analysis(*Ctx), *Ctx, PP, target(*Ctx).Name);
  Why = R.Why;
  return R.TU;
}

/// The evidence note: how the registers were obtained.
hw::OccupancyInput
RegisterPressureCheck::Launch::occupancy(unsigned Registers,
                                         uint64_t StaticShared) const {
  hw::OccupancyInput In;
  In.ThreadsPerBlock = unsigned(Block.threads());
  In.RegistersPerThread = Registers;
  In.StaticSharedMem = StaticShared;
  In.DynamicSharedMem = DynamicShared;
  return In;
}

static std::string methodText(const KernelResources &R) {
  if (const CompiledKernel *CK = R.Compiled)
    return "ptxas for " + R.Arch + " (" + R.Compiler +
           "): " + std::to_string(CK->Registers) + " registers, " +
           std::to_string(CK->StackFrame) + " bytes stack frame, " +
           std::to_string(CK->SpillStores) + " bytes spill stores, " +
           std::to_string(CK->SpillLoads) + " bytes spill loads, " +
           std::to_string(CK->SharedMem) + " bytes shared memory";
  std::string Arrays;
  for (const RegisterArray &A : R.Arrays)
    Arrays += (Arrays.empty() ? "'" : ", '") + A.Var->getNameAsString() +
              "' " + std::to_string(A.Words);
  return "estimate from the source: " + std::to_string(R.BaseRegisters) +
         " registers plus the per-thread arrays kept in registers (" +
         (Arrays.empty() ? std::string("none") : Arrays) +
         "); scalars and called functions are not counted";
}

/// The largest register count below \p Regs at which more blocks of this
/// launch fit, and that occupancy.
static std::optional<std::pair<unsigned, hw::OccupancyResult>>
nextStep(const hw::HardwareModel &M, hw::OccupancyInput In, unsigned Blocks) {
  for (unsigned R = In.RegistersPerThread; R-- > 1;) {
    In.RegistersPerThread = R;
    hw::OccupancyResult O = hw::computeOccupancy(M, In);
    if (O.Limiter != hw::OccupancyLimiter::LaunchFails &&
        O.ActiveBlocks > Blocks)
      return std::make_pair(R, O);
  }
  return std::nullopt;
}

void RegisterPressureCheck::addLocalTrafficNotes(const CompiledKernel &CK,
                                                 Report &R) const {
  const SourceManager &SM = Ctx->getSourceManager();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return;
  StringRef MainName = llvm::sys::path::filename(Main->getName());
  std::vector<std::pair<unsigned, bool>> Seen;
  unsigned Unmapped = 0;
  for (const LocalTraffic &T : CK.Local) {
    if (llvm::sys::path::filename(T.File) != MainName) {
      ++Unmapped;
      continue;
    }
    if (llvm::is_contained(Seen, std::make_pair(T.Line, T.Store)))
      continue;
    Seen.push_back({T.Line, T.Store});
    if (Seen.size() > 4)
      continue;
    SourceLocation L = SM.translateLineCol(SM.getMainFileID(), T.Line,
                                           T.Column ? T.Column : 1);
    R.Notes.push_back({L, std::string("local memory ") +
                              (T.Store ? "store" : "load") +
                              " here (PTX st/ld.local at this line)"});
  }
  if (Seen.size() > 4 || Unmapped)
    R.Notes.push_back(
        {R.Loc, std::to_string(CK.Local.size()) +
                    " ld.local/st.local instructions in the PTX in all" +
                    (Unmapped ? ", " + std::to_string(Unmapped) +
                                    " of them in other files"
                              : std::string())});
}

void RegisterPressureCheck::checkKernel(const FunctionDecl &K,
                                        const CompiledTU *TU,
                                        const std::string &ExactWhy) {
  const SourceManager &SM = Ctx->getSourceManager();
  const hw::HardwareModel &M = target(*Ctx);
  std::optional<KernelResources> Compiled;
  if (TU)
    Compiled = compiledResources(K, *Ctx, *TU);
  const KernelResources Regs =
      Compiled ? *Compiled : analysis(*Ctx).resources(K);
  const std::string Name = K.getNameAsString();
  auto MethodNotes = [&](Report &R) {
    R.Notes.push_back({K.getLocation(), methodText(Regs)});
    if (!Regs.Exact && !ExactWhy.empty())
      R.Notes.push_back(
          {K.getLocation(), "exact mode unavailable: " + ExactWhy});
    if (Regs.Compiled && Regs.Compiled->StackFrame)
      addLocalTrafficNotes(*Regs.Compiled, R);
  };

  // Static shared memory above the per-block limit: the kernel cannot run at
  // all. ptxas rejects it ("uses too much shared data (0x10000 bytes, 0xc000
  // max)" for 64 KiB on sm_90, checked with CUDA 13.0's ptxas); only dynamic
  // shared memory may use the opt-in carve-out above SharedMemPerBlock.
  if (M.SharedMemPerBlock && Regs.StaticShared > M.SharedMemPerBlock) {
    Report R;
    R.Loc = K.getLocation();
    R.Conf = Confidence::Certain;
    R.Message = "kernel '" + Name + "' declares " +
                std::to_string(Regs.StaticShared) +
                " bytes of static shared memory, more than the " +
                std::to_string(M.SharedMemPerBlock) + " per block that " +
                M.Name + " allows: ptxas rejects it and it cannot launch";
    std::string Optin =
        M.SharedMemPerBlockOptin > M.SharedMemPerBlock
            ? "; a dynamic allocation (extern __shared__) may use up to " +
                  std::to_string(M.SharedMemPerBlockOptin) +
                  " bytes after cudaFuncSetAttribute("
                  "cudaFuncAttributeMaxDynamicSharedMemorySize)"
            : std::string();
    R.Notes.push_back({K.getLocation(),
                       "static shared memory per block is limited to " +
                           std::to_string(M.SharedMemPerBlock) +
                           " bytes on " + M.Name + " (hardware model)" +
                           Optin});
    emit(R, SM);
    return;
  }

  // Spills: what ptxas did (exact), or what a __launch_bounds__ cap must do to
  // the registers the estimate already needs.
  const auto *LB = K.getAttr<CUDALaunchBoundsAttr>();
  std::optional<unsigned> Cap;
  std::string CapText;
  if (LB && LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent()) {
    std::optional<llvm::APSInt> T =
        LB->getMaxThreads()->getIntegerConstantExpr(*Ctx);
    std::optional<llvm::APSInt> B;
    if (LB->getMinBlocks() && !LB->getMinBlocks()->isValueDependent())
      B = LB->getMinBlocks()->getIntegerConstantExpr(*Ctx);
    if (T && T->getZExtValue() > 0) {
      hw::OccupancyInput In;
      In.ThreadsPerBlock = unsigned(T->getZExtValue());
      unsigned Want =
          B && B->getZExtValue() > 0 ? unsigned(B->getZExtValue()) : 1;
      for (unsigned R = M.MaxRegistersPerThread; R >= 1; --R) {
        In.RegistersPerThread = R;
        hw::OccupancyResult O = hw::computeOccupancy(M, In);
        if (O.Limiter != hw::OccupancyLimiter::LaunchFails &&
            O.LimitRegisters >= Want) {
          Cap = R;
          break;
        }
      }
      CapText = "__launch_bounds__(" + std::to_string(T->getZExtValue()) +
                (B ? ", " + std::to_string(B->getZExtValue()) : "") + ")";
    }
  }
  // Spills are register pressure when the kernel sits at a register cap (its
  // __launch_bounds__, a -maxrregcount in PtxasArgs, or the architecture's
  // limit) or calls nothing: ptxas then spills only for want of registers,
  // whatever count it chose (a __launch_bounds__(1024) kernel with 96
  // accumulators spilled 1160 bytes at 32 registers). Below every cap, in a
  // kernel whose PTX calls a function, the "spills" can be saves around the
  // calls (cuda-samples' newdelete: 4 bytes at 27 registers, in kernels that
  // call device-side new), not a shortage of registers.
  std::optional<unsigned> MaxRReg =
      ExactOpts.maxRegisterCount();
  const bool AtCap =
      Regs.Compiled && ((Cap && Regs.Registers >= *Cap) ||
                        (MaxRReg && Regs.Registers >= *MaxRReg) ||
                        Regs.Registers >= M.MaxRegistersPerThread);
  if (Regs.Compiled && (AtCap || Regs.Compiled->Calls == 0) &&
      (Regs.Compiled->SpillStores || Regs.Compiled->SpillLoads)) {
    Report R;
    R.Loc = K.getLocation();
    R.Conf = Confidence::Certain;
    R.Message = "kernel '" + Name + "' spills registers to local memory (" +
                std::to_string(Regs.Compiled->SpillStores) +
                " bytes of spill stores, " +
                std::to_string(Regs.Compiled->SpillLoads) +
                " bytes of spill loads per thread at " +
                std::to_string(Regs.Registers) + " registers)";
    MethodNotes(R);
    if (Cap && Regs.Registers >= *Cap)
      R.Notes.push_back({LB->getMaxThreads()->getBeginLoc(),
                         CapText + " caps registers at " +
                             std::to_string(*Cap) + " per thread on " + M.Name +
                             " (occupancy calculator)"});
    if (MaxRReg && Regs.Registers >= *MaxRReg)
      R.Notes.push_back({K.getLocation(), "ptxas ran with '" + ExactOpts.PtxasArgs +
                                              "' (option PtxasArgs)"});
    if (Regs.Registers >= M.MaxRegistersPerThread)
      R.Notes.push_back(
          {K.getLocation(), std::to_string(M.MaxRegistersPerThread) +
                                " registers per thread is the limit of " +
                                M.Name + " (hardware model)"});
    R.Notes.push_back({K.getLocation(),
                       "spill instructions are inserted by ptxas and exist "
                       "only in SASS: they have no source line"});
    emit(R, SM);
  } else if (!Regs.Exact && Cap && Regs.Registers > *Cap) {
    Report R;
    R.Loc = K.getLocation();
    R.Conf = Confidence::Possible;
    R.Message = CapText + " caps kernel '" + Name + "' at " +
                std::to_string(*Cap) + " registers per thread on " + M.Name +
                ", below the estimated " + std::to_string(Regs.Registers) +
                " it needs: expect spills to local memory";
    R.Notes.push_back(
        {LB->getMaxThreads()->getBeginLoc(),
         "the cap follows from " + CapText + " and the occupancy calculator"});
    MethodNotes(R);
    emit(R, SM);
    return;
  }

  // Occupancy at each launch seen.
  const Launch *Worst = nullptr;
  hw::OccupancyResult WorstOcc;
  for (const Launch &L : Launches) {
    if (L.Kernel != K.getCanonicalDecl())
      continue;
    hw::OccupancyResult O = hw::computeOccupancy(
        M, L.occupancy(Regs.Registers, Regs.StaticShared));
    if (O.Limiter != hw::OccupancyLimiter::Registers ||
        O.Occupancy * 100 >= OccupancyThreshold)
      continue;
    if (!Worst || O.Occupancy < WorstOcc.Occupancy) {
      Worst = &L;
      WorstOcc = O;
    }
  }
  if (!Worst)
    return;
  hw::OccupancyInput In =
      Worst->occupancy(Regs.Registers, Regs.StaticShared);
  auto Step = nextStep(M, In, WorstOcc.ActiveBlocks);
  if (!Step)
    return;
  Report R;
  R.Loc = K.getLocation();
  R.Conf = Regs.Exact ? Confidence::Likely : Confidence::Possible;
  std::string Shape = Worst->Block.str();
  R.Message =
      "kernel '" + Name + "' " +
      (Regs.Exact ? "uses " + std::to_string(Regs.Registers)
                  : "needs an estimated " + std::to_string(Regs.Registers)) +
      " registers per thread: at " + Shape + " threads per block they limit " +
      M.Name + " to " + std::to_string(WorstOcc.ActiveBlocks) +
      " blocks per SM (" + std::to_string(WorstOcc.ActiveWarps) + " of " +
      std::to_string(WorstOcc.MaxWarps) + " warps, " +
      hw::formatOccupancy(WorstOcc.Occupancy) + " occupancy)";
  R.Facts.Resources = resourceFacts(M, In, WorstOcc);
  R.Facts.Resources->RegistersExact = Regs.Exact;
  R.Facts.Resources->NextRegisters = Step->first;
  R.Facts.Resources->NextOccupancy = Step->second.Occupancy;
  BlockShapeFact BF;
  BF.Dim = {unsigned(Worst->Block.X), unsigned(Worst->Block.Y),
            unsigned(Worst->Block.Z)};
  BF.Origin = "launch";
  if (PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(Worst->Loc)); P.isValid())
    BF.Where = std::string(llvm::sys::path::filename(P.getFilename())) + ":" +
               std::to_string(P.getLine()) + ":" +
               std::to_string(P.getColumn());
  R.Facts.Block = std::move(BF);
  R.Notes.push_back(
      {Worst->Loc, "launched here with " + Shape + " threads per block" +
                       (Worst->DynamicShared
                            ? " and " + std::to_string(Worst->DynamicShared) +
                                  " bytes of dynamic shared "
                                  "memory"
                            : std::string())});
  MethodNotes(R);
  R.Notes.push_back(
      {K.getLocation(),
       "at " + std::to_string(Step->first) +
           " registers per thread or fewer, " +
           std::to_string(Step->second.ActiveBlocks) + " blocks would fit (" +
           hw::formatOccupancy(Step->second.Occupancy) +
           "); fewer registers can add spills, and occupancy pays only when "
           "latency is not hidden by instruction-level parallelism: measure "
           "before and after (guide §10.2)"});
  emit(R, SM);
}

/// The 4-byte words of one automatic variable or parameter (0 for shared
/// memory, references, invalid declarations and types without a constant
/// size).
static uint64_t automaticVarWords(const VarDecl &V, ASTContext &Ctx) {
  // An invalid declaration (an `auto` clang could not deduce) has no size.
  if (!V.hasLocalStorage() || V.hasAttr<CUDASharedAttr>() ||
      V.isInvalidDecl() || V.getType()->isUndeducedType() ||
      V.getType()->isReferenceType() || V.getType()->isDependentType() ||
      V.getType()->isIncompleteType() || !V.getType()->isConstantSizeType())
    return 0;
  return (Ctx.getTypeSizeInChars(V.getType()).getQuantity() + 3) / 4;
}

/// Words (4-byte registers) of the automatic variables declared in \p Root
/// (scalars, structures such as wmma fragments, arrays, wherever the compiler
/// places them), and the program's functions it calls directly (\p Callees;
/// not the toolkit's, whose definitions sit in system headers). Iterative:
/// the statements nest as deep as clang parses (a 60,000-term expression
/// overflowed the stack of the recursive version under ASan,
/// tool/pathological.test in the sanitizer build).
static uint64_t
ownAutomaticWords(const Stmt *Root, ASTContext &Ctx,
                  llvm::SmallVectorImpl<const FunctionDecl *> &Callees) {
  const SourceManager &SM = Ctx.getSourceManager();
  uint64_t Words = 0;
  llvm::SmallVector<const Stmt *, 64> Work;
  if (Root)
    Work.push_back(Root);
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Words += automaticVarWords(*V, Ctx);
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = CE->getDirectCallee()) {
        const FunctionDecl *Def = nullptr;
        if (!isa<CUDAKernelCallExpr>(CE) && !Callee->hasAttr<CUDAGlobalAttr>() &&
            Callee->hasBody(Def) && Def && !Def->isDependentContext() &&
            !SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation())) &&
            !llvm::is_contained(Callees, Def))
          Callees.push_back(Def);
      }
    for (const Stmt *C : S->children())
      if (C)
        Work.push_back(C);
  }
  return Words;
}

/// The per-thread state of \p FD with what nvcc inlines into it: its own
/// automatic variables and parameters, plus the largest state among the
/// program's functions it calls (a helper's locals live while it runs; two
/// helpers called one after the other do not hold theirs at once). A kernel
/// whose state lives in its helpers (cuda-samples dxtc's `compress`, 95
/// registers by ptxas) holds that state too. Memoised; a cycle or a call
/// chain deeper than 16 counts the function's own state only.
static uint64_t automaticWords(const FunctionDecl &FD, ASTContext &Ctx,
                               llvm::DenseMap<const FunctionDecl *, uint64_t> &Memo,
                               unsigned Depth = 0) {
  if (auto It = Memo.find(&FD); It != Memo.end())
    return It->second;
  llvm::SmallVector<const FunctionDecl *, 4> Callees;
  uint64_t Own = ownAutomaticWords(FD.getBody(), Ctx, Callees);
  // A helper's parameters are copies; a kernel's sit in the constant bank.
  if (Depth > 0)
    for (const ParmVarDecl *P : FD.parameters())
      Own += automaticVarWords(*P, Ctx);
  Memo[&FD] = Own; // a cycle back here counts the own state only
  uint64_t Inner = 0;
  if (Depth < 16)
    for (const FunctionDecl *C : Callees)
      Inner = std::max(Inner, automaticWords(*C, Ctx, Memo, Depth + 1));
  return Memo[&FD] = Own + Inner;
}

/// Whether ptxas's figures could change what the check says of \p K, so that
/// compiling is worth its cost (ExactKernels: near-limit). The estimate is a
/// lower bound; its upper counterpart here is the fixed base plus every
/// automatic variable of the kernel's body at its full size, and the largest
/// such state among the program's functions it calls (automaticWords). A
/// kernel is
/// compiled when
///  - a cap exists (__launch_bounds__, -maxrregcount in PtxasArgs): spills at
///    the cap are the finding only ptxas can confirm;
///  - twice that upper figure (ptxas keeps temporaries and unrolled copies
///    the source does not declare) reaches the smallest register count at
///    which one of its compile-time launches drops below the occupancy
///    threshold with registers the limiter, or reaches the architecture's
///    register limit (spills there are reported without a cap).
/// Kernels below both cannot get a register finding from either method.
bool RegisterPressureCheck::worthCompiling(const FunctionDecl &K) {
  if (ExactAllKernels)
    return true;
  if (K.hasAttr<CUDALaunchBoundsAttr>() ||
      ExactOpts.maxRegisterCount())
    return true;
  const hw::HardwareModel &M = target(*Ctx);
  const KernelResources &Est = analysis(*Ctx).resources(K);
  llvm::DenseMap<const FunctionDecl *, uint64_t> Memo;
  uint64_t Upper = 2 * (uint64_t(EstimateBaseRegisters) +
                        std::max<uint64_t>(Est.ArrayWords,
                                           automaticWords(K, *Ctx, Memo)));
  if (Upper >= M.MaxRegistersPerThread)
    return true;
  for (const Launch &L : Launches) {
    if (L.Kernel != K.getCanonicalDecl())
      continue;
    hw::OccupancyResult O = hw::computeOccupancy(
        M, L.occupancy(unsigned(Upper), Est.StaticShared));
    // Fewer blocks at the upper figure, or none: registers could limit.
    if (O.Limiter == hw::OccupancyLimiter::LaunchFails ||
        (O.Limiter == hw::OccupancyLimiter::Registers &&
         O.Occupancy * 100 < OccupancyThreshold))
      return true;
  }
  return false;
}

void RegisterPressureCheck::onEndOfFile() {
  if (!Ctx || Kernels.empty())
    return;
  std::string Why;
  std::optional<CompiledTU> TU;
  // Replay and Exact: on compile whatever the kernels; auto only when one of
  // them is worth it.
  using Mode = ExactOptions::Mode;
  if (!ExactOpts.Replay.empty() || ExactOpts.Exact != Mode::Auto ||
      llvm::any_of(Kernels,
                   [&](const FunctionDecl *K) { return worthCompiling(*K); }))
    TU = compiled(Why);
  if (!TU && ExactOpts.Exact == Mode::On) {
    llvm::errs() << "warplint-register-pressure: exact mode unavailable ("
                 << Why << "); registers estimated from the source\n";
    // A result read back from the cache would not repeat this line.
    markResultsUncacheable("exact mode unavailable");
  }
  // Under auto, no toolkit (or a parse with warplint's fallback declarations)
  // is the ordinary case and leaves the findings as they are without exact
  // mode; a toolkit that fails is worth a note.
  if (ExactOpts.Exact == Mode::Off ||
      (ExactOpts.Exact == Mode::Auto && !TU && ExactOpts.Replay.empty() &&
       ((PP && PP->isMacroDefined("__WARPLINT_CUDA_FALLBACK__")) ||
        !ExactOpts.toolkitFound())))
    Why.clear();
  for (const FunctionDecl *K : Kernels) {
    CurrentFunction = K;
    checkKernel(*K, TU ? &*TU : nullptr, TU ? std::string() : Why);
  }
  CurrentFunction = nullptr;
}

} // namespace warplint

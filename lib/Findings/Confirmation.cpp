//===- Confirmation.cpp - Findings against what ncu measured --------------===//
#include "Findings/Confirmation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <set>

namespace warplint {

llvm::StringRef verdictName(Verdict V) {
  switch (V) {
  case Verdict::Confirmed:
    return "confirmed";
  case Verdict::Refuted:
    return "refuted";
  case Verdict::NotExercised:
    return "not-exercised";
  case Verdict::Inconclusive:
    return "inconclusive";
  case Verdict::NotMeasured:
    return "not-measured";
  }
  return "not-measured";
}

const FunctionSpan *enclosingFunction(const std::vector<FileAnalysis> &Analyses,
                                      llvm::StringRef File, unsigned Line) {
  const FunctionSpan *Best = nullptr;
  for (const FileAnalysis &A : Analyses)
    for (const FunctionSpan &S : A.Functions)
      if (S.File == File && S.BeginLine <= Line && Line <= S.EndLine &&
          (!Best || S.BeginLine >= Best->BeginLine))
        Best = &S;
  return Best;
}

unsigned sameFileScore(llvm::StringRef Measured, llvm::StringRef Analysed) {
  if (Measured.empty() || Analysed.empty())
    return 0;
  if (Measured == Analysed)
    return 1000;
  llvm::SmallVector<llvm::StringRef, 16> A, B;
  for (auto It = llvm::sys::path::rbegin(Measured),
            E = llvm::sys::path::rend(Measured);
       It != E; ++It)
    A.push_back(*It);
  for (auto It = llvm::sys::path::rbegin(Analysed),
            E = llvm::sys::path::rend(Analysed);
       It != E; ++It)
    B.push_back(*It);
  unsigned N = 0;
  while (N < A.size() && N < B.size() && A[N] == B[N] && A[N] != "/")
    ++N;
  return N;
}

namespace {

/// The measured lines of one file: for each kernel that ran code from it.
struct LineRef {
  const MeasuredKernel *Kernel;
  const MeasuredSourceLine *Line;
};

/// Every measured file name of the report, resolved to the analysed files
/// once (the best trailing-components match wins).
class FileIndex {
public:
  FileIndex(const NcuSourceReport &R) : Report(R) {
    for (const MeasuredKernel &K : R.Kernels)
      for (const auto &F : K.Files)
        Names.insert(F.first);
  }

  /// The lines [Begin, End] of \p File (absolute), in every kernel.
  std::vector<LineRef> lines(llvm::StringRef File, unsigned Begin,
                             unsigned End) {
    std::vector<LineRef> Out;
    const std::string *M = measuredName(File);
    if (!M)
      return Out;
    for (const MeasuredKernel &K : Report.Kernels) {
      auto F = K.Files.find(*M);
      if (F == K.Files.end())
        continue;
      for (auto It = F->second.lower_bound(Begin);
           It != F->second.end() && It->first <= End; ++It)
        Out.push_back({&K, &It->second});
    }
    return Out;
  }

  bool knows(llvm::StringRef File) { return measuredName(File) != nullptr; }

  /// The analysed file a measured name stands for, among \p Analysed.
  const std::string *measuredName(llvm::StringRef File) {
    auto C = Cache.find(File.str());
    if (C != Cache.end())
      return C->second;
    const std::string *Best = nullptr;
    unsigned BestScore = 0;
    for (const std::string &N : Names) {
      unsigned S = sameFileScore(N, File);
      if (S > BestScore) {
        BestScore = S;
        Best = &N;
      }
    }
    Cache[File.str()] = Best;
    return Best;
  }

private:
  const NcuSourceReport &Report;
  std::set<std::string> Names;
  std::map<std::string, const std::string *> Cache;
};

std::string kernelsOf(const std::vector<LineRef> &Lines,
                      std::vector<std::string> &Names) {
  for (const LineRef &L : Lines)
    if (L.Line->instExecuted() > 0 && !llvm::is_contained(Names, L.Kernel->Name))
      Names.push_back(L.Kernel->Name);
  std::string S;
  for (size_t I = 0; I < Names.size() && I < 3; ++I)
    S += (I ? ", '" : "'") + Names[I] + "'";
  if (Names.size() > 3)
    S += " and " + std::to_string(Names.size() - 3) + " more";
  return S;
}

double executed(const std::vector<LineRef> &Lines) {
  double S = 0;
  for (const LineRef &L : Lines)
    S += L.Line->instExecuted();
  return S;
}

/// "load" / "store" / "" from a memory finding's message.
llvm::StringRef accessKind(llvm::StringRef Message) {
  if (Message.contains(" load") || Message.contains("load from"))
    return "Load";
  if (Message.contains(" store") || Message.contains("store to"))
    return "Store";
  return "";
}

bool opMatches(const SassInstruction &I, llvm::StringRef Op) {
  return Op.empty() || llvm::StringRef(I.AccessOp).contains(Op) ||
         (I.AccessOp.find("Atomic") != std::string::npos);
}

std::string fmt(double V) {
  if (V >= 100 || V == static_cast<long long>(V))
    return llvm::formatv("{0:F0}", V).str();
  return llvm::formatv("{0:F1}", V).str();
}

/// Global memory: sectors per warp request against the ideal.
void measureGlobal(const Finding &F, const std::vector<LineRef> &Lines,
                   const ConfirmThresholds &T, Measurement &M) {
  llvm::StringRef Op = accessKind(F.Message);
  // Per instruction, the worst: several accesses can share a line.
  double BestRatio = 0, Sectors = 0, Ideal = 0, Inst = 0;
  unsigned Matching = 0;
  for (const LineRef &L : Lines)
    for (const SassInstruction &I : L.Line->Insts) {
      if (!llvm::StringRef(I.AddressSpace).starts_with("Global") ||
          !opMatches(I, Op) || I.InstExecuted <= 0 || I.SectorsIdeal <= 0)
        continue;
      ++Matching;
      double R = I.Sectors / I.SectorsIdeal;
      if (R > BestRatio) {
        BestRatio = R;
        Sectors = I.Sectors;
        Ideal = I.SectorsIdeal;
        Inst = I.InstExecuted;
      }
    }
  if (!Matching) {
    M.V = Verdict::Inconclusive;
    M.Summary = "the line ran, but no global " +
                (Op.empty() ? std::string("access") : Op.lower()) +
                " compiled from it executed (cached in registers, or read "
                "through another line)";
    return;
  }
  double PerReq = Sectors / Inst, IdealPerReq = Ideal / Inst;
  M.Values = {{"sectorsPerRequest", PerReq},
              {"idealSectorsPerRequest", IdealPerReq},
              {"requests", Inst},
              {"excessSectors", Sectors - Ideal}};
  M.Summary = fmt(PerReq) + " sectors per warp request (ideal " +
              fmt(IdealPerReq) + ", " + fmt(BestRatio) + "x) over " +
              fmt(Inst) + " requests";
  M.V = BestRatio >= T.ExcessRatio   ? Verdict::Confirmed
        : BestRatio <= T.RefuteRatio ? Verdict::Refuted
                                     : Verdict::Inconclusive;
}

/// Shared memory: the conflict degree ncu measured per instruction.
void measureShared(const Finding &F, const std::vector<LineRef> &Lines,
                   const ConfirmThresholds &T, Measurement &M) {
  llvm::StringRef Op = accessKind(F.Message);
  double Worst = 0, Inst = 0;
  unsigned Matching = 0;
  for (const LineRef &L : Lines)
    for (const SassInstruction &I : L.Line->Insts) {
      // N-way 0: no shared access happened (every lane predicated off).
      if (I.AddressSpace != "Shared" || !opMatches(I, Op) ||
          I.InstExecuted <= 0 || I.conflictDegree() <= 0)
        continue;
      ++Matching;
      if (I.conflictDegree() > Worst) {
        Worst = I.conflictDegree();
        Inst = I.InstExecuted;
      }
    }
  if (!Matching) {
    M.V = Verdict::Inconclusive;
    M.Summary = "the line ran, but no shared-memory " +
                (Op.empty() ? std::string("access") : Op.lower()) +
                " compiled from it accessed memory (none executed, or every "
                "lane was predicated off)";
    return;
  }
  M.Values = {{"conflictWays", Worst}, {"requests", Inst}};
  M.Summary = fmt(Worst) + "x the conflict-free shared-memory wavefronts "
              "(a " + fmt(Worst) + "-way conflict on average) over " +
              fmt(Inst) + " warp requests";
  M.V = Worst >= T.ConflictWays ? Verdict::Confirmed : Verdict::Refuted;
}

/// Branches: divergent branch targets on the branch instructions of the line.
void measureBranch(const std::vector<LineRef> &Lines, Measurement &M) {
  double Div = 0, BranchInst = 0, PredOff = 0, Active = 0;
  bool Have = false;
  for (const LineRef &L : Lines)
    for (const SassInstruction &I : L.Line->Insts) {
      Active += I.ThreadInstExecuted;
      PredOff += I.ThreadInstExecuted - I.PredOnThreadInstExecuted;
      if (!I.isBranch())
        continue;
      BranchInst += I.InstExecuted;
      if (I.HasBranchTargets) {
        Have = true;
        Div += I.DivergentTargets;
      }
    }
  M.Values = {{"branchExecutions", BranchInst}, {"divergentTargets", Div}};
  if (BranchInst == 0) {
    // No branch: nvcc predicated the body (lanes switched off, no split).
    M.V = Verdict::Refuted;
    M.Summary = "no branch instruction executed for this line: nvcc "
                "predicated it, so the warp does not split";
    if (PredOff > 0)
      M.Summary += " (" + fmt(100.0 * PredOff / std::max(Active, 1.0)) +
                   "% of lane-instructions predicated off)";
    return;
  }
  if (!Have) {
    M.V = Verdict::Inconclusive;
    M.Summary = "branch targets were not recorded (profile with "
                "the SourceCounters section)";
    return;
  }
  double Share = Div / BranchInst;
  M.Values.push_back({"divergentShare", Share});
  M.Summary = fmt(Div) + " divergent branch targets over " + fmt(BranchInst) +
              " warp executions of the line's branches (" +
              fmt(100.0 * Share) + "%)";
  M.V = Div > 0 ? Verdict::Confirmed : Verdict::Refuted;
}

/// FP64 instructions executed on the lines of the expression.
void measureFP64(const std::vector<LineRef> &Lines, Measurement &M) {
  double N = 0;
  std::set<std::string> Ops;
  for (const LineRef &L : Lines)
    for (const SassInstruction &I : L.Line->Insts)
      if (I.isFP64() && I.InstExecuted > 0) {
        N += I.InstExecuted;
        Ops.insert(I.opcode().str());
      }
  M.Values = {{"fp64Instructions", N}};
  if (N == 0) {
    M.V = Verdict::Refuted;
    M.Summary = "no FP64 instruction executed on this line";
    return;
  }
  M.V = Verdict::Confirmed;
  M.Summary = fmt(N) + " FP64 warp instructions executed (" +
              llvm::join(Ops, ", ") + ")";
}

/// Integer division: the emulation sequence (I2F.U32.RP, MUFU.RCP) on the
/// line confirms. Its absence refutes nothing: a divisor ptxas knows only
/// partly (warpSize) costs extra instructions without that sequence.
void measureDivision(const std::vector<LineRef> &Lines, Measurement &M) {
  double Seq = 0, Inst = 0, Execs = 0;
  for (const LineRef &L : Lines)
    for (const SassInstruction &I : L.Line->Insts) {
      llvm::StringRef S(I.Text);
      Inst += I.InstExecuted;
      Execs = std::max(Execs, I.InstExecuted);
      if ((I.opcode() == "MUFU" && S.contains(".RCP")) ||
          (I.opcode() == "I2F" && S.contains(".RP")))
        Seq += I.InstExecuted;
    }
  double PerExec = Execs > 0 ? Inst / Execs : 0;
  M.Values = {{"divisionSequenceInstructions", Seq},
              {"instructionsPerExecution", PerExec}};
  M.V = Seq > 0 ? Verdict::Confirmed : Verdict::Inconclusive;
  M.Summary = Seq > 0 ? "the integer division sequence (I2F.RP, MUFU.RCP) "
                        "executed " + fmt(Seq) + " times"
                      : "no reciprocal division sequence on this line; it "
                        "executes about " + fmt(PerExec) +
                            " instructions each time";
}

/// Local memory: local loads and stores in the function of the finding.
void measureLocal(const std::vector<LineRef> &FnLines, Measurement &M) {
  double N = 0;
  for (const LineRef &L : FnLines)
    for (const SassInstruction &I : L.Line->Insts)
      if (I.AddressSpace == "Local")
        N += I.InstExecuted;
  M.Values = {{"localInstructions", N}};
  M.V = N > 0 ? Verdict::Confirmed : Verdict::Refuted;
  M.Summary = N > 0 ? fmt(N) + " local-memory warp instructions executed in "
                               "the function"
                    : "no local-memory instruction executed in the function";
}

/// Registers: whether they limit the blocks per SM in the measured launches.
void measureRegisters(const std::vector<std::string> &Kernels,
                      const std::vector<MeasuredLaunch> &Launches,
                      Measurement &M) {
  for (const MeasuredLaunch &L : Launches) {
    if (!llvm::is_contained(Kernels, kernelBaseName(L.Function)))
      continue;
    double Regs = L.metric("launch__registers_per_thread");
    double ByRegs = L.metric("launch__occupancy_limit_registers");
    if (Regs < 0 || ByRegs < 0)
      continue;
    double Other = 1e9;
    for (const char *K :
         {"launch__occupancy_limit_blocks", "launch__occupancy_limit_warps",
          "launch__occupancy_limit_shared_mem"})
      if (double V = L.metric(K); V >= 0)
        Other = std::min(Other, V);
    double Spills = std::max(0.0, L.metric("sass__inst_executed_register_spilling", 0));
    M.Values = {{"registersPerThread", Regs},
                {"blocksPerSMByRegisters", ByRegs},
                {"spillInstructions", Spills}};
    M.Summary = fmt(Regs) + " registers per thread: registers allow " +
                fmt(ByRegs) + " blocks per SM" +
                (Other < 1e9 ? ", the other limits " + fmt(Other) : "") +
                (Spills > 0 ? "; " + fmt(Spills) + " spill instructions" : "");
    M.V = (ByRegs < Other || Spills > 0) ? Verdict::Confirmed : Verdict::Refuted;
    return;
  }
  M.V = Verdict::Inconclusive;
  M.Summary = "no launch statistics for this kernel (profile with --section "
              "LaunchStats)";
}

bool isCheck(const Finding &F, llvm::StringRef Suffix) {
  return llvm::StringRef(F.CheckId) == ("warplint-" + Suffix).str();
}

} // namespace

void confirmFindings(std::vector<Finding> &Findings,
                     const NcuSourceReport &Source,
                     const std::vector<MeasuredLaunch> &Launches,
                     const std::vector<FileAnalysis> &Analyses,
                     ConfirmSummary &Summary, const ConfirmThresholds &T) {
  FileIndex Index(Source);
  for (Finding &F : Findings) {
    Measurement M;
    unsigned Begin = F.Pos.Line,
             End = std::max(F.EndPos.Line, F.Pos.Line);
    bool Host = isCheck(F, "host-device-transfer-in-loop") ||
                isCheck(F, "pageable-async-copy") ||
                isCheck(F, "grid-too-small") ||
                isCheck(F, "block-size-not-warp-multiple");
    bool PerFunction = isCheck(F, "local-memory-array") ||
                       isCheck(F, "register-pressure");
    const FunctionSpan *Fn = enclosingFunction(Analyses, F.Pos.File, F.Pos.Line);
    if (PerFunction && Fn) {
      Begin = Fn->BeginLine;
      End = Fn->EndLine;
    }
    std::vector<LineRef> Lines = Index.lines(F.Pos.File, Begin, End);
    // A grouped finding (one cause, several locations) is measured on all of
    // them: its related locations are the notes that begin "also here: ".
    if (!PerFunction)
      for (const FindingNote &N : F.Notes)
        if (llvm::StringRef(N.Message).starts_with("also here: ") &&
            (N.Pos.Line < Begin || N.Pos.Line > End || N.Pos.File != F.Pos.File))
          for (LineRef &L : Index.lines(N.Pos.File, N.Pos.Line, N.Pos.Line))
            Lines.push_back(std::move(L));
    std::string Where = kernelsOf(Lines, M.Kernels);
    if (Host) {
      M.V = Verdict::NotMeasured;
      M.Summary = "host-side rule: source counters do not observe it";
    } else if (executed(Lines) == 0) {
      M.V = Verdict::NotExercised;
      M.Summary = Index.knows(F.Pos.File)
                      ? "no profiled launch executed this line"
                      : "no profiled kernel has code from this file";
    } else if (isCheck(F, "uncoalesced-global-access")) {
      measureGlobal(F, Lines, T, M);
    } else if (isCheck(F, "shared-bank-conflict")) {
      measureShared(F, Lines, T, M);
    } else if (isCheck(F, "divergent-branch")) {
      measureBranch(Lines, M);
    } else if (isCheck(F, "double-precision")) {
      measureFP64(Lines, M);
    } else if (isCheck(F, "integer-division")) {
      measureDivision(Lines, M);
    } else if (isCheck(F, "local-memory-array")) {
      measureLocal(Lines, M);
    } else if (isCheck(F, "register-pressure")) {
      measureRegisters(M.Kernels, Launches, M);
    } else {
      M.V = Verdict::NotMeasured;
      M.Summary = "the line ran (" + fmt(executed(Lines)) +
                  " warp instructions); this rule has no source counter";
    }
    if (!Where.empty() && M.V != Verdict::NotExercised)
      M.Summary += " in " + Where;
    switch (M.V) {
    case Verdict::Confirmed:
      ++Summary.Confirmed;
      break;
    case Verdict::Refuted:
      ++Summary.Refuted;
      break;
    case Verdict::NotExercised:
      ++Summary.NotExercised;
      break;
    case Verdict::Inconclusive:
      ++Summary.Inconclusive;
      break;
    case Verdict::NotMeasured:
      ++Summary.NotMeasured;
      break;
    }
    F.Measured = std::move(M);
  }

  // Hot lines no finding covers.
  auto Covered = [&](llvm::StringRef MeasuredFile, unsigned Line,
                     std::initializer_list<llvm::StringRef> Checks,
                     bool WholeFunction) {
    for (const Finding &F : Findings) {
      if (!llvm::any_of(Checks, [&](llvm::StringRef C) { return isCheck(F, C); }))
        continue;
      if (!sameFileScore(MeasuredFile, F.Pos.File))
        continue;
      unsigned B = F.Pos.Line, E = std::max(F.EndPos.Line, F.Pos.Line);
      if (WholeFunction)
        if (const FunctionSpan *S = enclosingFunction(Analyses, F.Pos.File, F.Pos.Line)) {
          B = S->BeginLine;
          E = S->EndLine;
        }
      if (B <= Line && Line <= E)
        return true;
      if (!WholeFunction)
        for (const FindingNote &N : F.Notes)
          if (N.Pos.Line == Line &&
              llvm::StringRef(N.Message).starts_with("also here: ") &&
              sameFileScore(MeasuredFile, N.Pos.File))
            return true;
    }
    return false;
  };
  struct Hot {
    double Weight;
    UnflaggedLine L;
  };
  std::map<std::pair<std::string, unsigned>, Hot> HotLines;
  auto Add = [&](const MeasuredKernel &K, const std::string &File,
                 unsigned Line, llvm::StringRef Kind, std::string Text,
                 double Weight) {
    auto [It, New] = HotLines.try_emplace({File, Line});
    Hot &H = It->second;
    if (New) {
      H.L.File = File;
      H.L.Line = Line;
      H.L.Kind = Kind.str();
      H.L.Summary = std::move(Text);
      H.Weight = Weight;
    } else if (Weight > H.Weight) {
      H.L.Kind = Kind.str();
      H.L.Summary = std::move(Text);
      H.Weight = Weight;
    }
    if (!llvm::is_contained(H.L.Kernels, K.Name))
      H.L.Kernels.push_back(K.Name);
  };
  // Hot lines are reported in the user's files only (inlined toolkit
  // headers such as sm_32_intrinsics.hpp are attributed to their own lines).
  std::vector<std::string> UserFiles;
  for (const FileAnalysis &A : Analyses) {
    UserFiles.push_back(A.File);
    for (const FunctionSpan &S : A.Functions)
      UserFiles.push_back(S.File);
  }
  for (const Finding &F : Findings)
    UserFiles.push_back(F.Pos.File);
  auto IsUserFile = [&](llvm::StringRef Measured) {
    return llvm::any_of(UserFiles, [&](const std::string &U) {
      return sameFileScore(Measured, U) > 0;
    });
  };
  for (const MeasuredKernel &K : Source.Kernels) {
    double KernelSectors = 0;
    for (const auto &[File, Lines] : K.Files)
      for (const auto &[N, L] : Lines)
        for (const SassInstruction &I : L.Insts)
          KernelSectors += I.Sectors;
    double KInst = std::max(K.TotalInstExecuted, 1.0);
    for (const auto &[File, Lines] : K.Files) {
      if (!IsUserFile(File))
        continue;
      for (const auto &[N, L] : Lines) {
        double Sectors = 0, Ideal = 0, Local = 0, FP64 = 0, WorstWays = 0,
               SharedInst = 0, Div = 0, Targets = 0;
        for (const SassInstruction &I : L.Insts) {
          if (llvm::StringRef(I.AddressSpace).starts_with("Global")) {
            Sectors += I.Sectors;
            Ideal += I.SectorsIdeal;
          }
          if (I.AddressSpace == "Local")
            Local += I.InstExecuted;
          if (I.isFP64())
            FP64 += I.InstExecuted;
          if (I.AddressSpace == "Shared" && I.conflictDegree() > WorstWays) {
            WorstWays = I.conflictDegree();
            SharedInst = I.InstExecuted;
          }
          if (I.isBranch()) {
            Div += I.DivergentTargets;
            Targets += I.InstExecuted;
          }
        }
        if (Ideal > 0 && Sectors >= T.ExcessRatio * 1.33 * Ideal &&
            Sectors - Ideal >= T.HotShare * KernelSectors &&
            !Covered(File, N, {"uncoalesced-global-access"}, false))
          Add(K, File, N, "uncoalesced",
              fmt(Sectors / Ideal) + "x the ideal global sectors (" +
                  fmt(Sectors - Ideal) + " excess)",
              (Sectors - Ideal) / std::max(KernelSectors, 1.0));
        if (WorstWays >= 2 && SharedInst >= T.HotShare * KInst / 10 &&
            !Covered(File, N, {"shared-bank-conflict"}, false))
          Add(K, File, N, "bank-conflict",
              fmt(WorstWays) + "-way shared-memory bank conflict",
              SharedInst * WorstWays / KInst);
        if (Local > 0 && Local >= T.HotShare * KInst / 20 &&
            !Covered(File, N, {"local-memory-array"}, true))
          Add(K, File, N, "local-memory",
              fmt(Local) + " local-memory warp instructions (a local array "
                           "or register spills)",
              Local / KInst);
        if (FP64 >= T.HotShare * KInst &&
            !Covered(File, N, {"double-precision"}, false))
          Add(K, File, N, "fp64", fmt(FP64) + " FP64 warp instructions",
              FP64 / KInst);
        if (Div > 0 && Targets > 0 && Div >= 0.1 * Targets &&
            L.instExecuted() >= T.HotShare * KInst &&
            !Covered(File, N, {"divergent-branch"}, false))
          Add(K, File, N, "divergent-branch",
              fmt(100.0 * Div / Targets) + "% of branch executions divergent",
              L.instExecuted() / KInst);
      }
    }
  }
  std::vector<Hot> Sorted;
  for (auto &[Key, H] : HotLines)
    Sorted.push_back(std::move(H));
  llvm::stable_sort(Sorted, [](const Hot &A, const Hot &B) {
    return A.Weight > B.Weight;
  });
  for (size_t I = 0; I < Sorted.size() && I < T.MaxUnflagged; ++I)
    Summary.Unflagged.push_back(std::move(Sorted[I].L));
}

} // namespace warplint

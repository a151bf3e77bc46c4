//===- NcuReport.cpp - Nsight Compute's source page, parsed ---------------===//
#include "Findings/NcuReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>
#include <set>
#include <tuple>

namespace warplint {

std::vector<std::string> parseCsvRecord(llvm::StringRef Text, size_t &Pos) {
  std::vector<std::string> Fields;
  std::string Cur;
  bool Quoted = false, AnyField = false;
  while (Pos < Text.size()) {
    char C = Text[Pos++];
    if (Quoted) {
      if (C == '"') {
        if (Pos < Text.size() && Text[Pos] == '"') {
          Cur += '"';
          ++Pos;
        } else {
          Quoted = false;
        }
      } else {
        Cur += C;
      }
      continue;
    }
    if (C == '"') {
      Quoted = true;
      AnyField = true;
    } else if (C == ',') {
      Fields.push_back(std::move(Cur));
      Cur.clear();
      AnyField = true;
    } else if (C == '\n') {
      break;
    } else if (C != '\r') {
      Cur += C;
      AnyField = true;
    }
  }
  if (AnyField)
    Fields.push_back(std::move(Cur));
  return Fields;
}

std::string kernelBaseName(llvm::StringRef Demangled) {
  llvm::StringRef S = Demangled.trim();
  // Cut the parameter list: the first '(' outside template brackets.
  int Depth = 0;
  size_t Cut = S.size();
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] == '<')
      ++Depth;
    else if (S[I] == '>' && Depth > 0)
      --Depth;
    else if (S[I] == '(' && Depth == 0) {
      Cut = I;
      break;
    }
  }
  S = S.take_front(Cut).rtrim();
  // Drop trailing template arguments, then qualifiers and a return type.
  if (S.ends_with(">")) {
    int D = 0;
    for (size_t I = S.size(); I-- > 0;) {
      if (S[I] == '>')
        ++D;
      else if (S[I] == '<' && --D == 0) {
        S = S.take_front(I).rtrim();
        break;
      }
    }
  }
  size_t Colon = S.rfind("::");
  if (Colon != llvm::StringRef::npos)
    S = S.drop_front(Colon + 2);
  size_t Space = S.find_last_of(" *&");
  if (Space != llvm::StringRef::npos)
    S = S.drop_front(Space + 1);
  return S.str();
}

llvm::StringRef SassInstruction::opcode() const {
  llvm::StringRef S = llvm::StringRef(Text).trim();
  if (S.starts_with("@")) // guard predicate: "@P0", "@!PT"
    S = S.drop_until([](char C) { return C == ' '; }).ltrim();
  return S.take_until([](char C) { return C == ' ' || C == '.'; });
}

bool SassInstruction::isFP64() const {
  llvm::StringRef Op = opcode();
  if (Op == "DADD" || Op == "DMUL" || Op == "DFMA" || Op == "DSETP" ||
      Op == "DMNMX" || Op == "DSET")
    return true;
  // Conversions to or from double, and the double reciprocal/sqrt seeds.
  llvm::StringRef S = llvm::StringRef(Text).trim();
  if (Op == "F2F" || Op == "I2F" || Op == "F2I" || Op == "MUFU" ||
      Op == "FRND")
    return S.contains(".F64") || S.contains("64H");
  return false;
}

bool SassInstruction::isBranch() const {
  llvm::StringRef Op = opcode();
  return Op == "BRA" || Op == "BRX" || Op == "JMP" || Op == "JMX";
}

double SassInstruction::conflictDegree() const {
  if (SharedWavefrontsIdeal > 0)
    return SharedWavefronts / SharedWavefrontsIdeal;
  if (SharedNWay <= 0)
    return 0;
  // "L1 Conflicts Shared N-Way" is wavefronts per request: a conflict-free
  // 64-bit access of a full warp needs 2 (256 bytes through a 128-byte
  // wavefront), a 128-bit one 4; only what exceeds that is a conflict.
  double Needed = AccessSize >= 128 ? 4 : AccessSize >= 64 ? 2 : 1;
  return std::max(1.0, SharedNWay / Needed);
}

double MeasuredSourceLine::instExecuted() const {
  double S = 0;
  for (const SassInstruction &I : Insts)
    S += I.InstExecuted;
  return S;
}

double MeasuredSourceLine::threadInstExecuted() const {
  double S = 0;
  for (const SassInstruction &I : Insts)
    S += I.ThreadInstExecuted;
  return S;
}

namespace {

/// Column positions of one header row ("Line No","Source","Address",...).
struct Columns {
  int Address = -1, Source = -1, Inst = -1, ThreadInst = -1, PredOn = -1,
      Space = -1, Op = -1, Size = -1, Requests = -1, NWay = -1, Sectors = -1,
      Ideal = -1, Divergent = -1, Unexecuted = -1;
  size_t Width = 0;
};

Columns columnsOf(const std::vector<std::string> &H) {
  Columns C;
  C.Width = H.size();
  for (size_t I = 0; I < H.size(); ++I) {
    llvm::StringRef N = llvm::StringRef(H[I]).trim();
    int Idx = static_cast<int>(I);
    if (N == "Address" && C.Address < 0) {
      C.Address = Idx;
      // The instruction text is the "Source" column after "Address".
      if (I + 1 < H.size())
        C.Source = Idx + 1;
    } else if (N == "Instructions Executed")
      C.Inst = Idx;
    else if (N == "Thread Instructions Executed")
      C.ThreadInst = Idx;
    else if (N == "Predicated-On Thread Instructions Executed")
      C.PredOn = Idx;
    else if (N == "Avg. Predicated-On Threads Unexecuted")
      C.Unexecuted = Idx;
    else if (N == "Divergent Branches")
      C.Divergent = Idx;
    else if (N == "Address Space")
      C.Space = Idx;
    else if (N == "Access Operation")
      C.Op = Idx;
    else if (N == "Access Size")
      C.Size = Idx;
    else if (N == "L1 Tag Requests Global")
      C.Requests = Idx;
    else if (N == "L1 Conflicts Shared N-Way")
      C.NWay = Idx;
    else if (N == "L2 Theoretical Sectors Global")
      C.Sectors = Idx;
    else if (N == "L2 Theoretical Sectors Global Ideal")
      C.Ideal = Idx;
  }
  return C;
}

/// A number as ncu prints it ("32,768", " 4 "); false for "-", text, "".
bool parseNcuNumber(llvm::StringRef Cell, double &V) {
  std::string S;
  for (char C : Cell)
    if (C != ',' && C != ' ')
      S += C;
  return !S.empty() && S != "-" && !llvm::StringRef(S).getAsDouble(V);
}

double number(const std::vector<std::string> &R, int Col) {
  double V = 0;
  if (Col < 0 || static_cast<size_t>(Col) >= R.size() ||
      !parseNcuNumber(R[Col], V))
    return 0;
  return V;
}

std::string text(const std::vector<std::string> &R, int Col) {
  if (Col < 0 || static_cast<size_t>(Col) >= R.size())
    return "";
  llvm::StringRef S = llvm::StringRef(R[Col]).trim();
  return S == "-" ? "" : S.str();
}

} // namespace

llvm::Expected<NcuSourceReport> parseNcuSourceCsv(llvm::StringRef Text) {
  NcuSourceReport Out;
  std::string File;
  MeasuredKernel *Kernel = nullptr;
  Columns Cols;
  bool HaveHeader = false;
  unsigned Line = 0;
  unsigned Block = 0;
  // (block, line, address) already read: ncu repeats a line's instructions.
  std::set<std::tuple<unsigned, unsigned, uint64_t>> Seen;
  size_t Pos = 0;
  unsigned Records = 0;
  while (Pos < Text.size()) {
    size_t Start = Pos;
    llvm::StringRef Rest = Text.substr(Start);
    if (Rest.starts_with("==")) {
      // ncu's own messages, when stderr went into the same file.
      llvm::StringRef L = Rest.take_until([](char C) { return C == '\n'; });
      Pos = Start + L.size() + 1;
      size_t Q = L.find("No lineinfo available");
      if (Q != llvm::StringRef::npos) {
        llvm::StringRef Fn = L.substr(Q).drop_until([](char C) {
          return C == '\'';
        });
        if (!Fn.empty())
          Out.WithoutLineInfo.push_back(
              Fn.drop_front().take_until([](char C) { return C == '\''; })
                  .str());
      }
      continue;
    }
    std::vector<std::string> R = parseCsvRecord(Text, Pos);
    if (++Records > 50'000'000)
      return llvm::createStringError("ncu source page: too many rows");
    if (R.empty())
      continue;
    llvm::StringRef First = llvm::StringRef(R[0]).trim();
    if (First == "File Path" || First == "File Name") {
      File = R.size() > 1 ? R[1] : "";
      HaveHeader = false;
      continue;
    }
    if (First == "Function Name" || First == "Kernel Name") {
      std::string Fn = R.size() > 1 ? R[1] : "";
      // One entry per launch: a launch lists each file its code came from
      // once, so the same function with a file already seen is the next
      // launch.
      if (!Kernel || Kernel->Function != Fn || Kernel->Files.count(File)) {
        Out.Kernels.emplace_back();
        Out.Kernels.back().Function = Fn;
        Out.Kernels.back().Name = kernelBaseName(Fn);
        Out.Kernels.back().Launches = 1;
      }
      Kernel = &Out.Kernels.back();
      Kernel->Files[File];
      ++Block;
      HaveHeader = false;
      Line = 0;
      continue;
    }
    if (First == "Line No") {
      Cols = columnsOf(R);
      HaveHeader = Cols.Address >= 0;
      continue;
    }
    if (!HaveHeader || !Kernel)
      continue;
    if (!First.empty()) {
      unsigned L = 0;
      if (!First.getAsInteger(10, L))
        Line = L;
      continue;
    }
    std::string Addr = text(R, Cols.Address);
    uint64_t A = 0;
    if (Addr.empty() || Addr == "..." ||
        llvm::StringRef(Addr).getAsInteger(0, A) || Line == 0)
      continue;
    if (!Seen.insert({Block, Line, A}).second)
      continue;
    // With --metrics, ncu 2025.3 drops "Divergent Branches" from the header
    // but still prints it in the rows of instructions that have it.
    double RowDivergent = number(R, Cols.Divergent);
    bool RowHasDivergent = Cols.Divergent >= 0;
    if (R.size() == Cols.Width + 1 && Cols.Divergent < 0 &&
        Cols.Unexecuted >= 0) {
      RowDivergent = number(R, Cols.Unexecuted + 1);
      RowHasDivergent = true;
      R.erase(R.begin() + Cols.Unexecuted + 1);
    }
    MeasuredSourceLine &SL = Kernel->Files[File][Line];
    SL.Line = Line;
    auto It = llvm::find_if(SL.Insts, [&](const SassInstruction &I) {
      return I.Address == A;
    });
    if (It == SL.Insts.end()) {
      SL.Insts.emplace_back();
      It = std::prev(SL.Insts.end());
      It->Address = A;
      It->Text = text(R, Cols.Source);
      It->AddressSpace = text(R, Cols.Space);
      It->AccessOp = text(R, Cols.Op);
      It->AccessSize = number(R, Cols.Size);
    }
    double Inst = number(R, Cols.Inst);
    // Averages (N-way) are weighted by executions when launches are summed.
    double PrevInst = It->InstExecuted;
    if (PrevInst + Inst > 0)
      It->SharedNWay = (It->SharedNWay * PrevInst + number(R, Cols.NWay) * Inst) /
                       (PrevInst + Inst);
    It->InstExecuted += Inst;
    It->ThreadInstExecuted += number(R, Cols.ThreadInst);
    It->PredOnThreadInstExecuted += number(R, Cols.PredOn);
    It->L1Requests += number(R, Cols.Requests);
    It->Sectors += number(R, Cols.Sectors);
    It->SectorsIdeal += number(R, Cols.Ideal);
    if (RowHasDivergent) {
      It->HasBranchTargets = true;
      It->DivergentTargets += RowDivergent;
    }
    Kernel->TotalInstExecuted += Inst;
  }
  if (Out.Kernels.empty() && Out.WithoutLineInfo.empty())
    return llvm::createStringError(
        "not an Nsight Compute source page (expected the CSV of `ncu --import "
        "R.ncu-rep --csv --page source --print-source cuda,sass`)");
  return Out;
}

double MeasuredLaunch::metric(llvm::StringRef Name, double Default) const {
  auto It = Metrics.find(Name.str());
  return It == Metrics.end() ? Default : It->second;
}

void mergeInstancedMetrics(NcuSourceReport &Report,
                        const std::vector<MeasuredLaunch> &Launches) {
  static const char Metric[] = "smsp__branch_targets_threads_divergent";
  // Both pages list one report's launches in launch order: the n-th launch of
  // a kernel on the source page is its n-th row here. Kernels are matched by
  // name alone, since the pages spell the rest of a signature differently
  // (the source page writes "k<(int)128>(gmx::V *)", the raw page
  // "k<128>(V *)").
  std::map<std::string, unsigned> Seen;
  for (MeasuredKernel &K : Report.Kernels) {
    unsigned Nth = Seen[K.Name]++;
    const MeasuredLaunch *L = nullptr;
    for (const MeasuredLaunch &C : Launches)
      if (kernelBaseName(C.Function) == K.Name && Nth-- == 0) {
        L = &C;
        break;
      }
    if (!L)
      continue;
    auto Wf = L->Instances.find("memory_l1_wavefronts_shared");
    auto WfIdeal = L->Instances.find("memory_l1_wavefronts_shared_ideal");
    if (Wf != L->Instances.end() && WfIdeal != L->Instances.end())
      for (auto &[File, Lines] : K.Files)
        for (auto &[N, Line] : Lines)
          for (SassInstruction &I : Line.Insts) {
            auto A = Wf->second.find(I.Address);
            auto B = WfIdeal->second.find(I.Address);
            if (A != Wf->second.end() && B != WfIdeal->second.end()) {
              I.SharedWavefronts = A->second;
              I.SharedWavefrontsIdeal = B->second;
            }
          }
    auto It = L->Instances.find(Metric);
    if (It == L->Instances.end() && !L->Metrics.count(Metric))
      continue; // not recorded
    bool FromSource = false;
    for (auto &[File, Lines] : K.Files)
      for (auto &[N, Line] : Lines)
        for (SassInstruction &I : Line.Insts)
          FromSource |= I.HasBranchTargets;
    if (FromSource)
      continue;
    for (auto &[File, Lines] : K.Files)
      for (auto &[N, Line] : Lines)
        for (SassInstruction &I : Line.Insts) {
          I.HasBranchTargets = true;
          if (It == L->Instances.end())
            continue; // a total of 0 prints no instances
          auto V = It->second.find(I.Address);
          I.DivergentTargets = V == It->second.end() ? 0 : V->second;
        }
  }
}

llvm::Expected<std::vector<MeasuredLaunch>>
parseNcuRawCsv(llvm::StringRef Text) {
  std::vector<MeasuredLaunch> Out;
  std::vector<std::string> Header;
  int KernelCol = -1;
  size_t Pos = 0;
  bool UnitsSkipped = false;
  while (Pos < Text.size()) {
    if (Text.substr(Pos).starts_with("==")) {
      Pos = Text.find('\n', Pos);
      Pos = Pos == llvm::StringRef::npos ? Text.size() : Pos + 1;
      continue;
    }
    std::vector<std::string> R = parseCsvRecord(Text, Pos);
    if (R.empty())
      continue;
    if (Header.empty()) {
      auto It = llvm::find(R, "Kernel Name");
      if (It == R.end())
        continue;
      Header = R;
      KernelCol = static_cast<int>(It - R.begin());
      continue;
    }
    if (!UnitsSkipped) {
      UnitsSkipped = true;
      if (static_cast<size_t>(KernelCol) < R.size() && R[KernelCol].empty())
        continue;
    }
    if (static_cast<size_t>(KernelCol) >= R.size())
      continue;
    MeasuredLaunch L;
    L.Function = R[KernelCol];
    for (size_t I = 0; I < R.size() && I < Header.size(); ++I) {
      llvm::StringRef Cell(R[I]);
      // "32,768 (0x7f..bc0: 32,768; 0x7f..bf0: 0)": a total, then instances.
      // "16 (0: 16)" for a metric that is not instanced at all.
      size_t Paren = static_cast<int>(I) == KernelCol ? llvm::StringRef::npos
                                                       : Cell.find(" (");
      if (Paren != llvm::StringRef::npos && Cell.ends_with(")") &&
          Cell.substr(Paren).contains(": ")) {
        auto &Map = L.Instances[Header[I]];
        llvm::SmallVector<llvm::StringRef, 64> Parts;
        Cell.drop_front(Paren + 2).drop_back().split(Parts, "; ");
        for (llvm::StringRef P : Parts) {
          auto [PC, Val] = P.split(": ");
          uint64_t A;
          double D;
          if (!PC.trim().getAsInteger(0, A) && parseNcuNumber(Val, D))
            Map[A] += D;
        }
        Cell = Cell.take_front(Paren);
      }
      double D;
      if (parseNcuNumber(Cell, D))
        L.Metrics[Header[I]] = D;
      else if (!Cell.empty())
        L.Texts[Header[I]] = Cell.str();
    }
    Out.push_back(std::move(L));
  }
  if (Header.empty())
    return llvm::createStringError(
        "not an Nsight Compute raw page (expected the CSV of `ncu --import "
        "R.ncu-rep --csv --page raw --print-units base`)");
  return Out;
}

} // namespace warplint

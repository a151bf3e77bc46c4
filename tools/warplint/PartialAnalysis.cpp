//===- PartialAnalysis.cpp - One line per file that did not parse ---------===//
#include "tools/warplint/PartialAnalysis.h"

#include "Analysis/WalkBudget.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <mutex>
#include <tuple>

namespace warplint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// Directory entries one search may visit: a source tree of tens of thousands
/// of files is searched whole, a home directory is not walked forever.
static constexpr unsigned SearchBudget = 200000;
static constexpr unsigned SearchDepth = 10;

/// The directory below \p Root that holds \p Header (which may have
/// directories of its own: "GL/glew.h"), the shortest path first found; empty
/// when none within the budget.
static std::string findIncludeDir(llvm::StringRef Root,
                                  llvm::StringRef Header) {
  static std::mutex Mu;
  static llvm::StringMap<std::string> Cache;
  std::string Key = (Root + "\n" + Header).str();
  {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = Cache.find(Key);
    if (It != Cache.end())
      return It->second;
  }
  llvm::SmallString<128> Suffix("/");
  Suffix += Header;
  path::native(Suffix, path::Style::posix);
  std::string Found;
  std::error_code EC;
  unsigned Visited = 0;
  for (fs::recursive_directory_iterator I(Root, EC), E; I != E && !EC;
       I.increment(EC)) {
    if (++Visited > SearchBudget)
      break;
    llvm::StringRef P = I->path();
    llvm::StringRef Name = path::filename(P);
    if (I->type() == fs::file_type::directory_file) {
      if (Name.starts_with(".") || I.level() >= int(SearchDepth))
        I.no_push();
      continue;
    }
    if (!P.ends_with(Suffix))
      continue;
    std::string Dir = P.drop_back(Suffix.size()).str();
    if (Found.empty() || Dir.size() < Found.size())
      Found = Dir;
  }
  std::lock_guard<std::mutex> Lock(Mu);
  Cache[Key] = Found;
  return Found;
}

std::string describeMissingInclude(const MissingInclude &M) {
  std::string Spelled = M.Angled ? "<" + M.Header + ">" : "'" + M.Header + "'";
  std::string Text = Spelled + " not found";
  if (!M.IncludedFrom.empty())
    Text += " (included from " + path::filename(M.IncludedFrom).str() + ":" +
            std::to_string(M.Line) + ")";
  // Nearest first: the including file's directory, then its parents, then
  // the current directory.
  std::vector<std::string> Roots;
  llvm::SmallString<256> Dir(M.IncludedFrom);
  fs::make_absolute(Dir);
  path::remove_filename(Dir);
  for (unsigned I = 0; I < 4 && !Dir.empty(); ++I) {
    Roots.push_back(std::string(Dir));
    llvm::StringRef Parent = path::parent_path(Dir);
    if (Parent == Dir || Parent.empty() || Parent == "/")
      break;
    Dir = Parent;
  }
  llvm::SmallString<256> Cwd;
  if (!fs::current_path(Cwd))
    Roots.push_back(std::string(Cwd));
  for (const std::string &R : Roots)
    if (std::string D = findIncludeDir(R, M.Header); !D.empty())
      return Text + ": it is in " + D + ": add -I" + D;
  return Text + " below " + Roots.front() +
         ": add -I for the directory that holds it, or install what provides "
         "it";
}

static std::string absolute(llvm::StringRef F) {
  llvm::SmallString<256> P(F);
  fs::make_absolute(P);
  path::remove_dots(P, true);
  return std::string(P);
}

bool hasDeviceCode(const std::string &File) {
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return true;
  llvm::StringRef T = (*Buf)->getBuffer();
  return T.contains("__global__") || T.contains("__device__");
}

/// What nvcc makes of code clang rejects, by clang's message: where the
/// function is not analysed because nvcc and clang disagree, the line says so.
static llvm::StringRef nvccDialect(llvm::StringRef Message) {
  if (Message.starts_with("initialization is not supported for __shared__ "
                          "variables"))
    return "nvcc warns and leaves the variable uninitialised; clang rejects "
           "the declaration and every use of the variable";
  return "";
}

/// ": LINE:COL: the first compiler error inside \p Name's definition", or ""
/// when none is known (the error is in a header the function's body uses).
static std::string firstOwnError(const std::string &Name,
                                 const std::vector<FunctionRange> &Ranges,
                                 const std::vector<ToolError> &Errors) {
  for (const FunctionRange &R : Ranges) {
    if (R.Name != Name)
      continue;
    for (const ToolError &E : Errors)
      if (R.contains(absolute(E.File), E.Line, E.Column)) {
        std::string Why = " at " + std::to_string(E.Line) + ":" +
                          std::to_string(E.Column) + ": '" + E.Message + "'";
        if (llvm::StringRef N = nvccDialect(E.Message); !N.empty())
          Why += " (" + N.str() + ")";
        return Why;
      }
  }
  return "";
}

FileOutcome summariseFile(const std::string &File,
                          const std::vector<ToolError> &Errors,
                          const std::optional<FileCoverage> &Coverage,
                          const std::vector<FunctionRange> &Ranges,
                          const std::string &Through) {
  FileOutcome Out;
  FileAnalysis &A = Out.Analysis;
  A.File = File;
  A.Through = Through;
  A.CompilerErrors = Errors.size();
  FileCoverage C = Coverage.value_or(FileCoverage());
  // An admitted function with an error inside it: clang dropped the broken
  // statement, so the AST looked valid. Not analysed after all, unless the
  // error is where the AST stays whole (inline asm nvcc accepts:
  // FunctionRange::Whole).
  std::vector<bool> Around(Errors.size(), false);
  for (const FunctionRange &R : Ranges) {
    if (!R.Admitted)
      continue;
    bool HasError = false;
    for (size_t I = 0; I < Errors.size(); ++I) {
      const ToolError &E = Errors[I];
      std::string F = absolute(E.File);
      if (!R.contains(F, E.Line, E.Column))
        continue;
      if (R.wholeDespite(F, E.Line, E.Column))
        Around[I] = true;
      else
        HasError = true;
    }
    if (!HasError || llvm::is_contained(C.NotAnalysed, R.Name))
      continue;
    Out.Withdrawn.push_back(R);
    C.NotAnalysed.push_back(R.Name);
    unsigned &Analysed = R.Kernel ? C.KernelsAnalysed : C.DeviceFunctionsAnalysed;
    if (Analysed)
      --Analysed;
  }
  llvm::sort(C.NotAnalysed);
  A.Kernels = C.Kernels;
  A.KernelsAnalysed = C.KernelsAnalysed;
  A.DeviceFunctions = C.DeviceFunctions;
  A.DeviceFunctionsAnalysed = C.DeviceFunctionsAnalysed;
  A.NotAnalysed = C.NotAnalysed;
  for (const MissingInclude &M : C.MissingIncludes)
    A.MissingIncludes.push_back(describeMissingInclude(M));
  A.TooComplex = C.TooComplex;
  for (const FunctionRange &R : Ranges)
    A.Functions.push_back(FunctionSpan{R.Identifier, R.Kernel, R.File,
                                       R.BeginLine, R.EndLine});
  llvm::sort(A.Functions, [](const FunctionSpan &X, const FunctionSpan &Y) {
    return std::tie(X.File, X.BeginLine, X.Name) <
           std::tie(Y.File, Y.BeginLine, Y.Name);
  });
  A.Functions.erase(std::unique(A.Functions.begin(), A.Functions.end(),
                                [](const FunctionSpan &X,
                                   const FunctionSpan &Y) {
                                  return X.File == Y.File &&
                                         X.BeginLine == Y.BeginLine &&
                                         X.Name == Y.Name;
                                }),
                    A.Functions.end());
  unsigned AnalysedAround = llvm::count(Around, true);
  // Compiler errors only where nvcc accepts the code (FunctionRange::Whole),
  // every function analysed: the file is complete as nvcc compiles it, and
  // exits as a clean one (--verbose prints the errors).
  if (AnalysedAround == Errors.size() && A.NotAnalysed.empty() &&
      C.MissingIncludes.empty() && C.TooComplex.empty()) {
    A.Status = "complete";
    return Out;
  }
  unsigned Analysed = A.KernelsAnalysed + A.DeviceFunctionsAnalysed;
  // A file of which nothing was analysed is incomplete; a fragment analysed
  // through its includer only when it has device code (a header of host
  // declarations has nothing to analyse, whatever the includer's errors).
  bool Incomplete = !A.NotAnalysed.empty() ||
                    (Analysed == 0 && (Through.empty() || hasDeviceCode(File)));
  A.Status = Incomplete ? "incomplete" : "partial";

  // The one line: where, what first, how many, what was analysed.
  ToolError S;
  S.Partial = !Incomplete;
  std::string Msg;
  if (!C.MissingIncludes.empty()) {
    const MissingInclude &M = C.MissingIncludes.front();
    S.File = M.IncludedFrom.empty() ? File : M.IncludedFrom;
    S.Line = M.Line;
    S.Column = 1;
    Msg = A.MissingIncludes.front();
    if (C.MissingIncludes.size() > 1)
      Msg += " (and " + std::to_string(C.MissingIncludes.size() - 1) +
             " more header" + (C.MissingIncludes.size() > 2 ? "s" : "") + ")";
  } else if (Errors.empty()) {
    // Only expressions too deep to analyse.
    S.File = File;
    Msg = "not analysed: " + std::to_string(C.TooComplex.size()) +
          " expression" + (C.TooComplex.size() == 1 ? "" : "s") +
          " too complex (nested deeper than " +
          std::to_string(MaxWalkDepth) + "): " + C.TooComplex.front() +
          (C.TooComplex.size() > 1 ? " and more" : "");
  } else {
    const ToolError &First = Errors.front();
    S.File = First.File.empty() ? File : First.File;
    S.Line = First.Line;
    S.Column = First.Column;
    Msg = First.Message;
  }
  if (!Errors.empty())
    Msg += "; " + std::to_string(Errors.size()) + " compiler error" +
           (Errors.size() == 1 ? "" : "s");
  std::string Via =
      Through.empty()
          ? ""
          : " (through " + path::filename(Through).str() +
                ", which includes it)";
  Msg += std::string(Incomplete ? "; not fully analysed" : "; partial analysis") +
         Via + ": " +
         std::to_string(A.KernelsAnalysed) + " of " +
         std::to_string(A.Kernels) + " kernel" + (A.Kernels == 1 ? "" : "s") +
         " and " + std::to_string(A.DeviceFunctionsAnalysed) + " of " +
         std::to_string(A.DeviceFunctions) + " device function" +
         (A.DeviceFunctions == 1 ? "" : "s") + " analysed";
  if (AnalysedAround)
    Msg += "; " + std::to_string(AnalysedAround) + " error" +
           (AnalysedAround == 1 ? "" : "s") +
           " in code that nvcc accepts, analysed around";
  if (!C.TooComplex.empty() && !Errors.empty())
    Msg += "; " + std::to_string(C.TooComplex.size()) +
           " expression(s) too complex to analyse";
  if (!A.NotAnalysed.empty()) {
    Msg += "; not analysed (an error in its own code): ";
    for (size_t I = 0; I < A.NotAnalysed.size() && I < 3; ++I)
      Msg += (I ? ", " : "") + A.NotAnalysed[I] +
             firstOwnError(A.NotAnalysed[I], Ranges, Errors);
    if (A.NotAnalysed.size() > 3)
      Msg += " and " + std::to_string(A.NotAnalysed.size() - 3) + " more";
  }
  S.Message = std::move(Msg);
  Out.Summary = std::move(S);
  return Out;
}

} // namespace warplint

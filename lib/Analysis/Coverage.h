//===- Coverage.h - Which functions of a file were analysed ------*- C++ -*-===//
//
// Part of warplint. After compiler errors warplint still analyses every kernel
// and device function whose own code parsed (Frontend/FunctionErrors); this
// records, per translation unit, which ones it analysed and which it skipped,
// and the headers the preprocessor could not find, so that the standalone
// binary can say it in one line per file (docs/compatibility.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_COVERAGE_H
#define WARPLINT_ANALYSIS_COVERAGE_H

#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace warplint {

/// An #include the preprocessor could not resolve.
struct MissingInclude {
  std::string Header;       ///< As spelled: "helper_cuda.h", <GL/glew.h>.
  std::string IncludedFrom; ///< The file that has the directive.
  unsigned Line = 0;
  bool Angled = false;
  bool operator<(const MissingInclude &O) const {
    return std::tie(IncludedFrom, Line, Header) <
           std::tie(O.IncludedFrom, O.Line, O.Header);
  }
};

/// One counted kernel or device function (its template pattern).
struct CoveredFunction {
  std::string File; ///< Absolute; empty when clang gave no file.
  std::string Name; ///< "kernel 'k' (k.cu:3)".
  bool Kernel = false;
  bool Analysed = false;
};

/// What one translation unit's analysis covered. Functions in system headers
/// (the toolkit, the compatibility layer) are not counted.
struct FileCoverage {
  unsigned Kernels = 0, KernelsAnalysed = 0;
  unsigned DeviceFunctions = 0, DeviceFunctionsAnalysed = 0;
  /// "kernel 'k' (k.cu:3)" for each function skipped for its own errors.
  std::vector<std::string> NotAnalysed;
  std::vector<MissingInclude> MissingIncludes;
  /// "k.cu:12 (memory accesses)" for each expression nested too deeply to
  /// analyse (WalkBudget.h).
  std::vector<std::string> TooComplex;
  /// Every counted function with its file, so that the part of a translation
  /// unit in one file can be counted (an include-only fragment analysed
  /// through the file that includes it).
  std::vector<CoveredFunction> Functions;
  /// Whether the main file has code whose context its own translation unit
  /// does not give: a kernel with no launch (a template never instantiated),
  /// device functions and no kernel, or a host function that launches or
  /// calls the CUDA runtime and that nothing here calls. A file that
  /// #includes it may launch or call them, so the binary looks for one
  /// (tools/warplint/IncludeFragments); a self-contained file is never
  /// searched for.
  bool MainCodeUnlaunched = false;
};

/// \p C restricted to the functions defined in \p File (absolute).
FileCoverage coverageOfFile(const FileCoverage &C, llvm::StringRef File);

/// Whether the template pattern \p Pattern must be counted itself: one whose
/// own code has an error (an unknown parameter type) may have no
/// instantiation, since no launch can instantiate it, and is then counted as
/// not analysed, with its reason. Others are counted by their instantiations.
bool patternCountedAlone(const clang::FunctionDecl &Pattern);

/// Decides, once per function, whether its own code parsed, and counts what
/// was analysed. Template instantiations count once, by their pattern.
class CoverageRecorder {
public:
  /// Whether the checks may analyse \p FD: false when its own code has a
  /// compiler error. Cached.
  bool admit(const clang::FunctionDecl &FD, const clang::SourceManager &SM);
  /// The counts so far.
  FileCoverage summary() const;

private:
  struct Entry {
    bool Kernel = false;
    bool Counted = false; ///< Outside system headers.
    bool Analysed = true;
    std::string Name;
    std::string File;
  };
  std::map<const clang::FunctionDecl *, bool> Decided;
  /// By pattern: every instantiation of a template is one function.
  std::map<const clang::FunctionDecl *, Entry> Functions;
};

/// The main file of \p SM as an absolute path, the key the publish and take
/// functions below share: a relative name is relative to the compile
/// command's directory (the file manager's working directory), not to the
/// process's. Empty when the main file is not a file.
std::string mainFileKey(const clang::SourceManager &SM);

/// Adds \p C to what the process knows of \p MainFile (thread-safe: the
/// standalone binary analyses several files at once).
void publishCoverage(llvm::StringRef MainFile, const FileCoverage &C);
/// Records a header \p MainFile's preprocessor could not find.
void publishMissingInclude(llvm::StringRef MainFile, const MissingInclude &M);
/// Records an expression of \p MainFile too deeply nested to analyse.
void publishTooComplex(llvm::StringRef MainFile, llvm::StringRef Where);
/// Takes what was published for \p MainFile (absolute path), if anything.
std::optional<FileCoverage> takeCoverage(llvm::StringRef MainFile);

/// Whether the main file of \p Ctx defines device code that \p Launched
/// (the kernels the translation unit launches, by their pattern's canonical
/// declaration) does not start: FileCoverage::MainCodeUnlaunched. Only the
/// declarations of the main file are looked at.
bool mainCodeUnlaunched(
    clang::ASTContext &Ctx,
    const std::set<const clang::FunctionDecl *> &Launched);

/// Whether the main file of \p Ctx defines a kernel (a template or not):
/// when it does not, nothing needs the launches.
bool mainFileHasKernel(clang::ASTContext &Ctx);

} // namespace warplint

#endif

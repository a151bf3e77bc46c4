//===- Coverage.cpp - Which functions of a file were analysed -------------===//
#include "Analysis/Coverage.h"

#include "Analysis/FunctionRanges.h"
#include "Analysis/WalkBudget.h"
#include "Frontend/FunctionErrors.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <mutex>
#include <set>

using namespace clang;

namespace warplint {

/// \p Name absolute: a header found through a relative -I is named relative
/// to the compile command's directory (the file manager's working directory).
static std::string absoluteName(const SourceManager &SM, llvm::StringRef Name) {
  llvm::SmallString<256> P(Name);
  SM.getFileManager().makeAbsolutePath(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

std::string mainFileKey(const SourceManager &SM) {
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  return Main ? absoluteName(SM, Main->getName()) : std::string();
}

bool CoverageRecorder::admit(const FunctionDecl &FD, const SourceManager &SM) {
  auto [It, New] = Decided.try_emplace(&FD, true);
  if (!New)
    return It->second;
  It->second = !hasOwnErrors(FD);
  const FunctionDecl *Pattern = FD.getTemplateInstantiationPattern();
  if (!Pattern)
    Pattern = &FD;
  auto [EIt, ENew] = Functions.try_emplace(Pattern->getCanonicalDecl());
  Entry &E = EIt->second;
  if (ENew) {
    E.Kernel = FD.hasAttr<CUDAGlobalAttr>();
    SourceLocation Loc = SM.getFileLoc(Pattern->getLocation());
    E.Counted = Loc.isValid() && !SM.isInSystemHeader(Loc);
    std::string Where;
    if (E.Counted) {
      PresumedLoc P = SM.getPresumedLoc(Loc);
      if (P.isValid())
        Where = (llvm::sys::path::filename(P.getFilename()) + ":" +
                 llvm::Twine(P.getLine()))
                    .str();
      if (OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getFileID(Loc)))
        E.File = absoluteName(SM, F->getName());
    }
    E.Name = std::string(E.Kernel ? "kernel '" : "device function '") +
             FD.getNameAsString() + "'" +
             (Where.empty() ? "" : " (" + Where + ")");
    // Where it is, for the binary to match compiler errors against.
    SourceRange Body = Pattern->getSourceRange();
    SourceLocation B = SM.getFileLoc(Body.getBegin()),
                   En = SM.getFileLoc(Body.getEnd());
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    OptionalFileEntryRef In = SM.getFileEntryRefForID(SM.getFileID(B));
    if (E.Counted && Main && In && SM.getFileID(B) == SM.getFileID(En)) {
      FunctionRange R;
      R.Name = E.Name;
      R.Identifier = FD.getNameAsString();
      R.File = absoluteName(SM, In->getName());
      R.BeginLine = SM.getSpellingLineNumber(B);
      R.BeginColumn = SM.getSpellingColumnNumber(B);
      R.EndLine = SM.getSpellingLineNumber(En);
      R.EndColumn = SM.getSpellingColumnNumber(En);
      R.Kernel = E.Kernel;
      R.Admitted = It->second;
      // Only a parse with errors needs them (the body's asm statements, its
      // text lexed): a clean file pays nothing.
      if (R.Admitted &&
          Pattern->getASTContext().getDiagnostics().hasErrorOccurred())
        for (SourceRange W :
             wholeDespiteErrors(*Pattern, Pattern->getASTContext())) {
          SourceLocation WB = SM.getFileLoc(W.getBegin()),
                         WE = SM.getFileLoc(W.getEnd());
          if (SM.getFileID(WB) != SM.getFileID(B) ||
              SM.getFileID(WE) != SM.getFileID(B))
            continue;
          // The end is a token's start: the span runs to the token's end.
          unsigned EndCol = SM.getSpellingColumnNumber(WE) +
                            Lexer::MeasureTokenLength(
                                WE, SM, Pattern->getASTContext().getLangOpts());
          R.Whole.push_back({SM.getSpellingLineNumber(WB),
                             SM.getSpellingColumnNumber(WB),
                             SM.getSpellingLineNumber(WE), EndCol});
        }
      publishFunctionRange(mainFileKey(SM), R);
    }
  }
  // One instantiation with an error of its own makes the function "not
  // analysed": its other instantiations were, but the user has to look.
  if (!It->second)
    E.Analysed = false;
  return It->second;
}

FileCoverage CoverageRecorder::summary() const {
  FileCoverage C;
  for (const auto &[FD, E] : Functions) {
    if (!E.Counted)
      continue;
    (E.Kernel ? C.Kernels : C.DeviceFunctions) += 1;
    C.Functions.push_back(CoveredFunction{E.File, E.Name, E.Kernel, E.Analysed});
    if (E.Analysed)
      (E.Kernel ? C.KernelsAnalysed : C.DeviceFunctionsAnalysed) += 1;
    else
      C.NotAnalysed.push_back(E.Name);
  }
  // Deterministic whatever the order the checks asked in.
  llvm::sort(C.NotAnalysed);
  llvm::sort(C.Functions, [](const CoveredFunction &A, const CoveredFunction &B) {
    return std::tie(A.File, A.Name) < std::tie(B.File, B.Name);
  });
  return C;
}

FileCoverage coverageOfFile(const FileCoverage &C, llvm::StringRef File) {
  FileCoverage Out;
  Out.MissingIncludes = C.MissingIncludes;
  Out.TooComplex = C.TooComplex;
  for (const CoveredFunction &F : C.Functions) {
    if (F.File != File)
      continue;
    Out.Functions.push_back(F);
    (F.Kernel ? Out.Kernels : Out.DeviceFunctions) += 1;
    if (F.Analysed)
      (F.Kernel ? Out.KernelsAnalysed : Out.DeviceFunctionsAnalysed) += 1;
    else
      Out.NotAnalysed.push_back(F.Name);
  }
  llvm::sort(Out.NotAnalysed);
  return Out;
}

namespace {
struct Published {
  FileCoverage Coverage;
  std::set<MissingInclude> Missing;
  std::set<std::string> TooComplex;
  std::vector<FunctionRange> Ranges;
  bool HasCounts = false;
};
std::mutex RegistryMutex;
llvm::StringMap<Published> &registry() {
  static llvm::StringMap<Published> R;
  return R;
}
std::string normalised(llvm::StringRef File) {
  llvm::SmallString<256> P(File);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}
} // namespace

bool patternCountedAlone(const FunctionDecl &Pattern) {
  return hasOwnErrors(Pattern);
}

void publishCoverage(llvm::StringRef MainFile, const FileCoverage &C) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  Published &P = registry()[normalised(MainFile)];
  // Several contexts can exist for one file only in succession (one per
  // parse); the last complete one wins.
  P.Coverage.Kernels = C.Kernels;
  P.Coverage.KernelsAnalysed = C.KernelsAnalysed;
  P.Coverage.DeviceFunctions = C.DeviceFunctions;
  P.Coverage.DeviceFunctionsAnalysed = C.DeviceFunctionsAnalysed;
  P.Coverage.NotAnalysed = C.NotAnalysed;
  P.Coverage.Functions = C.Functions;
  P.Coverage.MainCodeUnlaunched = C.MainCodeUnlaunched;
  P.HasCounts = true;
}

void publishMissingInclude(llvm::StringRef MainFile, const MissingInclude &M) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  registry()[normalised(MainFile)].Missing.insert(M);
}

void publishFunctionRange(llvm::StringRef MainFile, const FunctionRange &R) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  registry()[normalised(MainFile)].Ranges.push_back(R);
}

std::vector<FunctionRange> takeFunctionRanges(llvm::StringRef MainFile) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  auto It = registry().find(normalised(MainFile));
  if (It == registry().end())
    return {};
  return std::move(It->second.Ranges);
}

void publishTooComplex(llvm::StringRef MainFile, llvm::StringRef Where) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  registry()[normalised(MainFile)].TooComplex.insert(Where.str());
}

bool nestingExceeds(const Stmt *S, unsigned Limit) {
  llvm::SmallVector<std::pair<const Stmt *, unsigned>, 64> Work;
  if (S)
    Work.push_back({S, 1});
  while (!Work.empty()) {
    auto [Cur, Depth] = Work.pop_back_val();
    if (Depth > Limit)
      return true;
    for (const Stmt *Child : Cur->children())
      if (Child)
        Work.push_back({Child, Depth + 1});
  }
  return false;
}

void noteTooComplex(const ASTContext &Ctx, const Stmt &S, const char *Walk) {
  const SourceManager &SM = Ctx.getSourceManager();
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!Main)
    return;
  std::string Where;
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(S.getBeginLoc()));
  if (P.isValid())
    Where = (llvm::sys::path::filename(P.getFilename()) + ":" +
             llvm::Twine(P.getLine()) + " ")
                .str();
  publishTooComplex(mainFileKey(SM), Where + "(" + Walk + ")");
}

std::optional<FileCoverage> takeCoverage(llvm::StringRef MainFile) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  auto It = registry().find(normalised(MainFile));
  if (It == registry().end())
    return std::nullopt;
  FileCoverage C = std::move(It->second.Coverage);
  C.MissingIncludes.assign(It->second.Missing.begin(),
                           It->second.Missing.end());
  C.TooComplex.assign(It->second.TooComplex.begin(),
                      It->second.TooComplex.end());
  registry().erase(It);
  return C;
}

} // namespace warplint

namespace warplint {

/// Calls \p Visit with each function definition of the main file of \p Ctx
/// (templates by their pattern), through namespaces and linkage blocks; the
/// declarations of headers are skipped by their location alone.
template <typename F>
static void forEachMainFunction(ASTContext &Ctx, F Visit) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallVector<const DeclContext *, 8> Work{Ctx.getTranslationUnitDecl()};
  while (!Work.empty()) {
    const DeclContext *DC = Work.pop_back_val();
    for (const Decl *D : DC->decls()) {
      if (const auto *NS = dyn_cast<NamespaceDecl>(D)) {
        Work.push_back(NS);
        continue;
      }
      if (const auto *LS = dyn_cast<LinkageSpecDecl>(D)) {
        Work.push_back(LS);
        continue;
      }
      const FunctionDecl *FD = nullptr;
      if (const auto *FT = dyn_cast<FunctionTemplateDecl>(D))
        FD = FT->getTemplatedDecl();
      else
        FD = dyn_cast<FunctionDecl>(D);
      if (!FD || !FD->doesThisDeclarationHaveABody() ||
          !SM.isInMainFile(SM.getFileLoc(FD->getLocation())))
        continue;
      Visit(*FD);
    }
  }
}

bool mainFileHasKernel(ASTContext &Ctx) {
  bool Any = false;
  forEachMainFunction(Ctx, [&](const FunctionDecl &FD) {
    Any |= FD.hasAttr<CUDAGlobalAttr>();
  });
  return Any;
}

/// Whether \p Body launches a kernel or calls the CUDA runtime (a function
/// whose name starts with "cuda"): host code whose callers decide findings
/// (a transfer or a launch in the caller's loop).
static bool usesDevice(const Stmt *Body) {
  llvm::SmallVector<const Stmt *, 32> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (isa<CUDAKernelCallExpr>(S))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        if (const IdentifierInfo *II = Callee->getIdentifier();
            II && II->getName().starts_with("cuda"))
          return true;
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  return false;
}

bool mainCodeUnlaunched(ASTContext &Ctx,
                        const std::set<const FunctionDecl *> &Launched) {
  bool Kernel = false, Device = false, Unlaunched = false;
  forEachMainFunction(Ctx, [&](const FunctionDecl &FD) {
    if (FD.hasAttr<CUDAGlobalAttr>()) {
      Kernel = true;
      Unlaunched |= !Launched.count(FD.getCanonicalDecl());
    } else if (FD.hasAttr<CUDADeviceAttr>() && !FD.hasAttr<CUDAHostAttr>()) {
      Device = true;
    } else if (!Unlaunched && !FD.isMain() && !FD.isReferenced() &&
               usesDevice(FD.getBody())) {
      // Host code nothing here calls: a file that includes this one may call
      // it in a loop (a transfer or a launch per iteration).
      Unlaunched = true;
    }
  });
  return Unlaunched || (Device && !Kernel);
}

} // namespace warplint

//===- ExactCompile.h - Exact mode's compile, shared by checks --*- C++ -*-===//
//
// Part of warplint. The options of exact mode (warplint-register-pressure's
// Exact, Replay, PtxasArgs, CudaPath, CacheDir, CacheMaxSize, Timeout) as the
// checks read them, and the one compile of a translation unit they lead to
// (Analysis/resources/ExactMode), which every check that reads ptxas's
// figures shares through the analysis context: the register check and the
// local-memory check never see two different compiles.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_EXACTCOMPILE_H
#define WARPLINT_CHECKS_EXACTCOMPILE_H

#include "Analysis/AnalysisContext.h"
#include "Analysis/resources/ExactMode.h"
#include "clang-tidy/ClangTidyOptions.h"
#include <string>

namespace clang {
class ASTContext;
class Preprocessor;
} // namespace clang

namespace warplint {

/// Exact mode's options as a check reads them from \p Opts (the defaults
/// where unset; an invalid Exact is off, as the register check says).
ExactOptions exactOptionsFromCheckOptions(
    const clang::tidy::ClangTidyOptions::OptionMap &Opts);

/// Exact mode's compile of the translation unit of \p Ctx for \p Arch,
/// computed once per translation unit and options and shared: replayed,
/// compiled, or none with the reason (under Mode::Auto, none for a source
/// parsed with the fallback declarations; the caller decides whether a
/// kernel is worth compiling at all). Marks the results uncacheable when
/// they must be.
const ExactCompile &exactCompile(const ExactOptions &O, AnalysisContext &AC,
                                 clang::ASTContext &Ctx,
                                 clang::Preprocessor *PP,
                                 llvm::StringRef Arch);

} // namespace warplint

#endif

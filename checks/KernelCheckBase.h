//===- KernelCheckBase.h - Checks that look at each kernel -------*- C++ -*-===//
//
// Part of warplint. The shared driver of the checks that analyse every
// __global__ definition for the block shapes it runs with: the launch index
// of the translation unit, the documented default shapes (options
// DefaultBlockDim and DefaultBlockDim2D) and the note that says which shape a
// verdict was evaluated for.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_KERNELCHECKBASE_H
#define WARPLINT_CHECKS_KERNELCHECKBASE_H

#include "Analysis/memory/KernelAccesses.h"
#include "checks/WarplintCheck.h"

namespace warplint {

class KernelCheckBase : public WarplintCheck {
public:
  KernelCheckBase(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override;

protected:
  /// Called once per kernel definition with the block shapes it runs with.
  virtual void checkKernel(const clang::FunctionDecl &Kernel,
                           llvm::ArrayRef<KernelShape> Shapes,
                           clang::ASTContext &Ctx) = 0;

  /// "evaluated for blockDim 32x8 (launch at k.cu:40)" and where it points.
  std::pair<clang::SourceLocation, std::string>
  shapeNote(const KernelShape &S, const clang::SourceManager &SM) const;
  /// "with T = 1024 from --assume": the assumed values (KernelShape::Assumed)
  /// that \p A's address or guard reads; nullopt when it reads none.
  static std::optional<std::string> assumptionNote(const MemoryAccess &A,
                                                   const KernelShape &S);
  /// The same shape and origin as a fact of the finding (JSON, HTML report).
  static BlockShapeFact shapeFact(const KernelShape &S,
                                  const clang::SourceManager &SM);

  std::array<unsigned, 3> Default1D, Default2D;

private:
  /// The shapes of the kernel being checked when they come from launches of
  /// its sibling instantiations, with the instantiation each launch names
  /// ("k<float>"), for shapeNote.
  std::vector<KernelShape> SiblingShapes;
  std::vector<std::string> SiblingNames;
  /// The kernel's shapes: its own launches, else (an instantiation the file
  /// never launches with <<<>>>) its sibling instantiations' launches, else
  /// the __launch_bounds__ or the assumed default.
  llvm::ArrayRef<KernelShape> shapesOf(const clang::FunctionDecl &Kernel,
                                       clang::ASTContext &Ctx);
  std::string Default1DText, Default2DText;
};

} // namespace warplint

#endif

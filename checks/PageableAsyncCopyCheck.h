//===- PageableAsyncCopyCheck.h ---------------------------------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_PAGEABLEASYNCCOPYCHECK_H
#define WARPLINT_CHECKS_PAGEABLEASYNCCOPYCHECK_H

#include "checks/WarplintCheck.h"

namespace warplint {

/// CudaMemcpyAsync from or to pageable host memory runs synchronously: the
/// asynchronous version requires pinned host memory. Best Practices Guide
/// §9.1.2, High priority. Docs: docs/checks/warplint-pageable-async-copy.md
class PageableAsyncCopyCheck : public WarplintCheck {
public:
  PageableAsyncCopyCheck(llvm::StringRef Name,
                         clang::tidy::ClangTidyContext *Context);
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &R) override;
};

} // namespace warplint

#endif

//===- AnalysisTrace.h - What a crash report names --------------*- C++ -*-===//
//
// Part of warplint. If warplint crashes (or clang beneath it), the stack dump
// starts with LLVM's pretty stack trace: this entry makes it say which file,
// which check and which function were being analysed.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_ANALYSISTRACE_H
#define WARPLINT_CHECKS_ANALYSISTRACE_H

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/raw_ostream.h"

namespace warplint {

/// "warplint: warplint-shared-bank-conflict analysing kernel 'k' at k.cu:12:17
/// (main file k.cu)" while a check analyses one function.
class AnalysisTrace : public llvm::PrettyStackTraceEntry {
public:
  AnalysisTrace(llvm::StringRef Check, const clang::FunctionDecl &FD,
                const clang::SourceManager &SM)
      : Check(Check), FD(FD), SM(SM) {}
  void print(llvm::raw_ostream &OS) const override {
    OS << "warplint: " << Check << " analysing "
       << (FD.hasAttr<clang::CUDAGlobalAttr>() ? "kernel '"
                                                : "device function '")
       << FD.getQualifiedNameAsString() << "' at ";
    FD.getLocation().print(OS, SM);
    if (clang::OptionalFileEntryRef Main =
            SM.getFileEntryRefForID(SM.getMainFileID()))
      OS << " (main file " << Main->getName() << ")";
    OS << "\n";
  }

private:
  llvm::StringRef Check;
  const clang::FunctionDecl &FD;
  const clang::SourceManager &SM;
};

} // namespace warplint

#endif

//===- HtmlReport.h - The static HTML warp report ---------------*- C++ -*-===//
//
// Part of warplint. --format=html -o DIR (or --html-output=DIR): an index of
// every finding sorted by priority and filterable by check, file and function,
// and one page per source file with the findings beside the code, each drawn
// from its facts (Facts.h): lanes against sectors or banks, lane masks of a
// divergent branch, resource bars against the SM. Self-contained: inline CSS,
// SVG and a little script, a Content-Security-Policy that forbids every
// network load, relative links only, so it works from file:// and as a CI
// artifact (docs/html-report.md).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FINDINGS_HTMLREPORT_H
#define WARPLINT_FINDINGS_HTMLREPORT_H

#include "Findings/Emitters.h"
#include "llvm/Support/Error.h"
#include <string>

namespace warplint {

/// Writes the report into directory \p Dir (created when missing):
/// index.html and files/<n>-<name>.html.
llvm::Error writeHtmlReport(llvm::StringRef Dir,
                            llvm::ArrayRef<Finding> Findings,
                            const RunInfo &Info);

/// Text made safe for HTML element content and attribute values.
std::string htmlEscape(llvm::StringRef S);

/// The SVG drawings of one finding's facts (empty when it has none), each an
/// inline <svg> with data- attributes that name the facts it draws.
std::string drawFacts(const FindingFacts &F);

} // namespace warplint

#endif

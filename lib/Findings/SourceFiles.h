//===- SourceFiles.h - The text of the files findings point into -*- C++
//-*-===//
#ifndef WARPLINT_FINDINGS_SOURCEFILES_H
#define WARPLINT_FINDINGS_SOURCEFILES_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <utility>

namespace warplint {

/// 1-based line and byte column of \p Offset in \p File (0, 0 if unreadable).
std::pair<unsigned, unsigned> lineAndColumn(llvm::StringRef File,
                                            unsigned Offset);

/// The text of line \p Line (1-based) of \p File, without its newline; empty if
/// unreadable.
std::string sourceLine(llvm::StringRef File, unsigned Line);

/// Makes \p Text the text of \p File for every later lineAndColumn and
/// sourceLine call (the language server's unsaved buffers).
void setSourceText(llvm::StringRef File, llvm::StringRef Text);

/// Forgets every file read so far: the next call reads the disk again (the
/// language server, before each analysis, as files change under it).
void clearSourceCache();

} // namespace warplint

#endif

//===- NvccSpelling.h - nvcc's spellings that clang's parser rejects ------===//
//
// Two spellings nvcc's front end accepts and clang's parser does not, both
// common in code that builds with nvcc (docs/compatibility.md, "What nvcc
// accepts and clang does not"):
//
// - inline asm operands without a comma between them
//   (`: "=r"(r) : "r"(a) "r"(b)`): clang drops the whole statement, so its
//   outputs are lost to every analysis;
// - a launch whose chevrons are spaced (`k << <grid, block >> > (args)`, as
//   clang-format writes them when it does not know CUDA): a syntax error to
//   clang.
//
// Both are respelt before clang reads a file, in place and byte for byte (a
// blank becomes the comma or the chevron), so every line, column and offset
// clang reports is the file's own. Neither spelling is valid C++: `)` followed
// by a string literal or `[` inside an asm operand list, and `<<` followed by
// `<`, never parse, so the respelling changes nothing clang would have read.
// Where no blank is there to take the missing character, the text is left
// alone (and clang's error stands).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_NVCCSPELLING_H
#define WARPLINT_FRONTEND_NVCCSPELLING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <string>
#include <vector>

namespace warplint {

/// Respells \p Text in place as described above; its size never changes.
/// Returns how many characters changed.
unsigned respellNvccDialect(llvm::MutableArrayRef<char> Text);

/// A file system that reads through \p Base and respells every file whose
/// path starts with none of \p Untouched (the toolkit's and clang's own
/// headers, which clang parses as they are).
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createNvccSpellingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                             std::vector<std::string> Untouched);

} // namespace warplint

#endif

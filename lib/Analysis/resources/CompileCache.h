//===- CompileCache.h - Exact mode's results cached on disk ------*- C++ -*-===//
//
// Part of warplint. Exact mode (CompiledResources.h) costs one nvcc + ptxas
// run per translation unit; its result depends only on the commands, the
// tools and the files the translation unit reads, so it is kept on disk under
// a hash of those and read back when they come again (pre-commit and editor
// re-runs, CI on an unchanged file).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_COMPILECACHE_H
#define WARPLINT_ANALYSIS_COMPILECACHE_H

#include "Analysis/resources/CompiledResources.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"
#include <string>
#include <utility>

namespace warplint {

/// compileForResources, with the result kept in \p CacheDir under \p Key (a
/// compileCacheKey) and read back instead of compiling when the same key
/// comes again: `<Key>.ptxas.txt` and `<Key>.ptx` (the replay format), or
/// `<Key>.error` for a source the toolkit rejected (timeouts and tools that
/// could not start are not kept). A cache that cannot be written is skipped
/// silently; an empty \p CacheDir or \p Key compiles without it. A hit marks
/// its entry used; after a store, the least recently used entries go until
/// the directory holds at most nine tenths of \p MaxBytes (0: no bound).
llvm::Expected<CompiledTU>
compileForResourcesCached(const DeviceCompileCommand &Command,
                          unsigned TimeoutSeconds, llvm::StringRef CacheDir,
                          llvm::StringRef Key, uint64_t MaxBytes = 0);

/// The cache key of \p Command: a hash of its nvcc and ptxas command lines,
/// the size and modification time of both tools, and \p Inputs (the name and
/// contents of every file the translation unit read, in a fixed order).
std::string
compileCacheKey(const DeviceCompileCommand &Command,
                llvm::ArrayRef<std::pair<std::string, llvm::StringRef>> Inputs);

/// Writes \p Text to \p Path through a temporary file beside it
/// (`<Path>.tmp-XXXXXXXX`) and a rename, so that concurrent runs never read
/// half a file; false (and no file) when it could not. Both on-disk caches
/// write this way (exact mode's and the binary's result cache).
bool writeCacheFile(const llvm::Twine &Path, llvm::StringRef Text);

/// The default cache directory of exact mode: `warplint/ptxas` under the
/// user's cache directory ($XDG_CACHE_HOME, else ~/.cache); "" when there is
/// none.
std::string defaultCompileCacheDir();

/// Keeps an on-disk cache directory within \p MaxBytes, for both caches:
/// the files whose names end in one of \p Suffixes make its entries (an
/// entry's files share the name before the suffix and go together, the
/// file of the first suffix first: readers take it as the sign of a
/// complete entry), and temporary files of writeCacheFile older than ten
/// minutes count as entries of their own. While the directory holds more
/// than \p MaxBytes, the least recently used entries (by their newest
/// modification time, then by name) are removed until it holds nine tenths
/// of it. Files of other names are left alone.
void pruneCacheDirectory(llvm::StringRef Dir, uint64_t MaxBytes,
                         llvm::ArrayRef<llvm::StringRef> Suffixes);

/// Marks a cache file used now (its modification time): the newest for
/// pruneCacheDirectory. Silently nothing when it cannot.
void markCacheFileUsed(const llvm::Twine &Path);

} // namespace warplint

#endif

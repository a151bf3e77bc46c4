//===- ResultCache.h - What unchanged files found, kept on disk -*- C++ -*-===//
//
// The binary's result cache (docs/caching.md): what one parse found (its
// findings with their facts and fixes, the compiler-error lines, the
// coverage), before any output is formatted, kept under a key of everything
// that decides it, with the list of every file the parse read, so that a
// pre-commit or editor re-run of unchanged files costs a few hashes instead of
// a parse.
//
// Like ccache's direct mode, a lookup does not preprocess: the key is a hash
// of warplint's build, the parse's compile command as adjusted, every
// configuration layer and the effective options, the hardware model override,
// the toolkit exact mode would run and the content of the files given; the
// entry lists every file clang read (with a hash of the bytes it read), every
// path it probed and did not find, and every directory it listed. A hit needs
// every one of them unchanged; on any doubt, a miss.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_RESULTCACHE_H
#define WARPLINT_TOOLS_RESULTCACHE_H

#include "Findings/ResultCodec.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One thing a parse's results depend on, besides its key.
struct Dependency {
  enum KindType : char {
    Content = 'c', ///< A file clang read: Hash is its bytes'.
    Missing = 'm', ///< A path clang probed that did not exist.
    Exists = 'e',  ///< A path clang probed and did not read: Hash its type.
    Listing = 'l', ///< A directory clang listed: Hash is its names'.
  };
  KindType Kind = Content;
  std::string Path; ///< Absolute.
  std::string Hash;
};

/// A file system that passes everything to the one below and records what
/// the parse depended on: the bytes of every file read (hashed as clang gets
/// them, so a file changed during the parse is recorded as it was read),
/// every path probed, every directory listed.
class RecordingFileSystem
    : public llvm::RTTIExtends<RecordingFileSystem, llvm::vfs::ProxyFileSystem> {
public:
  static const char ID;
  explicit RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS)
      : RTTIExtends(std::move(FS)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override;
  bool exists(const llvm::Twine &Path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override;
  llvm::vfs::directory_iterator dir_begin(const llvm::Twine &Dir,
                                          std::error_code &EC) override;
  std::error_code getRealPath(const llvm::Twine &Path,
                              llvm::SmallVectorImpl<char> &Output) override;

  /// Everything recorded, one entry per path and kind, in the order first
  /// met.
  std::vector<Dependency> dependencies() const;

  /// Called by the files this system opened.
  void recordContent(const std::string &Path, llvm::StringRef Bytes);

private:
  std::string absolute(const llvm::Twine &Path) const;
  void record(Dependency::KindType Kind, std::string Path, std::string Hash);

  std::vector<Dependency> Deps;
  std::map<std::pair<char, std::string>, size_t> Index;
};

/// The inputs of a parse's key beyond what the cache knows of the run.
struct CacheKeyInputs {
  std::string File;                   ///< The file parsed (absolute).
  bool FileIsInput = false;           ///< Its own findings are wanted.
  std::vector<std::string> Fragments; ///< Inputs analysed through it.
  /// The compile commands the parse runs, as adjusted: directory, file and
  /// arguments.
  std::vector<std::vector<std::string>> Commands;
  /// Every configuration layer (its text and where it came from), then the
  /// effective options, as text.
  std::vector<std::string> Options;
  /// warplint.HardwareModel and warplint-register-pressure.CudaPath as the
  /// file's options set them ("" for none).
  std::string HardwareModel, CudaPath;
};

/// What a lookup found.
struct CacheLookup {
  std::optional<CachedResults> Results; ///< Set on a hit.
  /// The parse reported compiler errors, so LibTooling printed "Error while
  /// processing <file>." on stderr: a hit prints it too.
  bool Failed = false;
  /// The parse said an includer can matter (RunResult::NeedIncluder).
  bool NeedsIncluder = false;
  std::string Miss; ///< Why not: "no entry", "<path> changed", ...
};

/// The result cache of one run: a directory of entries, `<key>.wlr`, each
/// written through a temporary file and a rename (writeCacheFile), so that
/// concurrent processes and threads never read half an entry; an entry that
/// does not read back whole and checksummed is a miss. Thread-safe.
class ResultCache {
public:
  /// \p Argv0 and \p MainAddr identify warplint's own executable (its build
  /// is part of every key). \p MaxBytes bounds the directory: after a run
  /// that wrote entries, the oldest go until it holds at most 90% of it.
  ResultCache(std::string Directory, uint64_t MaxBytes, const char *Argv0,
              void *MainAddr);

  const std::string &directory() const { return Directory; }

  /// The key of a parse ("" when one of its inputs cannot be read: no
  /// caching then).
  std::string key(const CacheKeyInputs &In);

  /// The entry of \p Key, if there is one and every dependency it lists is
  /// as it was.
  CacheLookup lookup(llvm::StringRef Key);

  /// Keeps \p R under \p Key with what the parse read; false when the entry
  /// could not be written (a read-only directory: the run goes on without).
  bool store(llvm::StringRef Key, const std::vector<Dependency> &Deps,
             const CachedResults &R, bool Failed,
             bool NeedsIncluder = false);

  /// Removes the oldest entries while the directory holds more than
  /// MaxBytes (down to 90% of it); only files this cache writes are
  /// counted or removed. Called once, at the end of a run that stored.
  void evict();

  /// Counts for --cache-stats.
  std::atomic<unsigned> Hits{0}, Misses{0}, Stored{0};

private:
  std::string entryPath(llvm::StringRef Key) const;
  /// The identity of the toolkit exact mode would use with \p CudaPath:
  /// where its nvcc and ptxas are, their sizes and times ("none" without).
  std::string toolkitIdentity(const std::string &CudaPath);

  std::string Directory;
  uint64_t MaxBytes;
  std::string RunIdentity; ///< warplint's build, clang's, the directory.
  std::mutex Mu;
  std::map<std::string, std::string> Toolkits;
};

/// The default directory: $WARPLINT_CACHE_DIR, else
/// $XDG_CACHE_HOME/warplint/results, else ~/.cache/warplint/results; "" when
/// none can be found.
std::string defaultResultCacheDir();

/// The default bound on the directory's size: 256 MiB.
inline constexpr uint64_t DefaultResultCacheMiB = 256;

} // namespace warplint

#endif

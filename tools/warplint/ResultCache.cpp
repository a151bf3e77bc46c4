//===- ResultCache.cpp - What unchanged files found, kept on disk ---------===//
#include "tools/warplint/ResultCache.h"

#include "Analysis/resources/CompileCache.h"
#include "Frontend/CudaToolkit.h"
#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <algorithm>
#include <chrono>
#if __has_include(<dlfcn.h>)
#include <dlfcn.h>
#define WARPLINT_HAVE_DLADDR 1
#endif

namespace warplint {

namespace fs = llvm::sys::fs;

/// The first line of every entry: bumped with any change of the layout
/// below (ResultCodec has a version of its own for the results).
static constexpr llvm::StringLiteral EntryMagic = "warplint-results 2\n";

/// An entry's file name: `<key>.wlr`. Eviction counts and removes only these
/// (and their temporary files), whatever else the directory holds.
static constexpr llvm::StringLiteral EntrySuffix = ".wlr";

static std::string hexHash(llvm::StringRef Bytes, size_t N = 16) {
  llvm::BLAKE3Result<32> R = llvm::BLAKE3::hash(llvm::arrayRefFromStringRef(Bytes));
  return llvm::toHex(llvm::ArrayRef<uint8_t>(R.data(), N), /*LowerCase=*/true);
}

static std::string typeName(fs::file_type T) {
  switch (T) {
  case fs::file_type::regular_file:
    return "file";
  case fs::file_type::directory_file:
    return "directory";
  default:
    return "other";
  }
}

/// The names of a directory's entries, sorted, hashed; nullopt when it
/// cannot be listed.
static std::optional<std::string> listingHash(llvm::StringRef Dir) {
  std::error_code EC;
  std::vector<std::string> Names;
  for (fs::directory_iterator I(Dir, EC), E; I != E && !EC; I.increment(EC))
    Names.push_back(llvm::sys::path::filename(I->path()).str());
  if (EC)
    return std::nullopt;
  llvm::sort(Names);
  std::string All;
  for (const std::string &N : Names)
    All += N + '\0';
  return hexHash(All);
}

//===----------------------------------------------------------------------===//
// Recording what the parse reads
//===----------------------------------------------------------------------===//

const char RecordingFileSystem::ID = 0;

namespace {
/// A file opened through a RecordingFileSystem: its bytes are hashed when
/// clang reads them.
class RecordingFile : public llvm::vfs::File {
public:
  RecordingFile(std::unique_ptr<llvm::vfs::File> Inner,
                llvm::IntrusiveRefCntPtr<RecordingFileSystem> Owner,
                std::string Path)
      : Inner(std::move(Inner)), Owner(std::move(Owner)),
        Path(std::move(Path)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return Inner->status(); }
  llvm::ErrorOr<std::string> getName() override { return Inner->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize,
            bool RequiresNullTerminator, bool IsVolatile) override {
    auto Buf =
        Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (Buf)
      Owner->recordContent(Path, (*Buf)->getBuffer());
    return Buf;
  }
  std::error_code close() override { return Inner->close(); }

private:
  std::unique_ptr<llvm::vfs::File> Inner;
  llvm::IntrusiveRefCntPtr<RecordingFileSystem> Owner;
  std::string Path;
};
} // namespace

std::string RecordingFileSystem::absolute(const llvm::Twine &Path) const {
  llvm::SmallString<256> P;
  Path.toVector(P);
  getUnderlyingFS().makeAbsolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/false);
  return std::string(P);
}

void RecordingFileSystem::record(Dependency::KindType Kind, std::string Path,
                                 std::string Hash) {
  auto [It, New] = Index.try_emplace({char(Kind), Path}, Deps.size());
  if (New) {
    Deps.push_back(Dependency{Kind, std::move(Path), std::move(Hash)});
    return;
  }
  // Read twice with different bytes (changed during the parse): no hash can
  // match it, so the entry never hits.
  Dependency &D = Deps[It->second];
  if (Kind == Dependency::Content && D.Hash != Hash)
    D.Hash = "changed during the parse";
}

void RecordingFileSystem::recordContent(const std::string &Path,
                                        llvm::StringRef Bytes) {
  record(Dependency::Content, Path, hexHash(Bytes));
}

llvm::ErrorOr<llvm::vfs::Status>
RecordingFileSystem::status(const llvm::Twine &Path) {
  auto S = ProxyFileSystem::status(Path);
  if (S)
    record(Dependency::Exists, absolute(Path), typeName(S->getType()));
  else
    record(Dependency::Missing, absolute(Path), "");
  return S;
}

bool RecordingFileSystem::exists(const llvm::Twine &Path) {
  bool E = ProxyFileSystem::exists(Path);
  record(E ? Dependency::Exists : Dependency::Missing, absolute(Path), "");
  return E;
}

llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
RecordingFileSystem::openFileForRead(const llvm::Twine &Path) {
  auto F = ProxyFileSystem::openFileForRead(Path);
  std::string Abs = absolute(Path);
  if (!F) {
    record(Dependency::Missing, Abs, "");
    return F;
  }
  record(Dependency::Exists, Abs, "");
  return std::unique_ptr<llvm::vfs::File>(std::make_unique<RecordingFile>(
      std::move(*F), llvm::IntrusiveRefCntPtr<RecordingFileSystem>(this),
      std::move(Abs)));
}

llvm::vfs::directory_iterator
RecordingFileSystem::dir_begin(const llvm::Twine &Dir, std::error_code &EC) {
  llvm::vfs::directory_iterator I = ProxyFileSystem::dir_begin(Dir, EC);
  std::string Abs = absolute(Dir);
  if (EC) {
    record(Dependency::Missing, Abs, "");
    return I;
  }
  // Listed as the lookup will list it: names only (the types a listing
  // gives depend on the file system).
  std::optional<std::string> H = listingHash(Abs);
  record(Dependency::Listing, Abs, H.value_or("unlistable"));
  return I;
}

std::error_code
RecordingFileSystem::getRealPath(const llvm::Twine &Path,
                                 llvm::SmallVectorImpl<char> &Output) {
  std::error_code EC = ProxyFileSystem::getRealPath(Path, Output);
  record(EC ? Dependency::Missing : Dependency::Exists, absolute(Path), "");
  return EC;
}

std::vector<Dependency> RecordingFileSystem::dependencies() const {
  return Deps;
}

//===----------------------------------------------------------------------===//
// The entry format
//===----------------------------------------------------------------------===//

namespace {
/// Length-prefixed strings: "<decimal length>:<bytes>".
void put(std::string &Out, llvm::StringRef S) {
  Out += std::to_string(S.size());
  Out += ':';
  Out.append(S.data(), S.size());
}

std::optional<llvm::StringRef> take(llvm::StringRef &In) {
  size_t Colon = In.find(':');
  if (Colon == llvm::StringRef::npos || Colon == 0 || Colon > 12)
    return std::nullopt;
  uint64_t N;
  if (In.take_front(Colon).getAsInteger(10, N) || N > In.size() - Colon - 1)
    return std::nullopt;
  llvm::StringRef S = In.substr(Colon + 1, N);
  In = In.drop_front(Colon + 1 + N);
  return S;
}

std::string identityOf(llvm::StringRef Path) {
  fs::file_status St;
  if (Path.empty() || fs::status(Path, St))
    return "unknown";
  return (Path + " " + llvm::Twine(St.getSize()) + " " +
          llvm::Twine(St.getLastModificationTime().time_since_epoch().count()))
      .str();
}

#ifdef WARPLINT_HAVE_DLADDR
/// The shared library holding \p Addr, as path, size and time.
std::string libraryOf(const void *Addr) {
  Dl_info Info;
  if (!dladdr(Addr, &Info) || !Info.dli_fname)
    return "unknown";
  return identityOf(Info.dli_fname);
}
#endif
} // namespace

ResultCache::ResultCache(std::string Dir, uint64_t MaxBytes, const char *Argv0,
                         void *MainAddr)
    : Directory(std::move(Dir)), MaxBytes(MaxBytes) {
  // warplint's build (a rebuilt binary has another size or time), clang's
  // and LLVM's libraries as loaded (a distribution's patch release keeps
  // their names), and the directory it runs in.
  std::string Id = EntryMagic.str();
  Id += WARPLINT_VERSION "\n" LLVM_VERSION_STRING "\n";
  Id += clang::getClangFullVersion() + "\n";
  Id += identityOf(fs::getMainExecutable(Argv0, MainAddr)) + "\n";
#ifdef WARPLINT_HAVE_DLADDR
  Id += libraryOf(reinterpret_cast<const void *>(&clang::getClangFullVersion)) +
        "\n";
  Id += libraryOf(
            reinterpret_cast<const void *>(&fs::getMainExecutable)) +
        "\n";
#endif
  llvm::SmallString<256> Cwd;
  fs::current_path(Cwd);
  Id += std::string(Cwd);
  RunIdentity = std::move(Id);
}

std::string ResultCache::entryPath(llvm::StringRef Key) const {
  llvm::SmallString<256> P(Directory);
  llvm::sys::path::append(P, Key + EntrySuffix);
  return std::string(P);
}

std::string ResultCache::toolkitIdentity(const std::string &CudaPath) {
  std::lock_guard<std::mutex> Lock(Mu);
  auto [It, New] = Toolkits.try_emplace(CudaPath);
  if (!New)
    return It->second;
  std::optional<CudaToolkit> TK = findCudaToolkit(CudaPath);
  if (!TK)
    return It->second = "none";
  std::string Id = TK->Path + " " + TK->version();
  for (const char *Tool : {"nvcc", "ptxas"}) {
    llvm::SmallString<256> P(TK->Path);
    llvm::sys::path::append(P, "bin", Tool);
    Id += "\n" + identityOf(P);
  }
  return It->second = Id;
}

std::string ResultCache::key(const CacheKeyInputs &In) {
  std::string K;
  put(K, RunIdentity);
  put(K, In.File);
  put(K, In.FileIsInput ? "input" : "includer only");
  put(K, std::to_string(In.Fragments.size()));
  for (const std::string &F : In.Fragments)
    put(K, F);
  put(K, std::to_string(In.Commands.size()));
  for (const std::vector<std::string> &C : In.Commands) {
    put(K, std::to_string(C.size()));
    for (const std::string &A : C)
      put(K, A);
  }
  put(K, std::to_string(In.Options.size()));
  for (const std::string &O : In.Options)
    put(K, O);
  // The files given, by content: an edited file has a new key, so the entry
  // of the old text stays (switching branches back finds it).
  std::vector<std::string> Given = In.Fragments;
  Given.insert(Given.begin(), In.File);
  for (const std::string &F : Given) {
    auto Buf = llvm::MemoryBuffer::getFile(F, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf)
      return "";
    put(K, hexHash((*Buf)->getBuffer()));
  }
  // Read outside the parse: the hardware model override, and the toolkit
  // exact mode runs (ptxas decides the register figures).
  if (!In.HardwareModel.empty()) {
    auto Buf = llvm::MemoryBuffer::getFile(In.HardwareModel);
    put(K, Buf ? hexHash((*Buf)->getBuffer()) : "unreadable");
  }
  put(K, toolkitIdentity(In.CudaPath));
  return hexHash(K, 20);
}

CacheLookup ResultCache::lookup(llvm::StringRef Key) {
  CacheLookup Out;
  std::string Path = entryPath(Key);
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf) {
    Out.Miss = Buf.getError() == std::errc::no_such_file_or_directory
                   ? "no entry"
                   : "unreadable entry";
    return Out;
  }
  Out.Miss = "unreadable entry";
  llvm::StringRef In = (*Buf)->getBuffer();
  if (!In.consume_front(EntryMagic))
    return Out;
  size_t NL = In.find('\n');
  if (NL == llvm::StringRef::npos || In.take_front(NL) != hexHash(In.drop_front(NL + 1)))
    return Out;
  In = In.drop_front(NL + 1);
  std::optional<llvm::StringRef> StoredKey = take(In), Count = take(In);
  uint64_t N;
  if (!StoredKey || *StoredKey != Key || !Count || Count->getAsInteger(10, N))
    return Out;
  std::vector<Dependency> Deps;
  for (uint64_t I = 0; I < N; ++I) {
    std::optional<llvm::StringRef> Kind = take(In), P = take(In), H = take(In);
    if (!Kind || Kind->size() != 1 || !P || !H)
      return Out;
    Deps.push_back(
        Dependency{Dependency::KindType((*Kind)[0]), P->str(), H->str()});
  }
  std::optional<llvm::StringRef> Failed = take(In), Results = take(In);
  if (!Failed || !Results || !In.empty())
    return Out;
  llvm::StringRef State = *Failed;
  Out.NeedsIncluder = State.consume_back("+includer");
  if (State != "failed" && State != "ok")
    return Out;
  Out.Failed = State == "failed";
  // Every dependency as it was when the entry was written.
  for (const Dependency &D : Deps) {
    switch (D.Kind) {
    case Dependency::Content: {
      auto F = llvm::MemoryBuffer::getFile(D.Path, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
      if (!F) {
        Out.Miss = D.Path + " is gone";
        return Out;
      }
      if (hexHash((*F)->getBuffer()) != D.Hash) {
        Out.Miss = D.Path + " changed";
        return Out;
      }
      break;
    }
    case Dependency::Missing:
      if (fs::exists(D.Path)) {
        Out.Miss = D.Path + " appeared";
        return Out;
      }
      break;
    case Dependency::Exists: {
      fs::file_status St;
      if (fs::status(D.Path, St)) {
        Out.Miss = D.Path + " is gone";
        return Out;
      }
      if (!D.Hash.empty() && typeName(St.type()) != D.Hash) {
        Out.Miss = D.Path + " changed";
        return Out;
      }
      break;
    }
    case Dependency::Listing:
      if (listingHash(D.Path).value_or("unlistable") != D.Hash) {
        Out.Miss = D.Path + " changed";
        return Out;
      }
      break;
    default:
      return Out;
    }
  }
  Out.Results = decodeResults(*Results);
  if (!Out.Results)
    return Out;
  Out.Miss.clear();
  // Used: the newest for eviction.
  markCacheFileUsed(Path);
  return Out;
}

bool ResultCache::store(llvm::StringRef Key,
                        const std::vector<Dependency> &Deps,
                        const CachedResults &R, bool Failed,
                        bool NeedsIncluder) {
  std::string Body;
  put(Body, Key);
  put(Body, std::to_string(Deps.size()));
  for (const Dependency &D : Deps) {
    put(Body, llvm::StringRef(reinterpret_cast<const char *>(&D.Kind), 1));
    put(Body, D.Path);
    put(Body, D.Hash);
  }
  put(Body, std::string(Failed ? "failed" : "ok") +
                (NeedsIncluder ? "+includer" : ""));
  put(Body, encodeResults(R));
  std::string Text = EntryMagic.str() + hexHash(Body) + "\n" + Body;
  if (fs::create_directories(Directory) ||
      !writeCacheFile(entryPath(Key), Text))
    return false;
  ++Stored;
  return true;
}

void ResultCache::evict() {
  // The includer search's tree indexes (tree-*.wli, one per source tree)
  // are left alone: an entry's suffixes would group them with the entries.
  pruneCacheDirectory(Directory, MaxBytes, {EntrySuffix});
}

std::string defaultResultCacheDir() {
  if (std::optional<std::string> Env =
          llvm::sys::Process::GetEnv("WARPLINT_CACHE_DIR");
      Env && !Env->empty())
    return *Env;
  llvm::SmallString<256> Dir;
  if (!llvm::sys::path::cache_directory(Dir))
    return "";
  llvm::sys::path::append(Dir, "warplint", "results");
  return std::string(Dir);
}

} // namespace warplint

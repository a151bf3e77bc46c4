//===- SourceFiles.cpp - The text of the files findings point into --------===//
//
// One process-wide cache, read once per file: converting offsets to positions
// (the standalone runner) and quoting lines (snippets, fingerprints, SARIF
// columns) both use it.
//
//===----------------------------------------------------------------------===//
#include "Findings/SourceFiles.h"

#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace warplint {

namespace {

/// A file's text and where each of its lines starts.
struct SourceFile {
  std::unique_ptr<llvm::MemoryBuffer> Buffer; ///< Null when unreadable.
  std::vector<unsigned> LineStarts;
};

std::mutex CacheMutex;

std::map<std::string, SourceFile> &cache() {
  static std::map<std::string, SourceFile> Cache;
  return Cache;
}

SourceFile makeSourceFile(std::unique_ptr<llvm::MemoryBuffer> Buffer) {
  SourceFile F;
  F.Buffer = std::move(Buffer);
  llvm::StringRef Text = F.Buffer->getBuffer();
  F.LineStarts.push_back(0);
  for (unsigned I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      F.LineStarts.push_back(I + 1);
  return F;
}

/// The cached file; callers hold CacheMutex.
const SourceFile &get(llvm::StringRef Path) {
  std::map<std::string, SourceFile> &Cache = cache();
  auto It = Cache.find(Path.str());
  if (It != Cache.end())
    return It->second;
  SourceFile F;
  if (auto Buf = llvm::MemoryBuffer::getFile(Path))
    F = makeSourceFile(std::move(*Buf));
  return Cache.emplace(Path.str(), std::move(F)).first->second;
}

} // namespace

std::pair<unsigned, unsigned> lineAndColumn(llvm::StringRef File,
                                            unsigned Offset) {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  const std::vector<unsigned> &S = get(File).LineStarts;
  if (S.empty())
    return {0, 0};
  auto Up = std::upper_bound(S.begin(), S.end(), Offset);
  unsigned Line = unsigned(Up - S.begin());
  return {Line, Offset - S[Line - 1] + 1};
}

std::string sourceLine(llvm::StringRef File, unsigned Line) {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  const SourceFile &F = get(File);
  if (!F.Buffer || Line == 0 || Line > F.LineStarts.size())
    return "";
  llvm::StringRef Text =
      F.Buffer->getBuffer().drop_front(F.LineStarts[Line - 1]);
  return Text.take_until([](char C) { return C == '\n'; }).rtrim('\r').str();
}

void setSourceText(llvm::StringRef File, llvm::StringRef Text) {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  cache()[File.str()] =
      makeSourceFile(llvm::MemoryBuffer::getMemBufferCopy(Text, File));
}

void clearSourceCache() {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  cache().clear();
}

} // namespace warplint

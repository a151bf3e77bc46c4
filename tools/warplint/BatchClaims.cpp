//===- BatchClaims.cpp - One hook run over several processes --------------===//
#include "tools/warplint/BatchClaims.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include <unistd.h>

using namespace llvm;

namespace warplint {

/// The start time of process \p Pid in clock ticks since boot (field 22 of
/// /proc/PID/stat, after the command name in parentheses); empty if unknown.
static std::string startTime(pid_t Pid) {
  auto Buf =
      MemoryBuffer::getFileAsStream("/proc/" + std::to_string(Pid) + "/stat");
  if (!Buf)
    return "";
  StringRef Rest = (*Buf)->getBuffer();
  size_t Close = Rest.rfind(')');
  if (Close == StringRef::npos)
    return "";
  SmallVector<StringRef, 24> Fields;
  Rest.drop_front(Close + 1).split(Fields, ' ', -1, /*KeepEmpty=*/false);
  // Fields[0] is field 3 (the state): field 22 is Fields[19].
  return Fields.size() > 19 ? Fields[19].str() : "";
}

BatchClaims::BatchClaims() {
  if (sys::Process::GetEnv("PRE_COMMIT").value_or("") != "1")
    return;
  pid_t Parent = getppid();
  std::string Started = startTime(Parent);
  if (Started.empty())
    return;
  SmallString<256> Temp;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Temp);
  // Not "warplint-...": that spelling is a check id.
  std::string Prefix = "warplint.batches." + std::to_string(getuid()) + "-";
  // The directories of finished runs go: one whose process is gone (or is
  // another process now, started at another time).
  std::error_code EC;
  for (sys::fs::directory_iterator It(Temp, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    if (!Name.consume_front(Prefix))
      continue;
    auto [Pid, Start] = Name.split('-');
    unsigned long long N;
    if (Pid.getAsInteger(10, N) || Start.empty() ||
        startTime(pid_t(N)) == Start)
      continue;
    sys::fs::remove_directories(It->path(), /*IgnoreErrors=*/true);
  }
  SmallString<256> D(Temp);
  sys::path::append(D, Prefix + std::to_string(Parent) + "-" + Started);
  if (sys::fs::create_directories(D))
    return;
  Dir = std::string(D);
}

BatchClaims &BatchClaims::get() {
  static BatchClaims Claims;
  return Claims;
}

bool BatchClaims::claim(StringRef Key) {
  if (Dir.empty())
    return true;
  std::lock_guard<std::mutex> G(Lock);
  if (Mine.count(Key.str()))
    return true;
  SmallString<256> Path(Dir);
  sys::path::append(Path, toHex(SHA256::hash(arrayRefFromStringRef(Key)),
                                /*LowerCase=*/true));
  int FD;
  // Created exclusively: the first batch to create it prints the line. A
  // claim that cannot be made for another reason prints it (twice is better
  // than never).
  std::error_code EC =
      sys::fs::openFileForWrite(Path, FD, sys::fs::CD_CreateNew);
  if (!EC) {
    sys::Process::SafelyCloseFileDescriptor(FD);
  } else if (EC == std::errc::file_exists) {
    return false;
  }
  Mine.insert(Key.str());
  return true;
}

std::string findingClaim(const Finding &F) {
  return "finding " + F.Pos.File + ":" + std::to_string(F.Pos.Offset) + ":" +
         F.CheckId;
}

} // namespace warplint

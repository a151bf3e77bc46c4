//===- LineFilter.cpp - --line-filter and --diff --------------------------===//
#include "tools/warplint/LineFilter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace warplint {

static Error failure(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

bool LineFilter::passes(StringRef Path, unsigned Line) const {
  for (const File &F : Files) {
    if (!Path.ends_with(F.Name))
      continue;
    if (F.AllLines)
      return true;
    return any_of(F.Ranges, [&](const std::pair<unsigned, unsigned> &R) {
      return R.first <= Line && Line <= R.second;
    });
  }
  return false;
}

std::vector<std::string> LineFilter::names() const {
  std::vector<std::string> Out;
  for (const File &F : Files)
    Out.push_back(F.Name);
  return Out;
}

Expected<LineFilter> parseLineFilter(StringRef Json) {
  Expected<json::Value> V = json::parse(Json);
  if (!V)
    return failure("bad --line-filter: " + toString(V.takeError()));
  const json::Array *Arr = V->getAsArray();
  if (!Arr)
    return failure("bad --line-filter: expected a JSON array of "
                   "{\"name\": ..., \"lines\": [[first, last], ...]}");
  LineFilter Out;
  for (const json::Value &E : *Arr) {
    const json::Object *O = E.getAsObject();
    std::optional<StringRef> Name = O ? O->getString("name") : std::nullopt;
    if (!Name)
      return failure("bad --line-filter: every entry needs a \"name\"");
    LineFilter::File F;
    F.Name = Name->str();
    const json::Array *Lines = O->getArray("lines");
    F.AllLines = !Lines;
    if (Lines)
      for (const json::Value &R : *Lines) {
        const json::Array *P = R.getAsArray();
        std::optional<int64_t> A =
            P && P->size() == 2 ? (*P)[0].getAsInteger() : std::nullopt;
        std::optional<int64_t> B =
            P && P->size() == 2 ? (*P)[1].getAsInteger() : std::nullopt;
        if (!A || !B || *A < 1 || *B < *A)
          return failure("bad --line-filter: the lines of '" + F.Name +
                         "' must be [first, last] pairs of line numbers");
        F.Ranges.push_back({unsigned(*A), unsigned(*B)});
      }
    Out.Files.push_back(std::move(F));
  }
  return Out;
}

LineFilter lineFilterFromDiff(StringRef Diff, StringRef Root) {
  LineFilter Out;
  LineFilter::File *Cur = nullptr;
  unsigned NewLine = 0;
  SmallVector<StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  for (StringRef L : Lines) {
    L.consume_back("\r");
    if (L.starts_with("+++ ")) {
      StringRef P = L.drop_front(4).split('\t').first;
      Cur = nullptr;
      if (P == "/dev/null")
        continue; // A deleted file.
      P.consume_front("b/");
      SmallString<256> Abs(Root);
      sys::path::append(Abs, P);
      sys::path::remove_dots(Abs, true);
      Out.Files.push_back({std::string(Abs), false, {}});
      Cur = &Out.Files.back();
      continue;
    }
    if (L.starts_with("@@ ")) {
      // @@ -a[,b] +c[,d] @@
      StringRef Plus = L.split(" +").second.split(' ').first;
      NewLine = 0;
      Plus.split(',').first.getAsInteger(10, NewLine);
      continue;
    }
    if (!Cur || NewLine == 0)
      continue;
    if (L.starts_with("+")) {
      if (!Cur->Ranges.empty() && Cur->Ranges.back().second + 1 == NewLine)
        Cur->Ranges.back().second = NewLine;
      else
        Cur->Ranges.push_back({NewLine, NewLine});
      ++NewLine;
    } else if (L.starts_with(" ")) {
      ++NewLine;
    }
  }
  return Out;
}

/// Runs git with \p Args in the current directory; its stdout.
static Expected<std::string> runGit(ArrayRef<StringRef> Args) {
  ErrorOr<std::string> Git = sys::findProgramByName("git");
  if (!Git)
    return failure("--diff needs git on PATH");
  SmallString<128> Out, Err;
  int FD;
  if (sys::fs::createTemporaryFile("warplint_git_output", "out", FD, Out) ||
      sys::fs::createTemporaryFile("warplint_git_output", "err", Err))
    return failure("--diff: cannot create a temporary file");
  sys::Process::SafelyCloseFileDescriptor(FD);
  std::vector<StringRef> Argv{*Git};
  append_range(Argv, Args);
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out),
                                          StringRef(Err)};
  int RC = sys::ExecuteAndWait(*Git, Argv, std::nullopt, Redirects);
  auto OutBuf = MemoryBuffer::getFile(Out);
  auto ErrBuf = MemoryBuffer::getFile(Err);
  sys::fs::remove(Out);
  sys::fs::remove(Err);
  if (RC != 0)
    return failure("git " + join(Args, " ") + " failed" +
                   (ErrBuf ? ": " + (*ErrBuf)->getBuffer().trim() : ""));
  return OutBuf ? (*OutBuf)->getBuffer().str() : std::string();
}

Expected<LineFilter> lineFilterFromGit(StringRef Ref) {
  Expected<std::string> Top = runGit({"rev-parse", "--show-toplevel"});
  if (!Top)
    return Top.takeError();
  Expected<std::string> Diff =
      runGit({"diff", "-U0", "--no-color", "--no-ext-diff", "--no-relative",
              "--src-prefix=a/", "--dst-prefix=b/", Ref, "--"});
  if (!Diff)
    return Diff.takeError();
  return lineFilterFromDiff(*Diff, StringRef(*Top).trim());
}

} // namespace warplint

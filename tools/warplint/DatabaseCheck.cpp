//===- DatabaseCheck.cpp - Why a compilation database is unusable ---------===//
#include "tools/warplint/DatabaseCheck.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace llvm;
namespace tooling = clang::tooling;

namespace warplint {

static Error failure(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// json::ParseError says "[L:C, byte=O]: what"; users read "line L, column
/// C: what".
static std::string parseErrorText(Error E) {
  std::string S = toString(std::move(E));
  StringRef R = S;
  if (R.consume_front("[")) {
    auto [Pos, Msg] = R.split("]: ");
    auto [Line, Rest] = Pos.split(':');
    StringRef Column = Rest.split(',').first;
    if (!Msg.empty())
      return ("line " + Line + ", column " + Column + ": " + Msg).str();
  }
  return S;
}

std::string databaseFileProblem(StringRef File) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(File, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buf)
    return ("cannot read " + File + ": " + Buf.getError().message()).str();
  StringRef Text = (*Buf)->getBuffer();
  if (Text.trim().empty())
    return (File + " is empty").str();
  // Binary data: a NUL byte or bytes that are not UTF-8. Nothing of it is
  // echoed (a terminal would take it for control sequences).
  if (Text.contains('\0') || !json::isUTF8(Text))
    return (File + " is not JSON: binary data").str();
  Expected<json::Value> V = json::parse(Text);
  if (!V)
    return (File + " is not JSON: " + parseErrorText(V.takeError())).str();
  const json::Array *Entries = V->getAsArray();
  if (!Entries)
    return (File + ": expected an array of compile commands, one object per "
                   "file (clang's JSON compilation database)")
        .str();
  size_t N = Entries->size();
  for (size_t I = 0; I < N; ++I) {
    std::string Entry =
        (File + ": entry " + Twine(I + 1) + " of " + Twine(N)).str();
    const json::Object *O = (*Entries)[I].getAsObject();
    if (!O)
      return Entry + " is not an object";
    for (StringRef Key : {"directory", "file"}) {
      const json::Value *K = O->get(Key);
      if (!K)
        return (Entry + " has no \"" + Key + "\"").str();
      if (!K->getAsString())
        return (Entry + ": \"" + Key + "\" is not a string").str();
    }
    const json::Value *Command = O->get("command");
    const json::Value *Arguments = O->get("arguments");
    if (!Command && !Arguments)
      return Entry + " has neither \"command\" nor \"arguments\"";
    if (Command && !Command->getAsString())
      return Entry + ": \"command\" is not a string";
    if (Arguments) {
      const json::Array *A = Arguments->getAsArray();
      if (!A || llvm::any_of(*A, [](const json::Value &X) {
            return !X.getAsString();
          }))
        return Entry + ": \"arguments\" is not an array of strings";
    }
  }
  return "";
}

Expected<std::unique_ptr<tooling::CompilationDatabase>>
loadBuildDatabase(StringRef BuildPath) {
  std::string Err;
  if (!sys::fs::exists(BuildPath))
    return failure("-p '" + BuildPath + "': no such file or directory");
  if (!sys::fs::is_directory(BuildPath)) {
    // The database file itself: loaded as clang's JSON plugin loads the one
    // in a directory.
    if (std::string P = databaseFileProblem(BuildPath); !P.empty())
      return failure(P);
    std::unique_ptr<tooling::CompilationDatabase> DB =
        tooling::JSONCompilationDatabase::loadFromFile(
            BuildPath, Err, tooling::JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      return failure(Err);
    return tooling::inferTargetAndDriverMode(tooling::expandResponseFiles(
        std::move(DB), vfs::getRealFileSystem()));
  }
  SmallString<256> Json(BuildPath), Flags(BuildPath);
  sys::path::append(Json, "compile_commands.json");
  sys::path::append(Flags, "compile_flags.txt");
  if (sys::fs::exists(Json)) {
    if (std::string P = databaseFileProblem(Json); !P.empty())
      return failure(P);
  } else if (!sys::fs::exists(Flags)) {
    return failure("-p '" + BuildPath +
                   "': no compile_commands.json (or compile_flags.txt) in it");
  }
  std::unique_ptr<tooling::CompilationDatabase> DB =
      tooling::CompilationDatabase::loadFromDirectory(BuildPath, Err);
  if (!DB) {
    // Not expected after the checks above; keep clang's words, without the
    // other plugins' "cannot open" lines.
    std::string Kept;
    for (StringRef Line : llvm::split(StringRef(Err), "\n"))
      if (!Line.trim().empty() && !Line.contains("No such file or directory"))
        Kept += (Kept.empty() ? "" : "; ") + Line.trim().str();
    return failure("-p '" + BuildPath + "': " + (Kept.empty() ? Err : Kept));
  }
  return std::move(DB);
}

std::string brokenDatabaseAbove(StringRef Source) {
  SmallString<256> Dir(Source);
  sys::fs::make_absolute(Dir);
  sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  // As clang's findCompilationDatabaseFromDirectory: the file's directory,
  // then each parent; in each, compile_commands.json, then
  // compile_flags.txt.
  for (StringRef D = sys::path::parent_path(Dir); !D.empty();
       D = sys::path::parent_path(D)) {
    SmallString<256> Json(D), Flags(D);
    sys::path::append(Json, "compile_commands.json");
    sys::path::append(Flags, "compile_flags.txt");
    if (sys::fs::exists(Json))
      return databaseFileProblem(Json);
    if (sys::fs::exists(Flags))
      return "";
  }
  return "";
}

} // namespace warplint

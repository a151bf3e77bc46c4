//===- LspTransport.cpp - JSON-RPC over stdio for warplint --lsp ----------===//
#include "tools/warplint/LspTransport.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

namespace warplint::lsp {

/// A body larger than this is refused (and skipped) rather than allocated.
static constexpr size_t MaxBody = 64u << 20;

Transport::Transport(std::FILE *In, int OutFd)
    : In(In), Out(OutFd, /*shouldClose=*/false, /*unbuffered=*/false) {}

/// One header line without its line end; false at end of input.
static bool readLine(std::FILE *In, std::string &Line) {
  Line.clear();
  int C;
  while ((C = std::fgetc(In)) != EOF) {
    if (C == '\n') {
      if (!Line.empty() && Line.back() == '\r')
        Line.pop_back();
      return true;
    }
    // A header line is short: a longer one is not a header (bounded).
    if (Line.size() < 4096)
      Line.push_back(char(C));
  }
  return !Line.empty();
}

Incoming Transport::read() {
  Incoming R;
  std::string Line;
  // Skip blank lines between messages (some clients end a body with one).
  do {
    if (!readLine(In, Line))
      return R; // End
  } while (llvm::StringRef(Line).trim().empty());
  std::optional<size_t> Length;
  bool BadLength = false;
  do {
    llvm::StringRef L(Line);
    auto [Name, Value] = L.split(':');
    if (Name.trim().equals_insensitive("Content-Length")) {
      unsigned long long N;
      if (Value.trim().getAsInteger(10, N))
        BadLength = true;
      else
        Length = size_t(N);
    }
    if (!readLine(In, Line))
      break;
  } while (!Line.empty());
  if (BadLength || !Length) {
    R.K = Incoming::Malformed;
    R.Problem = BadLength ? "the Content-Length header is not a number"
                          : "the message has no Content-Length header";
    return R;
  }
  if (*Length > MaxBody) {
    // Skip the body in bounded pieces.
    char Buf[4096];
    for (size_t Left = *Length; Left;) {
      size_t Got = std::fread(Buf, 1, std::min(Left, sizeof(Buf)), In);
      if (!Got)
        return R; // End
      Left -= Got;
    }
    R.K = Incoming::Malformed;
    R.Problem = "the message is larger than 64 MiB";
    return R;
  }
  R.Body.resize(*Length);
  if (*Length && std::fread(R.Body.data(), 1, *Length, In) != *Length)
    return Incoming(); // End in the middle of a body.
  R.K = Incoming::Message;
  return R;
}

void Transport::send(const llvm::json::Value &Message) {
  std::string Body;
  llvm::raw_string_ostream(Body) << Message;
  std::lock_guard<std::mutex> Lock(OutLock);
  Out << "Content-Length: " << Body.size() << "\r\n\r\n" << Body;
  Out.flush();
}

void Transport::reply(const llvm::json::Value &Id, llvm::json::Value Result) {
  send(llvm::json::Object{
      {"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
}

void Transport::replyError(const llvm::json::Value &Id, int Code,
                           llvm::StringRef Msg) {
  send(llvm::json::Object{
      {"jsonrpc", "2.0"},
      {"id", Id},
      {"error", llvm::json::Object{{"code", Code}, {"message", Msg}}}});
}

void Transport::notify(llvm::StringRef Method, llvm::json::Value Params) {
  send(llvm::json::Object{
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
}

std::string uriToPath(llvm::StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return "";
  // file://host/path: only the local host.
  if (!Uri.starts_with("/")) {
    if (!Uri.consume_front("localhost"))
      return "";
  }
  std::string Out;
  for (size_t I = 0; I < Uri.size(); ++I) {
    if (Uri[I] == '%') {
      if (I + 2 >= Uri.size() || !llvm::isHexDigit(Uri[I + 1]) ||
          !llvm::isHexDigit(Uri[I + 2]))
        return "";
      Out.push_back(char(llvm::hexFromNibbles(Uri[I + 1], Uri[I + 2])));
      I += 2;
    } else {
      Out.push_back(Uri[I]);
    }
  }
  if (!llvm::sys::path::is_absolute(Out))
    return "";
  llvm::SmallString<256> P(Out);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

std::string pathToUri(llvm::StringRef Path) {
  std::string Out = "file://";
  for (char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C))
      Out.push_back(C);
    else
      Out += "%" + llvm::utohexstr((unsigned char)C, false, 2);
  }
  return Out;
}

unsigned utf16Length(llvm::StringRef Utf8) {
  unsigned N = 0;
  for (unsigned char C : Utf8) {
    if ((C & 0xC0) == 0x80)
      continue; // A continuation byte.
    N += C >= 0xF0 ? 2 : 1; // Beyond the BMP: a surrogate pair.
  }
  return N;
}

} // namespace warplint::lsp

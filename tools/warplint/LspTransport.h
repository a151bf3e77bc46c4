//===- LspTransport.h - JSON-RPC over stdio for warplint --lsp --*- C++ -*-===//
//
// The base protocol of the Language Server Protocol: messages framed by a
// Content-Length header, JSON-RPC 2.0 errors, file URIs and positions. No
// library beyond LLVM's (llvm/Support/JSON.h).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_LSPTRANSPORT_H
#define WARPLINT_TOOLS_LSPTRANSPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdio>
#include <mutex>
#include <string>

namespace warplint::lsp {

/// JSON-RPC 2.0 and LSP error codes.
enum ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  ServerNotInitialized = -32002,
};

/// What one read of the stream gave.
struct Incoming {
  enum Kind { Message, Malformed, End } K = End;
  std::string Body;    ///< Message: the JSON text.
  std::string Problem; ///< Malformed: why.
};

/// Reads framed messages from a stream and writes them to a file descriptor;
/// writes are serialised (the analysis thread publishes diagnostics while the
/// main thread answers requests).
class Transport {
public:
  Transport(std::FILE *In, int OutFd);
  /// Blocks for the next message. A header block without a usable
  /// Content-Length is Malformed (its body, if any, is not consumed; the next
  /// read starts at the next header block); end of input is End.
  Incoming read();
  void send(const llvm::json::Value &Message);
  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, int Code, llvm::StringRef Msg);
  void notify(llvm::StringRef Method, llvm::json::Value Params);

private:
  std::FILE *In;
  llvm::raw_fd_ostream Out;
  std::mutex OutLock;
};

/// The absolute path of a file:// URI (percent-decoded); empty for another
/// scheme or a malformed URI.
std::string uriToPath(llvm::StringRef Uri);
/// The file:// URI of an absolute path.
std::string pathToUri(llvm::StringRef Path);

/// How many UTF-16 code units \p Utf8 encodes (LSP's default position unit).
unsigned utf16Length(llvm::StringRef Utf8);

} // namespace warplint::lsp

#endif

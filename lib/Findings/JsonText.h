//===- JsonText.h - Bytes invalid in UTF-8 in JSON and SARIF ----*- C++ -*-===//
#ifndef WARPLINT_FINDINGS_JSONTEXT_H
#define WARPLINT_FINDINGS_JSONTEXT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace warplint {

/// How a byte that is not part of valid UTF-8 is written in a JSON string.
///
/// llvm::json replaces such bytes by U+FFFD when a string is built, so a file
/// whose name is not UTF-8 (Linux allows any bytes) would come out under a
/// name that does not exist. Strings that come from outside (file names,
/// messages, source text) go through jsonText() on their way into a
/// json::Value, which marks each invalid byte; writeJson() writes the marks as:
enum class InvalidBytes {
  /// `\udcXX` for byte 0xXX (0x80-0xFF): Python's "surrogateescape" (PEP 383),
  /// lossless: `os.fsencode(json.load(f)[...]["file"])` gives back the bytes.
  /// The JSON grammar (RFC 8259 §7) allows the escape. The JSON report and
  /// the baseline use it.
  Surrogate,
  /// The four characters `\xXX`: readable text that every JSON reader
  /// accepts. SARIF uses it for messages and snippets, whose consumers (code
  /// scanning) may reject lone surrogates; SARIF's file locations are URIs,
  /// percent-encoded byte for byte, so no path is lost there.
  Readable,
};

/// \p S ready for a json::Value: unchanged when it is valid UTF-8 (the usual
/// case), else with every invalid byte marked for writeJson().
std::string jsonText(llvm::StringRef S);

/// Writes \p V indented by 2, as formatv("{0:2}") does, with the marks of
/// jsonText() written as \p Mode says.
void writeJson(llvm::raw_ostream &OS, const llvm::json::Value &V,
               InvalidBytes Mode);

} // namespace warplint

#endif

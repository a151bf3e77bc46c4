//===- JsonText.cpp - Bytes invalid in UTF-8 in JSON and SARIF ------------===//
#include "Findings/JsonText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"

namespace warplint {

// The mark is U+FDD0, a Unicode noncharacter ("permanently reserved for
// internal use", so never meaningful in a file name or in source), followed by
// two lower-case hex digits for an invalid byte, or by "uu" for a U+FDD0 that
// was in the text itself (so that one is not taken for a mark).
static constexpr llvm::StringLiteral Mark = "\xEF\xB7\x90";

/// Length of the valid UTF-8 sequence at the start of \p S, 0 if none.
static unsigned validSequence(llvm::StringRef S) {
  auto *P = reinterpret_cast<const llvm::UTF8 *>(S.data());
  unsigned N = llvm::getNumBytesForUTF8(P[0]);
  if (N > S.size() || !llvm::isLegalUTF8Sequence(P, P + N))
    return 0;
  return N;
}

std::string jsonText(llvm::StringRef S) {
  if (llvm::json::isUTF8(S) && !S.contains(Mark))
    return S.str();
  std::string Out;
  Out.reserve(S.size() + 16);
  while (!S.empty()) {
    if (S.starts_with(Mark)) {
      Out += Mark;
      Out += "uu";
      S = S.drop_front(Mark.size());
      continue;
    }
    unsigned N = validSequence(S);
    if (N == 0) {
      Out += Mark;
      Out += llvm::utohexstr((unsigned char)S[0], /*LowerCase=*/true, 2);
      S = S.drop_front();
      continue;
    }
    Out += S.take_front(N);
    S = S.drop_front(N);
  }
  return Out;
}

void writeJson(llvm::raw_ostream &OS, const llvm::json::Value &V,
               InvalidBytes Mode) {
  std::string Text = llvm::formatv("{0:2}", V).str();
  llvm::StringRef Rest = Text;
  while (true) {
    size_t At = Rest.find(Mark);
    if (At == llvm::StringRef::npos || At + Mark.size() + 2 > Rest.size()) {
      OS << Rest;
      return;
    }
    OS << Rest.take_front(At);
    llvm::StringRef Code = Rest.substr(At + Mark.size(), 2);
    unsigned Byte = 0;
    if (Code == "uu")
      OS << "\\ufdd0";
    else if (!Code.getAsInteger(16, Byte) && Byte >= 0x80 && Byte <= 0xFF)
      OS << (Mode == InvalidBytes::Surrogate ? "\\udc" : "\\\\x") << Code;
    else // Not a mark of ours (cannot happen for text that went through
         // jsonText): write it as it was.
      OS << Mark << Code;
    Rest = Rest.drop_front(At + Mark.size() + 2);
  }
}

} // namespace warplint

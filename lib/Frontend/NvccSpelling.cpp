//===- NvccSpelling.cpp - nvcc's spellings that clang's parser rejects ----===//
#include "Frontend/NvccSpelling.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace warplint {

namespace {

bool isIdentChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$';
}
bool isBlank(char C) { return C == ' ' || C == '\t'; }

/// A character-level reader of C++ text that knows comments and literals,
/// enough to find the two spellings; everything it does not understand it
/// steps over one character at a time.
class Respeller {
public:
  explicit Respeller(MutableArrayRef<char> T) : T(T), N(T.size()) {}

  unsigned run() {
    size_t I = 0;
    while (I < N) {
      size_t After = skipTrivia(I);
      if (After != I) {
        I = After;
        continue;
      }
      char C = T[I];
      if (isIdentChar(C)) {
        size_t E = I;
        while (E < N && isIdentChar(T[E]))
          ++E;
        StringRef Word(T.data() + I, E - I);
        if (Word == "asm" || Word == "__asm__" || Word == "__asm")
          asmStatement(E);
        I = E;
        continue;
      }
      if (C == '<') {
        if (size_t After = launch(I))
          I = After;
        else
          ++I;
        continue;
      }
      ++I;
    }
    return Changed;
  }

private:
  /// If a comment, string or character literal starts at \p I, the index
  /// after it; otherwise \p I.
  size_t skipTrivia(size_t I) const {
    if (I + 1 < N && T[I] == '/' && T[I + 1] == '/') {
      size_t E = I + 2;
      while (E < N && T[E] != '\n')
        E += (T[E] == '\\' && E + 1 < N) ? 2 : 1;
      return E;
    }
    if (I + 1 < N && T[I] == '/' && T[I + 1] == '*') {
      size_t E = I + 2;
      while (E + 1 < N && !(T[E] == '*' && T[E + 1] == '/'))
        ++E;
      return std::min(N, E + 2);
    }
    if (T[I] == '"') {
      // A raw string: R"delim( ... )delim", with an optional u8/u/U/L.
      if (I > 0 && T[I - 1] == 'R' &&
          (I < 2 || !isIdentChar(T[I - 2]) || T[I - 2] == '8' ||
           T[I - 2] == 'u' || T[I - 2] == 'U' || T[I - 2] == 'L')) {
        size_t P = I + 1;
        while (P < N && P - I <= 17 && T[P] != '(' && T[P] != '"' &&
               T[P] != '\n')
          ++P;
        if (P < N && T[P] == '(') {
          std::string Close = ")" + std::string(T.data() + I + 1, P - I - 1) + "\"";
          StringRef Rest(T.data() + P, N - P);
          size_t At = Rest.find(Close);
          return At == StringRef::npos ? N : P + At + Close.size();
        }
      }
      return quoted(I, '"');
    }
    // A character literal, unless the quote separates digits (1'000).
    if (T[I] == '\'' && (I == 0 || !isIdentChar(T[I - 1]) ||
                         T[I - 1] == 'u' || T[I - 1] == 'U' || T[I - 1] == 'L'))
      return quoted(I, '\'');
    return I;
  }

  size_t quoted(size_t I, char Q) const {
    size_t E = I + 1;
    while (E < N && T[E] != Q && T[E] != '\n')
      E += (T[E] == '\\' && E + 1 < N) ? 2 : 1;
    return std::min(N, E + 1);
  }

  /// Blanks, line breaks, line continuations and comments from \p I.
  size_t skipSpace(size_t I) const {
    while (I < N) {
      if (isBlank(T[I]) || T[I] == '\n' || T[I] == '\r' || T[I] == '\f' ||
          T[I] == '\v' || T[I] == '\\') {
        ++I;
        continue;
      }
      if (T[I] == '/' && I + 1 < N && (T[I + 1] == '/' || T[I + 1] == '*')) {
        I = skipTrivia(I);
        continue;
      }
      break;
    }
    return I;
  }

  /// `asm` ends before \p I: its qualifiers, then the parenthesised operands.
  /// A missing comma between two operands of the output or input list becomes
  /// the first blank after the first operand's `)`.
  void asmStatement(size_t I) {
    for (;;) {
      I = skipSpace(I);
      size_t E = I;
      while (E < N && isIdentChar(T[E]))
        ++E;
      StringRef Word(T.data() + I, E - I);
      if (Word.empty())
        break;
      if (Word != "volatile" && Word != "__volatile__" &&
          Word != "__volatile" && Word != "inline" && Word != "goto")
        return;
      I = E;
    }
    if (I >= N || T[I] != '(')
      return;
    unsigned Depth = 1, Colons = 0;
    size_t OperandEnd = 0; // The `)` of the last operand at depth 1, plus one.
    for (++I; I < N && Depth;) {
      size_t After = skipTrivia(I);
      bool Literal = After != I && T[I] != '/';
      if (Depth == 1 && (Literal || T[I] == '[') && OperandEnd &&
          (Colons == 1 || Colons == 2))
        insertComma(OperandEnd, I);
      if (After != I) {
        if (Literal)
          OperandEnd = 0;
        I = After;
        continue;
      }
      char C = T[I];
      if (C == ';' || C == '{' || C == '}')
        return; // Not an asm statement as expected: leave it alone.
      if (C == '(' || C == '[') {
        ++Depth;
      } else if (C == ')' || C == ']') {
        --Depth;
        if (Depth == 1 && C == ')')
          OperandEnd = I + 1;
        ++I;
        continue;
      } else if (Depth == 1 && C == ':') {
        ++Colons;
      }
      if (!isBlank(C) && C != '\n' && C != '\r' && C != '\\')
        OperandEnd = 0;
      ++I;
    }
  }

  /// A comma in the first blank of [\p From, \p To) when nothing but blanks,
  /// line breaks and continuations lies between.
  void insertComma(size_t From, size_t To) {
    size_t Blank = N;
    for (size_t P = From; P < To; ++P) {
      char C = T[P];
      if (isBlank(C)) {
        if (Blank == N)
          Blank = P;
      } else if (C != '\n' && C != '\r' && C != '\\') {
        return;
      }
    }
    if (Blank == N)
      return;
    T[Blank] = ',';
    ++Changed;
  }

  /// Three `<` (or `>`) from \p I, separated by blanks only, as `<< <`,
  /// `< <<` or `< < <` spell them; the index after the third, or 0.
  size_t chevrons(size_t I, char Ch) const {
    unsigned Count = 0;
    size_t P = I;
    while (P < N && Count < 3) {
      if (T[P] == Ch) {
        ++Count;
        ++P;
      } else if (isBlank(T[P]) && Count) {
        ++P;
      } else {
        break;
      }
    }
    if (Count != 3 || (P < N && (T[P] == Ch || T[P] == '=')))
      return 0;
    return P;
  }

  /// Writes the run [\p From, \p To) as three chevrons then blanks.
  void tighten(size_t From, size_t To, char Ch) {
    bool Same = true;
    for (size_t P = From; P < To; ++P) {
      char Want = P < From + 3 ? Ch : ' ';
      if (T[P] != Want && !(P >= From + 3 && isBlank(T[P]))) {
        Same = false;
        break;
      }
    }
    if (Same)
      return;
    for (size_t P = From; P < To; ++P)
      T[P] = P < From + 3 ? Ch : ' ';
    ++Changed;
  }

  /// A launch's chevrons from \p I (spaced or not) and their closer in the
  /// same statement; both are written `<<<`, `>>>`. Returns the index after
  /// the opener, or 0 when there is no launch here.
  size_t launch(size_t I) {
    if (I > 0 && (T[I - 1] == '<' || T[I - 1] == '='))
      return 0;
    // `operator<< <T>(...)` names a specialisation of operator<<: valid C++.
    size_t W = I;
    while (W > 0 && isBlank(T[W - 1]))
      --W;
    if (W >= 8 && StringRef(T.data() + W - 8, 8) == "operator" &&
        (W == 8 || !isIdentChar(T[W - 9])))
      return 0;
    size_t OpenEnd = chevrons(I, '<');
    if (!OpenEnd)
      return 0;
    // The closer: three `>` at bracket depth 0 before the statement ends.
    unsigned Depth = 0;
    for (size_t P = OpenEnd; P < N;) {
      size_t After = skipTrivia(P);
      if (After != P) {
        P = After;
        continue;
      }
      char C = T[P];
      if (C == ';' || C == '{' || C == '}')
        return OpenEnd;
      if (C == '(' || C == '[') {
        ++Depth;
      } else if (C == ')' || C == ']') {
        if (Depth == 0)
          return OpenEnd;
        --Depth;
      } else if (C == '>' && Depth == 0) {
        if (size_t CloseEnd = chevrons(P, '>')) {
          tighten(I, OpenEnd, '<');
          tighten(P, CloseEnd, '>');
          return OpenEnd;
        }
      }
      ++P;
    }
    return OpenEnd;
  }

  MutableArrayRef<char> T;
  size_t N;
  unsigned Changed = 0;
};

/// A cheap test before the copy: whether \p Text has an `asm` or two `<`
/// with at most blanks between them, which every spelling Respeller changes
/// starts with (a launch's closer is only changed after its opener, `<<<`).
bool mayNeedRespelling(StringRef Text) {
  if (Text.contains("asm"))
    return true;
  for (size_t I = Text.find('<'); I != StringRef::npos;
       I = Text.find('<', I + 1)) {
    size_t J = I + 1;
    while (J < Text.size() && isBlank(Text[J]))
      ++J;
    if (J < Text.size() && Text[J] == '<')
      return true;
  }
  return false;
}

/// A file whose contents are respelt when read.
class RespeltFile : public vfs::File {
public:
  explicit RespeltFile(std::unique_ptr<vfs::File> Inner)
      : Inner(std::move(Inner)) {}
  ErrorOr<vfs::Status> status() override { return Inner->status(); }
  ErrorOr<std::string> getName() override { return Inner->getName(); }
  ErrorOr<std::unique_ptr<MemoryBuffer>>
  getBuffer(const Twine &Name, int64_t FileSize, bool RequiresNullTerminator,
            bool IsVolatile) override {
    auto Buf = Inner->getBuffer(Name, FileSize, RequiresNullTerminator,
                                IsVolatile);
    if (!Buf)
      return Buf;
    StringRef Text = (*Buf)->getBuffer();
    if (!mayNeedRespelling(Text))
      return Buf;
    std::unique_ptr<WritableMemoryBuffer> Copy =
        WritableMemoryBuffer::getNewUninitMemBuffer(Text.size(),
                                                    (*Buf)->getBufferIdentifier());
    if (!Copy)
      return Buf;
    std::copy(Text.begin(), Text.end(), Copy->getBufferStart());
    if (!respellNvccDialect(
            MutableArrayRef<char>(Copy->getBufferStart(), Text.size())))
      return Buf;
    return std::unique_ptr<MemoryBuffer>(std::move(Copy));
  }
  std::error_code close() override { return Inner->close(); }

private:
  std::unique_ptr<vfs::File> Inner;
};

class SpellingFileSystem : public vfs::ProxyFileSystem {
public:
  SpellingFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                     std::vector<std::string> Untouched)
      : ProxyFileSystem(std::move(Base)), Untouched(std::move(Untouched)) {}

  ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const Twine &Path) override {
    auto F = ProxyFileSystem::openFileForRead(Path);
    if (!F)
      return F;
    std::string P = Path.str();
    for (const std::string &Prefix : Untouched)
      if (!Prefix.empty() && StringRef(P).starts_with(Prefix))
        return F;
    return std::unique_ptr<vfs::File>(new RespeltFile(std::move(*F)));
  }

private:
  std::vector<std::string> Untouched;
};

} // namespace

unsigned respellNvccDialect(MutableArrayRef<char> Text) {
  return Respeller(Text).run();
}

IntrusiveRefCntPtr<vfs::FileSystem>
createNvccSpellingFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> Base,
                             std::vector<std::string> Untouched) {
  return makeIntrusiveRefCnt<SpellingFileSystem>(std::move(Base),
                                                 std::move(Untouched));
}

} // namespace warplint

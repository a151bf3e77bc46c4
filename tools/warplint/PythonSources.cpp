//===- PythonSources.cpp - CUDA C++ held in Python strings ----------------===//
#include "tools/warplint/PythonSources.h"
#include "tools/warplint/Runner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <map>
#include <optional>

using namespace llvm;

namespace warplint {
namespace {

/// One token of Python: what the scanner needs to find calls, their
/// arguments and the names bound to string constants.
struct Token {
  enum Kind { Name, String, Op, Newline, Other } K = Other;
  StringRef Text;          ///< The token as written (a string: with quotes).
  unsigned Offset = 0;     ///< In the file.
  unsigned Depth = 0;      ///< Brackets open before it.
  bool StatementStart = false;
};

bool isIdentStart(char C) { return isAlpha(C) || C == '_' || (C & 0x80); }
bool isIdentChar(char C) { return isAlnum(C) || C == '_' || (C & 0x80); }

/// Python's string prefixes (any case): r, u, b, f, br, rb, fr, rf.
bool isStringPrefix(StringRef P) {
  std::string L = P.lower();
  return L == "r" || L == "u" || L == "b" || L == "f" || L == "br" ||
         L == "rb" || L == "fr" || L == "rf";
}

/// Splits \p S into tokens. Comments and blank lines disappear; a logical
/// line ends at a newline outside brackets (backslash continuations joined).
std::vector<Token> tokenize(StringRef S) {
  std::vector<Token> Out;
  unsigned Depth = 0;
  bool AtStart = true;
  size_t I = 0, N = S.size();
  auto Push = [&](Token::Kind K, size_t B, size_t E) {
    Token T;
    T.K = K;
    T.Text = S.slice(B, E);
    T.Offset = B;
    T.Depth = Depth;
    T.StatementStart = AtStart;
    AtStart = false;
    Out.push_back(T);
  };
  while (I < N) {
    char C = S[I];
    if (C == '#') {
      while (I < N && S[I] != '\n')
        ++I;
      continue;
    }
    if (C == '\\' && I + 1 < N && (S[I + 1] == '\n' || S[I + 1] == '\r')) {
      I += 2;
      continue;
    }
    if (C == '\n') {
      if (Depth == 0 && !AtStart) {
        Push(Token::Newline, I, I + 1);
        AtStart = true;
      }
      ++I;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r' || C == '\f') {
      ++I;
      continue;
    }
    if (C == ';' && Depth == 0) {
      Push(Token::Newline, I, I + 1);
      AtStart = true;
      ++I;
      continue;
    }
    // A string, with its prefix.
    size_t Q = I;
    if (isIdentStart(C)) {
      size_t E = I;
      while (E < N && isIdentChar(S[E]))
        ++E;
      if (E < N && (S[E] == '"' || S[E] == '\'') && E - I <= 2 &&
          isStringPrefix(S.slice(I, E)))
        Q = E;
      else {
        Push(Token::Name, I, E);
        I = E;
        continue;
      }
    }
    if (S[Q] == '"' || S[Q] == '\'') {
      char Quote = S[Q];
      bool Triple = Q + 2 < N && S[Q + 1] == Quote && S[Q + 2] == Quote;
      size_t E = Q + (Triple ? 3 : 1);
      while (E < N) {
        if (S[E] == '\\') {
          E += 2; // Raw or not, a backslash keeps the next quote in.
          continue;
        }
        if (!Triple && S[E] == '\n')
          break; // Unterminated: ends at the line.
        if (S[E] == Quote &&
            (!Triple || (E + 2 < N && S[E + 1] == Quote && S[E + 2] == Quote))) {
          E += Triple ? 3 : 1;
          break;
        }
        ++E;
      }
      Push(Token::String, I, std::min(E, N));
      I = std::min(E, N);
      continue;
    }
    if (isDigit(C) || (C == '.' && I + 1 < N && isDigit(S[I + 1]))) {
      size_t E = I;
      while (E < N && (isAlnum(S[E]) || S[E] == '.' || S[E] == '_'))
        ++E;
      Push(Token::Other, I, E);
      I = E;
      continue;
    }
    if (C == '(' || C == '[' || C == '{') {
      Push(Token::Op, I, I + 1);
      ++Depth;
      ++I;
      continue;
    }
    if (C == ')' || C == ']' || C == '}') {
      if (Depth)
        --Depth;
      Push(Token::Op, I, I + 1);
      ++I;
      continue;
    }
    // '**' and '==' matter: neither is an assignment nor a keyword's '='.
    size_t Len = 1;
    if (I + 1 < N) {
      StringRef Two = S.substr(I, 2);
      if (Two == "**" || Two == "==" || Two == "!=" || Two == "<=" ||
          Two == ">=" || Two == "->" || Two == ":=" || Two == "+=" ||
          Two == "-=" || Two == "*=" || Two == "/=" || Two == "//")
        Len = 2;
    }
    Push(Token::Op, I, I + Len);
    I += Len;
  }
  return Out;
}

/// A string value and, for each of its characters, where it is in the file.
struct Piece {
  std::string Text;
  std::vector<unsigned> Offsets;
  void append(const Piece &P) {
    Text += P.Text;
    Offsets.insert(Offsets.end(), P.Offsets.begin(), P.Offsets.end());
  }
  void appendAt(StringRef S, unsigned Offset) {
    Text += S;
    Offsets.insert(Offsets.end(), S.size(), Offset);
  }
};

void appendCodePoint(Piece &P, uint32_t CP, unsigned Offset) {
  char Buf[UNI_MAX_UTF8_BYTES_PER_CODE_POINT];
  char *Ptr = Buf;
  if (ConvertCodePointToUTF8(CP, Ptr))
    P.appendAt(StringRef(Buf, Ptr - Buf), Offset);
}

/// The value of one string literal token. An f-string with a replacement
/// field has no value the scanner can know: sets \p Problem.
Piece decodeLiteral(const Token &T, std::string &Problem) {
  Piece P;
  StringRef S = T.Text;
  size_t Q = S.find_first_of("\"'");
  StringRef Prefix = S.take_front(Q);
  bool Raw = Prefix.contains_insensitive('r');
  bool Fmt = Prefix.contains_insensitive('f');
  char Quote = S[Q];
  bool Triple = S.size() >= Q + 6 && S[Q + 1] == Quote && S[Q + 2] == Quote;
  size_t B = Q + (Triple ? 3 : 1);
  size_t E = S.size();
  size_t Close = Triple ? 3 : 1;
  if (E >= B + Close && S.substr(E - Close).find_first_not_of(Quote) ==
                            StringRef::npos)
    E -= Close;
  for (size_t I = B; I < E;) {
    unsigned Off = T.Offset + I;
    char C = S[I];
    if (Fmt && (C == '{' || C == '}')) {
      if (I + 1 < E && S[I + 1] == C) {
        P.appendAt(S.substr(I, 1), Off);
        I += 2;
        continue;
      }
      Problem = "an f-string with replacement fields";
      return Piece();
    }
    if (C == '\r') { // Python reads \r\n in a literal as \n.
      ++I;
      continue;
    }
    if (C != '\\' || Raw || I + 1 >= E) {
      if (C == '\\' && Raw && I + 1 < E) {
        // A raw string keeps the backslash and what follows it.
        P.appendAt(S.substr(I, 2), Off);
        I += 2;
        continue;
      }
      P.appendAt(S.substr(I, 1), Off);
      ++I;
      continue;
    }
    char X = S[I + 1];
    auto Simple = [&](char V) {
      P.appendAt(StringRef(&V, 1), Off);
      I += 2;
    };
    switch (X) {
    case '\n':
      I += 2; // A continued line.
      continue;
    case '\r':
      I += (I + 2 < E && S[I + 2] == '\n') ? 3 : 2;
      continue;
    case '\\': Simple('\\'); continue;
    case '\'': Simple('\''); continue;
    case '"': Simple('"'); continue;
    case 'n': Simple('\n'); continue;
    case 't': Simple('\t'); continue;
    case 'r': Simple('\r'); continue;
    case 'a': Simple('\a'); continue;
    case 'b': Simple('\b'); continue;
    case 'f': Simple('\f'); continue;
    case 'v': Simple('\v'); continue;
    default:
      break;
    }
    if (X >= '0' && X <= '7') {
      unsigned V = 0, J = I + 1;
      for (unsigned K = 0; K < 3 && J < E && S[J] >= '0' && S[J] <= '7';
           ++K, ++J)
        V = V * 8 + (S[J] - '0');
      appendCodePoint(P, V, Off);
      I = J;
      continue;
    }
    unsigned Digits = X == 'x' ? 2 : X == 'u' ? 4 : X == 'U' ? 8 : 0;
    if (Digits && I + 2 + Digits <= E) {
      unsigned V = 0;
      if (!S.substr(I + 2, Digits).getAsInteger(16, V)) {
        appendCodePoint(P, V, Off);
        I += 2 + Digits;
        continue;
      }
    }
    // An unknown escape keeps its backslash (Python does, with a warning).
    P.appendAt(S.substr(I, 2), Off);
    I += 2;
  }
  return P;
}

/// Reads the values of arguments and of the names they refer to.
class Scanner {
public:
  explicit Scanner(StringRef Src) : Src(Src), Toks(tokenize(Src)) {
    // Bindings: NAME = ..., NAME: annotation = ..., self.NAME = ..., at a
    // statement's start.
    for (size_t I = 0; I + 1 < Toks.size(); ++I) {
      if (!Toks[I].StatementStart || Toks[I].K != Token::Name)
        continue;
      size_t J = I + 1;
      std::string Key = Toks[I].Text.str();
      if (J + 1 < Toks.size() && Toks[J].Text == "." &&
          Toks[J + 1].K == Token::Name) {
        Key += "." + Toks[J + 1].Text.str();
        J += 2;
      }
      if (Toks[J].Text == ":") // An annotation: skip to its '='.
        while (J < Toks.size() && Toks[J].K != Token::Newline &&
               Toks[J].Text != "=")
          ++J;
      if (J < Toks.size() && Toks[J].Text == "=")
        Bindings[Key].push_back(J + 1);
    }
  }

  std::vector<EmbeddedCuda> run();

private:
  /// One value: a string, a list of strings, or a problem.
  struct Value {
    bool IsList = false;
    std::vector<Piece> Items; ///< One for a string.
    std::string Problem;
  };

  /// The end of the expression starting at \p I: the next ',' at its
  /// depth, the bracket that closes the one around it, or the end of the
  /// statement. (A closing bracket has the depth of its opening one.)
  size_t exprEnd(size_t I) const {
    unsigned D = Toks[I].Depth;
    size_t J = I;
    for (; J < Toks.size(); ++J) {
      const Token &T = Toks[J];
      if (T.K == Token::Newline || T.Depth < D)
        break;
      if (T.Depth == D && T.K == Token::Op && T.Text == ",")
        break;
    }
    return J;
  }

  /// The closing bracket of the one at \p I.
  size_t matching(size_t I) const {
    unsigned D = Toks[I].Depth;
    for (size_t J = I + 1; J < Toks.size(); ++J)
      if (Toks[J].Depth == D && Toks[J].K == Token::Op)
        return J;
    return Toks.size();
  }

  Value value(size_t B, size_t E, unsigned Level);
  std::optional<Piece> stringExpr(size_t B, size_t E, unsigned Level,
                                  std::string &Problem);
  std::optional<Piece> nameValue(size_t At, std::string &Problem,
                                 unsigned Level);
  Value nameBinding(size_t At, unsigned Level);

  StringRef Src;
  std::vector<Token> Toks;
  /// "name" or "object.attribute" -> the first token of each value bound.
  std::map<std::string, std::vector<size_t>> Bindings;
  /// The name at \p At as Bindings keys it ("self.src" for self . src) and
  /// how many tokens it spans.
  std::pair<std::string, size_t> nameAt(size_t At) const {
    if (At + 2 < Toks.size() && Toks[At + 1].Text == "." &&
        Toks[At + 2].K == Token::Name)
      return {Toks[At].Text.str() + "." + Toks[At + 2].Text.str(), 3};
    return {Toks[At].Text.str(), 1};
  }
};

/// The binding of the name at \p At: the last one before it, else the first
/// after (a module constant below the function that uses it).
Scanner::Value Scanner::nameBinding(size_t At, unsigned Level) {
  Value V;
  std::string Name = nameAt(At).first;
  auto It = Bindings.find(Name);
  if (It == Bindings.end() || Level > 16) {
    V.Problem = "'" + Name + "' is bound to no string constant in this file";
    return V;
  }
  std::optional<size_t> Pick;
  for (size_t B : It->second)
    if (B < At)
      Pick = B;
  if (!Pick)
    for (size_t B : It->second)
      if (B > At) {
        Pick = B;
        break;
      }
  if (!Pick || *Pick >= Toks.size()) {
    V.Problem = "'" + Name + "' is bound to no string constant";
    return V;
  }
  return value(*Pick, exprEnd(*Pick), Level + 1);
}

std::optional<Piece> Scanner::nameValue(size_t At, std::string &Problem,
                                        unsigned Level) {
  Value V = nameBinding(At, Level);
  if (!V.Problem.empty()) {
    Problem = V.Problem;
    return std::nullopt;
  }
  if (V.IsList) {
    Problem = "'" + nameAt(At).first + "' is a list, used as a string";
    return std::nullopt;
  }
  return V.Items.front();
}

/// STRING+ | NAME | ( expr ), joined by '+'; textwrap.dedent(x), x.strip()
/// and their kin change only white space, which C++ does not see.
std::optional<Piece> Scanner::stringExpr(size_t B, size_t E, unsigned Level,
                                         std::string &Problem) {
  Piece Out;
  size_t I = B;
  bool WantTerm = true;
  while (I < E) {
    const Token &T = Toks[I];
    if (!WantTerm) {
      if (T.Text == "+") {
        WantTerm = true;
        ++I;
        continue;
      }
      // A whitespace-only method: "...".strip()
      if (T.Text == "." && I + 3 < E && Toks[I + 1].K == Token::Name &&
          (Toks[I + 1].Text == "strip" || Toks[I + 1].Text == "lstrip" ||
           Toks[I + 1].Text == "rstrip") &&
          Toks[I + 2].Text == "(" && Toks[I + 3].Text == ")") {
        I += 4;
        continue;
      }
      Problem = "a string built at run time ('" + T.Text.str() + "')";
      return std::nullopt;
    }
    if (T.K == Token::String) {
      while (I < E && Toks[I].K == Token::String) {
        Piece P = decodeLiteral(Toks[I], Problem);
        if (!Problem.empty())
          return std::nullopt;
        Out.append(P);
        ++I;
      }
      WantTerm = false;
      continue;
    }
    if (T.Text == "(") {
      size_t C = matching(I);
      std::optional<Piece> P = stringExpr(I + 1, C, Level, Problem);
      if (!P)
        return std::nullopt;
      Out.append(*P);
      I = C + 1;
      WantTerm = false;
      continue;
    }
    if (T.K == Token::Name) {
      // textwrap.dedent(x) / dedent(x)
      size_t J = I;
      if (J + 2 < E && Toks[J].Text == "textwrap" && Toks[J + 1].Text == ".")
        J += 2;
      if (J + 1 < E && Toks[J].Text == "dedent" && Toks[J + 1].Text == "(") {
        size_t C = matching(J + 1);
        std::optional<Piece> P = stringExpr(J + 2, C, Level, Problem);
        if (!P)
          return std::nullopt;
        Out.append(*P);
        I = C + 1;
        WantTerm = false;
        continue;
      }
      auto [Name, Span] = nameAt(I);
      if (I + Span < E && (Toks[I + Span].Text == "(" ||
                           (Toks[I + Span].Text == "." && Span == 1))) {
        Problem = "a string built at run time ('" + T.Text.str() + "')";
        return std::nullopt;
      }
      std::optional<Piece> P = nameValue(I, Problem, Level);
      if (!P)
        return std::nullopt;
      Out.append(*P);
      I += Span;
      WantTerm = false;
      continue;
    }
    Problem = "a string built at run time ('" + T.Text.str() + "')";
    return std::nullopt;
  }
  if (WantTerm) {
    Problem = "no string";
    return std::nullopt;
  }
  return Out;
}

Scanner::Value Scanner::value(size_t B, size_t E, unsigned Level) {
  Value V;
  if (B >= E) {
    V.Problem = "no value";
    return V;
  }
  if (Toks[B].Text == "[" || (Toks[B].Text == "(" && matching(B) + 1 == E &&
                              [&] {
                                // A tuple has a comma at its top level.
                                for (size_t J = B + 1; J < matching(B); ++J)
                                  if (Toks[J].Depth == Toks[B].Depth + 1 &&
                                      Toks[J].Text == ",")
                                    return true;
                                return false;
                              }())) {
    V.IsList = true;
    size_t C = matching(B);
    for (size_t I = B + 1; I < C;) {
      size_t J = exprEnd(I);
      if (J > I) {
        std::string Problem;
        std::optional<Piece> P = stringExpr(I, J, Level, Problem);
        if (!P) {
          V.Problem = Problem;
          return V;
        }
        V.Items.push_back(std::move(*P));
      }
      I = J + 1;
    }
    return V;
  }
  if (Toks[B].K == Token::Name && E == B + nameAt(B).second)
    return nameBinding(B, Level);
  std::string Problem;
  std::optional<Piece> P = stringExpr(B, E, Level, Problem);
  if (!P)
    V.Problem = Problem;
  else
    V.Items.push_back(std::move(*P));
  return V;
}

/// The calls that compile CUDA at run time and which argument holds it.
struct SourceApi {
  StringRef Callee;
  StringRef Keyword;
  unsigned Position;
  StringRef Label;
};
constexpr SourceApi Apis[] = {
    {"load_inline", "cuda_sources", 2, "load_inline cuda_sources"},
    {"RawKernel", "code", 0, "RawKernel"},
    {"RawModule", "code", 0, "RawModule"},
    {"SourceModule", "source", 0, "SourceModule"},
};

std::vector<EmbeddedCuda> Scanner::run() {
  std::vector<EmbeddedCuda> Out;
  std::vector<unsigned> LineStarts{0};
  for (size_t I = 0; I < Src.size(); ++I)
    if (Src[I] == '\n')
      LineStarts.push_back(I + 1);
  auto LineCol = [&](unsigned Off, unsigned &L, unsigned &C) {
    auto It = std::upper_bound(LineStarts.begin(), LineStarts.end(), Off);
    L = It - LineStarts.begin();
    C = Off - *(It - 1) + 1;
  };
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    const Token &T = Toks[I];
    if (T.K != Token::Name || Toks[I + 1].Text != "(")
      continue;
    if (I > 0 && (Toks[I - 1].Text == "def" || Toks[I - 1].Text == "class"))
      continue;
    const SourceApi *Api = nullptr;
    for (const SourceApi &A : Apis)
      if (T.Text == A.Callee)
        Api = &A;
    if (!Api)
      continue;
    // The arguments: positional, then KEYWORD = value.
    size_t Open = I + 1, Close = matching(Open);
    std::optional<std::pair<size_t, size_t>> Arg;
    unsigned Pos = 0;
    bool SawStar = false;
    for (size_t A = Open + 1; A < Close;) {
      size_t E = exprEnd(A);
      if (E > A) {
        if (Toks[A].K == Token::Name && A + 1 < E && Toks[A + 1].Text == "=") {
          if (Toks[A].Text == Api->Keyword)
            Arg = {A + 2, E};
        } else if (Toks[A].Text == "*" || Toks[A].Text == "**") {
          SawStar = true;
        } else {
          if (!SawStar && Pos == Api->Position)
            Arg = {A, E};
          ++Pos;
        }
      }
      A = E + 1;
    }
    if (!Arg)
      continue; // load_inline without CUDA (cpp_sources only), or **kwargs.
    EmbeddedCuda Found;
    Found.Api = Api->Label.str();
    unsigned ArgOff = Toks[Arg->first].Offset;
    LineCol(ArgOff, Found.Line, Found.Column);
    if (Toks[Arg->first].Text == "None" && Arg->second == Arg->first + 1)
      continue;
    Value V = value(Arg->first, Arg->second, 0);
    if (!V.Problem.empty()) {
      Found.Problem = V.Problem;
      Out.push_back(std::move(Found));
      continue;
    }
    Piece Src;
    if (Api->Callee == "load_inline") {
      // torch writes cuda.cu as these three lines and the sources joined by
      // newlines (torch/utils/cpp_extension.py, load_inline).
      Src.appendAt("#include <torch/types.h>\n#include <cuda.h>\n"
                   "#include <cuda_runtime.h>\n",
                   ArgOff);
      for (size_t K = 0; K < V.Items.size(); ++K) {
        if (K)
          Src.appendAt("\n", ArgOff);
        Src.append(V.Items[K]);
      }
    } else {
      for (const Piece &P : V.Items)
        Src.append(P);
    }
    Src.Offsets.push_back(Toks[Arg->second - 1].Offset +
                          Toks[Arg->second - 1].Text.size());
    Found.Text = std::move(Src.Text);
    Found.PyOffsets = std::move(Src.Offsets);
    Out.push_back(std::move(Found));
  }
  return Out;
}

std::vector<unsigned> lineStarts(StringRef S) {
  std::vector<unsigned> L{0};
  for (size_t I = 0; I < S.size(); ++I)
    if (S[I] == '\n')
      L.push_back(I + 1);
  return L;
}

} // namespace

std::vector<EmbeddedCuda> findEmbeddedCuda(StringRef Python) {
  return Scanner(Python).run();
}

bool isPythonSourceName(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext.equals_insensitive(".py") || Ext.equals_insensitive(".pyi");
}

std::string embeddedSourcePath(StringRef PyPath, unsigned Index) {
  return (PyPath + "." + Twine(Index + 1) + ".cu").str();
}

void EmbeddedSourceMap::add(const std::string &Virtual,
                            const std::string &PyPath,
                            const EmbeddedCuda &Source, StringRef PyText) {
  Entry E;
  E.Virtual = Virtual;
  E.PyPath = PyPath;
  E.VirtualLineStarts = lineStarts(Source.Text);
  E.PyLineStarts = lineStarts(PyText);
  E.PyOffsets = Source.PyOffsets;
  Entries.push_back(std::move(E));
}

const EmbeddedSourceMap::Entry *
EmbeddedSourceMap::find(const std::string &Path) const {
  for (const Entry &E : Entries)
    if (E.Virtual == Path)
      return &E;
  return nullptr;
}

std::string EmbeddedSourceMap::pyPathOf(const std::string &Path) const {
  const Entry *E = find(Path);
  return E ? E->PyPath : Path;
}

namespace {
/// The .py line and column of a virtual file's line and column.
void mapPoint(const std::vector<unsigned> &VLines,
              const std::vector<unsigned> &PyLines,
              const std::vector<unsigned> &PyOffsets, unsigned &Line,
              unsigned &Column, unsigned *Offset = nullptr) {
  if (Line == 0 || PyOffsets.empty())
    return;
  unsigned L = std::min<unsigned>(Line, VLines.size());
  unsigned VOff = VLines[L - 1] + (Column ? Column - 1 : 0);
  VOff = std::min<unsigned>(VOff, PyOffsets.size() - 1);
  unsigned P = PyOffsets[VOff];
  auto It = std::upper_bound(PyLines.begin(), PyLines.end(), P);
  Line = It - PyLines.begin();
  Column = P - *(It - 1) + 1;
  if (Offset)
    *Offset = P;
}
} // namespace

/// "forms.py.1.cu:2" in a message (a missing header's includer): the
/// .py's name and line.
std::string EmbeddedSourceMap::remapText(std::string Text) const {
  for (const Entry &E : Entries) {
    std::string V = sys::path::filename(E.Virtual).str();
    std::string Py = sys::path::filename(E.PyPath).str();
    for (size_t At = Text.find(V); At != std::string::npos;
         At = Text.find(V, At + Py.size())) {
      size_t End = At + V.size();
      unsigned Line = 0, Col = 1;
      size_t D = End + 1;
      while (D < Text.size() && isDigit(Text[D]))
        Line = Line * 10 + (Text[D++] - '0');
      std::string Repl = Py;
      if (End < Text.size() && Text[End] == ':' && D > End + 1) {
        // "name:line" or "name:line:column".
        bool HasCol = D + 1 < Text.size() && Text[D] == ':' &&
                      isDigit(Text[D + 1]);
        size_t C = D + 1;
        if (HasCol) {
          Col = 0;
          while (C < Text.size() && isDigit(Text[C]))
            Col = Col * 10 + (Text[C++] - '0');
        }
        mapPoint(E.VirtualLineStarts, E.PyLineStarts, E.PyOffsets, Line, Col);
        Repl += ":" + std::to_string(Line);
        if (HasCol)
          Repl += ":" + std::to_string(Col);
        End = HasCol ? C : D;
      }
      Text.replace(At, End - At, Repl);
    }
  }
  return Text;
}

void EmbeddedSourceMap::remap(RunResult &R) const {
  if (Entries.empty())
    return;
  auto Pos = [&](SourcePos &P) {
    if (const Entry *E = find(P.File)) {
      mapPoint(E->VirtualLineStarts, E->PyLineStarts, E->PyOffsets, P.Line,
               P.Column, &P.Offset);
      P.File = E->PyPath;
    }
  };
  auto InVirtual = [&](const FixIt &X) { return find(X.File) != nullptr; };
  for (Finding &F : R.Findings) {
    Pos(F.Pos);
    Pos(F.EndPos);
    Pos(F.RangeBegin);
    for (FindingNote &N : F.Notes) {
      Pos(N.Pos);
      llvm::erase_if(N.Fixes, InVirtual);
    }
    llvm::erase_if(F.Fixes, InVirtual);
    // The facts' unsafe edits and the launch's place, in the .py's terms.
    if (F.Facts &&
        (llvm::any_of(F.Facts->UnsafeFixes,
                      [&](const UnsafeFix &U) { return find(U.File); }) ||
         (F.Facts->Block && !F.Facts->Block->Where.empty()))) {
      auto Copy = std::make_shared<FindingFacts>(*F.Facts);
      llvm::erase_if(Copy->UnsafeFixes,
                     [&](const UnsafeFix &U) { return find(U.File); });
      if (Copy->Block)
        Copy->Block->Where = remapText(Copy->Block->Where);
      F.Facts = std::move(Copy);
    }
  }
  auto Err = [&](ToolError &X) {
    if (const Entry *E = find(X.File)) {
      mapPoint(E->VirtualLineStarts, E->PyLineStarts, E->PyOffsets, X.Line,
               X.Column);
      X.File = E->PyPath;
    }
  };
  for (ToolError &X : R.Errors) {
    Err(X);
    X.Message = remapText(X.Message);
  }
  for (ToolError &X : R.CompilerErrors)
    Err(X);
  // One coverage record per .py: the sums of its sources'.
  std::vector<FileAnalysis> Merged;
  for (FileAnalysis &A : R.Analyses) {
    for (FunctionSpan &S : A.Functions)
      if (const Entry *E = find(S.File)) {
        unsigned C = 1;
        mapPoint(E->VirtualLineStarts, E->PyLineStarts, E->PyOffsets,
                 S.BeginLine, C);
        C = 1;
        mapPoint(E->VirtualLineStarts, E->PyLineStarts, E->PyOffsets,
                 S.EndLine, C);
        S.File = E->PyPath;
      }
    for (std::string &M : A.MissingIncludes)
      M = remapText(M);
    const Entry *E = find(A.File);
    if (!E) {
      Merged.push_back(std::move(A));
      continue;
    }
    A.File = E->PyPath;
    auto Same = llvm::find_if(
        Merged, [&](const FileAnalysis &M) { return M.File == A.File; });
    if (Same == Merged.end()) {
      Merged.push_back(std::move(A));
      continue;
    }
    static const char *const Order[] = {"complete", "partial", "incomplete"};
    auto Rank = [&](StringRef S) {
      for (unsigned K = 0; K < 3; ++K)
        if (S == Order[K])
          return K;
      return 0u;
    };
    if (Rank(A.Status) > Rank(Same->Status))
      Same->Status = A.Status;
    Same->CompilerErrors += A.CompilerErrors;
    Same->Kernels += A.Kernels;
    Same->KernelsAnalysed += A.KernelsAnalysed;
    Same->DeviceFunctions += A.DeviceFunctions;
    Same->DeviceFunctionsAnalysed += A.DeviceFunctionsAnalysed;
    llvm::append_range(Same->NotAnalysed, A.NotAnalysed);
    llvm::append_range(Same->MissingIncludes, A.MissingIncludes);
    llvm::append_range(Same->TooComplex, A.TooComplex);
    llvm::append_range(Same->Functions, A.Functions);
  }
  R.Analyses = std::move(Merged);
}

} // namespace warplint

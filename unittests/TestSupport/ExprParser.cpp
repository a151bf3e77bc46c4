//===- ExprParser.cpp - C-like text to expressions ------------------------===//
#include "TestSupport/ExprParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace warplint {
namespace sym {

namespace {
/// Recursive descent over C's precedence levels. Nesting is bounded by
/// MaxExprDepth so hostile input cannot exhaust the stack.
class Parser {
public:
  Parser(ExprContext &Ctx, llvm::StringRef Text) : Ctx(Ctx), Text(Text) {}

  llvm::Expected<const Expr *> parse() {
    const Expr *E = ternary();
    skipSpace();
    if (!Error.empty())
      return fail();
    if (Pos != Text.size()) {
      setError("unexpected '" + Text.substr(Pos, 1).str() + "'");
      return fail();
    }
    return E;
  }

private:
  ExprContext &Ctx;
  llvm::StringRef Text;
  size_t Pos = 0;
  unsigned Depth = 0;
  std::string Error;
  size_t ErrorPos = 0;

  llvm::Error fail() {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "column " + std::to_string(ErrorPos + 1) +
                                       ": " + Error);
  }
  const Expr *setError(const std::string &Msg) {
    if (Error.empty()) {
      Error = Msg;
      ErrorPos = Pos;
    }
    return Ctx.constant(0);
  }
  void skipSpace() {
    while (Pos < Text.size() && llvm::isSpace(Text[Pos]))
      ++Pos;
  }
  bool accept(llvm::StringRef Tok) {
    skipSpace();
    if (!Text.substr(Pos).starts_with(Tok))
      return false;
    // Do not split "<<" as "<" or "&&" as "&".
    if (Tok.size() == 1 && Pos + 1 < Text.size()) {
      char N = Text[Pos + 1];
      if ((Tok == "<" && (N == '<' || N == '=')) ||
          (Tok == ">" && (N == '>' || N == '=')) || (Tok == "&" && N == '&') ||
          (Tok == "|" && N == '|') || (Tok == "!" && N == '=') ||
          (Tok == "=" && N == '='))
        return false;
    }
    Pos += Tok.size();
    return true;
  }
  void expect(llvm::StringRef Tok) {
    if (!accept(Tok))
      setError("expected '" + Tok.str() + "'");
  }

  const Expr *ternary() {
    if (++Depth > MaxExprDepth) {
      --Depth;
      return setError("expression nested too deeply");
    }
    const Expr *C = logicalOr();
    if (accept("?")) {
      const Expr *T = ternary();
      expect(":");
      const Expr *F = ternary();
      C = Ctx.select(C, T, F);
    }
    --Depth;
    return C;
  }
  const Expr *logicalOr() {
    const Expr *E = logicalAnd();
    while (Error.empty() && accept("||"))
      E = Ctx.logicalOr(E, logicalAnd());
    return E;
  }
  const Expr *logicalAnd() {
    const Expr *E = bitOr();
    while (Error.empty() && accept("&&"))
      E = Ctx.logicalAnd(E, bitOr());
    return E;
  }
  const Expr *bitOr() {
    const Expr *E = bitXor();
    while (Error.empty() && accept("|"))
      E = Ctx.bitOr(E, bitXor());
    return E;
  }
  const Expr *bitXor() {
    const Expr *E = bitAnd();
    while (Error.empty() && accept("^"))
      E = Ctx.bitXor(E, bitAnd());
    return E;
  }
  const Expr *bitAnd() {
    const Expr *E = equality();
    while (Error.empty() && accept("&"))
      E = Ctx.bitAnd(E, equality());
    return E;
  }
  const Expr *equality() {
    const Expr *E = relational();
    while (Error.empty()) {
      if (accept("=="))
        E = Ctx.eq(E, relational());
      else if (accept("!="))
        E = Ctx.ne(E, relational());
      else
        break;
    }
    return E;
  }
  const Expr *relational() {
    const Expr *E = shift();
    while (Error.empty()) {
      if (accept("<="))
        E = Ctx.le(E, shift());
      else if (accept(">="))
        E = Ctx.ge(E, shift());
      else if (accept("<"))
        E = Ctx.lt(E, shift());
      else if (accept(">"))
        E = Ctx.gt(E, shift());
      else
        break;
    }
    return E;
  }
  const Expr *shift() {
    const Expr *E = additive();
    while (Error.empty()) {
      if (accept("<<"))
        E = Ctx.shl(E, additive());
      else if (accept(">>"))
        E = Ctx.shr(E, additive());
      else
        break;
    }
    return E;
  }
  const Expr *additive() {
    const Expr *E = multiplicative();
    while (Error.empty()) {
      if (accept("+"))
        E = Ctx.add(E, multiplicative());
      else if (accept("-"))
        E = Ctx.sub(E, multiplicative());
      else
        break;
    }
    return E;
  }
  const Expr *multiplicative() {
    const Expr *E = unary();
    while (Error.empty()) {
      if (accept("*"))
        E = Ctx.mul(E, unary());
      else if (accept("/"))
        E = Ctx.div(E, unary());
      else if (accept("%"))
        E = Ctx.rem(E, unary());
      else
        break;
    }
    return E;
  }
  const Expr *unary() {
    if (++Depth > MaxExprDepth) {
      --Depth;
      return setError("expression nested too deeply");
    }
    const Expr *E;
    if (accept("-"))
      E = Ctx.neg(unary());
    else if (accept("+"))
      E = unary();
    else if (accept("!"))
      E = Ctx.logicalNot(unary());
    else if (accept("~")) {
      const Expr *X = unary();
      E = Ctx.bitXor(X, Ctx.constant(-1, X->type()));
    } else
      E = primary();
    --Depth;
    return E;
  }
  const Expr *primary() {
    skipSpace();
    if (Pos >= Text.size())
      return setError("expected an expression");
    if (accept("(")) {
      const Expr *E = ternary();
      expect(")");
      return E;
    }
    char C = Text[Pos];
    if (llvm::isDigit(C)) {
      size_t Start = Pos;
      while (Pos < Text.size() && llvm::isAlnum(Text[Pos]))
        ++Pos;
      llvm::StringRef Lit = Text.slice(Start, Pos);
      bool Unsigned = Lit.consume_back("u") || Lit.consume_back("U");
      uint64_t V;
      if (Lit.getAsInteger(0, V))
        return setError("bad integer literal '" + Lit.str() + "'");
      IntType T = Unsigned ? IntType::u32() : IntType::i32();
      if (V > (Unsigned ? 0xffffffffull : 0x7fffffffull))
        T = Unsigned ? IntType::u64() : IntType::i64();
      return Ctx.constant(int64_t(V), T);
    }
    if (!llvm::isAlpha(C) && C != '_')
      return setError("expected an expression");
    size_t Start = Pos;
    while (Pos < Text.size() && (llvm::isAlnum(Text[Pos]) || Text[Pos] == '_'))
      ++Pos;
    llvm::StringRef Id = Text.slice(Start, Pos);
    if (Id == "min" || Id == "max") {
      expect("(");
      const Expr *A = ternary();
      expect(",");
      const Expr *B = ternary();
      expect(")");
      return Id == "min" ? Ctx.min(A, B) : Ctx.max(A, B);
    }
    if (Id == "threadIdx" || Id == "blockIdx" || Id == "blockDim" ||
        Id == "gridDim") {
      expect(".");
      skipSpace();
      char D = Pos < Text.size() ? Text[Pos++] : 0;
      if (D != 'x' && D != 'y' && D != 'z')
        return setError("expected x, y or z");
      Dim Dm = Dim(D - 'x');
      if (Id == "threadIdx")
        return Ctx.threadIdx(Dm);
      if (Id == "blockIdx")
        return Ctx.blockIdx(Dm);
      if (Id == "blockDim")
        return Ctx.blockDim(Dm);
      return Ctx.gridDim(Dm);
    }
    // The validation kernels' int locals.
    auto Short = [&](const Expr *E) { return Ctx.cast(E, IntType::i32()); };
    if (Id.size() == 2 || Id.size() == 3) {
      char Last = Id.back();
      if (Last >= 'x' && Last <= 'z') {
        Dim Dm = Dim(Last - 'x');
        llvm::StringRef Stem = Id.drop_back();
        if (Stem == "t")
          return Short(Ctx.threadIdx(Dm));
        if (Stem == "b")
          return Short(Ctx.blockIdx(Dm));
        if (Stem == "bd")
          return Short(Ctx.blockDim(Dm));
        if (Stem == "gd")
          return Short(Ctx.gridDim(Dm));
      }
    }
    return Ctx.param(Id);
  }
};
} // namespace

llvm::Expected<const Expr *> parseExpr(ExprContext &Ctx, llvm::StringRef Text) {
  return Parser(Ctx, Text).parse();
}

} // namespace sym
} // namespace warplint

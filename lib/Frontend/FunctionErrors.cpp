//===- FunctionErrors.cpp - Whether a function's own code parsed ----------===//
#include "Frontend/FunctionErrors.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <vector>

using namespace clang;

namespace warplint {

bool isUninitialisedSharedVar(const VarDecl &VD) {
  if (!VD.isInvalidDecl() || !VD.hasAttr<CUDASharedAttr>() ||
      !VD.hasGlobalStorage() || !VD.getType()->isRecordType())
    return false;
  // Default construction only: an initializer of its own is an error to nvcc
  // too.
  const Expr *Init = VD.getInit();
  if (!Init)
    return true;
  const auto *CE = dyn_cast<CXXConstructExpr>(Init->IgnoreImplicit());
  return CE && CE->getNumArgs() == 0 && !CE->containsErrors();
}

/// Whether every error in \p E is a use of one of \p Vars: clang wraps each
/// use of an invalid variable in a RecoveryExpr, over the variable's
/// DeclRefExpr or, where it kept none, spanning the variable's name alone;
/// nothing else in \p E failed.
static bool onlyUsesOf(const Expr &E,
                       const llvm::StringMap<const VarDecl *> &Vars,
                       const ASTContext &Ctx) {
  llvm::SmallVector<const Stmt *, 16> Work{&E};
  bool Found = false;
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *R = dyn_cast<RecoveryExpr>(S)) {
      auto Subs = R->subExpressions();
      if (Subs.size() > 1)
        return false;
      if (Subs.size() == 1) {
        const auto *DRE =
            dyn_cast<DeclRefExpr>(Subs.front()->IgnoreParenImpCasts());
        const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
        if (!VD || !Vars.contains(VD->getName()) ||
            Vars.lookup(VD->getName()) != VD)
          return false;
      } else {
        const SourceManager &SM = Ctx.getSourceManager();
        SourceLocation B = R->getBeginLoc();
        if (B.isInvalid() || B != R->getEndLoc())
          return false;
        B = SM.getSpellingLoc(B);
        llvm::StringRef Name = Lexer::getSourceText(
            CharSourceRange::getTokenRange(B, B), SM, Ctx.getLangOpts());
        if (!Vars.contains(Name))
          return false;
      }
      Found = true;
      continue;
    }
    if (const auto *X = dyn_cast<Expr>(S); X && !X->containsErrors())
      continue;
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return Found;
}

/// The variables of \p Body that isUninitialisedSharedVar accepts, and those
/// clang made invalid only for their initializer's use of one (`auto pipe =
/// cuda::make_pipeline(block, &state);`, whose type clang could not deduce),
/// by name.
static llvm::StringMap<const VarDecl *>
uninitialisedShared(const Stmt &Body, const ASTContext &Ctx) {
  llvm::StringMap<const VarDecl *> Out;
  std::vector<const VarDecl *> Derived;
  llvm::SmallVector<const Stmt *, 64> Work{&Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          if (isUninitialisedSharedVar(*VD))
            Out[VD->getName()] = VD;
          else if (VD->isInvalidDecl() && VD->getInit() &&
                   VD->getInit()->containsErrors())
            Derived.push_back(VD);
        }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  for (bool Added = !Out.empty(); Added;) {
    Added = false;
    for (const VarDecl *&VD : Derived)
      if (VD && onlyUsesOf(*VD->getInit(), Out, Ctx)) {
        Out[VD->getName()] = VD;
        VD = nullptr;
        Added = true;
      }
  }
  return Out;
}

bool hasOwnErrors(const FunctionDecl &FD) {
  if (FD.isInvalidDecl())
    return true;
  const Stmt *Body = FD.getBody();
  if (!Body)
    return false;
  llvm::StringMap<const VarDecl *> Shared =
      uninitialisedShared(*Body, FD.getASTContext());
  llvm::SmallVector<const Stmt *, 64> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    // Error dependence propagates up through expressions: the outermost
    // expression of a statement says it for everything beneath it.
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (E->containsErrors() &&
          (Shared.empty() || !onlyUsesOf(*E, Shared, FD.getASTContext())))
        return true;
      continue;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls()) {
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && Shared.lookup(VD->getName()) == VD)
          continue;
        if (D->isInvalidDecl())
          return true;
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (const Expr *Init = VD->getInit(); Init && Init->containsErrors())
            return true;
      }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}

/// The asm statements of \p Body's text that clang dropped from the AST (its
/// parser gives up on the statement at a syntax error: nvcc's operands
/// without a comma, `::"r"(v) "l"(p)`) and that have no output operand: from
/// the `asm` keyword to the `)` and `;` that end it. \p Kept holds the
/// locations of the asm statements in the AST. Raw lexing of the body's own
/// text: a statement from a macro expansion is not seen (and not covered).
static void droppedAsmWithoutOutputs(const Stmt &Body, const ASTContext &Ctx,
                                     const llvm::DenseSet<unsigned> &Kept,
                                     std::vector<SourceRange> &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = Body.getBeginLoc(), E = Body.getEndLoc();
  if (B.isInvalid() || E.isInvalid() || !B.isFileID() || !E.isFileID() ||
      SM.getFileID(B) != SM.getFileID(E))
    return;
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(B), &Invalid);
  if (Invalid)
    return;
  unsigned BeginOff = SM.getFileOffset(B), EndOff = SM.getFileOffset(E);
  Lexer Lex(SM.getLocForStartOfFile(SM.getFileID(B)), Ctx.getLangOpts(),
            Buffer.begin(), Buffer.begin() + BeginOff, Buffer.end());
  Token T;
  auto Next = [&]() {
    Lex.LexFromRawLexer(T);
    return T.isNot(tok::eof) && SM.getFileOffset(T.getLocation()) <= EndOff;
  };
  auto IsWord = [&](std::initializer_list<llvm::StringRef> Words) {
    if (T.isNot(tok::raw_identifier))
      return false;
    for (llvm::StringRef W : Words)
      if (T.getRawIdentifier() == W)
        return true;
    return false;
  };
  bool More = Next();
  while (More) {
    if (!IsWord({"asm", "__asm__", "__asm"}) ||
        Kept.contains(T.getLocation().getRawEncoding())) {
      More = Next();
      continue;
    }
    SourceLocation Start = T.getLocation();
    bool Goto = false;
    while ((More = Next()) &&
           IsWord({"volatile", "__volatile__", "__volatile", "inline", "goto"}))
      Goto |= T.getRawIdentifier() == "goto";
    if (!More || T.isNot(tok::l_paren))
      continue;
    // Sections at depth 1: the template, outputs, inputs, clobbers, labels.
    unsigned Depth = 1, Colons = 0;
    bool Outputs = false;
    SourceLocation Last = T.getLocation();
    while (Depth && (More = Next())) {
      Last = T.getLocation();
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --Depth;
      else if (Depth == 1 && T.is(tok::colon))
        ++Colons;
      else if (Depth == 1 && T.is(tok::coloncolon))
        Colons += 2;
      else if (Colons == 1)
        Outputs = true;
      if (Depth > 1 && Colons == 1)
        Outputs = true;
    }
    if (Depth) // The body ended first.
      return;
    if ((More = Next()) && T.is(tok::semi))
      Last = T.getLocation();
    if (!Outputs && !Goto)
      Out.push_back(SourceRange(Start, Last));
  }
}

std::vector<SourceRange> wholeDespiteErrors(const FunctionDecl &FD,
                                            const ASTContext &Ctx) {
  std::vector<SourceRange> Out;
  const Stmt *Body = FD.getBody();
  if (!Body)
    return Out;
  llvm::DenseSet<unsigned> Kept;
  llvm::SmallVector<const Stmt *, 64> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S)
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && isUninitialisedSharedVar(*VD))
          Out.push_back(VD->getSourceRange());
    if (const auto *AS = dyn_cast<GCCAsmStmt>(S)) {
      Kept.insert(AS->getAsmLoc().getRawEncoding());
      if (AS->getNumOutputs() == 0 && !AS->isAsmGoto()) {
        Out.push_back(SourceRange(AS->getAsmLoc(), AS->getRParenLoc()));
      } else {
        llvm::SmallVector<GCCAsmStmt::AsmStringPiece, 8> Pieces;
        unsigned DiagOffs = 0;
        if (AS->AnalyzeAsmString(Pieces, Ctx, DiagOffs))
          if (const Expr *Str = AS->getAsmStringExpr())
            Out.push_back(Str->getSourceRange());
      }
      continue;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  droppedAsmWithoutOutputs(*Body, Ctx, Kept, Out);
  return Out;
}

} // namespace warplint

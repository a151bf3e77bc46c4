//===- NvccMacroScope.cpp - __NVCC__ for the user's code only -------------===//
#include "Frontend/NvccMacroScope.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"

using namespace clang;

namespace warplint {

namespace {

class Scope : public PPCallbacks {
public:
  explicit Scope(Preprocessor &PP)
      : PP(PP), Name(PP.getIdentifierInfo("__NVCC__")) {}

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Off || Loc.isInvalid() ||
        (Reason != EnterFile && Reason != ExitFile))
      return;
    bool Want = !SrcMgr::isSystem(Kind);
    bool Have = PP.isMacroDefined(Name);
    if (Want == Have)
      return;
    if (Want) {
      MacroInfo *MI = PP.AllocateMacroInfo(Loc);
      Token One;
      One.startToken();
      One.setKind(tok::numeric_constant);
      PP.CreateString("1", One, Loc, Loc);
      MI->setTokens({One}, PP.getPreprocessorAllocator());
      MI->setIsUsed(true);
      PP.appendDefMacroDirective(Name, MI, Loc);
    } else {
      PP.appendMacroDirective(
          Name, new (PP.getPreprocessorAllocator()) UndefMacroDirective(Loc));
    }
  }

  // The user's own #define or #undef of __NVCC__ wins from there on.
  void MacroDefined(const Token &Tok, const MacroDirective *) override {
    if (Tok.getIdentifierInfo() == Name &&
        !PP.getSourceManager().isInSystemHeader(Tok.getLocation()))
      Off = true;
  }
  void MacroUndefined(const Token &Tok, const MacroDefinition &,
                      const MacroDirective *) override {
    if (Tok.getIdentifierInfo() == Name &&
        !PP.getSourceManager().isInSystemHeader(Tok.getLocation()))
      Off = true;
  }

private:
  Preprocessor &PP;
  IdentifierInfo *Name;
  bool Off = false;
};

} // namespace

void scopeNvccMacro(CompilerInstance &CI) {
  if (!CI.getLangOpts().CUDA || !CI.hasPreprocessor())
    return;
  for (const auto &[Macro, IsUndef] : CI.getPreprocessorOpts().Macros) {
    llvm::StringRef M(Macro);
    if (M == "__NVCC__" || M.starts_with("__NVCC__="))
      return;
  }
  CI.getPreprocessor().addPPCallbacks(
      std::make_unique<Scope>(CI.getPreprocessor()));
}

} // namespace warplint

//===- AccessAddress.h - Addresses of memory accesses ------------*- C++ -*-===//
//
// Part of warplint. The address of an accessed lvalue or pointer as a base
// object plus symbolic byte terms: arrays, pointer arithmetic, fields, pointer
// variables through their reaching definitions (lib/Frontend/ValueFlow) and
// pointers read from memory.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ACCESSADDRESS_H
#define WARPLINT_ANALYSIS_ACCESSADDRESS_H

#include "Analysis/memory/KernelAccesses.h"
#include "Frontend/ExprBuilder.h"
#include "Frontend/ValueFlow.h"
#include "Symbolic/Expr.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// An address: a base object plus a byte offset made of (expression, bytes)
/// terms.
struct Address {
  const clang::ValueDecl *Base = nullptr;
  std::optional<sym::MemorySpace>
      Space; ///< None: not global, shared or constant (local)
  llvm::SmallVector<std::pair<const sym::Expr *, int64_t>, 4> Terms;
  int64_t Const = 0;
  std::string Failure;
  const clang::VarDecl *Array =
      nullptr; ///< The declared array, for shared padding fix-its.
  /// How the address was derived, for the access's notes.
  std::vector<std::string> Notes;
  /// A pointer with several definitions reaching it (assigned on both sides of
  /// a branch): the other candidates, each with where it was assigned; terms
  /// added later apply to every candidate.
  std::vector<Address> Alternatives;
  std::string Origin; ///< "line:col" of the definition this candidate is.
  /// What the candidates are definitions of: "the pointer", "'idx'".
  std::string ChoiceOf = "the pointer";
  bool ok() const { return Base && Failure.empty(); }
  void addTerm(const sym::Expr *E, int64_t Bytes) {
    Terms.push_back({E, Bytes});
    for (Address &Alt : Alternatives)
      Alt.addTerm(E, Bytes);
  }
  void addConst(int64_t Bytes) {
    Const += Bytes;
    for (Address &Alt : Alternatives)
      Alt.addConst(Bytes);
  }
};

/// Derives the Address of lvalues and pointers of one function, with the
/// symbolic builder for indices and the function's value flow for pointer
/// variables.
class AddressBuilder {
public:
  AddressBuilder(clang::ASTContext &Ctx, sym::ExprContext &SC,
                 const FunctionFacts &Facts, ExprBuilder &Builder,
                 const ValueFlow *Flow, const PaddingOverride *Pad)
      : Ctx(Ctx), SC(SC), Facts(Facts), Builder(Builder), Flow(Flow),
        Pad(Pad) {}

  /// The address a pointer expression holds.
  Address pointer(const clang::Expr *E, unsigned Depth = 0);
  /// Address of an lvalue: an array variable, an element, a row, a member.
  Address lvalueAddress(const clang::Expr *E, unsigned Depth);
  int64_t sizeOf(clang::QualType T) const;

  /// \p A again for each definition of the first integer variable that the
  /// builder met with definitions of different branches reaching it
  /// (ExprBuilder::mergesSeen), rebuilt by \p Rebuild: the first candidate
  /// with the others as its alternatives (each evaluated, the worse
  /// reported). \p A unchanged when there is none, or it already has pointer
  /// candidates.
  Address integerCandidates(Address A,
                            llvm::function_ref<Address()> Rebuild);

private:
  Address loadedPointer(const clang::Expr *E);
  Address defPointer(const ValueDef &D, unsigned Depth);
  Address flowPointer(const clang::VarDecl *V, const UseFacts &F,
                      unsigned Depth);
  Address alternatives(const clang::VarDecl *V,
                       llvm::ArrayRef<const ValueDef *> Defs, unsigned Depth);
  std::string locationText(clang::SourceLocation L) const;
  std::string writtenText(const clang::Expr *E) const;

  clang::ASTContext &Ctx;
  sym::ExprContext &SC;
  const FunctionFacts &Facts;
  ExprBuilder &Builder;
  const ValueFlow *Flow; ///< Null when the function was not analysed.
  const PaddingOverride *Pad;
};

} // namespace warplint

#endif

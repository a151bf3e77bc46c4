//===- ProjectParents.h - AST parents of the project's code -----*- C++ -*-===//
//
// Part of warplint. clang's ParentMapContext answers getParents() from a map
// of the whole translation unit, built on first use by visiting every
// declaration, the toolkit's and the C++ library's headers included: 7.5% of
// warplint's instructions on PolyBench-ACC's adi.cu, for a few walks up from a
// launch argument (callgrind, docs/evaluation.md "Speed, session 9"). Every
// walk warplint makes starts in the project's own code, so this map holds only
// the declarations outside system headers, visited as clang visits them
// (template instantiations and implicit code included), and so gives the same
// parents, in the same order. A node it does not hold is answered by clang's
// map, built then: the answer is always clang's.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_PROJECTPARENTS_H
#define WARPLINT_ANALYSIS_PROJECTPARENTS_H

#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <mutex>

namespace clang {
class ASTContext;
class Decl;
class SourceManager;
} // namespace clang

namespace warplint {

/// The parents of the nodes in the project's own declarations of one
/// translation unit (those not in system headers), built on first request.
/// While one exists for an ASTContext, parentsOf() answers from it; the
/// translation unit's AnalysisContext holds one.
class ProjectParents {
public:
  explicit ProjectParents(clang::ASTContext &Ctx);
  ~ProjectParents();
  ProjectParents(const ProjectParents &) = delete;
  ProjectParents &operator=(const ProjectParents &) = delete;

  /// The parents of \p Node, or null when this map does not hold it (a node
  /// of a system header, a type location, a default argument: see the .cpp).
  const llvm::SmallVector<clang::DynTypedNode, 1> *
  find(const clang::DynTypedNode &Node);
  /// How many requests find() could not answer (for the tests).
  unsigned misses() const { return Misses; }

private:
  class Builder;
  clang::ASTContext &Ctx;
  std::once_flag Built;
  llvm::DenseMap<const void *, llvm::SmallVector<clang::DynTypedNode, 1>> Map;
  unsigned Misses = 0;
};

/// Whether \p D is declared at file scope (in a namespace, an extern "C"
/// block or the translation unit) in a system header: a walk over the
/// project's own code can skip it, and all it contains, whole.
bool isSystemFileScopeDecl(const clang::Decl &D,
                           const clang::SourceManager &SM);

/// `Ctx.getParents(Node)`, answered from the ProjectParents registered for
/// \p Ctx when it holds \p Node (without building clang's map of the whole
/// translation unit), else by clang. Same answer either way; with the
/// environment variable WARPLINT_CHECK_PARENTS set, every answer is compared
/// with clang's and a difference aborts (docs/testing.md).
clang::DynTypedNodeList parentsOf(clang::ASTContext &Ctx,
                                  const clang::DynTypedNode &Node);
template <typename T>
clang::DynTypedNodeList parentsOf(clang::ASTContext &Ctx, const T &Node) {
  return parentsOf(Ctx, clang::DynTypedNode::create(Node));
}

} // namespace warplint

#endif

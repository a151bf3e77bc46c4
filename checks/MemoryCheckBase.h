//===- MemoryCheckBase.h - Shared driver of the memory checks ---*- C++ -*-===//
#ifndef WARPLINT_CHECKS_MEMORYCHECKBASE_H
#define WARPLINT_CHECKS_MEMORYCHECKBASE_H

#include "Hardware/AccessCost.h"
#include "checks/KernelCheckBase.h"

namespace warplint {

/// "4", "4.5", "12.3": at most one decimal, none when the value is whole.
std::string formatRatio(double V);

/// One access evaluated for one block shape.
struct EvaluatedAccess {
  const MemoryAccess *Access;
  const KernelShape *Shape;
  hw::AccessReport Report;
};

/// Drives a memory check: finds kernels, their block shapes and accesses,
/// evaluates each access for each shape with lib/Symbolic, and hands the
/// results to the check.
class MemoryCheckBase : public KernelCheckBase {
public:
  MemoryCheckBase(llvm::StringRef Name, clang::tidy::ClangTidyContext *Context);

protected:
  /// Which accesses the check looks at.
  virtual bool wants(const MemoryAccess &A) const = 0;
  /// Called once per access with its evaluation for every block shape.
  virtual void consider(const clang::FunctionDecl &Kernel,
                        llvm::ArrayRef<EvaluatedAccess> Results,
                        clang::ASTContext &Ctx) = 0;
  /// The runtime value assumed for a stride the source leaves open.
  virtual int64_t assumedRuntimeValue() const { return 32; }

  /// When the cost depends on the iteration of an enclosing loop: " in its
  /// worst iteration (s = 8); over all 8 iterations 3.9 wavefronts per request"
  /// (empty otherwise). \p Unit names the cost ("wavefronts", "sectors").
  static std::string iterationSummary(const hw::AccessReport &R,
                                      llvm::StringRef Unit);
  /// "index: ...", how consecutive lanes differ, assumptions, loop notes.
  void evidenceNotes(const EvaluatedAccess &E, Report &R) const;
  /// The facts behind the verdict on \p E (lanes against sectors or banks,
  /// per iteration, block shape, assumptions) into \p R.Facts.
  void accessFacts(const EvaluatedAccess &E, const hw::HardwareModel &M,
                   const clang::SourceManager &SM, Report &R) const;
  /// The first warp of \p R with active lanes, or null.
  static const hw::WarpCost *firstActiveWarp(const hw::AccessReport &R);
  /// The evaluation (over the block shapes) with the largest Cost/Ideal ratio
  /// above \p Floor, and that ratio; null when none is above it. The worst
  /// shape decides a verdict, and its evidence goes in the notes.
  static std::pair<const EvaluatedAccess *, double>
  worst(llvm::ArrayRef<EvaluatedAccess> Results,
        uint64_t hw::AccessReport::*Cost, uint64_t hw::AccessReport::*Ideal,
        double Floor);
  /// "load from", "store to", "read-modify-write of".
  static std::string verb(const MemoryAccess &A);
  /// The byte distance between consecutive active lanes of the first warp, when
  /// it is the same for all of them.
  static std::optional<int64_t> uniformLaneStride(const hw::AccessReport &R);
  static std::string baseName(const MemoryAccess &A);
  /// The memory object an access reads or writes, for grouping findings into
  /// causes: the declared array or pointer where one is known, so that
  /// `bias + c`, `bias + c + 1` and `bias[c + 2]` are accesses of one object
  /// (the sibling scalar loads of one element); else the text as written.
  static std::string objectKey(const MemoryAccess &A);

  /// Every access of the kernel being checked (valid during consider()).
  llvm::ArrayRef<MemoryAccess> KernelAccesses;

private:
  void checkKernel(const clang::FunctionDecl &Kernel,
                   llvm::ArrayRef<KernelShape> Shapes,
                   clang::ASTContext &Ctx) override;
};

} // namespace warplint

#endif

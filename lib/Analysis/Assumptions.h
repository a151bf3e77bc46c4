//===- Assumptions.h - Runtime values the user gives ------------*- C++ -*-===//
//
// Part of warplint. Values the source cannot know (a problem size read from a
// file, a block size computed at run time), given by the user with
// `--assume T=1024,C=768`, `assume:` in .warplint.yaml or the global option
// warplint.Assume: a kernel parameter's or an integer variable's name, or a
// block dimension (`blockDim.x`). The analysis evaluates exactly with them,
// and each finding that used one says so.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_ASSUMPTIONS_H
#define WARPLINT_ANALYSIS_ASSUMPTIONS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warplint {

/// The values the user assumes, in the order given (a later value of the same
/// name replaces an earlier one).
class Assumptions {
public:
  bool empty() const { return Values.empty(); }
  /// Names and values other than the block dimensions.
  const std::vector<std::pair<std::string, int64_t>> &values() const {
    return Values;
  }
  /// The names of values() (variables and parameters).
  const llvm::StringSet<> &names() const { return Names; }
  /// blockDim.x, .y, .z where given.
  const std::array<std::optional<unsigned>, 3> &blockDim() const {
    return Block;
  }
  std::optional<int64_t> lookup(llvm::StringRef Name) const;
  /// The canonical text: `T=1024,C=768,blockDim.x=256`.
  std::string text() const;

  void set(llvm::StringRef Name, int64_t Value);
  void setBlockDim(unsigned Dim, unsigned Value);

private:
  std::vector<std::pair<std::string, int64_t>> Values;
  llvm::StringSet<> Names;
  std::array<std::optional<unsigned>, 3> Block;
};

/// Parses `NAME=VALUE[,NAME=VALUE...]` (spaces allowed around each part): NAME
/// an identifier or blockDim.x/.y/.z, VALUE a decimal integer (a block
/// dimension 1 to 1024). An error says which entry is wrong and why.
llvm::Expected<Assumptions> parseAssumptions(llvm::StringRef Text);

} // namespace warplint

#endif

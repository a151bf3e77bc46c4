//===- FindingGroups.h - One finding per cause -------------------*- C++ -*-===//
//
// Part of warplint (lib/Findings: no clang). Which findings of one check in one translation unit are
// one cause: the same location (template instantiations, block shapes), the
// same line (the accesses of one statement), the same function and Cause (the
// memory checks' array and verdict, FP64's kind of site). No clang here: the
// check base describes each finding by its keys, and emits one warning per
// group.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_CHECKS_FINDINGGROUPS_H
#define WARPLINT_CHECKS_FINDINGGROUPS_H

#include <cstddef>
#include <string>
#include <vector>

namespace warplint {

/// What groupFindings knows of one finding.
struct GroupKey {
  /// The file location (file and offset): equal for the instantiations of one
  /// template and the block shapes of one kernel.
  unsigned File = 0, Offset = 0;
  /// The instantiation and block shape that judged it ("k<8> 128x1x1"): at
  /// one location, the findings of one variant are distinct causes (a
  /// kernel's register and spill findings), and the n-th finding of each
  /// variant there is the same cause.
  std::string Variant;
  /// Expansion line in File; 0: not grouped by line. On one line, the
  /// findings with a Cause that no other finding shares become one (the
  /// accesses of one statement).
  unsigned Line = 0;
  /// The function (a template's pattern for its instantiations); null for none.
  const void *Function = nullptr;
  std::string Cause; ///< Empty: not grouped by function.
  /// Evaluated under an assumed block shape (no launch known for it).
  bool AssumedShape = false;
  /// Evaluated under a shape a launch or __launch_bounds__ gave.
  bool KnownShape = false;
  int Priority = 0; ///< Higher is more urgent.
};

/// One warning: Members[0] is the finding it is worded as (the most urgent,
/// then the first in the source); the others follow in source order.
struct FindingGroup {
  std::vector<size_t> Members;
};

/// Groups \p Keys (indices into it). A finding under an assumed shape at a
/// location where another finding has a known one is dropped: the real
/// launch contradicts the assumption (an impossible "16-way" beside the real
/// 8-way). Deterministic: groups come in source order of their primary.
std::vector<FindingGroup> groupFindings(const std::vector<GroupKey> &Keys);

} // namespace warplint

#endif

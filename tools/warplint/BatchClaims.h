//===- BatchClaims.h - One hook run over several processes -----*- C++ -*-===//
//
// Part of warplint. pre-commit runs a hook on its files in batches, several
// warplint processes in parallel, children of the one pre-commit process,
// with PRE_COMMIT=1 in their environment. A finding in a header (or a
// header's compile note) reached from files of several batches would be
// printed once per batch; the batches claim what they print instead, and
// only the first to claim a line prints it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_BATCHCLAIMS_H
#define WARPLINT_TOOLS_BATCHCLAIMS_H

#include "Findings/Finding.h"
#include "llvm/ADT/StringRef.h"
#include <mutex>
#include <set>
#include <string>

namespace warplint {

/// The claims of this process within its run. Active only under pre-commit
/// (PRE_COMMIT=1) where the parent process can be told from another run (its
/// pid and start time, from /proc); inactive, every claim succeeds.
class BatchClaims {
public:
  static BatchClaims &get();
  /// Whether this process prints the line named \p Key: true when it is the
  /// first of its run to claim it (or claimed it before).
  bool claim(llvm::StringRef Key);

private:
  BatchClaims();
  BatchClaims(const BatchClaims &) = delete;
  std::string Dir; ///< Empty: inactive.
  std::mutex Lock;
  std::set<std::string> Mine;
};

/// The claim of a finding: its location and check (batches may word one
/// header location differently, from their own launches).
std::string findingClaim(const Finding &F);

} // namespace warplint

#endif

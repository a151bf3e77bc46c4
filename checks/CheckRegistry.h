//===- CheckRegistry.h - Metadata of every warplint check -------*- C++ -*-===//
#ifndef WARPLINT_CHECKS_CHECKREGISTRY_H
#define WARPLINT_CHECKS_CHECKREGISTRY_H

#include "Findings/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>

namespace warplint {

/// Every check, in registry order (Checks.def).
llvm::ArrayRef<CheckInfo> allChecks();

/// The check with this id ("warplint-..."), or null.
const CheckInfo *findCheck(llvm::StringRef Id);

/// The tag every finding's message ends with, so that the priority and the
/// guide section are seen wherever the message is (editors and GitHub drop
/// notes): "(Medium priority, CUDA Best Practices Guide §10.3)". A finding
/// whose own priority \p P differs from the rule's (a cheap divergent branch
/// of a High rule) says both: "(Low priority here, High in CUDA Best Practices
/// Guide §12.1)".
std::string priorityTag(const CheckInfo &Info,
                        std::optional<Priority> P = std::nullopt);

/// Where the check's documentation page lives, relative to the repository root.
std::string docPath(const CheckInfo &Info);

/// Keeps the module's registration object file in static links (see
/// WarplintModule.cpp).
extern volatile int WarplintModuleAnchorSource;

} // namespace warplint

#endif

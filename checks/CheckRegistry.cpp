//===- CheckRegistry.cpp - Metadata of every warplint check ---------------===//
#include "checks/CheckRegistry.h"

namespace warplint {

static const CheckInfo Registry[] = {
#define WARPLINT_CHECK(Id, Class, Prio, Label, Modern, G23, Conf, Summary,     \
                       Rule)                                                   \
  CheckInfo{Id,  Priority::Prio, Label, Modern,                                \
            G23, Summary,        Rule,  Confidence::Conf},
#include "checks/Checks.def"
};

llvm::ArrayRef<CheckInfo> allChecks() { return Registry; }

const CheckInfo *findCheck(llvm::StringRef Id) {
  for (const CheckInfo &C : Registry)
    if (C.Id == Id)
      return &C;
  return nullptr;
}

std::string priorityTag(const CheckInfo &Info, std::optional<Priority> P) {
  if (P && *P != Info.Prio)
    return "(" + priorityName(*P).str() + " priority here, " +
           Info.PriorityLabel.str() + " in CUDA Best Practices Guide \u00a7" +
           Info.ModernSection.str() + ")";
  return "(" + Info.PriorityLabel.str() +
         " priority, CUDA Best Practices Guide \u00a7" +
         Info.ModernSection.str() + ")";
}

std::string docPath(const CheckInfo &Info) {
  return "docs/checks/" + Info.Id.str() + ".md";
}

} // namespace warplint

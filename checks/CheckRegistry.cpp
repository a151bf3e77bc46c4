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

std::string priorityNoteText(const CheckInfo &Info, std::optional<Priority> P) {
  std::string S =
      P && *P != Info.Prio
          ? priorityName(*P).str() + " priority here (the guide ranks the rule " +
                Info.PriorityLabel.str() +
                "): CUDA C++ Best Practices Guide \u00a7" +
                Info.ModernSection.str()
          : Info.PriorityLabel.str() +
                " priority: CUDA C++ Best Practices Guide \u00a7" +
                Info.ModernSection.str();
  if (!Info.G23Section.empty())
    S += " (CUDA 2.3 guide \u00a7" + Info.G23Section.str() + ")";
  return S;
}

std::string docPath(const CheckInfo &Info) {
  return "docs/checks/" + Info.Id.str() + ".md";
}

} // namespace warplint

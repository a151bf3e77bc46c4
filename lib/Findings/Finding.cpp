//===- Finding.cpp --------------------------------------------------------===//
#include "Findings/Finding.h"

#include "llvm/ADT/StringExtras.h"

namespace warplint {

const PrioritySeverity &prioritySeverity(Priority P) {
  // Indexed by Priority (Low, Medium, High); the last row answers a value
  // outside the enum.
  static const PrioritySeverity Table[] = {
      {"Low", "note", "recommendation", "notice", "minor"},
      {"Medium", "warning", "warning", "warning", "major"},
      {"High", "error", "error", "error", "critical"},
      {"Low", "note", "recommendation", "notice", "info"},
  };
  unsigned I = unsigned(P);
  return Table[I < 3 ? I : 3];
}

llvm::StringRef priorityName(Priority P) { return prioritySeverity(P).Name; }

std::optional<Priority> parsePriority(llvm::StringRef S) {
  std::string L = S.trim().lower();
  if (L == "high")
    return Priority::High;
  if (L == "medium")
    return Priority::Medium;
  if (L == "low")
    return Priority::Low;
  return std::nullopt;
}

llvm::StringRef confidenceName(Confidence C) {
  switch (C) {
  case Confidence::Certain:
    return "certain";
  case Confidence::Likely:
    return "likely";
  case Confidence::Possible:
    return "possible";
  }
  return "possible";
}

} // namespace warplint

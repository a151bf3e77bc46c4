//===- Finding.cpp --------------------------------------------------------===//
#include "Findings/Finding.h"

#include "llvm/ADT/StringExtras.h"

namespace warplint {

llvm::StringRef priorityName(Priority P) {
  switch (P) {
  case Priority::High:
    return "High";
  case Priority::Medium:
    return "Medium";
  case Priority::Low:
    return "Low";
  }
  return "Low";
}

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

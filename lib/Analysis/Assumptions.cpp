//===- Assumptions.cpp - Runtime values the user gives --------------------===//
#include "Analysis/Assumptions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace warplint {

std::optional<int64_t> Assumptions::lookup(llvm::StringRef Name) const {
  for (const auto &[N, V] : Values)
    if (N == Name)
      return V;
  return std::nullopt;
}

void Assumptions::set(llvm::StringRef Name, int64_t Value) {
  for (auto &[N, V] : Values)
    if (N == Name) {
      V = Value;
      return;
    }
  Values.push_back({Name.str(), Value});
  Names.insert(Name);
}

void Assumptions::setBlockDim(unsigned Dim, unsigned Value) {
  Block[Dim] = Value;
}

std::string Assumptions::text() const {
  std::string S;
  for (const auto &[N, V] : Values)
    S += (S.empty() ? "" : ",") + N + "=" + std::to_string(V);
  static const char *Dims[] = {"x", "y", "z"};
  for (unsigned D = 0; D < 3; ++D)
    if (Block[D])
      S += (S.empty() ? "" : ",") + std::string("blockDim.") + Dims[D] + "=" +
           std::to_string(*Block[D]);
  return S;
}

static bool isIdentifier(llvm::StringRef S) {
  if (S.empty() || !(llvm::isAlpha(S[0]) || S[0] == '_'))
    return false;
  return llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

llvm::Expected<Assumptions> parseAssumptions(llvm::StringRef Text) {
  Assumptions A;
  auto Fail = [](const llvm::Twine &Msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
  };
  if (Text.trim().empty())
    return A;
  llvm::SmallVector<llvm::StringRef, 8> Entries;
  Text.split(Entries, ',');
  for (llvm::StringRef E : Entries) {
    E = E.trim();
    auto [Name, Value] = E.split('=');
    Name = Name.trim();
    Value = Value.trim();
    if (!E.contains('=') || Name.empty() || Value.empty())
      return Fail("'" + E + "': expected NAME=VALUE");
    int64_t V;
    if (Value.getAsInteger(10, V))
      return Fail("'" + E + "': '" + Value + "' is not an integer");
    if (Name.starts_with("blockDim.")) {
      llvm::StringRef C = Name.drop_front(9);
      unsigned D = C == "x" ? 0 : C == "y" ? 1 : C == "z" ? 2 : 3;
      if (D == 3)
        return Fail("'" + E + "': expected blockDim.x, blockDim.y or blockDim.z");
      if (V < 1 || V > 1024)
        return Fail("'" + E + "': a block dimension is 1 to 1024");
      A.setBlockDim(D, unsigned(V));
      continue;
    }
    if (!isIdentifier(Name))
      return Fail("'" + E + "': '" + Name +
                  "' is not a variable or parameter name (or blockDim.x/y/z)");
    A.set(Name, V);
  }
  return A;
}

} // namespace warplint

//===- Baseline.cpp - Findings accepted once, not reported again ----------===//
#include "Findings/Baseline.h"
#include "Findings/JsonText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

namespace warplint {

size_t Baseline::size() const {
  size_t N = 0;
  for (const auto &E : Fingerprints)
    N += E.second;
  return N;
}

void writeBaseline(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                   const RunInfo &Info) {
  std::vector<std::string> Prints = fingerprints(Findings, Info.fingerprintRoot());
  llvm::json::Array Arr;
  for (const auto &[I, F] : llvm::enumerate(Findings))
    Arr.push_back(
        llvm::json::Object{{"fingerprint", Prints[I]},
                           {"check", F.CheckId},
                           {"file", jsonText(relativePath(F.Pos.File, Info.SourceRoot))},
                           {"line", F.Pos.Line},
                           {"message", jsonText(F.Message)}});
  llvm::json::Value Root = llvm::json::Object{
      {"version", 1}, {"tool", "warplint"}, {"findings", std::move(Arr)}};
  writeJson(OS, Root, InvalidBytes::Surrogate);
  OS << "\n";
}

static llvm::Error bad(llvm::StringRef Path, const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 Path + ": " + Msg);
}

llvm::Expected<Baseline> readBaseline(llvm::StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return bad(Path, "cannot read: " + Buf.getError().message());
  llvm::Expected<llvm::json::Value> V = llvm::json::parse((*Buf)->getBuffer());
  if (!V)
    return bad(Path, "not JSON: " + llvm::toString(V.takeError()));
  const llvm::json::Object *Root = V->getAsObject();
  if (!Root)
    return bad(Path, "expected an object with \"version\" and \"findings\" "
                     "(written by warplint --write-baseline)");
  std::optional<int64_t> Version = Root->getInteger("version");
  if (!Version || *Version != 1)
    return bad(Path, "version: expected 1");
  const llvm::json::Array *Arr = Root->getArray("findings");
  if (!Arr)
    return bad(Path, "findings: expected an array");
  Baseline B;
  for (const auto &[I, E] : llvm::enumerate(*Arr)) {
    std::string Where = llvm::formatv("findings[{0}]", I).str();
    const llvm::json::Object *O = E.getAsObject();
    if (!O)
      return bad(Path, Where + ": expected an object");
    std::optional<llvm::StringRef> FP = O->getString("fingerprint");
    if (!FP || FP->size() != 32 ||
        !llvm::all_of(*FP, [](char C) { return llvm::isHexDigit(C); }))
      return bad(Path, Where + ".fingerprint: expected a string of 32 hex "
                               "digits");
    ++B.Fingerprints[FP->lower()];
  }
  return B;
}

std::vector<Finding> subtractBaseline(std::vector<Finding> Findings,
                                      const Baseline &B, llvm::StringRef Root) {
  std::vector<std::string> Prints = fingerprints(Findings, Root);
  llvm::StringMap<unsigned> Left = B.Fingerprints;
  std::vector<Finding> Out;
  for (auto &&[I, F] : llvm::enumerate(Findings)) {
    auto It = Left.find(Prints[I]);
    if (It != Left.end() && It->second > 0) {
      --It->second;
      continue;
    }
    Out.push_back(std::move(F));
  }
  return Out;
}

} // namespace warplint

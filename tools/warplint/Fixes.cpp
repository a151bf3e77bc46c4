//===- Fixes.cpp - --fix, --fix-notes and --export-fixes ------------------===//
#include "tools/warplint/Fixes.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/YAMLTraits.h"

namespace warplint {

namespace tooling = clang::tooling;

std::vector<FixIt> fixesOf(const Finding &F, bool FixNotes) {
  if (!F.Fixes.empty() || !FixNotes)
    return F.Fixes;
  const FindingNote *Only = nullptr;
  for (const FindingNote &N : F.Notes)
    if (!N.Fixes.empty()) {
      if (Only)
        return {}; // clang-tidy applies a note's fix only when it is the one
      Only = &N;
    }
  return Only ? Only->Fixes : std::vector<FixIt>();
}

static llvm::StringMap<tooling::Replacements>
replacements(llvm::ArrayRef<FixIt> Fixes) {
  llvm::StringMap<tooling::Replacements> Out;
  for (const FixIt &X : Fixes)
    llvm::consumeError(Out[X.File].add(
        tooling::Replacement(X.File, X.Offset, X.Length, X.Replacement)));
  return Out;
}

void exportFixes(llvm::raw_ostream &OS, llvm::ArrayRef<Finding> Findings,
                 llvm::StringRef BuildDirectory) {
  tooling::TranslationUnitDiagnostics TU;
  for (const Finding &F : Findings) {
    tooling::DiagnosticMessage M;
    M.Message = F.Message;
    M.FilePath = F.Pos.File;
    M.FileOffset = F.Pos.Offset;
    M.Fix = replacements(F.Fixes);
    tooling::Diagnostic D(F.CheckId, M, {}, tooling::Diagnostic::Warning,
                          BuildDirectory.str());
    for (const FindingNote &N : F.Notes) {
      tooling::DiagnosticMessage NM;
      NM.Message = N.Message;
      NM.FilePath = N.Pos.File;
      NM.FileOffset = N.Pos.Offset;
      NM.Fix = replacements(N.Fixes);
      D.Notes.push_back(std::move(NM));
    }
    TU.Diagnostics.push_back(std::move(D));
  }
  llvm::yaml::Output YAML(OS);
  YAML << TU;
}

llvm::Expected<AppliedFixes> applyFixes(llvm::ArrayRef<Finding> Findings,
                                        bool FixNotes) {
  AppliedFixes Out;
  Out.Fixed.assign(Findings.size(), false);
  llvm::StringMap<tooling::Replacements> PerFile;
  for (size_t I = 0; I < Findings.size(); ++I) {
    std::vector<FixIt> Fixes = fixesOf(Findings[I], FixNotes);
    if (Fixes.empty())
      continue;
    // All of a finding's edits or none of them.
    llvm::StringMap<tooling::Replacements> Trial = PerFile;
    bool Ok = true;
    for (const FixIt &X : Fixes) {
      tooling::Replacement R(X.File, X.Offset, X.Length, X.Replacement);
      tooling::Replacements &Set = Trial[X.File];
      // The same edit twice (one header reached through two files) is one.
      if (llvm::is_contained(Set, R))
        continue;
      if (llvm::Error E = Set.add(R)) {
        llvm::consumeError(std::move(E));
        Ok = false;
        break;
      }
    }
    if (!Ok) {
      Out.Skipped.push_back(Findings[I].Pos.File + ":" +
                            std::to_string(Findings[I].Pos.Line) + ":" +
                            std::to_string(Findings[I].Pos.Column) + ": " +
                            Findings[I].CheckId +
                            ": fix not applied: it overlaps another fix");
      continue;
    }
    PerFile = std::move(Trial);
    Out.Fixed[I] = true;
  }
  for (const auto &Entry : PerFile) {
    if (Entry.second.empty())
      continue;
    auto Buf = llvm::MemoryBuffer::getFile(Entry.getKey());
    if (!Buf)
      return llvm::createStringError(Buf.getError(), "cannot read '%s': %s",
                                     Entry.getKey().str().c_str(),
                                     Buf.getError().message().c_str());
    llvm::Expected<std::string> New =
        tooling::applyAllReplacements((*Buf)->getBuffer(), Entry.second);
    if (!New)
      return New.takeError();
    std::error_code EC;
    llvm::raw_fd_ostream File(Entry.getKey(), EC, llvm::sys::fs::OF_None);
    if (EC)
      return llvm::createStringError(EC, "cannot write '%s': %s",
                                     Entry.getKey().str().c_str(),
                                     EC.message().c_str());
    File << *New;
    ++Out.Files;
  }
  return Out;
}

} // namespace warplint

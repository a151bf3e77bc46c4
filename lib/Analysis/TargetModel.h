//===- TargetModel.h - The GPU a translation unit is judged for -*- C++ -*-===//
//
// Part of warplint. The one target decision (Frontend/TargetSelection) as the
// checks meet it inside a parse: the plugin's configured warplint.Arch, else
// the GPU clang parses the device side for, else the documented default. The
// standalone binary decides before it parses and hands the decision to the
// checks as options (checks/WarplintCheck).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_TARGETMODEL_H
#define WARPLINT_ANALYSIS_TARGETMODEL_H

#include "Frontend/TargetSelection.h"
#include "Hardware/HardwareModel.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace warplint {

/// The built-in model of the decision from the configured \p ArchOption (a
/// built-in architecture, else ignored), the GPU \p CPU clang parsed for
/// ("sm_90", else empty) and \p DefaultArch.
const hw::HardwareModel &builtinTargetModel(llvm::StringRef ArchOption,
                                            llvm::StringRef CPU,
                                            llvm::StringRef DefaultArch);

/// The note every finding carries when \p ArchOption, a built-in
/// architecture, is the configured target (TargetSelection::findingNote).
std::string configuredTargetNote(llvm::StringRef ArchOption);

} // namespace warplint

#endif

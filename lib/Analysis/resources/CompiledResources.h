//===- CompiledResources.h - Registers and local memory from ptxas -*- C++ -*-//
//
// Part of warplint. The exact mode of the register-pressure check: compile a
// translation unit's device code with the CUDA toolkit (the command of
// Frontend/DeviceCompileCommand: nvcc -ptx -lineinfo, then ptxas -v) and read back, per kernel, the registers,
// stack frame, spill bytes and static shared memory ptxas reports, plus the
// source lines of the ld.local/st.local instructions in the PTX. Recorded
// outputs can be replayed instead of running the compiler (tests, CI).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_COMPILEDRESOURCES_H
#define WARPLINT_ANALYSIS_COMPILEDRESOURCES_H

#include "Frontend/DeviceCompileCommand.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One ld.local or st.local instruction of the PTX and the source line its
/// `.loc` names.
struct LocalTraffic {
  std::string File; ///< As the PTX `.file` directive spells it.
  unsigned Line = 0;
  unsigned Column = 0;
  bool Store = false;
};

/// What ptxas reports for one entry function (kernel).
struct CompiledKernel {
  unsigned Registers = 0;
  uint64_t StackFrame = 0;
  uint64_t SpillStores = 0;
  uint64_t SpillLoads = 0;
  uint64_t SharedMem = 0; ///< Static shared memory ("bytes smem").
  /// ld.local/st.local of the PTX, before ptxas: these come from arrays and
  /// structures the front end placed in local memory. Spills are added later
  /// by ptxas, exist only in SASS, and have no source line here.
  std::vector<LocalTraffic> Local;
  /// Calls the PTX of the kernel's body makes (`call`, `call.uni`): functions
  /// not inlined (device-side malloc/new, printf), around which ptxas saves
  /// registers to the stack whatever the pressure.
  unsigned Calls = 0;
};

/// The compiled resources of one translation unit, by mangled kernel name.
struct CompiledTU {
  std::string Arch;     ///< "sm_90"
  std::string Compiler; ///< "nvcc 13.0" or "replayed from <file>"
  llvm::StringMap<CompiledKernel> Kernels;
};

/// Exact mode's compile of one translation unit, as the checks that read it
/// share it (AnalysisContext::exactCompile): the result, or why there is
/// none; and, when the findings must not be cached, why.
struct ExactCompile {
  std::optional<CompiledTU> TU;
  std::string Why;
  std::string Uncacheable;
};

/// Parses the output of `ptxas -v` (entry functions only).
llvm::StringMap<CompiledKernel> parsePtxasVerbose(llvm::StringRef Text);

/// Adds the ld.local/st.local instructions of \p Ptx, with the source position
/// of the `.loc` before each, and the count of its calls to the kernels of
/// \p Kernels.
void addPtxLocalTraffic(llvm::StringRef Ptx,
                        llvm::StringMap<CompiledKernel> &Kernels);

/// Runs \p Command's nvcc (`-o <ptx>` appended) and ptxas (`<ptx> -o <cubin>`
/// appended) in a temporary directory, each with \p TimeoutSeconds. Fails
/// (never crashes) when a tool is missing, times out, or rejects the source;
/// the error text is one line.
llvm::Expected<CompiledTU>
compileForResources(const DeviceCompileCommand &Command,
                    unsigned TimeoutSeconds = 120);

/// Reads a recording made by validation/resource-checks/record_ptxas.sh:
/// `<Prefix>.ptxas.txt` (the output of ptxas -v) and `<Prefix>.ptx`.
llvm::Expected<CompiledTU> replayResources(llvm::StringRef Prefix,
                                           llvm::StringRef Arch);

} // namespace warplint

#endif

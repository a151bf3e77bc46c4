//===- ModelLoaderFuzzer.cpp - libFuzzer: the YAML model loader -----------===//
//
// Any text given as a user override must give a model or an error that names
// a YAML path, never a crash; an accepted model must then validate or be
// rejected with a message.
//
//===----------------------------------------------------------------------===//
#include "Hardware/HardwareModel.h"
#include "Hardware/Occupancy.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace warplint::hw;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  const HardwareModel &Base = *findBuiltinModel("sm_90");
  llvm::Expected<HardwareModel> M = parseModel(Text, "fuzz.yaml", &Base);
  if (!M) {
    std::string E = llvm::toString(M.takeError());
    if (E.rfind("fuzz.yaml", 0) != 0) {
      std::fprintf(stderr, "error does not name the file: %s\n", E.c_str());
      std::abort();
    }
    return 0;
  }
  if (llvm::Error E = validateModel(*M)) {
    llvm::consumeError(std::move(E));
    return 0;
  }
  // A valid model must give a sane occupancy for a plain launch.
  OccupancyInput In;
  In.ThreadsPerBlock = 128;
  In.RegistersPerThread = 32;
  OccupancyResult R = computeOccupancy(*M, In);
  if (R.ActiveWarps > M->MaxWarpsPerSM) {
    std::fprintf(stderr, "more warps than the SM holds\n");
    std::abort();
  }
  return 0;
}

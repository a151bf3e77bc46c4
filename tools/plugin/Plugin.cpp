//===- Plugin.cpp - warplint as a clang-tidy plugin -----------------------===//
//
// Load with: clang-tidy-22 --load=libwarplint.so -checks='-*,warplint-*'
// file.cu -- ... The module registers itself when this library is loaded
// (checks/WarplintModule.cpp); referencing the anchor keeps its object file in
// the link.
//
//===----------------------------------------------------------------------===//
#include "checks/CheckRegistry.h"

namespace warplint {
// Any use of the anchor pulls WarplintModule.o, and with it the registration.
[[maybe_unused]] static int WarplintPluginAnchor = WarplintModuleAnchorSource;
} // namespace warplint

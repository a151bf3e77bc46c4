//===- Plugin.cpp - warplint as a clang-tidy plugin -----------------------===//
//
// Load with: clang-tidy-22 --load=libwarplint.so -checks='-*,warplint-*'
// file.cu -- ... The module registers itself when this library is loaded
// (checks/WarplintModule.cpp); referencing the anchor keeps its object file in
// the link.
//
// Loaded into a clang-tidy of another LLVM, the checks would crash on the
// first file (clang-tidy's classes differ between versions). Before anything
// registers, checkHost() looks at the LLVM and clang libraries the process has
// loaded (and, for a statically linked clang-tidy, at its LLVMGetVersion) and
// refuses with one message and exit status 1 (HostVersion.h).
//
//===----------------------------------------------------------------------===//
#include "checks/CheckRegistry.h"
#include "llvm/Config/llvm-config.h"
#include "HostVersion.h"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <link.h>
#include <string>
#include <vector>

namespace warplint {
// Any use of the anchor pulls WarplintModule.o, and with it the registration.
[[maybe_unused]] static int WarplintPluginAnchor = WarplintModuleAnchorSource;

namespace {

int collectLibrary(struct dl_phdr_info *Info, size_t, void *Data) {
  if (Info->dlpi_name && *Info->dlpi_name)
    static_cast<std::vector<std::string> *>(Data)->push_back(Info->dlpi_name);
  return 0;
}

[[noreturn]] void refuse(const std::string &Message) {
  std::fputs(Message.c_str(), stderr);
  std::fflush(stderr);
  std::_Exit(1);
}

// Priority 101: before the default-priority static constructors of this
// library, among them the module's registration.
__attribute__((constructor(101))) void checkHost() {
  std::vector<std::string> Libraries;
  dl_iterate_phdr(collectLibrary, &Libraries);
  for (const std::string &L : Libraries) {
    std::string Series = plugin::seriesOfLibrary(L);
    if (Series.empty())
      continue;
    std::string Why = plugin::hostMismatch(LLVM_VERSION_STRING, Series, L);
    if (!Why.empty())
      refuse(Why);
  }
  // A clang-tidy linked statically loads no libLLVM; its own LLVMGetVersion
  // (the C API, whose signature every version shares) says which it is.
  using GetVersion = void (*)(unsigned *, unsigned *, unsigned *);
  void *Sym = dlsym(RTLD_DEFAULT, "LLVMGetVersion");
  Dl_info Where;
  if (Sym && dladdr(Sym, &Where) && Where.dli_fname &&
      plugin::seriesOfLibrary(Where.dli_fname).empty()) {
    unsigned Major = 0, Minor = 0, Patch = 0;
    reinterpret_cast<GetVersion>(Sym)(&Major, &Minor, &Patch);
    std::string Host = std::to_string(Major) + "." + std::to_string(Minor) +
                       "." + std::to_string(Patch);
    std::string Why =
        plugin::hostMismatch(LLVM_VERSION_STRING, Host, Where.dli_fname);
    if (!Why.empty())
      refuse(Why);
  }
}

} // namespace
} // namespace warplint

//===- WarplintModule.cpp - Registers warplint's checks with clang-tidy ---===//
#include "checks/CheckRegistry.h"
#include "clang-tidy/ClangTidyModule.h"

// "checks/<Class>.h" for every row of Checks.def, written by checks/CMakeLists.txt.
#include "CheckHeaders.inc"

namespace warplint {
namespace {

/// The clang-tidy module holding every warplint check (rows of Checks.def).
class WarplintModule : public clang::tidy::ClangTidyModule {
public:
  void
  addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
#define WARPLINT_CHECK(Id, Class, ...) Factories.registerCheck<Class>(Id);
#include "checks/Checks.def"
  }
};

} // namespace

// Registration happens when this object file is loaded: by the plugin's dlopen
// in clang-tidy, and through the anchor below in the standalone binary.
static clang::tidy::ClangTidyModuleRegistry::Add<WarplintModule>
    X("warplint", "Static performance checks for CUDA (warplint).");

volatile int WarplintModuleAnchorSource = 0;

} // namespace warplint

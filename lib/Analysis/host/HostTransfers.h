//===- HostTransfers.h - Host-device transfers of one translation unit -*- C++ -*-//
//
// Part of warplint. The host side of a CUDA file: every call that moves data
// between the host and the device (runtime cudaMemcpy* and cudaMemset*, the
// driver API's cuMemcpy*/cuMemset*, thrust::copy between host and device
// iterators), the host loop it runs in (in its own function, or in a caller of
// the translation unit up to a bounded depth), that loop's trip count when the
// source fixes it, whether the loop is the guide's staged concurrent copy and
// execute, where the host buffer was allocated (pageable or pinned), and the
// buffers that go to the host and come back between two launches.
//
// Facts only: checks/HostDeviceTransferInLoopCheck and
// checks/PageableAsyncCopyCheck decide and word; warplint-dump --transfers
// prints them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_HOSTTRANSFERS_H
#define WARPLINT_ANALYSIS_HOSTTRANSFERS_H

#include "Frontend/MutationCache.h"
#include "Symbolic/Budgets.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
class Stmt;
class ValueDecl;
} // namespace clang

namespace warplint {

/// Which way a transfer moves data.
enum class TransferDirection {
  HostToDevice,
  DeviceToHost,
  DeviceToDevice,
  HostToHost,
  DeviceSet, ///< cudaMemset and friends: a fill of device memory.
  Unknown,   ///< cudaMemcpyDefault, cudaMemcpy3D's parameter block, a runtime kind.
};
llvm::StringRef directionName(TransferDirection D);

/// Where a host buffer was allocated.
enum class HostOrigin {
  Unknown,  ///< A parameter, a value from elsewhere, or several kinds at once.
  Pageable, ///< malloc/calloc/realloc, new, std::vector, an array variable.
  Pinned,   ///< cudaMallocHost, cudaHostAlloc, cuMemAllocHost, cuMemHostAlloc.
  Registered, ///< Pinned on the fly by cudaHostRegister/cuMemHostRegister.
};
llvm::StringRef originName(HostOrigin O);

/// The allocation a host pointer comes from, with where that was decided.
struct HostBuffer {
  HostOrigin Origin = HostOrigin::Unknown;
  /// The variable or field the pointer is read from (null for an array
  /// expression with no name).
  const clang::ValueDecl *Decl = nullptr;
  /// The allocating expression (malloc call, new, cudaMallocHost call, the
  /// vector's or array's declaration), for the evidence note.
  const clang::Stmt *Where = nullptr;
  std::string How; ///< "malloc", "new[]", "std::vector", "stack array", ...
};

/// A host loop around a transfer.
struct HostLoop {
  const clang::Stmt *Loop = nullptr; ///< ForStmt, WhileStmt, DoStmt, range for.
  /// Calls of helper functions from the loop down to the transfer's function,
  /// outermost first; empty when the loop is in the transfer's own function.
  std::vector<const clang::CallExpr *> Through;
  std::optional<int64_t> TripCount; ///< When init, bound and step are known.
  /// The guide's staged concurrent copy and execute: the copy is asynchronous
  /// and its stream changes with the loop (`stream[i]`), so iterations overlap
  /// each other's kernels instead of adding up.
  bool Staged = false;
  /// The loop also selects a device per iteration (cudaSetDevice): each copy
  /// goes to a different GPU, there is nothing to batch.
  bool PerDevice = false;
  /// The loop launches a kernel too (the transfer is part of an iterative
  /// algorithm's host-device exchange).
  bool LaunchesKernels = false;
};

/// One call that moves data between (or sets data on) host and device.
struct TransferSite {
  const clang::CallExpr *Call = nullptr;
  std::string Api; ///< The callee's name, _v2 suffix removed.
  TransferDirection Direction = TransferDirection::Unknown;
  bool Async = false;
  const clang::Expr *Stream = nullptr; ///< Null: the default stream.
  const clang::Expr *Host = nullptr;   ///< The host side, when one is known.
  const clang::Expr *Device = nullptr; ///< The device side, when one is known.
  const clang::Expr *Bytes = nullptr;
  std::optional<int64_t> BytesValue;
  const clang::FunctionDecl *Function = nullptr; ///< The host function.
  std::optional<HostLoop> Loop; ///< The innermost host loop around it.
  HostBuffer HostSide;          ///< Where the host side was allocated.
};

/// A buffer copied to the host after a launch and back to the device before
/// another: the data makes a round trip through the host.
struct RoundTrip {
  const TransferSite *ToHost = nullptr;
  const TransferSite *ToDevice = nullptr;
  const clang::ValueDecl *HostBuffer = nullptr;
  /// The host reads or writes the buffer between the two copies (host work
  /// that could run on the device); false: it comes back unchanged.
  bool HostTouches = false;
  /// The pair is joined by the back edge of a loop around both (the copy back
  /// to the device is the next iteration's).
  bool AcrossIterations = false;
};

/// Every transfer of a translation unit and the round trips among them.
struct HostTransfers {
  std::vector<TransferSite> Sites;
  std::vector<RoundTrip> RoundTrips;
};

/// How many helper calls a transfer's loop is searched through.
constexpr unsigned MaxHelperDepth = budget::HostHelperCallDepth;

/// Finds the transfers of the host functions of \p Ctx (template
/// instantiations included, uninstantiated templates not).
HostTransfers findHostTransfers(clang::ASTContext &Ctx, MutationCache &Cache);

/// One line per transfer and per round trip (warplint-dump --transfers).
void printHostTransfers(llvm::raw_ostream &OS, const HostTransfers &T,
                        clang::ASTContext &Ctx);

} // namespace warplint

#endif

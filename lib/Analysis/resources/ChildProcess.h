//===- ChildProcess.h - Tools run for an analysis, ended with it -*- C++ -*-===//
//
// Part of warplint. Exact mode runs nvcc and ptxas
// (Analysis/CompiledResources), and nvcc runs cicc and ptxas of its own.
// Killed with SIGINT, SIGTERM or SIGHUP, warplint must not leave them running:
// each tool runs in a process group of its own, and the first tool started
// installs a handler for those signals that sends the signal, then SIGTERM, to
// every group still running (a tool may ignore SIGINT, as a command a shell
// starts in the background does), then lets the signal do to warplint what it
// would have done (the handler that was there before, LLVM's or the default).
// A signal the process ignored (nohup's SIGHUP) stays ignored. A timeout kills
// the whole group, not only its leader.
//
// What is not covered: SIGKILL (no process can act on it), and a signal that
// arrives in the instant between a tool's start and its registration, when
// another thread takes it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYSIS_CHILDPROCESS_H
#define WARPLINT_ANALYSIS_CHILDPROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace warplint {

/// Runs \p Argv (Argv[0] is the program's path) with stdin from /dev/null and
/// stdout and stderr into \p Log, in a process group of its own that a signal
/// to warplint ends (above), and waits at most \p TimeoutSeconds (0: no
/// limit). Returns the exit code; -1 when the program could not start, -2
/// when it timed out or a signal ended it; \p Err says which.
int runChildProcess(llvm::ArrayRef<std::string> Argv, llvm::StringRef Log,
                    unsigned TimeoutSeconds, std::string &Err);

} // namespace warplint

#endif

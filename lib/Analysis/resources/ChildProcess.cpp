//===- ChildProcess.cpp - Tools run for an analysis, ended with it --------===//
#include "Analysis/resources/ChildProcess.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Program.h"
#include <optional>
#include <vector>

#ifdef LLVM_ON_UNIX
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <iterator>
#include <mutex>
#include <signal.h>
#include <spawn.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;
#endif

namespace warplint {

#ifdef LLVM_ON_UNIX
namespace {

/// Process groups of the tools running now (a group's id is its leader's
/// pid); 0 is a free slot. Lock-free, so the signal handler may read it.
constexpr unsigned MaxGroups = 256;
std::atomic<pid_t> Groups[MaxGroups];
static_assert(std::atomic<pid_t>::is_always_lock_free);

/// The signals that end warplint and must end its tools first.
constexpr int Ended[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction Previous[std::size(Ended)];

void onSignal(int Sig) {
  int Saved = errno;
  // The signal itself, then SIGTERM: a tool may ignore SIGINT (a command a
  // shell runs in the background does, POSIX 2.11) but is ended all the same.
  for (std::atomic<pid_t> &G : Groups)
    if (pid_t P = G.load(); P > 0) {
      kill(-P, Sig);
      if (Sig != SIGTERM)
        kill(-P, SIGTERM);
    }
  // Then what the signal would have done without this handler: the previous
  // handler (LLVM's removes its temporary files and re-raises) or the default
  // action. The signal is blocked while this handler runs: raised now, it is
  // delivered to that handler as soon as this one returns.
  for (unsigned I = 0; I < std::size(Ended); ++I)
    if (Ended[I] == Sig) {
      sigaction(Sig, &Previous[I], nullptr);
      break;
    }
  raise(Sig);
  errno = Saved;
}

void installHandlers() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    for (unsigned I = 0; I < std::size(Ended); ++I) {
      struct sigaction Old;
      if (sigaction(Ended[I], nullptr, &Old) != 0)
        continue;
      // An ignored signal (nohup) stays ignored, for warplint and its tools.
      if (!(Old.sa_flags & SA_SIGINFO) && Old.sa_handler == SIG_IGN)
        continue;
      Previous[I] = Old;
      struct sigaction New;
      std::memset(&New, 0, sizeof(New));
      New.sa_handler = onSignal;
      sigemptyset(&New.sa_mask);
      New.sa_flags = SA_RESTART;
      sigaction(Ended[I], &New, nullptr);
    }
  });
}

std::atomic<pid_t> *registerGroup(pid_t P) {
  for (std::atomic<pid_t> &G : Groups) {
    pid_t Free = 0;
    if (G.compare_exchange_strong(Free, P))
      return &G;
  }
  return nullptr; // More tools at once than slots: not ended by a signal.
}

} // namespace

int runChildProcess(llvm::ArrayRef<std::string> Argv, llvm::StringRef Log,
                    unsigned TimeoutSeconds, std::string &Err) {
  if (Argv.empty()) {
    Err = "no program";
    return -1;
  }
  installHandlers();
  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  std::string LogPath = Log.str();

  posix_spawn_file_actions_t Files;
  posix_spawn_file_actions_init(&Files);
  posix_spawn_file_actions_addopen(&Files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Files, 1, LogPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0666);
  posix_spawn_file_actions_adddup2(&Files, 1, 2);
  posix_spawnattr_t Attr;
  posix_spawnattr_init(&Attr);
  // A group of its own (pgid = its pid), nothing blocked.
  posix_spawnattr_setflags(&Attr, POSIX_SPAWN_SETPGROUP |
                                      POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&Attr, 0);
  sigset_t None;
  sigemptyset(&None);
  posix_spawnattr_setsigmask(&Attr, &None);

  // This thread does not take the signals between the start and the
  // registration (another thread still may: ChildProcess.h).
  sigset_t Block, Old;
  sigemptyset(&Block);
  for (int S : Ended)
    sigaddset(&Block, S);
  pthread_sigmask(SIG_BLOCK, &Block, &Old);
  pid_t Pid = 0;
  int E = posix_spawn(&Pid, Args.front(), &Files, &Attr, Args.data(), environ);
  std::atomic<pid_t> *Slot = E == 0 ? registerGroup(Pid) : nullptr;
  pthread_sigmask(SIG_SETMASK, &Old, nullptr);
  posix_spawn_file_actions_destroy(&Files);
  posix_spawnattr_destroy(&Attr);
  if (E != 0) {
    Err = std::strerror(E);
    return -1;
  }

  int Status = 0;
  bool TimedOut = false, WaitFailed = false;
  auto Deadline = std::chrono::steady_clock::now() +
                  std::chrono::seconds(TimeoutSeconds);
  auto Pause = std::chrono::milliseconds(1);
  for (;;) {
    pid_t R = waitpid(Pid, &Status, TimeoutSeconds ? WNOHANG : 0);
    if (R == Pid)
      break;
    if (R < 0 && errno != EINTR) {
      Err = std::strerror(errno);
      WaitFailed = true;
      break;
    }
    if (R == 0 && std::chrono::steady_clock::now() >= Deadline) {
      // The whole group: nvcc's cicc and ptxas too.
      kill(-Pid, SIGKILL);
      TimedOut = true;
      while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR)
        ;
      break;
    }
    if (R == 0) {
      std::this_thread::sleep_for(Pause);
      if (Pause < std::chrono::milliseconds(50))
        Pause *= 2;
    }
  }
  if (Slot)
    Slot->store(0);
  if (TimedOut) {
    Err = "timed out after " + std::to_string(TimeoutSeconds) + " s";
    return -2;
  }
  if (WaitFailed)
    return -1;
  if (WIFSIGNALED(Status)) {
    Err = std::string("ended by signal ") + std::to_string(WTERMSIG(Status));
    return -2;
  }
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
}

#else

int runChildProcess(llvm::ArrayRef<std::string> Argv, llvm::StringRef Log,
                    unsigned TimeoutSeconds, std::string &Err) {
  std::vector<llvm::StringRef> Refs(Argv.begin(), Argv.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, Log, Log};
  bool Failed = false;
  int RC = llvm::sys::ExecuteAndWait(Refs.front(), Refs, std::nullopt,
                                     Redirects, TimeoutSeconds, 0, &Err,
                                     &Failed);
  if (Failed)
    return -1;
  return RC < 0 ? -2 : RC;
}

#endif

} // namespace warplint

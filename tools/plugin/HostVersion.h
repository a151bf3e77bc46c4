//===- HostVersion.h - Is the host clang-tidy of the LLVM we were built with? -===//
//
// The plugin links the LLVM and clang shared libraries of the version it was
// built with, and takes clang-tidy's own classes (ClangTidyCheck, the module
// registry) from the clang-tidy that loads it. In a clang-tidy of another LLVM
// those classes have other layouts and the first check constructed crashes.
// These helpers decide, from version strings and the names of the libraries
// loaded in the process, whether the host is of another LLVM series, so the
// plugin can refuse with one message instead (Plugin.cpp). Standard C++ only:
// they run while two LLVMs may be loaded.
//
// LLVM keeps the ABI within a release series (22.1.0 ... 22.1.8) and names its
// shared libraries by it (libLLVM.so.22.1, libclang-cpp.so.22.1); older
// releases named them by major version only (libLLVM-14.so.1,
// libclang-cpp.so.14).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_PLUGIN_HOSTVERSION_H
#define WARPLINT_TOOLS_PLUGIN_HOSTVERSION_H

#include <cctype>
#include <string>

namespace warplint::plugin {

/// The series "MAJOR.MINOR" of the first version number in \p Text ("22.1.8",
/// "Debian LLVM version 14.0.6" -> "14.0"), "MAJOR" when only one number is
/// there, or "" when there is none.
inline std::string llvmSeries(const std::string &Text) {
  size_t I = 0;
  while (I < Text.size() && !std::isdigit((unsigned char)Text[I]))
    ++I;
  if (I == Text.size())
    return "";
  size_t J = I;
  while (J < Text.size() && std::isdigit((unsigned char)Text[J]))
    ++J;
  if (J + 1 < Text.size() && Text[J] == '.' &&
      std::isdigit((unsigned char)Text[J + 1])) {
    size_t K = J + 1;
    while (K < Text.size() && std::isdigit((unsigned char)Text[K]))
      ++K;
    return Text.substr(I, K - I);
  }
  return Text.substr(I, J - I);
}

/// The LLVM series a loaded library's path names when it is LLVM's or clang's
/// shared library: ".../libLLVM.so.22.1" -> "22.1", ".../libLLVM-14.so.1" ->
/// "14", ".../libclang-cpp.so.14" -> "14"; "" for any other library.
inline std::string seriesOfLibrary(const std::string &Path) {
  std::string Name = Path.substr(Path.find_last_of('/') + 1);
  for (const char *Prefix : {"libLLVM-", "libLLVM.so.", "libclang-cpp.so.",
                             "libclang-cpp-"}) {
    std::string P = Prefix;
    if (Name.compare(0, P.size(), P) != 0)
      continue;
    std::string Rest = Name.substr(P.size());
    if (Rest.empty() || !std::isdigit((unsigned char)Rest[0]))
      return "";
    // libLLVM-14.so.1: the number before ".so" is the major version (the
    // ".1" after it is the library's own revision).
    size_t So = Rest.find(".so");
    return llvmSeries(So == std::string::npos ? Rest : Rest.substr(0, So));
  }
  return "";
}

/// Whether two series are ABI-compatible: the same major version, and the
/// same minor version when both name one.
inline bool sameSeries(const std::string &A, const std::string &B) {
  auto Major = [](const std::string &S) { return S.substr(0, S.find('.')); };
  auto Minor = [](const std::string &S) {
    size_t Dot = S.find('.');
    return Dot == std::string::npos ? std::string() : S.substr(Dot + 1);
  };
  if (Major(A) != Major(B))
    return false;
  return Minor(A).empty() || Minor(B).empty() || Minor(A) == Minor(B);
}

/// The refusal printed when the plugin, built with LLVM \p Built, is loaded
/// into a clang-tidy whose LLVM is \p Host (seen in \p Where); "" when the two
/// are of one series or the host's version is unknown.
inline std::string hostMismatch(const std::string &Built,
                                const std::string &Host,
                                const std::string &Where) {
  std::string B = llvmSeries(Built), H = llvmSeries(Host);
  if (B.empty() || H.empty() || sameSeries(B, H))
    return "";
  std::string BMajor = B.substr(0, B.find('.'));
  std::string HMajor = H.substr(0, H.find('.'));
  return "warplint: error: this clang-tidy plugin (libwarplint.so) was built "
         "for LLVM " + B + " and cannot run in a clang-tidy of LLVM " + H +
         (Where.empty() ? std::string() : " (" + Where + ")") +
         ": run clang-tidy-" + BMajor +
         " (or warplint-clang-tidy, which runs it), or build warplint against "
         "LLVM " + HMajor + "\n";
}

} // namespace warplint::plugin

#endif

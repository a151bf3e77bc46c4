//===- ResultCodec.cpp - Findings as bytes, for the result cache ----------===//
//
// One description per struct, `io(X, S)`, serves both directions: X is a
// Writer or a Reader, and each io() names every field once. Numbers are
// LEB128 (signed ones zig-zagged), doubles their bit pattern, strings and
// vectors a count and their elements. A Reader that runs out of bytes or
// meets an impossible value fails, and decodeResults returns nullopt.
//
//===----------------------------------------------------------------------===//
#include "Findings/ResultCodec.h"

#include <climits>
#include <cstring>
#include <memory>

namespace warplint {
namespace codec {

/// Bumped whenever a field is added, removed or reordered below.
constexpr uint64_t FormatVersion = 1;

struct Writer {
  static constexpr bool Reading = false;
  std::string Out;
  void number(uint64_t V) {
    do {
      uint8_t B = V & 0x7f;
      V >>= 7;
      Out.push_back(char(B | (V ? 0x80 : 0)));
    } while (V);
  }
  void bytes(llvm::StringRef S) { Out.append(S.data(), S.size()); }
  /// Writers never fail.
  void fail() {}
  bool failed() const { return false; }
};

struct Reader {
  static constexpr bool Reading = true;
  llvm::StringRef In;
  bool Failed = false;
  uint64_t number() {
    uint64_t V = 0;
    for (unsigned Shift = 0;; Shift += 7) {
      if (In.empty() || Shift > 63) {
        Failed = true;
        return 0;
      }
      uint8_t B = In.front();
      In = In.drop_front();
      V |= uint64_t(B & 0x7f) << Shift;
      if (!(B & 0x80))
        return V;
    }
  }
  llvm::StringRef bytes(uint64_t N) {
    if (N > In.size()) {
      Failed = true;
      In = {};
      return {};
    }
    llvm::StringRef S = In.take_front(N);
    In = In.drop_front(N);
    return S;
  }
  void fail() { Failed = true; }
  bool failed() const { return Failed; }
};

// Every overload is declared before any is defined, so the templates below
// find the struct overloads and the structs find the templates.
template <class IO> void io(IO &X, uint64_t &V);
template <class IO> void io(IO &X, unsigned &V);
template <class IO> void io(IO &X, int64_t &V);
template <class IO> void io(IO &X, bool &V);
template <class IO> void io(IO &X, double &V);
template <class IO> void io(IO &X, std::string &V);
template <class IO> void io(IO &X, Priority &V);
template <class IO> void io(IO &X, Confidence &V);
template <class IO, class T> void io(IO &X, std::vector<T> &V);
template <class IO, class T> void io(IO &X, std::optional<T> &V);
template <class IO, class A, class B> void io(IO &X, std::pair<A, B> &V);
template <class IO> void io(IO &X, std::array<unsigned, 3> &V);
template <class IO>
void io(IO &X, std::shared_ptr<const FindingFacts> &V);
template <class IO> void io(IO &X, SourcePos &V);
template <class IO> void io(IO &X, FixIt &V);
template <class IO> void io(IO &X, FindingNote &V);
template <class IO> void io(IO &X, LaneFact &V);
template <class IO> void io(IO &X, WarpView &V);
template <class IO> void io(IO &X, AccessFacts::Iteration &V);
template <class IO> void io(IO &X, AccessFacts::Padding &V);
template <class IO> void io(IO &X, AccessFacts &V);
template <class IO> void io(IO &X, DivergenceFacts::Warp &V);
template <class IO> void io(IO &X, DivergenceFacts &V);
template <class IO> void io(IO &X, ResourceFacts::Bar &V);
template <class IO> void io(IO &X, ResourceFacts &V);
template <class IO> void io(IO &X, BlockShapeFact &V);
template <class IO> void io(IO &X, UnsafeFix &V);
template <class IO> void io(IO &X, FindingFacts &V);
template <class IO> void io(IO &X, Finding &V);
template <class IO> void io(IO &X, ToolError &V);
template <class IO> void io(IO &X, FunctionSpan &V);
template <class IO> void io(IO &X, FileAnalysis &V);
template <class IO> void io(IO &X, CachedResults &V);

template <class IO> void io(IO &X, uint64_t &V) {
  if constexpr (IO::Reading)
    V = X.number();
  else
    X.number(V);
}

template <class IO> void io(IO &X, unsigned &V) {
  uint64_t W = V;
  io(X, W);
  if (W > UINT_MAX)
    X.fail();
  V = unsigned(W);
}

template <class IO> void io(IO &X, int64_t &V) {
  // Zig-zag: small negative numbers stay short.
  uint64_t W = (uint64_t(V) << 1) ^ uint64_t(V >> 63);
  io(X, W);
  V = int64_t(W >> 1) ^ -int64_t(W & 1);
}

template <class IO> void io(IO &X, bool &V) {
  uint64_t W = V;
  io(X, W);
  if (W > 1)
    X.fail();
  V = W != 0;
}

template <class IO> void io(IO &X, double &V) {
  uint64_t W;
  std::memcpy(&W, &V, sizeof W);
  io(X, W);
  std::memcpy(&V, &W, sizeof V);
}

template <class IO> void io(IO &X, std::string &V) {
  uint64_t N = V.size();
  io(X, N);
  if constexpr (IO::Reading)
    V = X.bytes(N).str();
  else
    X.bytes(V);
}

template <class IO> void io(IO &X, Priority &V) {
  uint64_t W = uint64_t(V);
  io(X, W);
  if (W > uint64_t(Priority::High))
    X.fail();
  V = Priority(W);
}

template <class IO> void io(IO &X, Confidence &V) {
  uint64_t W = uint64_t(V);
  io(X, W);
  if (W > uint64_t(Confidence::Certain))
    X.fail();
  V = Confidence(W);
}

template <class IO, class T> void io(IO &X, std::vector<T> &V) {
  uint64_t N = V.size();
  io(X, N);
  if constexpr (IO::Reading) {
    // Every element takes at least one byte: a count beyond what is left is
    // corruption, not a reason to allocate.
    if (N > X.In.size()) {
      X.fail();
      return;
    }
    V.assign(N, T());
  }
  for (T &E : V) {
    io(X, E);
    if (X.failed())
      return;
  }
}

template <class IO, class T> void io(IO &X, std::optional<T> &V) {
  bool Has = V.has_value();
  io(X, Has);
  if constexpr (IO::Reading) {
    if (!Has || X.failed()) {
      V.reset();
      return;
    }
    V.emplace();
  }
  if (Has)
    io(X, *V);
}

template <class IO, class A, class B> void io(IO &X, std::pair<A, B> &V) {
  io(X, V.first);
  io(X, V.second);
}

template <class IO> void io(IO &X, std::array<unsigned, 3> &V) {
  for (unsigned &E : V)
    io(X, E);
}

template <class IO>
void io(IO &X, std::shared_ptr<const FindingFacts> &V) {
  bool Has = V != nullptr;
  io(X, Has);
  if (!Has) {
    if constexpr (IO::Reading)
      V.reset();
    return;
  }
  if constexpr (IO::Reading) {
    auto F = std::make_shared<FindingFacts>();
    io(X, *F);
    V = std::move(F);
  } else {
    // The writer only reads the facts.
    io(X, const_cast<FindingFacts &>(*V));
  }
}

template <class IO> void io(IO &X, SourcePos &V) {
  io(X, V.File);
  io(X, V.Line);
  io(X, V.Column);
  io(X, V.Offset);
}

template <class IO> void io(IO &X, FixIt &V) {
  io(X, V.File);
  io(X, V.Offset);
  io(X, V.Length);
  io(X, V.Replacement);
  io(X, V.Line);
  io(X, V.Column);
  io(X, V.EndLine);
  io(X, V.EndColumn);
}

template <class IO> void io(IO &X, FindingNote &V) {
  io(X, V.Pos);
  io(X, V.Message);
  io(X, V.Fixes);
}

template <class IO> void io(IO &X, LaneFact &V) {
  io(X, V.Lane);
  io(X, V.Active);
  io(X, V.Offset);
  io(X, V.Address);
  io(X, V.FirstSector);
  io(X, V.LastSector);
  io(X, V.FirstLine);
  io(X, V.LastLine);
  io(X, V.Phase);
  io(X, V.FirstBank);
  io(X, V.Words);
  io(X, V.FirstWord);
  io(X, V.Conflict);
  io(X, V.Merged);
}

template <class IO> void io(IO &X, WarpView &V) {
  io(X, V.Role);
  io(X, V.Label);
  io(X, V.Warp);
  io(X, V.Lanes);
  io(X, V.Sectors);
  io(X, V.IdealSectors);
  io(X, V.Lines);
  io(X, V.IdealLines);
  io(X, V.Transactions);
  io(X, V.IdealTransactions);
  io(X, V.UsefulBytes);
  io(X, V.FetchedBytes);
  io(X, V.Phases);
  io(X, V.Wavefronts);
  io(X, V.IdealWavefronts);
  io(X, V.Degree);
  io(X, V.BankWords);
}

template <class IO> void io(IO &X, AccessFacts::Iteration &V) {
  io(X, V.Label);
  io(X, V.PerRequest);
  io(X, V.IdealPerRequest);
  io(X, V.Degree);
}

template <class IO> void io(IO &X, AccessFacts::Padding &V) {
  io(X, V.Array);
  io(X, V.Elements);
  io(X, V.Before);
  io(X, V.After);
  io(X, V.View);
  io(X, V.PerRequest);
  io(X, V.IdealPerRequest);
  io(X, V.Degree);
}

template <class IO> void io(IO &X, AccessFacts &V) {
  io(X, V.Space);
  io(X, V.Access);
  io(X, V.Array);
  io(X, V.Index);
  io(X, V.WidthBytes);
  io(X, V.StrideBytes);
  io(X, V.Arch);
  io(X, V.SectorBytes);
  io(X, V.LineBytes);
  io(X, V.Banks);
  io(X, V.BankWidthBytes);
  io(X, V.Coalescing);
  io(X, V.PerRequest);
  io(X, V.IdealPerRequest);
  io(X, V.Requests);
  io(X, V.Degree);
  io(X, V.Views);
  io(X, V.Ideal);
  io(X, V.Iterations);
  io(X, V.AllIterations);
  io(X, V.Padded);
}

template <class IO> void io(IO &X, DivergenceFacts::Warp &V) {
  io(X, V.Index);
  io(X, V.Lanes);
  io(X, V.Taken);
}

template <class IO> void io(IO &X, DivergenceFacts &V) {
  io(X, V.Condition);
  io(X, V.Kind);
  io(X, V.Warps);
  io(X, V.DivergentWarps);
  io(X, V.PerWarp);
  io(X, V.Iteration);
  io(X, V.TripCounts);
}

template <class IO> void io(IO &X, ResourceFacts::Bar &V) {
  io(X, V.Resource);
  io(X, V.Unit);
  io(X, V.PerBlock);
  io(X, V.PerSM);
  io(X, V.Used);
  io(X, V.BlocksAllowed);
  io(X, V.Limiter);
}

template <class IO> void io(IO &X, ResourceFacts &V) {
  io(X, V.Arch);
  io(X, V.ThreadsPerBlock);
  io(X, V.RegistersPerThread);
  io(X, V.RegistersExact);
  io(X, V.Bars);
  io(X, V.Limiter);
  io(X, V.ActiveBlocks);
  io(X, V.ActiveWarps);
  io(X, V.MaxWarps);
  io(X, V.Occupancy);
  io(X, V.NextRegisters);
  io(X, V.NextOccupancy);
}

template <class IO> void io(IO &X, BlockShapeFact &V) {
  io(X, V.Dim);
  io(X, V.Origin);
  io(X, V.Where);
  io(X, V.Params);
}

template <class IO> void io(IO &X, UnsafeFix &V) {
  io(X, V.File);
  io(X, V.Offset);
  io(X, V.Length);
  io(X, V.Replacement);
  io(X, V.Description);
}

template <class IO> void io(IO &X, FindingFacts &V) {
  io(X, V.Function);
  io(X, V.Block);
  io(X, V.Assumptions);
  io(X, V.Access);
  io(X, V.Divergence);
  io(X, V.Resources);
  io(X, V.UnsafeFixes);
}

template <class IO> void io(IO &X, Finding &V) {
  io(X, V.CheckId);
  io(X, V.Prio);
  io(X, V.ModernSection);
  io(X, V.G23Section);
  io(X, V.Pos);
  io(X, V.EndPos);
  io(X, V.RangeBegin);
  io(X, V.Message);
  io(X, V.Notes);
  io(X, V.Fixes);
  io(X, V.Conf);
  io(X, V.AsError);
  io(X, V.IsCompilerError);
  // Measured: --confirm's, set after the run (ResultCodec.h).
  io(X, V.Facts);
}

template <class IO> void io(IO &X, ToolError &V) {
  io(X, V.File);
  io(X, V.Line);
  io(X, V.Column);
  io(X, V.Message);
  io(X, V.Partial);
}

template <class IO> void io(IO &X, FunctionSpan &V) {
  io(X, V.Name);
  io(X, V.Kernel);
  io(X, V.File);
  io(X, V.BeginLine);
  io(X, V.EndLine);
}

template <class IO> void io(IO &X, FileAnalysis &V) {
  io(X, V.File);
  io(X, V.Status);
  io(X, V.CompilerErrors);
  io(X, V.Kernels);
  io(X, V.KernelsAnalysed);
  io(X, V.DeviceFunctions);
  io(X, V.DeviceFunctionsAnalysed);
  io(X, V.NotAnalysed);
  io(X, V.MissingIncludes);
  io(X, V.TooComplex);
  io(X, V.Functions);
  io(X, V.Through);
}

template <class IO> void io(IO &X, CachedResults &V) {
  io(X, V.Findings);
  io(X, V.Errors);
  io(X, V.CompilerErrors);
  io(X, V.Analyses);
}

} // namespace codec

std::string encodeResults(const CachedResults &R) {
  codec::Writer W;
  uint64_t Version = codec::FormatVersion;
  codec::io(W, Version);
  // The writer only reads.
  codec::io(W, const_cast<CachedResults &>(R));
  return std::move(W.Out);
}

std::optional<CachedResults> decodeResults(llvm::StringRef Bytes) {
  codec::Reader R{Bytes};
  uint64_t Version = 0;
  codec::io(R, Version);
  if (R.failed() || Version != codec::FormatVersion)
    return std::nullopt;
  CachedResults Out;
  codec::io(R, Out);
  // Everything read, nothing left over.
  if (R.failed() || !R.In.empty())
    return std::nullopt;
  return Out;
}

} // namespace warplint

//===- HardwareModel.cpp - GPU hardware models ----------------------------===//
//
// The models are YAML (lib/Hardware/models/*.yaml), embedded at build time as
// BuiltinModels.inc. They are parsed with LLVM's YAML parser into a flat map of
// dotted paths ("shared_memory.per_sm") and then applied field by field, so a
// user file that names one field overrides exactly that field.
//
//===----------------------------------------------------------------------===//
#include "Hardware/HardwareModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <numeric>

namespace warplint {
namespace hw {

namespace {
struct EmbeddedModel {
  const char *Name;
  const char *Text;
};
#include "BuiltinModels.inc" // defines EmbeddedModels[]

/// One leaf of a YAML document: a scalar or a list of scalars.
struct Leaf {
  std::string Scalar;
  std::vector<std::string> List;
  bool IsList = false;
  unsigned Line = 0, Column = 0;
};

/// A YAML document flattened to dotted paths, in document order.
struct FlatDoc {
  std::vector<std::pair<std::string, Leaf>> Leaves;
  const Leaf *find(llvm::StringRef Path) const {
    for (const auto &[P, L] : Leaves)
      if (P == Path)
        return &L;
    return nullptr;
  }
};

llvm::Error makeErr(llvm::StringRef File, const Leaf *L, llvm::StringRef Path,
                    const llvm::Twine &Msg) {
  std::string Where = File.str();
  if (L && L->Line)
    Where += ":" + std::to_string(L->Line) + ":" + std::to_string(L->Column);
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 Where + ": " + Path + ": " + Msg);
}

/// Flattens a mapping node recursively. Depth is bounded by the schema (two
/// levels); deeper nesting is a schema error rather than a recursion risk.
llvm::Error flatten(llvm::yaml::Node *N, const std::string &Prefix,
                    llvm::SourceMgr &SM, llvm::StringRef File, FlatDoc &Out,
                    unsigned Depth) {
  auto Pos = [&](llvm::yaml::Node *X, Leaf &L) {
    // Only ask the SourceMgr about locations inside the document.
    const char *P = X->getSourceRange().Start.getPointer();
    const llvm::MemoryBuffer *Buf = SM.getMemoryBuffer(SM.getMainFileID());
    if (!P || P < Buf->getBufferStart() || P > Buf->getBufferEnd())
      return;
    auto LC = SM.getLineAndColumn(X->getSourceRange().Start);
    L.Line = LC.first;
    L.Column = LC.second;
  };
  auto *Map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(N);
  if (!Map) {
    Leaf L;
    if (N)
      Pos(N, L);
    return makeErr(File, &L, Prefix.empty() ? "<document>" : Prefix,
                   "expected a mapping");
  }
  if (Depth > 2)
    return makeErr(File, nullptr, Prefix, "nested too deeply");
  for (llvm::yaml::KeyValueNode &KV : *Map) {
    auto *K = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(KV.getKey());
    if (!K)
      return makeErr(File, nullptr, Prefix, "keys must be scalars");
    llvm::SmallString<32> KS;
    std::string Path =
        (Prefix.empty() ? "" : Prefix + ".") + K->getValue(KS).str();
    llvm::yaml::Node *V = KV.getValue();
    Leaf L;
    if (V)
      Pos(V, L);
    if (auto *S = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(V)) {
      llvm::SmallString<32> VS;
      L.Scalar = S->getValue(VS).str();
    } else if (auto *Seq =
                   llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(V)) {
      L.IsList = true;
      for (llvm::yaml::Node &E : *Seq) {
        auto *ES = llvm::dyn_cast<llvm::yaml::ScalarNode>(&E);
        if (!ES)
          return makeErr(File, &L, Path, "expected a list of scalars");
        llvm::SmallString<32> VS;
        L.List.push_back(ES->getValue(VS).str());
      }
    } else if (llvm::isa_and_nonnull<llvm::yaml::MappingNode>(V)) {
      if (llvm::Error E = flatten(V, Path, SM, File, Out, Depth + 1))
        return E;
      continue;
    } else {
      return makeErr(File, &L, Path, "expected a value");
    }
    Out.Leaves.emplace_back(Path, std::move(L));
  }
  return llvm::Error::success();
}

llvm::Expected<FlatDoc> parseFlat(llvm::StringRef YAML, llvm::StringRef File) {
  // YAML allows no NUL characters; LLVM's scanner would stop at one and
  // report positions outside the text.
  if (YAML.contains('\0'))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   File + ": contains a NUL character");
  llvm::SourceMgr SM;
  std::string Diag;
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Ctx) {
        auto *S = static_cast<std::string *>(Ctx);
        if (S->empty())
          *S = std::to_string(D.getLineNo()) + ":" +
               std::to_string(D.getColumnNo() + 1) + ": " +
               D.getMessage().str();
      },
      &Diag);
  llvm::yaml::Stream Stream(YAML, SM);
  FlatDoc Doc;
  auto It = Stream.begin();
  if (It == Stream.end())
    return Doc;
  llvm::yaml::Node *Root = It->getRoot();
  if (!Diag.empty() || Stream.failed())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   File + ":" + Diag);
  if (llvm::isa_and_nonnull<llvm::yaml::NullNode>(Root))
    return Doc;
  if (llvm::Error E = flatten(Root, "", SM, File, Doc, 0))
    return E;
  if (!Diag.empty() || Stream.failed())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   File + ":" + Diag);
  return Doc;
}

/// The table of fields: YAML path -> how to store its value.
using Setter = std::function<llvm::Error(
    HardwareModel &, const Leaf &, llvm::StringRef File, llvm::StringRef Path)>;

llvm::Error needScalar(const Leaf &L, llvm::StringRef File,
                       llvm::StringRef Path) {
  if (L.IsList)
    return makeErr(File, &L, Path, "expected a scalar, got a list");
  return llvm::Error::success();
}

template <typename T> Setter unsignedField(T HardwareModel::*F) {
  return [F](HardwareModel &M, const Leaf &L, llvm::StringRef File,
             llvm::StringRef Path) -> llvm::Error {
    if (llvm::Error E = needScalar(L, File, Path))
      return E;
    uint64_t V;
    if (llvm::StringRef(L.Scalar).getAsInteger(10, V))
      return makeErr(File, &L, Path,
                     "expected an unsigned integer, got '" + L.Scalar + "'");
    M.*F = static_cast<T>(V);
    return llvm::Error::success();
  };
}

Setter boolField(bool HardwareModel::*F) {
  return [F](HardwareModel &M, const Leaf &L, llvm::StringRef File,
             llvm::StringRef Path) -> llvm::Error {
    if (llvm::Error E = needScalar(L, File, Path))
      return E;
    if (L.Scalar == "true")
      M.*F = true;
    else if (L.Scalar == "false")
      M.*F = false;
    else
      return makeErr(File, &L, Path,
                     "expected true or false, got '" + L.Scalar + "'");
    return llvm::Error::success();
  };
}

Setter listField(std::vector<unsigned> HardwareModel::*F) {
  return [F](HardwareModel &M, const Leaf &L, llvm::StringRef File,
             llvm::StringRef Path) -> llvm::Error {
    if (!L.IsList)
      return makeErr(File, &L, Path, "expected a list of unsigned integers");
    std::vector<unsigned> V;
    for (const std::string &S : L.List) {
      unsigned X;
      if (llvm::StringRef(S).getAsInteger(10, X))
        return makeErr(File, &L, Path,
                       "expected a list of unsigned integers, got '" + S + "'");
      V.push_back(X);
    }
    M.*F = std::move(V);
    return llvm::Error::success();
  };
}

template <typename E>
Setter enumField(E HardwareModel::*F,
                 std::vector<std::pair<const char *, E>> Names) {
  return [F, Names](HardwareModel &M, const Leaf &L, llvm::StringRef File,
                    llvm::StringRef Path) -> llvm::Error {
    if (llvm::Error Err = needScalar(L, File, Path))
      return Err;
    std::string Allowed;
    for (const auto &[N, V] : Names) {
      if (L.Scalar == N) {
        M.*F = V;
        return llvm::Error::success();
      }
      Allowed += (Allowed.empty() ? "" : ", ") + std::string(N);
    }
    return makeErr(File, &L, Path,
                   "expected one of " + Allowed + ", got '" + L.Scalar + "'");
  };
}

const std::map<std::string, Setter> &fieldTable() {
  static const std::map<std::string, Setter> Table = {
      {"warp_size", unsignedField(&HardwareModel::WarpSize)},
      {"family",
       [](HardwareModel &M, const Leaf &L, llvm::StringRef File,
          llvm::StringRef Path) -> llvm::Error {
         if (llvm::Error E = needScalar(L, File, Path))
           return E;
         M.Family = L.Scalar;
         return llvm::Error::success();
       }},
      {"multiprocessors.count",
       unsignedField(&HardwareModel::Multiprocessors)},
      {"multiprocessors.product",
       [](HardwareModel &M, const Leaf &L, llvm::StringRef File,
          llvm::StringRef Path) -> llvm::Error {
         if (llvm::Error E = needScalar(L, File, Path))
           return E;
         M.MultiprocessorsProduct = L.Scalar;
         return llvm::Error::success();
       }},
      {"threads.max_per_block",
       unsignedField(&HardwareModel::MaxThreadsPerBlock)},
      {"threads.max_per_sm", unsignedField(&HardwareModel::MaxThreadsPerSM)},
      {"threads.max_warps_per_sm",
       unsignedField(&HardwareModel::MaxWarpsPerSM)},
      {"threads.max_blocks_per_sm",
       unsignedField(&HardwareModel::MaxBlocksPerSM)},
      {"registers.per_sm", unsignedField(&HardwareModel::RegistersPerSM)},
      {"registers.per_block", unsignedField(&HardwareModel::RegistersPerBlock)},
      {"registers.max_per_thread",
       unsignedField(&HardwareModel::MaxRegistersPerThread)},
      {"registers.allocation_unit",
       unsignedField(&HardwareModel::RegisterAllocUnit)},
      {"registers.allocation_unit_128_for",
       listField(&HardwareModel::RegisterAllocUnit128For)},
      {"registers.allocation_granularity",
       enumField(&HardwareModel::RegisterAllocGranularity,
                 {{"block", RegisterGranularity::Block},
                  {"warp", RegisterGranularity::Warp}})},
      {"registers.warp_allocation_granularity",
       unsignedField(&HardwareModel::WarpAllocGranularity)},
      {"registers.sub_partitions",
       unsignedField(&HardwareModel::SubPartitions)},
      {"shared_memory.per_sm", unsignedField(&HardwareModel::SharedMemPerSM)},
      {"shared_memory.per_block",
       unsignedField(&HardwareModel::SharedMemPerBlock)},
      {"shared_memory.per_block_optin",
       unsignedField(&HardwareModel::SharedMemPerBlockOptin)},
      {"shared_memory.reserved_per_block",
       unsignedField(&HardwareModel::ReservedSharedMemPerBlock)},
      {"shared_memory.allocation_unit",
       unsignedField(&HardwareModel::SharedMemAllocUnit)},
      {"shared_memory.carveouts_kb",
       listField(&HardwareModel::SharedMemCarveoutsKB)},
      {"shared_memory.banks", unsignedField(&HardwareModel::SharedBanks)},
      {"shared_memory.bank_width_bytes",
       unsignedField(&HardwareModel::SharedBankWidthBytes)},
      {"shared_memory.bank_width_8_byte_mode",
       boolField(&HardwareModel::SharedBank8ByteMode)},
      {"shared_memory.conflict_scope",
       enumField(&HardwareModel::SharedConflictScope,
                 {{"half-warp", ConflictScope::HalfWarp},
                  {"warp", ConflictScope::Warp}})},
      {"shared_memory.load_pairs_merge",
       boolField(&HardwareModel::SharedLoadPairsMerge)},
      {"constant_memory.scope",
       enumField(&HardwareModel::ConstantScope,
                 {{"half-warp", ConflictScope::HalfWarp},
                  {"warp", ConflictScope::Warp}})},
      {"global_memory.coalescing",
       enumField(&HardwareModel::Coalescing,
                 {{"half-warp-strict", CoalescingRule::HalfWarpStrict},
                  {"half-warp-segments", CoalescingRule::HalfWarpSegments},
                  {"lines", CoalescingRule::Lines},
                  {"sectors", CoalescingRule::Sectors}})},
      {"global_memory.sector_bytes",
       unsignedField(&HardwareModel::SectorBytes)},
      {"global_memory.line_bytes", unsignedField(&HardwareModel::LineBytes)},
      {"global_memory.l1_caching",
       enumField(&HardwareModel::GlobalL1Caching,
                 {{"none", L1Caching::None},
                  {"opt-in", L1Caching::OptIn},
                  {"default", L1Caching::Default}})},
      {"throughput.fp32_per_clock_per_sm",
       unsignedField(&HardwareModel::FP32PerClockPerSM)},
      {"throughput.fp64_per_clock_per_sm",
       unsignedField(&HardwareModel::FP64PerClockPerSM)},
  };
  return Table;
}

/// Applies a flattened document to \p M. Name-level keys are handled here.
llvm::Error apply(HardwareModel &M, const FlatDoc &Doc, llvm::StringRef File) {
  const auto &Table = fieldTable();
  for (const auto &[Path, L] : Doc.Leaves) {
    if (Path == "inherits")
      continue;
    if (Path == "name") {
      std::string N = canonicalArchName(L.Scalar);
      if (L.IsList || N.empty())
        return makeErr(File, &L, Path,
                       "expected an architecture name like sm_90, got '" +
                           L.Scalar + "'");
      M.Name = N;
      continue;
    }
    if (Path == "compute_capability") {
      auto [Maj, Min] = llvm::StringRef(L.Scalar).split('.');
      if (L.IsList || Maj.getAsInteger(10, M.CCMajor) ||
          Min.getAsInteger(10, M.CCMinor))
        return makeErr(File, &L, Path,
                       "expected \"<major>.<minor>\", got '" + L.Scalar + "'");
      continue;
    }
    auto It = Table.find(Path);
    if (It == Table.end())
      return makeErr(File, &L, Path, "unknown key");
    if (llvm::Error E = It->second(M, L, File, Path))
      return E;
  }
  return llvm::Error::success();
}

std::vector<HardwareModel> &modelStorage() {
  static std::vector<HardwareModel> Models;
  return Models;
}

/// parseModel; \p Parsed, when given, holds built-in models already parsed,
/// which `inherits` takes instead of parsing the parent again.
llvm::Expected<HardwareModel>
parseModelWith(llvm::StringRef YAML, llvm::StringRef FileName,
               const HardwareModel *Base,
               const llvm::StringMap<HardwareModel> *Parsed);

/// Parses every embedded model once, resolving `inherits` in file order (a
/// model may only inherit from one that precedes it in compute capability).
void loadBuiltins() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    std::vector<HardwareModel> &Models = modelStorage();
    // Each model once: a child takes its parsed parent instead of parsing the
    // parent's chain again (30 models with chains of up to ~12 links: 1.3% of
    // a small file's run, docs/evaluation.md "Speed, session 9").
    llvm::StringMap<HardwareModel> Parsed;
    for (const EmbeddedModel &E : EmbeddedModels) {
      llvm::Expected<HardwareModel> M = parseModelWith(
          E.Text, std::string(E.Name) + ".yaml", nullptr, &Parsed);
      if (!M) {
        // A broken built-in model is a build defect; the unit tests load every
        // model and fail loudly. Here, skip it rather than abort a user's run.
        llvm::consumeError(M.takeError());
        continue;
      }
      Parsed[E.Name] = *M;
      Models.push_back(std::move(*M));
    }
    llvm::sort(Models, [](const HardwareModel &A, const HardwareModel &B) {
      return A.computeCapability() < B.computeCapability();
    });
  });
}

const HardwareModel *findLoaded(llvm::StringRef Name) {
  for (const HardwareModel &M : modelStorage())
    if (M.Name == Name)
      return &M;
  return nullptr;
}
} // namespace

std::string HardwareModel::fp64RatioText() const {
  if (!FP64PerClockPerSM || !FP32PerClockPerSM)
    return "none";
  unsigned G = std::gcd(FP64PerClockPerSM, FP32PerClockPerSM);
  return std::to_string(FP64PerClockPerSM / G) + "/" +
         std::to_string(FP32PerClockPerSM / G);
}

unsigned HardwareModel::registerAllocUnitFor(unsigned Regs) const {
  if (llvm::is_contained(RegisterAllocUnit128For, Regs))
    return 128;
  return RegisterAllocUnit;
}

llvm::StringRef builtinModelYAML(llvm::StringRef Name) {
  for (const EmbeddedModel &E : EmbeddedModels)
    if (Name == E.Name)
      return E.Text;
  return "";
}

llvm::Expected<HardwareModel> parseModel(llvm::StringRef YAML,
                                         llvm::StringRef FileName,
                                         const HardwareModel *Base) {
  return parseModelWith(YAML, FileName, Base, nullptr);
}

namespace {
llvm::Expected<HardwareModel>
parseModelWith(llvm::StringRef YAML, llvm::StringRef FileName,
               const HardwareModel *Base,
               const llvm::StringMap<HardwareModel> *Parsed) {
  llvm::Expected<FlatDoc> Doc = parseFlat(YAML, FileName);
  if (!Doc)
    return Doc.takeError();
  HardwareModel M;
  if (Base)
    M = *Base;
  if (const Leaf *Inh = Doc->find("inherits")) {
    std::string Parent = canonicalArchName(Inh->Scalar);
    llvm::StringRef Text = builtinModelYAML(Parent);
    if (Inh->IsList || Text.empty())
      return makeErr(FileName, Inh, "inherits",
                     "unknown architecture '" + Inh->Scalar +
                         "' (known: " + knownArchList() + ")");
    if (Parent ==
        canonicalArchName(Doc->find("name") ? Doc->find("name")->Scalar : ""))
      return makeErr(FileName, Inh, "inherits",
                     "a model cannot inherit itself");
    // Built-in chains are short (at most ~12 links) and acyclic because each
    // parent precedes its child in compute capability.
    const HardwareModel *Known = nullptr;
    if (Parsed) {
      auto It = Parsed->find(Parent);
      if (It != Parsed->end())
        Known = &It->second;
    }
    llvm::Expected<HardwareModel> P =
        Known ? llvm::Expected<HardwareModel>(*Known)
              : parseModelWith(Text, Parent + ".yaml", nullptr, Parsed);
    if (!P)
      return P.takeError();
    M = std::move(*P);
    // A multiprocessor count belongs to a product of one architecture: a
    // child architecture's parts have their own.
    M.Multiprocessors = 0;
    M.MultiprocessorsProduct.clear();
  }
  if (llvm::Error E = apply(M, *Doc, FileName))
    return E;
  return M;
}
} // namespace

llvm::Expected<HardwareModel> loadModelOverride(const HardwareModel &Base,
                                                llvm::StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(Buf.getError(),
                                   Path + ": " + Buf.getError().message());
  llvm::Expected<HardwareModel> M =
      parseModel((*Buf)->getBuffer(), Path, &Base);
  if (!M)
    return M.takeError();
  if (llvm::Error E = validateModel(*M))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Path + ": " + llvm::toString(std::move(E)));
  return M;
}

llvm::Error validateModel(const HardwareModel &M) {
  auto Err = [&](const llvm::Twine &Path, const llvm::Twine &Msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   Path + ": " + Msg + " (model " + M.Name +
                                       ")");
  };
  if (M.Name.empty())
    return Err("name", "missing");
  if (M.WarpSize == 0)
    return Err("warp_size", "must be positive");
  if (M.MaxWarpsPerSM * M.WarpSize != M.MaxThreadsPerSM)
    return Err("threads.max_warps_per_sm",
               "must equal threads.max_per_sm / warp_size");
  if (M.MaxThreadsPerBlock == 0 || M.MaxThreadsPerBlock > M.MaxThreadsPerSM)
    return Err("threads.max_per_block", "must be in 1..threads.max_per_sm");
  if (M.MaxBlocksPerSM == 0)
    return Err("threads.max_blocks_per_sm", "must be positive");
  if (M.RegistersPerBlock == 0 || M.RegistersPerBlock > M.RegistersPerSM)
    return Err("registers.per_block", "must be in 1..registers.per_sm");
  if (M.RegisterAllocUnit == 0)
    return Err("registers.allocation_unit", "must be positive");
  if (M.SubPartitions == 0 || M.WarpAllocGranularity == 0)
    return Err("registers.sub_partitions", "must be positive");
  if (M.SharedMemPerBlock > M.SharedMemPerBlockOptin)
    return Err("shared_memory.per_block_optin",
               "must be at least shared_memory.per_block");
  if (M.SharedMemPerBlockOptin > M.SharedMemPerSM)
    return Err("shared_memory.per_block_optin",
               "must not exceed shared_memory.per_sm");
  if (M.SharedMemAllocUnit == 0)
    return Err("shared_memory.allocation_unit", "must be positive");
  if (M.SharedBanks == 0 || M.SharedBankWidthBytes == 0)
    return Err("shared_memory.banks", "must be positive");
  if (M.SectorBytes == 0 || M.LineBytes % M.SectorBytes)
    return Err("global_memory.line_bytes",
               "must be a multiple of global_memory.sector_bytes");
  if (!M.SharedMemCarveoutsKB.empty() &&
      uint64_t(M.SharedMemCarveoutsKB.back()) * 1024 != M.SharedMemPerSM)
    return Err("shared_memory.carveouts_kb",
               "largest carveout must equal shared_memory.per_sm");
  if (!std::is_sorted(M.SharedMemCarveoutsKB.begin(),
                      M.SharedMemCarveoutsKB.end()))
    return Err("shared_memory.carveouts_kb", "must be ascending");
  return llvm::Error::success();
}

llvm::ArrayRef<HardwareModel> builtinModels() {
  loadBuiltins();
  return modelStorage();
}

std::string canonicalArchName(llvm::StringRef S) {
  S = S.trim();
  // Architecture-specific suffixes ("sm_90a", "sm_100f") share the base model.
  if (S.consume_front("sm_") || S.consume_front("compute_") ||
      S.consume_front("sm") || S.consume_front("compute")) {
  }
  if (S.ends_with("a") || S.ends_with("f"))
    S = S.drop_back();
  unsigned Major = 0, Minor = 0;
  if (S.contains('.')) {
    auto [L, R] = S.split('.');
    if (L.getAsInteger(10, Major) || R.getAsInteger(10, Minor) || Minor > 9)
      return "";
    return "sm_" + std::to_string(Major * 10 + Minor);
  }
  unsigned N = 0;
  if (S.empty() || S.getAsInteger(10, N) || N < 10)
    return "";
  return "sm_" + std::to_string(N);
}

const HardwareModel *findBuiltinModel(llvm::StringRef Spelling) {
  loadBuiltins();
  return findLoaded(canonicalArchName(Spelling));
}

std::string knownArchList() {
  std::string Out;
  for (const EmbeddedModel &E : EmbeddedModels) {
    if (!Out.empty())
      Out += ", ";
    Out += E.Name;
  }
  return Out;
}

} // namespace hw
} // namespace warplint

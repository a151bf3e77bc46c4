//===- IncludeFragments.cpp - Files analysed through an includer ----------===//
#include "tools/warplint/IncludeFragments.h"

#include "Analysis/resources/CompileCache.h"
#include "llvm/Support/xxhash.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

namespace warplint {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// Bounds of one tree scan: a source tree of tens of thousands of files is
/// scanned whole; a home directory given by mistake is not read forever.
static constexpr unsigned MaxEntries = 200000;
static constexpr unsigned MaxFilesRead = 30000;
static constexpr uint64_t MaxFileBytes = 1 << 20;
/// Headers between a fragment and its translation unit (myocyte's kernel_ecc.cu
/// is two: work.cu, then main.cu).
static constexpr unsigned MaxHops = 8;
/// A kept tree index (TreeIndex::store): its first line, and its file name's
/// end in the result cache's directory (eviction leaves it alone).
static constexpr llvm::StringLiteral IndexMagic = "warplint-tree-index 1\n";
static constexpr llvm::StringLiteral IndexSuffix = ".wli";

static std::string normalised(llvm::StringRef P, llvm::StringRef Base = "") {
  llvm::SmallString<256> S;
  if (!Base.empty() && !path::is_absolute(P))
    S = Base;
  path::append(S, P);
  fs::make_absolute(S);
  path::remove_dots(S, true);
  return std::string(S);
}

static bool isUnder(llvm::StringRef File, llvm::StringRef Dir) {
  if (Dir.empty() || !File.starts_with(Dir))
    return false;
  return File.size() == Dir.size() || Dir.ends_with("/") ||
         File[Dir.size()] == '/';
}

std::string gitTopLevel(llvm::StringRef Path) {
  llvm::SmallString<256> Dir(normalised(Path));
  if (!fs::is_directory(Dir))
    path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Git(Dir);
    path::append(Git, ".git");
    if (fs::exists(Git))
      return std::string(Dir);
    llvm::StringRef Parent = path::parent_path(Dir);
    if (Parent == Dir || Parent.empty())
      break;
    Dir = Parent;
  }
  return "";
}

/// Files whose #include lines are read: sources and headers of C, C++ and
/// CUDA.
static bool isSourceOrHeader(llvm::StringRef Name) {
  llvm::StringRef Ext = path::extension(Name);
  return llvm::is_contained({".cu", ".cuh", ".h", ".hh", ".hpp", ".hxx",
                             ".inl", ".inc", ".ipp", ".tcc", ".cpp", ".cc",
                             ".cxx", ".c", ".C"},
                            Ext);
}

/// Files that can be a translation unit, best first: a CUDA source, then the
/// other sources (a .cpp the database compiles with nvcc or -x cuda).
static unsigned sourceRank(llvm::StringRef Name) {
  llvm::StringRef Ext = path::extension(Name);
  if (Ext == ".cu")
    return 0;
  if (llvm::is_contained({".cpp", ".cc", ".cxx", ".c", ".C"}, Ext))
    return 1;
  return 2; // A header: never a translation unit by itself.
}

namespace {

/// One #include directive.
struct Directive {
  std::string Spelled;
  bool Angled = false;
};

/// The #include directives of \p Text, outside comments and `#if 0` blocks
/// (a textual scan: the includes a preprocessor would skip for other
/// conditions still count, which only widens the search).
std::vector<Directive> scanIncludes(llvm::StringRef Text) {
  std::vector<Directive> Out;
  bool InComment = false;
  unsigned IfZero = 0; // Nesting depth inside an `#if 0`.
  // The lines of Text (split at '\n') in order. Most lines of a source
  // neither start a directive nor open a comment: they change nothing (the
  // scan reads every source of the tree: 9.6 MB on cuda-samples, 4% of a
  // small file's run when it split the text into lines and looked at each,
  // docs/evaluation.md "Speed, session 9"). Outside a comment, the next line
  // that can matter holds a '#' or a '/': jump to it. Inside a block comment,
  // a line without the comment's end changes nothing: jump to the line that
  // closes it (license headers are most of a source's comment lines).
  size_t Pos = 0;
  // The next '#' and '/' at or after Pos (npos: none left), each searched for
  // again (memchr) only once Pos has passed it: find_first_of("#/") looked
  // at every byte through a table, 1.6% of template.cu's run ("Speed,
  // session 10").
  size_t NextHash = Text.find('#'), NextSlash = Text.find('/');
  auto Next = [&](size_t &At, char C) {
    if (At != llvm::StringRef::npos && At < Pos)
      At = Text.find(C, Pos);
    return At;
  };
  while (Pos <= Text.size()) {
    size_t Hit = InComment
                     ? Text.find("*/", Pos)
                     : std::min(Next(NextHash, '#'), Next(NextSlash, '/'));
    if (Hit == llvm::StringRef::npos)
      break;
    size_t NL = Text.substr(Pos, Hit - Pos).rfind('\n');
    if (NL != llvm::StringRef::npos)
      Pos += NL + 1;
    size_t LineEnd = Text.find('\n', Pos);
    if (LineEnd == llvm::StringRef::npos)
      LineEnd = Text.size();
    llvm::StringRef Line = Text.slice(Pos, LineEnd);
    Pos = LineEnd + 1;
    if (!InComment && !Line.contains("/*") &&
        !Line.ltrim().starts_with("#"))
      continue;
    // Strip block comments (a directive after one closes on its line counts).
    std::string Clean;
    for (size_t I = 0; I < Line.size(); ++I) {
      if (InComment) {
        if (Line[I] == '*' && I + 1 < Line.size() && Line[I + 1] == '/') {
          InComment = false;
          ++I;
        }
        continue;
      }
      if (Line[I] == '/' && I + 1 < Line.size() && Line[I + 1] == '*') {
        InComment = true;
        ++I;
        continue;
      }
      if (Line[I] == '/' && I + 1 < Line.size() && Line[I + 1] == '/')
        break;
      Clean += Line[I];
    }
    llvm::StringRef L = llvm::StringRef(Clean).trim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (L.starts_with("if") || L.starts_with("ifdef") ||
        L.starts_with("ifndef")) {
      if (IfZero)
        ++IfZero;
      else if (L.consume_front("if") && L.trim() == "0")
        IfZero = 1;
      continue;
    }
    if (IfZero) {
      if (L.starts_with("endif"))
        --IfZero;
      else if (IfZero == 1 && (L.starts_with("else") || L.starts_with("elif")))
        IfZero = 0;
      continue;
    }
    if (!L.consume_front("include"))
      continue;
    L = L.ltrim();
    if (L.empty())
      continue;
    char Close = L.front() == '<' ? '>' : L.front() == '"' ? '"' : 0;
    if (!Close)
      continue; // #include MACRO: not resolvable without the preprocessor.
    size_t End = L.find(Close, 1);
    if (End == llvm::StringRef::npos || End == 1)
      continue;
    Out.push_back(Directive{L.substr(1, End - 1).str(), Close == '>'});
  }
  return Out;
}

/// The -I, -iquote, -isystem and -idirafter directories of \p C, absolute.
std::vector<std::string>
includeDirs(const clang::tooling::CompileCommand &C) {
  std::vector<std::string> Dirs;
  const std::vector<std::string> &A = C.CommandLine;
  for (size_t I = 0; I < A.size(); ++I) {
    llvm::StringRef Arg = A[I];
    for (llvm::StringRef Flag :
         {"-I", "-iquote", "-isystem", "-idirafter", "--include-directory="}) {
      if (!Arg.starts_with(Flag))
        continue;
      llvm::StringRef Value = Arg.drop_front(Flag.size());
      if (Value.empty() && I + 1 < A.size() && !Flag.ends_with("="))
        Value = A[++I];
      if (!Value.empty())
        Dirs.push_back(normalised(Value, C.Directory));
      break;
    }
  }
  return Dirs;
}

/// The include graph of one source tree, read once per run and shared by
/// every input below it; kept between runs in the result cache's directory
/// (FragmentSearch::IndexDirectory), where each file's #includes are stored
/// with the size and modification time they were read at. A later run still
/// lists the tree (a stat per file, no read) and re-reads only the files whose
/// size or time changed: the 30,000-header repository of issue 36 costs a
/// listing instead of reading every header again. A file rewritten twice
/// within one tick of the file system's clock with the same size keeps its
/// old #includes until it changes again (git's "racy clean" case): the
/// index only chooses includers, it never stands in for a file's content in
/// the parse.
struct TreeIndex {
  /// Every #include of every file read, by the included name's last
  /// component: (includer, directive).
  llvm::StringMap<std::vector<std::pair<std::string, Directive>>> ByName;
  /// Files read.
  llvm::StringSet<> Read;

  /// One file's #includes, as of its size and modification time.
  struct Entry {
    uint64_t Size = 0;
    int64_t MTime = 0;
    std::vector<Directive> Includes;
  };
  /// This run's entries (written back), and the kept index's.
  std::map<std::string, Entry> Now, Kept;
  unsigned FilesRead = 0, FilesReused = 0;

  void add(const std::string &File) {
    if (!Read.insert(File).second)
      return;
    Entry E;
    fs::file_status St;
    bool Known = !fs::status(File, St);
    if (Known) {
      E.Size = St.getSize();
      E.MTime = St.getLastModificationTime().time_since_epoch().count();
    }
    auto K = Kept.find(File);
    if (Known && K != Kept.end() && K->second.Size == E.Size &&
        K->second.MTime == E.MTime) {
      E.Includes = K->second.Includes;
      ++FilesReused;
    } else {
      E.Includes = readIncludes(File);
      ++FilesRead;
    }
    for (const Directive &D : E.Includes) {
      std::string Name = path::filename(D.Spelled).str();
      ByName[Name].emplace_back(File, D);
    }
    if (Known)
      Now[File] = std::move(E);
  }

  static std::vector<Directive> readIncludes(const std::string &File) {
    auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf)
      return {};
    llvm::StringRef Text = (*Buf)->getBuffer();
    if (Text.size() > MaxFileBytes)
      Text = Text.take_front(MaxFileBytes);
    if (!Text.contains("include"))
      return {};
    return scanIncludes(Text);
  }

  /// Reads every source and header below \p Root (hidden directories and
  /// build trees skipped, unless they hold one of \p Keep).
  void scan(llvm::StringRef Root, const std::vector<std::string> &Keep) {
    std::error_code EC;
    unsigned Entries = 0, Files = 0;
    for (fs::recursive_directory_iterator It(Root, EC), End;
         It != End && !EC; It.increment(EC)) {
      if (++Entries > MaxEntries || Files > MaxFilesRead)
        break;
      llvm::StringRef P = It->path();
      llvm::StringRef Name = path::filename(P);
      if (It->type() == fs::file_type::directory_file) {
        bool Skip = Name.starts_with(".") || Name == "build" ||
                    Name.starts_with("cmake-build") || Name == "node_modules";
        if (Skip && llvm::none_of(Keep, [&](const std::string &K) {
              return isUnder(K, P);
            }))
          It.no_push();
        continue;
      }
      if (!isSourceOrHeader(Name))
        continue;
      ++Files;
      add(normalised(P));
    }
  }

  /// The index file of \p Root in \p Dir.
  static std::string indexPath(llvm::StringRef Dir, llvm::StringRef Root) {
    llvm::SmallString<256> P(Dir);
    path::append(P, "tree-" + llvm::utohexstr(llvm::xxh3_64bits(Root)) +
                        IndexSuffix);
    return std::string(P);
  }

  /// Loads the kept index of \p Root, if any (a damaged one is ignored: every
  /// file is read).
  void load(llvm::StringRef Dir, llvm::StringRef Root) {
    auto Buf = llvm::MemoryBuffer::getFile(indexPath(Dir, Root), false, false);
    if (!Buf)
      return;
    llvm::StringRef In = (*Buf)->getBuffer();
    if (!In.consume_front(IndexMagic))
      return;
    llvm::SmallVector<llvm::StringRef, 0> Lines;
    In.split(Lines, '\n', -1, /*KeepEmpty=*/false);
    if (Lines.empty() || Lines.front() != ("R\t" + Root).str())
      return;
    std::map<std::string, Entry> Out;
    Entry *Cur = nullptr;
    for (llvm::StringRef L : llvm::ArrayRef(Lines).drop_front()) {
      llvm::SmallVector<llvm::StringRef, 4> F;
      L.split(F, '\t');
      if (F.size() == 4 && F[0] == "F") {
        Entry E;
        if (F[2].getAsInteger(10, E.Size) || F[3].getAsInteger(10, E.MTime))
          return;
        Cur = &(Out[F[1].str()] = std::move(E));
      } else if (F.size() == 3 && F[0] == "I" && Cur &&
                 (F[1] == "A" || F[1] == "Q")) {
        Cur->Includes.push_back(Directive{F[2].str(), F[1] == "A"});
      } else {
        return;
      }
    }
    Kept = std::move(Out);
  }

  /// Writes this run's index back when a file was read (changed, new) or
  /// one went away; silently nothing when it cannot.
  void store(llvm::StringRef Dir, llvm::StringRef Root) const {
    if (FilesRead == 0 && Now.size() == Kept.size())
      return;
    auto Clean = [](llvm::StringRef S) {
      return !S.contains('\t') && !S.contains('\n');
    };
    std::string Text = IndexMagic.str() + "R\t" + Root.str() + "\n";
    for (const auto &[File, E] : Now) {
      if (!Clean(File) || !llvm::all_of(E.Includes, [&](const Directive &D) {
            return Clean(D.Spelled);
          }))
        continue;
      Text += "F\t" + File + "\t" + std::to_string(E.Size) + "\t" +
              std::to_string(E.MTime) + "\n";
      for (const Directive &D : E.Includes)
        Text += std::string("I\t") + (D.Angled ? "A" : "Q") + "\t" +
                D.Spelled + "\n";
    }
    if (!fs::create_directories(Dir))
      writeCacheFile(indexPath(Dir, Root), Text);
  }
};

/// Where `#include D` in \p Includer resolves, as the preprocessor looks:
/// the includer's directory for a quoted name, then \p Dirs in order.
std::optional<std::string> resolve(const std::string &Includer,
                                   const Directive &D,
                                   const std::vector<std::string> &Dirs) {
  if (path::is_absolute(D.Spelled))
    return fs::exists(D.Spelled) ? std::optional(normalised(D.Spelled))
                                 : std::nullopt;
  auto Try = [&](llvm::StringRef Dir) -> std::optional<std::string> {
    llvm::SmallString<256> P(Dir);
    path::append(P, D.Spelled);
    if (fs::exists(P) && !fs::is_directory(P))
      return normalised(P);
    return std::nullopt;
  };
  if (!D.Angled)
    if (auto R = Try(path::parent_path(Includer)))
      return R;
  for (const std::string &Dir : Dirs)
    if (auto R = Try(Dir))
      return R;
  return std::nullopt;
}

} // namespace

struct FragmentTrees {
  std::map<std::string, std::unique_ptr<TreeIndex>> ByRoot;
};

std::shared_ptr<FragmentTrees> makeFragmentTrees() {
  return std::make_shared<FragmentTrees>();
}

bool isHeaderName(llvm::StringRef Name) { return sourceRank(Name) == 2; }

std::map<std::string, std::string>
findIncluders(const FragmentSearch &Search, FragmentSearchStats *Stats) {
  std::map<std::string, std::string> Out;
  if (!Search.Compilations)
    return Out;
  const clang::tooling::CompilationDatabase &DB = *Search.Compilations;
  // The database's own translation units, each with its include directories.
  std::map<std::string, std::vector<std::string>> Units;
  for (const std::string &F : DB.getAllFiles()) {
    std::string Abs = normalised(F);
    std::vector<clang::tooling::CompileCommand> Cmds = DB.getCompileCommands(F);
    Units[Abs] = Cmds.empty() ? std::vector<std::string>()
                              : includeDirs(Cmds.front());
  }
  llvm::StringSet<> Inputs;
  for (const std::string &F : Search.Inputs)
    Inputs.insert(normalised(F));

  std::shared_ptr<FragmentTrees> Kept =
      Search.Trees ? Search.Trees : makeFragmentTrees();
  std::map<std::string, std::unique_ptr<TreeIndex>> &Trees = Kept->ByRoot;
  for (const std::string &Input :
       Search.Searched.empty() ? Search.Inputs : Search.Searched) {
    std::string F = normalised(Input);
    if (Units.count(F))
      continue; // A translation unit of its own.
    if (Stats)
      ++Stats->Searched;
    // The tree to scan.
    std::string Root;
    llvm::SmallString<256> Cwd;
    fs::current_path(Cwd);
    if (!Search.SourceRoot.empty() && isUnder(F, Search.SourceRoot))
      Root = Search.SourceRoot;
    else if (std::string G = gitTopLevel(F); !G.empty())
      Root = G;
    else if (isUnder(F, Cwd))
      Root = std::string(Cwd);
    else
      Root = path::parent_path(path::parent_path(F)).str();
    std::unique_ptr<TreeIndex> &Tree = Trees[Root];
    if (!Tree) {
      Tree = std::make_unique<TreeIndex>();
      if (!Search.IndexDirectory.empty())
        Tree->load(Search.IndexDirectory, Root);
      std::vector<std::string> Keep(Search.Inputs.begin(),
                                    Search.Inputs.end());
      Tree->scan(Root, Keep);
      // The database's units are includers wherever they are.
      for (const auto &U : Units)
        Tree->add(U.first);
      if (!Search.IndexDirectory.empty())
        Tree->store(Search.IndexDirectory, Root);
      if (Stats) {
        Stats->FilesRead += Tree->FilesRead;
        Stats->FilesReused += Tree->FilesReused;
      }
    }
    // Files outside the database resolve with the fragment's own command's
    // directories (the `--` arguments, or the command inferred for it).
    std::vector<std::string> OwnDirs;
    {
      std::vector<clang::tooling::CompileCommand> Cmds =
          DB.getCompileCommands(F);
      if (!Cmds.empty())
        OwnDirs = includeDirs(Cmds.front());
    }
    // Upwards, breadth first: who includes F, who includes them...
    std::map<std::string, unsigned> Hops{{F, 0}};
    std::set<std::string> HasIncluder;
    std::deque<std::string> Work{F};
    while (!Work.empty()) {
      std::string X = Work.front();
      Work.pop_front();
      unsigned H = Hops[X];
      if (H >= MaxHops)
        continue;
      auto It = Tree->ByName.find(path::filename(X));
      if (It == Tree->ByName.end())
        continue;
      for (const auto &[Includer, D] : It->second) {
        auto U = Units.find(Includer);
        const std::vector<std::string> &Dirs =
            U != Units.end() ? U->second : OwnDirs;
        std::optional<std::string> R = resolve(Includer, D, Dirs);
        if (!R || *R != X)
          continue;
        HasIncluder.insert(X);
        if (Hops.emplace(Includer, H + 1).second)
          Work.push_back(Includer);
      }
    }
    // The translation unit: one the database lists, else a source nothing
    // includes; nearest first, then one of this run's inputs (parsed anyway),
    // then a CUDA source, then by name.
    std::optional<std::tuple<bool, unsigned, unsigned, bool, std::string>> Best;
    for (const auto &[X, H] : Hops) {
      if (X == F)
        continue;
      // Without a database only a .cu is parsed as CUDA (warplint's command
      // adjuster): a .cpp that includes the file would be parsed as C++.
      bool Listed = Units.count(X);
      if (!Listed && (HasIncluder.count(X) || sourceRank(X) != 0))
        continue;
      auto Key = std::make_tuple(!Listed, sourceRank(X), H,
                                 !Inputs.contains(X), X);
      if (!Best || Key < *Best)
        Best = Key;
    }
    if (Best)
      Out[Input] = std::get<4>(*Best);
  }
  return Out;
}

} // namespace warplint

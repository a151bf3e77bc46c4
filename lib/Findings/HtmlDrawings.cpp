//===- HtmlDrawings.cpp - SVG pictures of a finding's facts ---------------===//
//
// Every number drawn here is read from the facts (Facts.h) the JSON output
// carries: positions are only scaled and laid out, never recomputed. Each
// element that stands for a fact carries it in a data- attribute, which is
// what test/tool/html-report.test compares with the JSON.
//
//===----------------------------------------------------------------------===//
#include "Findings/HtmlReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace warplint {

namespace {

constexpr unsigned LaneW = 22; ///< Width of one lane box.
constexpr unsigned Left = 64;  ///< Room for row labels.
constexpr unsigned RowH = 18;  ///< Height of a lane or bank box.

std::string num(double V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format("%.1f", V);
  if (llvm::StringRef(S).ends_with(".0"))
    S.resize(S.size() - 2);
  return S;
}

/// Opens an <svg> of the given size with a title for screen readers.
void openSvg(std::string &Out, llvm::StringRef Class, unsigned W, unsigned H,
             llvm::StringRef Title, llvm::StringRef DataAttrs) {
  Out += "<svg class=\"" + Class.str() + "\" width=\"" + std::to_string(W) +
         "\" height=\"" + std::to_string(H) + "\" viewBox=\"0 0 " +
         std::to_string(W) + " " + std::to_string(H) + "\" role=\"img\" " +
         DataAttrs.str() + "><title>" + htmlEscape(Title) + "</title>";
}

void text(std::string &Out, double X, double Y, llvm::StringRef S,
          llvm::StringRef Class = "t", llvm::StringRef Anchor = "start") {
  Out += "<text class=\"" + Class.str() + "\" x=\"" + num(X) + "\" y=\"" +
         num(Y) + "\" text-anchor=\"" + Anchor.str() + "\">" + htmlEscape(S) +
         "</text>";
}

/// A rectangle as a path fragment: many boxes of one colour are one <path>
/// element (a report of 1,000 findings stays small enough to open).
void box(std::string &D, double X, double Y, double W, double H) {
  D += "M" + num(X) + " " + num(Y) + "h" + num(W) + "v" + num(H) + "h" +
       num(-W) + "z";
}

void path(std::string &Out, llvm::StringRef Class, const std::string &D) {
  if (!D.empty())
    Out += "<path class=\"" + Class.str() + "\" d=\"" + D + "\"/>";
}

/// The row of lanes, lane numbers above every fourth; \p Marked picks the
/// active lanes drawn in the second colour (conflicting lanes).
void laneRow(std::string &Out, const WarpView &V, unsigned Y,
             const std::function<bool(const LaneFact &)> &Marked) {
  text(Out, 4, Y + 13, "lanes");
  std::string On, Mark, Off;
  for (const LaneFact &L : V.Lanes) {
    unsigned X = Left + L.Lane * LaneW;
    box(!L.Active ? Off : Marked(L) ? Mark : On, X, Y, LaneW - 2, RowH);
    if (L.Lane % 4 == 0)
      text(Out, X + (LaneW - 2) / 2.0, Y - 3, std::to_string(L.Lane), "tn",
           "middle");
  }
  path(Out, "lane inactive", Off);
  path(Out, "lane on", On);
  path(Out, "lane conflict", Mark);
}

/// Global: the lanes above the lines they touch, each line as its sectors.
std::string drawGlobal(const AccessFacts &A, const WarpView &V) {
  unsigned SectorsPerLine =
      A.SectorBytes ? std::max(1u, A.LineBytes / A.SectorBytes) : 4;
  // The lines drawn: every line some lane touches, in order; a gap of one
  // sector's width marks lines skipped between them.
  std::set<uint64_t> Lines, Touched;
  std::string LaneSectors;
  for (const LaneFact &L : V.Lanes) {
    LaneSectors += LaneSectors.empty() ? "" : " ";
    if (!L.Active) {
      LaneSectors += "-";
      continue;
    }
    LaneSectors +=
        std::to_string(L.FirstSector) + "-" + std::to_string(L.LastSector);
    for (uint64_t S = L.FirstSector;
         S <= L.LastSector && S < L.FirstSector + 64; ++S) {
      Touched.insert(S);
      Lines.insert(S / SectorsPerLine);
    }
  }
  std::map<uint64_t, unsigned> Slot; // line -> first cell in the drawing
  unsigned Pos = 0, Gaps = 0;
  uint64_t Prev = 0;
  bool First = true;
  for (uint64_t Line : Lines) {
    if (!First && Line != Prev + 1)
      ++Gaps;
    Slot[Line] = Pos++ * SectorsPerLine + Gaps;
    Prev = Line;
    First = false;
  }
  unsigned Cells = Pos * SectorsPerLine + Gaps;
  double Avail = 32.0 * LaneW;
  double CellW = std::min<double>(LaneW, Cells ? Avail / Cells : LaneW);
  unsigned W = Left + unsigned(std::max(Avail, Cells * CellW)) + 8;
  unsigned H = 124, MemY = 84;
  std::string Fetched;
  for (uint64_t S : Touched)
    Fetched += (Fetched.empty() ? "" : " ") + std::to_string(S);
  std::string Out;
  openSvg(Out, "warp global " + V.Role, W, H,
          V.Label + ": " + std::to_string(V.Sectors) + " sectors, " +
              std::to_string(V.Lines) + " lines",
          "data-role=\"" + V.Role + "\" data-warp=\"" + std::to_string(V.Warp) +
              "\" data-sectors=\"" + std::to_string(V.Sectors) +
              "\" data-ideal-sectors=\"" + std::to_string(V.IdealSectors) +
              "\" data-lines=\"" + std::to_string(V.Lines) +
              "\" data-transactions=\"" + std::to_string(V.Transactions) +
              "\" data-useful-bytes=\"" + std::to_string(V.UsefulBytes) +
              "\" data-fetched-bytes=\"" + std::to_string(V.FetchedBytes) +
              "\" data-lane-sectors=\"" + LaneSectors + "\" data-fetched=\"" +
              Fetched + "\"");
  auto CellX = [&](uint64_t Sector) {
    return Left +
           (Slot[Sector / SectorsPerLine] + Sector % SectorsPerLine) * CellW;
  };
  // Lane-to-sector links first, so that the boxes cover their ends.
  std::string Links;
  for (const LaneFact &L : V.Lanes)
    if (L.Active)
      Links += "M" + num(Left + L.Lane * LaneW + (LaneW - 2) / 2.0) + " 32L" +
               num(CellX(L.FirstSector) + CellW / 2) + " " +
               std::to_string(MemY);
  path(Out, "link", Links);
  laneRow(Out, V, 14, [](const LaneFact &) { return false; });
  text(Out, 4, MemY + 13, "sectors");
  std::string Used, Idle, Outline;
  for (uint64_t Line : Lines) {
    for (unsigned S = 0; S < SectorsPerLine; ++S) {
      uint64_t Sector = Line * SectorsPerLine + S;
      box(Touched.count(Sector) ? Used : Idle, CellX(Sector), MemY,
          std::max(1.0, CellW - 1), RowH);
    }
    // The 128-byte line around its sectors.
    box(Outline, CellX(Line * SectorsPerLine) - 0.5, MemY - 2,
        SectorsPerLine * CellW, RowH + 4);
  }
  path(Out, "sector idle", Idle);
  path(Out, "sector fetched", Used);
  path(Out, "cacheline", Outline);
  text(Out, Left, MemY + RowH + 17,
       std::to_string(V.Sectors) + " sectors in " + std::to_string(V.Lines) +
           (V.Lines == 1 ? " line" : " lines") + "; " +
           std::to_string(V.UsefulBytes) + " of " +
           std::to_string(V.FetchedBytes) + " bytes fetched are used",
       "tc");
  Out += "</svg>";
  return Out;
}

/// Shared: the lanes above the 32 banks, one row of banks per phase; the
/// words that conflict are marked.
std::string drawShared(const AccessFacts &A, const WarpView &V) {
  unsigned Banks = A.Banks ? A.Banks : 32;
  unsigned Phases = std::max<unsigned>(1, V.BankWords.size());
  unsigned BankY = 84;
  unsigned PhaseH = RowH + 22;
  unsigned W = Left + Banks * LaneW + 8;
  unsigned H = BankY + Phases * PhaseH + 18;
  std::string LaneBanks, Conflicts, Words;
  for (const LaneFact &L : V.Lanes) {
    LaneBanks += (LaneBanks.empty() ? "" : " ") +
                 (L.Active ? std::to_string(L.FirstBank) : std::string("-"));
    if (L.Active && L.Conflict)
      Conflicts += (Conflicts.empty() ? "" : " ") + std::to_string(L.Lane);
  }
  for (const std::vector<unsigned> &P : V.BankWords) {
    Words += Words.empty() ? "" : "|";
    for (size_t B = 0; B < P.size(); ++B)
      Words += (B ? "," : "") + std::to_string(P[B]);
  }
  std::string Out;
  openSvg(Out, "warp shared " + V.Role, W, H,
          V.Label + ": " + std::to_string(V.Degree) + "-way, " +
              std::to_string(V.Wavefronts) + " wavefronts",
          "data-role=\"" + V.Role + "\" data-warp=\"" + std::to_string(V.Warp) +
              "\" data-degree=\"" + std::to_string(V.Degree) +
              "\" data-wavefronts=\"" + std::to_string(V.Wavefronts) +
              "\" data-ideal-wavefronts=\"" +
              std::to_string(V.IdealWavefronts) + "\" data-lane-banks=\"" +
              LaneBanks + "\" data-conflict-lanes=\"" + Conflicts +
              "\" data-bank-words=\"" + Words + "\"");
  auto BankX = [&](unsigned Bank) { return Left + Bank * LaneW; };
  std::string Links, Bad;
  for (const LaneFact &L : V.Lanes) {
    if (!L.Active)
      continue;
    double X1 = Left + L.Lane * LaneW + (LaneW - 2) / 2.0;
    for (unsigned K = 0; K < std::max(1u, L.Words) && K < 4; ++K) {
      unsigned Bank = unsigned((L.FirstWord + K) % Banks);
      (L.Conflict ? Bad : Links) += "M" + num(X1) + " 32L" +
                                    num(BankX(Bank) + (LaneW - 2) / 2.0) + " " +
                                    std::to_string(BankY + L.Phase * PhaseH);
    }
  }
  path(Out, "link", Links);
  path(Out, "link conflict", Bad);
  laneRow(Out, V, 14, [](const LaneFact &L) { return L.Conflict; });
  std::string Used, Idle, Hot;
  for (unsigned P = 0; P < Phases; ++P) {
    unsigned Y = BankY + P * PhaseH;
    text(Out, 4, Y + 13, Phases > 1 ? "phase " + std::to_string(P) : "banks");
    for (unsigned B = 0; B < Banks; ++B) {
      unsigned N = P < V.BankWords.size() && B < V.BankWords[P].size()
                       ? V.BankWords[P][B]
                       : 0;
      box(N > 1 ? Hot : N ? Used : Idle, BankX(B), Y, LaneW - 2, RowH);
      if (B % 4 == 0)
        text(Out, BankX(B) + (LaneW - 2) / 2.0, Y + RowH + 11,
             std::to_string(B), "tn", "middle");
    }
  }
  path(Out, "bank idle", Idle);
  path(Out, "bank used", Used);
  path(Out, "bank conflict", Hot);
  // The number of distinct words on each conflicting bank.
  for (unsigned P = 0; P < V.BankWords.size(); ++P)
    for (unsigned B = 0; B < V.BankWords[P].size(); ++B)
      if (V.BankWords[P][B] > 1)
        text(Out, BankX(B) + (LaneW - 2) / 2.0, BankY + P * PhaseH + 13,
             std::to_string(V.BankWords[P][B]), "tw", "middle");
  text(Out, Left, H - 4,
       std::to_string(V.Degree) + "-way: " + std::to_string(V.Wavefronts) +
           " wavefronts where " + std::to_string(V.IdealWavefronts) +
           " would do",
       "tc");
  Out += "</svg>";
  return Out;
}

/// Divergence: one row per warp of the block, one cell per lane.
std::string drawDivergence(const DivergenceFacts &D) {
  unsigned Rows = D.PerWarp.size();
  unsigned CellW = 14, CellH = 12;
  unsigned W = Left + 32 * CellW + 120;
  unsigned H = 22 + Rows * (CellH + 2) + 8;
  std::string Out;
  openSvg(Out, "divergence", W, H,
          std::to_string(D.DivergentWarps) + " of " + std::to_string(D.Warps) +
              " warps diverge",
          "data-warps=\"" + std::to_string(D.Warps) +
              "\" data-divergent-warps=\"" + std::to_string(D.DivergentWarps) +
              "\"");
  for (unsigned L = 0; L < 32; L += 4)
    text(Out, Left + L * CellW + CellW / 2.0, 12, std::to_string(L), "tn",
         "middle");
  // Legend: what the two colours mean.
  unsigned LX = Left + 32 * CellW + 6;
  Out += "<rect class=\"taken\" x=\"" + std::to_string(LX) +
         "\" y=\"3\" width=\"10\" height=\"10\"/>";
  text(Out, LX + 14, 12, "takes it", "tn");
  Out += "<rect class=\"nottaken\" x=\"" + std::to_string(LX + 52) +
         "\" y=\"3\" width=\"10\" height=\"10\"/>";
  text(Out, LX + 66, 12, "does not", "tn");
  for (unsigned R = 0; R < Rows; ++R) {
    const DivergenceFacts::Warp &Wp = D.PerWarp[R];
    unsigned Y = 18 + R * (CellH + 2);
    uint64_t All =
        Wp.Lanes >= 64 ? ~uint64_t(0) : (uint64_t(1) << Wp.Lanes) - 1;
    bool Split = Wp.Taken != 0 && (Wp.Taken & All) != All;
    std::string Mask = llvm::utohexstr(Wp.Taken, /*LowerCase=*/true);
    Out += "<g class=\"warp-row" + std::string(Split ? " split" : "") +
           "\" data-warp=\"" + std::to_string(Wp.Index) + "\" data-lanes=\"" +
           std::to_string(Wp.Lanes) + "\" data-taken=\"0x" + Mask + "\">";
    text(Out, 4, Y + CellH - 2, "warp " + std::to_string(Wp.Index),
         Split ? "tw" : "t");
    std::string Taken, Not;
    for (unsigned L = 0; L < Wp.Lanes && L < 64; ++L)
      box(Wp.Taken >> L & 1 ? Taken : Not, Left + L * CellW, Y, CellW - 2,
          CellH);
    path(Out, "taken", Taken);
    path(Out, "nottaken", Not);
    text(Out, Left + 32 * CellW + 6, Y + CellH - 2,
         Split ? "splits" : (Wp.Taken ? "all take it" : "none take it"),
         Split ? "tw" : "tn");
    Out += "</g>";
  }
  Out += "</svg>";
  return Out;
}

std::string withUnit(uint64_t V, llvm::StringRef Unit) {
  return std::to_string(V) + " " + Unit.str();
}

/// Occupancy: one bar per SM resource, what the resident blocks use of it,
/// one tick per block, the limiter outlined.
std::string drawResources(const ResourceFacts &R) {
  unsigned BarW = 360, BarH = 16, RowStep = 34, LabelW = 104;
  unsigned W = LabelW + BarW + 360;
  unsigned H = 8 + R.Bars.size() * RowStep + 20;
  std::string Out;
  openSvg(Out, "resources", W, H,
          "occupancy " + num(R.Occupancy * 100) + "%, limited by " + R.Limiter,
          "data-limiter=\"" + htmlEscape(R.Limiter) +
              "\" data-active-blocks=\"" + std::to_string(R.ActiveBlocks) +
              "\" data-active-warps=\"" + std::to_string(R.ActiveWarps) +
              "\" data-max-warps=\"" + std::to_string(R.MaxWarps) + "\"");
  unsigned Y = 8;
  for (const ResourceFacts::Bar &B : R.Bars) {
    double Frac = B.PerSM ? std::min(1.0, double(B.Used) / double(B.PerSM)) : 0;
    Out += "<g class=\"bar" + std::string(B.Limiter ? " limiter" : "") +
           "\" data-resource=\"" + htmlEscape(B.Resource) +
           "\" data-per-block=\"" + std::to_string(B.PerBlock) +
           "\" data-per-sm=\"" + std::to_string(B.PerSM) + "\" data-used=\"" +
           std::to_string(B.Used) + "\" data-blocks-allowed=\"" +
           (B.BlocksAllowed == ~0u ? std::string("unlimited")
                                   : std::to_string(B.BlocksAllowed)) +
           "\">";
    text(Out, 4, Y + 12, B.Resource, B.Limiter ? "tw" : "t");
    Out += "<rect class=\"capacity\" x=\"" + std::to_string(LabelW) +
           "\" y=\"" + std::to_string(Y) + "\" width=\"" +
           std::to_string(BarW) + "\" height=\"" + std::to_string(BarH) +
           "\"/>";
    Out += "<rect class=\"used\" x=\"" + std::to_string(LabelW) + "\" y=\"" +
           std::to_string(Y) + "\" width=\"" + num(BarW * Frac) +
           "\" height=\"" + std::to_string(BarH) + "\"/>";
    // One tick per resident block.
    if (B.PerSM && B.PerBlock && R.ActiveBlocks <= 64)
      for (unsigned K = 1; K < R.ActiveBlocks; ++K) {
        double X = LabelW + BarW * double(K * B.PerBlock) / double(B.PerSM);
        Out += "<line class=\"tick\" x1=\"" + num(X) + "\" y1=\"" +
               std::to_string(Y) + "\" x2=\"" + num(X) + "\" y2=\"" +
               std::to_string(Y + BarH) + "\"/>";
      }
    if (B.Limiter)
      Out += "<rect class=\"limit\" x=\"" + std::to_string(LabelW - 2) +
             "\" y=\"" + std::to_string(Y - 2) + "\" width=\"" +
             std::to_string(BarW + 4) + "\" height=\"" +
             std::to_string(BarH + 4) + "\"/>";
    std::string Right =
        (B.Resource == "blocks" ? std::string("1 slot per block")
                                : withUnit(B.PerBlock, B.Unit) + " per block") +
        "; " +
        (B.BlocksAllowed == ~0u
             ? std::string("no limit")
             : "allows " + std::to_string(B.BlocksAllowed) + " blocks") +
        (B.Limiter ? "  \u2190 limiter" : "");
    text(Out, LabelW + BarW + 8, Y + 12, Right, B.Limiter ? "tw" : "t");
    text(Out, LabelW, Y + BarH + 11,
         std::to_string(B.Used) + " of " + withUnit(B.PerSM, B.Unit) +
             " per SM in use",
         "tn");
    Out += "</g>";
    Y += RowStep;
  }
  text(Out, 4, H - 6,
       std::to_string(R.ActiveBlocks) + " blocks, " +
           std::to_string(R.ActiveWarps) + " of " + std::to_string(R.MaxWarps) +
           " warps per SM: " + num(R.Occupancy * 100) + "% occupancy on " +
           R.Arch,
       "tc");
  Out += "</svg>";
  return Out;
}

} // namespace

/// Loop-variant accesses: the cost of every iteration evaluated, one bar
/// each against the ideal, the worst and the typical one named.
std::string drawIterations(const AccessFacts &A) {
  double Max = 1;
  for (const AccessFacts::Iteration &I : A.Iterations)
    if (I.IdealPerRequest > 0)
      Max = std::max(Max, I.PerRequest / I.IdealPerRequest);
  unsigned N = A.Iterations.size();
  unsigned BarW = std::max(6u, std::min(48u, 640 / std::max(1u, N)));
  unsigned ChartH = 60, W = Left + N * BarW + 16, H = ChartH + 34;
  std::string Worst, Typical;
  for (const WarpView &V : A.Views) {
    size_t P = V.Label.find("iteration ");
    std::string It = P == std::string::npos ? "" : V.Label.substr(P + 10);
    (V.Role == "worst" ? Worst : Typical) = It;
  }
  std::string Out;
  openSvg(Out, "iterations", W, H, "cost of each iteration",
          "data-iterations=\"" + std::to_string(N) + "\"");
  text(Out, 4, 14, "x ideal");
  text(Out, 4, 28, num(Max) + "x", "tn");
  for (unsigned K = 0; K < N; ++K) {
    const AccessFacts::Iteration &I = A.Iterations[K];
    double R = I.IdealPerRequest > 0 ? I.PerRequest / I.IdealPerRequest : 0;
    double BH = ChartH * R / Max;
    std::string Class = I.Label == Worst     ? "itbar worst"
                        : I.Label == Typical ? "itbar typical"
                                             : "itbar";
    Out += "<rect class=\"" + Class + "\" x=\"" +
           std::to_string(Left + K * BarW) + "\" y=\"" + num(8 + ChartH - BH) +
           "\" width=\"" + std::to_string(BarW - 2) + "\" height=\"" +
           num(std::max(1.0, BH)) + "\" data-label=\"" + htmlEscape(I.Label) +
           "\" data-per-request=\"" + num(I.PerRequest) + "\"><title>" +
           htmlEscape(I.Label + ": " + num(I.PerRequest) +
                      " per request, ideal " + num(I.IdealPerRequest)) +
           "</title></rect>";
    if (N <= 16)
      text(Out, Left + K * BarW + (BarW - 2) / 2.0, ChartH + 20, I.Label, "tn",
           "middle");
  }
  Out += "</svg>";
  return Out;
}

std::string drawFacts(const FindingFacts &F) {
  std::string Out;
  if (F.Access) {
    const AccessFacts &A = *F.Access;
    bool Shared = A.Space == "shared";
    std::string Unit = Shared ? "wavefronts" : A.Coalescing;
    Out += "<div class=\"meta access-summary\">" +
           htmlEscape(
               std::to_string(A.WidthBytes) + "-byte " + A.Access + " of " +
               A.Array + " on " + A.Arch +
               (A.StrideBytes ? ", lanes " + std::to_string(*A.StrideBytes) +
                                    " bytes apart"
                              : std::string(", no single lane stride")) +
               "; " + num(A.PerRequest) + " " + Unit + " per request where " +
               num(A.IdealPerRequest) + " would do" +
               (Shared ? " (" + std::to_string(A.Degree) + "-way)"
                       : std::string())) +
           "</div>";
    for (const WarpView &V : A.Views) {
      Out +=
          "<figure class=\"view\"><figcaption>" +
          htmlEscape((V.Role == "worst" ? "worst: " : "typical: ") + V.Label) +
          "</figcaption>" + (Shared ? drawShared(A, V) : drawGlobal(A, V)) +
          "</figure>";
    }
    if (A.Ideal)
      Out += "<figure class=\"view\"><figcaption>" +
             htmlEscape(A.Ideal->Label) + "</figcaption>" +
             drawGlobal(A, *A.Ideal) + "</figure>";
    if (!A.Iterations.empty())
      Out += "<figure class=\"view\"><figcaption>" +
             htmlEscape("cost of each iteration" +
                        std::string(A.AllIterations ? " (all of them)"
                                                    : " (the first ones)")) +
             "</figcaption>" + drawIterations(A) + "</figure>";
    if (A.Padded && A.Padded->View)
      Out += "<figure class=\"view\"><figcaption>" +
             htmlEscape("with the fix-it: '" + A.Padded->Array + "' padded " +
                        A.Padded->Before + " -> " + A.Padded->After + ", " +
                        std::to_string(A.Padded->Degree) + "-way") +
             "</figcaption>" + drawShared(A, *A.Padded->View) + "</figure>";
  }
  if (F.Divergence && !F.Divergence->PerWarp.empty())
    Out += "<figure class=\"view\"><figcaption>" +
           htmlEscape("lanes that take the " + F.Divergence->Kind +
                      (F.Divergence->Iteration.empty()
                           ? std::string()
                           : " (iteration " + F.Divergence->Iteration + ")")) +
           "</figcaption>" + drawDivergence(*F.Divergence) + "</figure>";
  if (F.Resources)
    Out += "<figure class=\"view\"><figcaption>SM resources per block against "
           "the SM's limits</figcaption>" +
           drawResources(*F.Resources) + "</figure>";
  return Out;
}

} // namespace warplint

//===- HardwareFacts.h - Facts from what lib/Hardware priced ----*- C++ -*-===//
//
// Part of warplint. Turns lib/Hardware's results (a warp's priced request, an
// occupancy calculation) into the plain facts of Facts.h, so that the checks
// export what they judged and the emitters need no hardware model.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FINDINGS_HARDWAREFACTS_H
#define WARPLINT_FINDINGS_HARDWAREFACTS_H

#include "Findings/Facts.h"
#include "Hardware/AccessCost.h"
#include "Hardware/Occupancy.h"

namespace warplint {

/// One warp's global request: each lane's sectors and lines (numbered from
/// the line of the lowest active address) and the warp's costs.
WarpView globalWarpView(const hw::HardwareModel &M, const hw::WarpCost &W,
                        unsigned WidthBytes, std::string Role,
                        std::string Label);

/// The ideal beside \p Actual: the same distinct addresses packed in order
/// from a line-aligned base, priced by the same rule.
WarpView idealGlobalWarpView(const hw::HardwareModel &M,
                             const hw::WarpCost &Actual, unsigned WidthBytes);

/// One warp's shared request: each lane's phase, banks and conflict, from
/// the layout the cost was computed from (hw::sharedLaneLayout).
WarpView sharedWarpView(const hw::HardwareModel &M, const hw::WarpCost &W,
                        unsigned WidthBytes, bool IsStore, std::string Role,
                        std::string Label);

/// The model's numbers an access picture needs (sector, line, banks, rule).
void describeModel(const hw::HardwareModel &M, AccessFacts &A);

/// The occupancy of one launch as resource bars against the SM's limits.
ResourceFacts resourceFacts(const hw::HardwareModel &M,
                            const hw::OccupancyInput &In,
                            const hw::OccupancyResult &R);

} // namespace warplint

#endif

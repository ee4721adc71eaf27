// The guided tour's place: which step is open. Plain data; the steps are in ui/tour.h.
#pragma once

namespace attn {

struct TourState {
    int step = -1;              // 0-based; -1: the tour is closed
    bool preset_pending = false;  // the step's preset is applied on the next frame
};

} // namespace attn

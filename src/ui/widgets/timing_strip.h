// Measured wall time as lanes of boxes on one shared time axis: each lane is a sequence of steps
// drawn one after another (a box per step, width ∝ its milliseconds), so a lane of many small
// sequential steps and a lane of one parallel pass compare at a glance. Each lane ends with its
// total; hovering a box shows the step's label and time.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

namespace attn {

struct TimingLane {
    std::string label;                    // left of the lane
    std::vector<double> ms;               // one box per step, in order
    std::vector<std::string> box_labels;  // per step, printed inside the box when it fits
    ImU32 color = IM_COL32(120, 120, 120, 255);
};

// One item, `width` wide (0: the available width), a row per lane.
void draw_timing_strip(const char * id, const std::vector<TimingLane> & lanes, float width);

} // namespace attn

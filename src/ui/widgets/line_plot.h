// A line chart drawn with ImGui (the in-app twin of train/line_chart.h's PNG chart, same data and
// same series colours): categories evenly spaced along x, the chart's fixed y range with a light
// grid, one line per series with a square marker per value where values are 8 px or more apart
// (a NaN value is a gap), the legend beside the plot (below it when the chart is narrow) so it
// never covers a line, and a tooltip with every series' value at the hovered category.
#pragma once
#include "train/line_chart.h"

#include <imgui.h>

namespace attn {

ImU32 series_imcolor(size_t i);  // series_color(i) as an opaque ImGui colour

// One item of `size` (a component <= 0: the available width / 220 px).
void draw_line_plot(const char * id, const LineChart & chart, ImVec2 size);

} // namespace attn

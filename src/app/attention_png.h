// The attention view as a PNG image for papers and slides: the heatmap's cells painted with the
// UI's own colour scale (ui/widgets/color_scale.h), the tokens along both axes, a title and the
// colour legend. Text uses the chart rasteriser's ASCII font: non-ASCII tokens (Chinese) are drawn
// as '?' (the JSON export has them exactly).
#pragma once
#include <string>
#include <vector>

namespace attn {

struct AttentionPicture {
    const float * values = nullptr;  // rows × cols, row-major
    int rows = 0, cols = 0;
    std::vector<std::string> row_labels, col_labels;  // may be shorter than rows/cols
    std::string title;
};

// PNG bytes (RGBA); empty when the map is empty.
std::string attention_png(const AttentionPicture & picture);

} // namespace attn

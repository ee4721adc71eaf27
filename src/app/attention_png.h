// The attention view as a PNG image for papers and slides: the heatmap's cells painted with the
// UI's own colour scale (ui/widgets/color_scale.h), the tokens along both axes (the columns' turned
// to read upwards), a title and the colour legend. Text is drawn with the UI's fonts, so Chinese
// tokens and a Chinese title come out as they look on screen.
#pragma once
#include "io/font_raster.h"

#include <string>
#include <vector>

namespace attn {

struct AttentionPicture {
    const float * values = nullptr;  // rows × cols, row-major
    int rows = 0, cols = 0;
    std::vector<std::string> row_labels, col_labels;  // may be shorter than rows/cols
    std::string title;
};

// PNG bytes (RGBA); empty when the map is empty or `font` has nothing loaded.
std::string attention_png(const AttentionPicture & picture, const FontRaster & font);

} // namespace attn

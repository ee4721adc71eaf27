// A classifier's confusion matrix as a PNG, for the model cards: rows are the true classes, columns
// the predicted ones, each cell shaded by its share of the row (the per-class recall is the
// diagonal) and labelled with its count; the row's accuracy is printed at its right end.
// Drawn with the charts' rasteriser (chart_raster.h), so it needs no plotting library.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct ConfusionChart {
    std::string title;
    std::vector<std::string> classes;  // K names: rows show "i name", columns the index i
    std::vector<int64_t> counts;       // K × K, row = true class, column = predicted
};

// The shade of a cell holding `share` (0..1) of its row: white to dark blue.
void confusion_cell_rgb(double share, uint8_t out[3]);

// Needs 2..30 classes and K² counts ≥ 0. The image is sized to fit: *width, *height get its size.
Status render_confusion_chart(const ConfusionChart & chart, std::vector<uint8_t> * rgba, int * width, int * height);
Status write_confusion_chart_png(const ConfusionChart & chart, const std::string & png_path);

} // namespace attn

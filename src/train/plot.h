// Loss curves as PNG images, from the training log that CsvLog (progress.h) writes, with no
// plotting library: the small rasteriser of chart_raster.h (lines, rectangles, stb_easy_font's
// segment glyphs for the labels), which line_chart.h's series charts share. Works the same natively
// and in wasm (e.g. `attn plot-log` under node).
//
// The chart: title, a plot area with a light grid at "nice" tick values (1, 2, 5 × 10^k), axes
// with tick marks and labels, the raw loss as a thin light line and, from 10 points on, a moving
// average over it as a thicker dark line. Rows whose loss is NaN or ±Inf are left out.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct LossPoint {
    double step = 0.0, loss = 0.0;
};

// Reads the "step" and "loss" columns (by header name, anywhere in the row) of a CSV file.
// Every row must have the header's number of fields and numeric step and loss; a last line without
// a newline that does not parse is ignored (the log may be being written). Messages name the line.
Status read_loss_csv(const std::string & csv_path, std::vector<LossPoint> * out);

// The colours the chart uses (RGB; every pixel is opaque), for tests that look at pixels.
struct ChartColors {
    static constexpr uint8_t background[3] = {255, 255, 255};
    static constexpr uint8_t grid[3] = {228, 228, 228};
    static constexpr uint8_t axis[3] = {30, 30, 30};
    static constexpr uint8_t raw[3] = {150, 185, 230};
    static constexpr uint8_t smoothed[3] = {20, 70, 170};
};

// The plot area in pixels: columns [x0, x1), rows [y0, y1) (row 0 at the top).
struct ChartLayout {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// Draws the chart into *rgba (width·height·4 bytes, top row first). Needs at least one finite
// point; width in [200, 8192], height in [150, 8192].
Status render_loss_chart(const std::vector<LossPoint> & points, int width, int height, const std::string & title,
                         std::vector<uint8_t> * rgba, ChartLayout * layout = nullptr);

// read_loss_csv + render_loss_chart + write_png. The title names the CSV file.
Status plot_loss_csv(const std::string & csv_path, const std::string & png_path, int width = 800, int height = 500);

} // namespace attn

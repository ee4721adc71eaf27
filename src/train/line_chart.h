// Line charts over named categories as PNG images: one line per series, a value per category (e.g.
// BLEU per source-length bucket, one line per model, as Bahdanau et al. 2015 Fig. 2). Drawn with
// the loss chart's rasteriser (chart_raster.h) and its colours for background, grid and axes.
//
// The chart: title, y-axis name above the axis, a plot area over a fixed y range with a light grid
// at "nice" ticks, categories evenly spaced along x with their names below, each series as a
// thick line with a square marker per value, and the legend to the right of the plot area, so it
// never covers a line. A NaN value is a gap: no marker, and the line breaks there.
#pragma once
#include "core/status.h"
#include "train/plot.h"  // ChartColors, ChartLayout

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct LineSeries {
    std::string label;            // in the legend
    std::vector<double> values;   // one per category; NaN: no value
};

struct LineChart {
    std::string title, x_label, y_label;
    std::vector<std::string> categories;  // x positions, left to right
    double y_min = 0, y_max = 100;        // fixed, so charts of different runs compare at a glance
    std::vector<LineSeries> series;
};

// The colour of series i (RGB, opaque): the Okabe-Ito palette (distinct also for colour-blind
// readers) without its yellow, which is too light on white; repeats after kSeriesColorCount.
constexpr int kSeriesColorCount = 7;
std::array<uint8_t, 3> series_color(size_t i);

// Draws the chart into *rgba (width·height·4 bytes, top row first). Needs a category, a series,
// values.size() == categories.size() for every series and y_max > y_min; width in [200, 8192],
// height in [150, 8192]. *layout gets the plot area.
Status render_line_chart(const LineChart & chart, int width, int height, std::vector<uint8_t> * rgba,
                         ChartLayout * layout = nullptr);

// render_line_chart + write_png.
Status write_line_chart_png(const LineChart & chart, const std::string & png_path, int width = 800, int height = 500);

} // namespace attn

#include "train/line_chart.h"

#include "io/png_write.h"
#include "train/chart_raster.h"

#include <algorithm>
#include <cmath>

namespace attn {

namespace {

using chart::Canvas;
using chart::draw_text;
using chart::rgb;
using chart::Rgb;
using chart::text_width;

constexpr uint8_t kPalette[kSeriesColorCount][3] = {
    {0, 114, 178},    // blue
    {213, 94, 0},     // vermilion
    {0, 158, 115},    // bluish green
    {204, 121, 167},  // reddish purple
    {230, 159, 0},    // orange
    {86, 180, 233},   // sky blue
    {110, 110, 110},  // grey (lighter than the axes and text, so never mistaken for them)
};

Rgb series_rgb(size_t i) {
    const std::array<uint8_t, 3> c = series_color(i);
    return {c[0], c[1], c[2]};
}

// A filled square of side 2·r + 1 centred on (x, y).
void marker(Canvas & cv, int x, int y, int r, Rgb c) { cv.fill(x - r, y - r, x + r + 1, y + r + 1, c); }

Status check(const LineChart & chart, int width, int height) {
    if (width < 200 || width > 8192 || height < 150 || height > 8192)
        return Status::error("chart size " + std::to_string(width) + "x" + std::to_string(height) +
                             " is outside 200..8192 x 150..8192");
    if (chart.categories.empty()) return Status::error("a line chart needs at least one category");
    if (chart.series.empty()) return Status::error("a line chart needs at least one series");
    if (!(chart.y_max > chart.y_min)) return Status::error("a line chart needs y_max > y_min");
    for (const LineSeries & s : chart.series)
        if (s.values.size() != chart.categories.size())
            return Status::error("series \"" + s.label + "\" has " + std::to_string(s.values.size()) + " values for " +
                                 std::to_string(chart.categories.size()) + " categories");
    return Status::success();
}

} // namespace

std::array<uint8_t, 3> series_color(size_t i) {
    const uint8_t * c = kPalette[i % kSeriesColorCount];
    return {c[0], c[1], c[2]};
}

Status render_line_chart(const LineChart & chart, int width, int height, std::vector<uint8_t> * rgba,
                         ChartLayout * layout) {
    if (Status s = check(chart, width, height); !s) return s;
    std::vector<uint8_t> img(size_t(width) * size_t(height) * 4);
    Canvas cv{width, height, &img};
    cv.unclip();
    cv.fill(0, 0, width, height, rgb(ChartColors::background));
    const Rgb text_c{40, 40, 40};

    // Text at double size when there is room, as the loss chart does.
    const int ls = width >= 500 && height >= 300 ? 2 : 1;
    const double ymin = chart.y_min, ymax = chart.y_max;
    ChartLayout L;
    // Room above the plot area for the title, then the y-axis name clear of the top tick label.
    L.y0 = 60;
    L.y1 = height - (42 + 7 * ls);
    const double ys = chart::nice_step(ymax - ymin, std::max(2, (L.y1 - L.y0) / 50));
    std::vector<double> yticks;
    int widest = 0;
    for (int i = 0; i < 100; i++) {  // by index: repeated addition could stall below the values' resolution
        const double v = std::ceil(ymin / ys) * ys + i * ys;
        if (!(v <= ymax + ys * 1e-9)) break;
        yticks.push_back(v);
        widest = std::max(widest, text_width(chart::tick_label(v, ys), ls));
    }
    L.x0 = std::max(48, widest + 20);

    // The legend sits right of the plot area: a line sample with its marker, then the label. Its
    // text shrinks to single size when long labels would leave the plot less than half the width.
    int legend_scale = ls, label_w = 0;
    for (int pass = 0; pass < 2; pass++) {
        label_w = 0;
        for (const LineSeries & s : chart.series) label_w = std::max(label_w, text_width(s.label, legend_scale));
        if (width - (label_w + 60) - L.x0 >= width / 2 || legend_scale == 1) break;
        legend_scale = 1;
    }
    const int sample_w = 28;
    L.x1 = std::max(L.x0 + 50, width - (label_w + sample_w + 32));

    const int n = int(chart.categories.size());
    const double spacing = double(L.x1 - L.x0) / n;
    auto to_x = [&](int i) { return L.x0 + int(std::lround((i + 0.5) * spacing)); };
    auto to_y = [&](double v) { return L.y1 - 1 - int(std::lround((v - ymin) / (ymax - ymin) * (L.y1 - 1 - L.y0))); };

    // Grid, ticks and tick labels. Category names shrink, then thin out, until they do not touch.
    for (double v : yticks) {
        const int y = to_y(v);
        cv.line(L.x0, y, L.x1 - 1, y, rgb(ChartColors::grid));
        cv.line(L.x0 - 5, y, L.x0 - 1, y, rgb(ChartColors::axis));
        const std::string s = chart::tick_label(v, ys);
        draw_text(cv, L.x0 - 9 - text_width(s, ls), y - 4 * ls, s, ls, text_c);
    }
    int xs = ls, widest_cat = 0;
    for (const std::string & c : chart.categories) widest_cat = std::max(widest_cat, text_width(c, ls));
    if (widest_cat + 8 > spacing && ls > 1) xs = 1, widest_cat = (widest_cat + 1) / 2;
    const int every = std::max(1, int(std::ceil((widest_cat + 8) / spacing)));
    for (int i = 0; i < n; i++) {
        const int x = to_x(i);
        cv.line(x, L.y0, x, L.y1 - 1, rgb(ChartColors::grid));
        cv.line(x, L.y1, x, L.y1 + 4, rgb(ChartColors::axis));
        if (i % every) continue;
        const std::string & s = chart.categories[size_t(i)];
        draw_text(cv, x - text_width(s, xs) / 2, L.y1 + 8, s, xs, text_c);
    }
    cv.line(L.x0 - 1, L.y0, L.x0 - 1, L.y1, rgb(ChartColors::axis));
    cv.line(L.x0 - 1, L.y1, L.x1 - 1, L.y1, rgb(ChartColors::axis));

    draw_text(cv, (width - text_width(chart.title, 2)) / 2, 12, chart.title, 2, text_c);
    draw_text(cv, L.x0 + (L.x1 - L.x0 - text_width(chart.x_label, 2)) / 2, height - 26, chart.x_label, 2, text_c);
    draw_text(cv, 8, L.y0 - 32, chart.y_label, 2, text_c);

    // Legend rows, top down from the plot area's top.
    const int row_h = 8 * legend_scale + 10, lx = L.x1 + 16;
    for (size_t k = 0; k < chart.series.size(); k++) {
        const int y = L.y0 + 8 + int(k) * row_h + row_h / 2;
        cv.line(lx, y, lx + sample_w, y, series_rgb(k), 2);
        marker(cv, lx + sample_w / 2, y, 3, series_rgb(k));
        draw_text(cv, lx + sample_w + 8, y - 4 * legend_scale, chart.series[k].label, legend_scale, text_c);
    }

    // Series, clipped to the plot area with room for a marker on its top and bottom edges.
    cv.cx0 = L.x0, cv.cy0 = L.y0 - 4, cv.cx1 = L.x1, cv.cy1 = L.y1 + 4;
    for (size_t k = 0; k < chart.series.size(); k++) {
        const std::vector<double> & v = chart.series[k].values;
        for (int i = 0; i + 1 < n; i++)
            if (std::isfinite(v[size_t(i)]) && std::isfinite(v[size_t(i) + 1]))
                cv.line(to_x(i), to_y(v[size_t(i)]), to_x(i + 1), to_y(v[size_t(i) + 1]), series_rgb(k), 2);
        for (int i = 0; i < n; i++)
            if (std::isfinite(v[size_t(i)])) marker(cv, to_x(i), to_y(v[size_t(i)]), 3, series_rgb(k));
    }

    *rgba = std::move(img);
    if (layout) *layout = L;
    return Status::success();
}

Status write_line_chart_png(const LineChart & chart, const std::string & png_path, int width, int height) {
    std::vector<uint8_t> rgba;
    if (Status s = render_line_chart(chart, width, height, &rgba); !s) return Status::error(png_path + ": " + s.message);
    std::string err;
    if (!write_png(png_path, width, height, rgba.data(), &err)) return Status::error(png_path + ": " + err);
    return Status::success();
}

} // namespace attn

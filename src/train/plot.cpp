#include "train/plot.h"

#include "io/png_write.h"
#include "train/chart_raster.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace attn {

namespace {

using chart::Canvas;
using chart::draw_text;
using chart::nice_step;
using chart::printable;
using chart::rgb;
using chart::Rgb;
using chart::text_width;
using chart::tick_label;

// ---- CSV --------------------------------------------------------------------------------------

std::vector<std::string> split_fields(const std::string & line) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        size_t comma = line.find(',', start);
        std::string f = line.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        while (!f.empty() && (f.back() == ' ' || f.back() == '\r')) f.pop_back();
        while (!f.empty() && f.front() == ' ') f.erase(f.begin());
        out.push_back(f);
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

bool parse_double(const std::string & s, double * out) {
    if (s.empty()) return false;
    char * end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return false;
    *out = v;
    return true;
}

// Centred moving average over ±k points, k growing with the number of points.
std::vector<double> smooth(const std::vector<LossPoint> & p) {
    const size_t n = p.size();
    const size_t k = std::max<size_t>(1, n / 50);
    std::vector<double> prefix(n + 1, 0.0), out(n);
    for (size_t i = 0; i < n; i++) prefix[i + 1] = prefix[i] + p[i].loss;
    for (size_t i = 0; i < n; i++) {
        // Symmetric even at the ends (a narrower window there): a one-sided window would pull the
        // first points of a falling curve down to the values that follow them.
        size_t r = std::min({k, i, n - 1 - i});
        size_t lo = i - r, hi = i + r + 1;
        out[i] = (prefix[hi] - prefix[lo]) / double(hi - lo);
    }
    return out;
}

} // namespace

Status read_loss_csv(const std::string & csv_path, std::vector<LossPoint> * out) {
    FILE * f = std::fopen(csv_path.c_str(), "rb");
    if (!f) return Status::error(csv_path + ": cannot open (" + std::strerror(errno) + ")");
    std::string text;
    char buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, n);
    std::fclose(f);

    auto fail = [&](int line_no, const std::string & msg) {
        return Status::error(csv_path + ":" + std::to_string(line_no) + ": " + msg);
    };
    std::vector<LossPoint> points;
    int step_col = -1, loss_col = -1;
    size_t fields = 0;
    size_t pos = 0;
    int line_no = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        const bool complete = end != std::string::npos;
        std::string line = text.substr(pos, complete ? end - pos : std::string::npos);
        pos = complete ? end + 1 : text.size();
        line_no++;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line_no == 1) {
            std::vector<std::string> names = split_fields(line);
            fields = names.size();
            for (size_t i = 0; i < names.size(); i++) {
                if (names[i] == "step") step_col = int(i);
                if (names[i] == "loss") loss_col = int(i);
            }
            if (step_col < 0 || loss_col < 0)
                return fail(1, "the header needs columns named \"step\" and \"loss\" (it is \"" + printable(line) + "\")");
            continue;
        }
        if (line.empty()) continue;
        std::vector<std::string> v = split_fields(line);
        LossPoint p;
        Status s = Status::success();
        if (v.size() != fields)
            s = fail(line_no, "expected " + std::to_string(fields) + " fields, found " + std::to_string(v.size()));
        else if (!parse_double(v[size_t(step_col)], &p.step) || !std::isfinite(p.step))
            s = fail(line_no, "step \"" + printable(v[size_t(step_col)]) + "\" is not a number");
        else if (!parse_double(v[size_t(loss_col)], &p.loss))
            s = fail(line_no, "loss \"" + printable(v[size_t(loss_col)]) + "\" is not a number");
        if (!s) {
            if (!complete) break;  // a row still being written
            return s;
        }
        points.push_back(p);
    }
    if (line_no == 0) return Status::error(csv_path + ": empty file");
    *out = std::move(points);
    return Status::success();
}

Status render_loss_chart(const std::vector<LossPoint> & all, int width, int height, const std::string & title,
                         std::vector<uint8_t> * rgba, ChartLayout * layout) {
    if (width < 200 || width > 8192 || height < 150 || height > 8192)
        return Status::error("chart size " + std::to_string(width) + "x" + std::to_string(height) +
                             " is outside 200..8192 x 150..8192");
    std::vector<LossPoint> pts;
    for (const LossPoint & p : all)
        if (std::isfinite(p.step) && std::isfinite(p.loss)) pts.push_back(p);
    if (pts.empty()) return Status::error("no finite loss values to plot");
    std::stable_sort(pts.begin(), pts.end(), [](const LossPoint & a, const LossPoint & b) { return a.step < b.step; });

    double xmin = pts.front().step, xmax = pts.back().step;
    double ymin = pts[0].loss, ymax = pts[0].loss;
    for (const LossPoint & p : pts) ymin = std::min(ymin, p.loss), ymax = std::max(ymax, p.loss);
    if (xmax - xmin <= 0) xmin -= 1, xmax += 1;
    if (ymax - ymin <= 0) ymin -= 0.5, ymax += 0.5;
    const double pad = 0.05 * (ymax - ymin);
    ymin -= pad, ymax += pad;

    std::vector<uint8_t> img(size_t(width) * size_t(height) * 4);
    Canvas cv{width, height, &img};
    cv.unclip();
    cv.fill(0, 0, width, height, rgb(ChartColors::background));

    // Layout: tick labels at double size when there is room; the left margin fits the widest
    // y label and the right margin half the last x label (centred on its tick).
    const int ls = width >= 500 && height >= 300 ? 2 : 1;
    ChartLayout L;
    L.y0 = 44;
    L.y1 = height - (42 + 7 * ls);
    const double ys = nice_step(ymax - ymin, std::max(2, (L.y1 - L.y0) / 60));
    // Ticks by index, not by repeated addition: a step below the values' resolution would never advance.
    const double y_first = std::ceil(ymin / ys) * ys;
    std::vector<double> yticks;
    int widest = 0;
    for (int i = 0; i < 100; i++) {
        double v = y_first + i * ys;
        if (!(v <= ymax + ys * 1e-9)) break;
        yticks.push_back(v);
        widest = std::max(widest, text_width(tick_label(v, ys), ls));
    }
    L.x0 = std::max(48, widest + 20);
    const double xs = nice_step(xmax - xmin, std::max(2, (width - 24 - L.x0) / (55 * ls + 30)));
    const double x_first = std::ceil(xmin / xs) * xs;
    std::vector<double> xticks;
    for (int i = 0; i < 100; i++) {
        double v = x_first + i * xs;
        if (!(v <= xmax + xs * 1e-9)) break;
        xticks.push_back(v);
    }
    const int last_w = xticks.empty() ? 0 : text_width(tick_label(xticks.back(), xs), ls);
    L.x1 = width - std::max(24, last_w / 2 + 8);

    auto to_x = [&](double s) { return L.x0 + int(std::lround((s - xmin) / (xmax - xmin) * (L.x1 - 1 - L.x0))); };
    auto to_y = [&](double v) { return L.y1 - 1 - int(std::lround((v - ymin) / (ymax - ymin) * (L.y1 - 1 - L.y0))); };
    const Rgb text_c{40, 40, 40};

    // Grid, tick marks and tick labels.
    for (double v : xticks) {
        int x = to_x(v);
        cv.line(x, L.y0, x, L.y1 - 1, rgb(ChartColors::grid));
        cv.line(x, L.y1, x, L.y1 + 4, rgb(ChartColors::axis));
        std::string s = tick_label(v, xs);
        draw_text(cv, x - text_width(s, ls) / 2, L.y1 + 8, s, ls, text_c);
    }
    for (double v : yticks) {
        int y = to_y(v);
        cv.line(L.x0, y, L.x1 - 1, y, rgb(ChartColors::grid));
        cv.line(L.x0 - 5, y, L.x0 - 1, y, rgb(ChartColors::axis));
        std::string s = tick_label(v, ys);
        draw_text(cv, L.x0 - 9 - text_width(s, ls), y - 4 * ls, s, ls, text_c);
    }
    // Axes: left and bottom edges of the plot area.
    cv.line(L.x0 - 1, L.y0, L.x0 - 1, L.y1, rgb(ChartColors::axis));
    cv.line(L.x0 - 1, L.y1, L.x1 - 1, L.y1, rgb(ChartColors::axis));

    // Titles.
    draw_text(cv, (width - text_width(title, 2)) / 2, 12, title, 2, text_c);
    draw_text(cv, L.x0 + (L.x1 - L.x0 - text_width("step", 2)) / 2, height - 26, "step", 2, text_c);
    draw_text(cv, 8, L.y0 - 18, "loss", 2, text_c);

    // Curves, clipped to the plot area.
    cv.cx0 = L.x0, cv.cy0 = L.y0, cv.cx1 = L.x1, cv.cy1 = L.y1;
    const bool smoothed = pts.size() >= 10;
    const Rgb raw_c = smoothed ? rgb(ChartColors::raw) : rgb(ChartColors::smoothed);
    for (size_t i = 0; i + 1 < pts.size(); i++)
        cv.line(to_x(pts[i].step), to_y(pts[i].loss), to_x(pts[i + 1].step), to_y(pts[i + 1].loss), raw_c);
    if (pts.size() == 1) cv.fill(to_x(pts[0].step) - 2, to_y(pts[0].loss) - 2, to_x(pts[0].step) + 3, to_y(pts[0].loss) + 3, raw_c);
    if (smoothed) {
        std::vector<double> sm = smooth(pts);
        for (size_t i = 0; i + 1 < pts.size(); i++)
            cv.line(to_x(pts[i].step), to_y(sm[i]), to_x(pts[i + 1].step), to_y(sm[i + 1]), rgb(ChartColors::smoothed), 2);
    }

    *rgba = std::move(img);
    if (layout) *layout = L;
    return Status::success();
}

Status plot_loss_csv(const std::string & csv_path, const std::string & png_path, int width, int height) {
    std::vector<LossPoint> points;
    if (Status s = read_loss_csv(csv_path, &points); !s) return s;
    std::string name = csv_path.substr(csv_path.find_last_of('/') == std::string::npos ? 0 : csv_path.find_last_of('/') + 1);
    std::vector<uint8_t> rgba;
    if (Status s = render_loss_chart(points, width, height, "Training loss - " + name, &rgba); !s)
        return Status::error(csv_path + ": " + s.message);
    std::string err;
    if (!write_png(png_path, width, height, rgba.data(), &err)) return Status::error(png_path + ": " + err);
    return Status::success();
}

} // namespace attn

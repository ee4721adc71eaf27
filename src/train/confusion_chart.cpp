#include "train/confusion_chart.h"

#include "io/png_write.h"
#include "train/chart_raster.h"
#include "train/plot.h"

#include <algorithm>
#include <cstdio>

namespace attn {

using namespace chart;

void confusion_cell_rgb(double share, uint8_t out[3]) {
    const double t = std::clamp(share, 0.0, 1.0);
    const uint8_t dark[3] = {8, 48, 140};
    for (int c = 0; c < 3; c++) out[c] = uint8_t(255.0 + (dark[c] - 255.0) * t + 0.5);
}

Status render_confusion_chart(const ConfusionChart & ch, std::vector<uint8_t> * rgba, int * width, int * height) {
    const int K = int(ch.classes.size());
    if (K < 2 || K > 30) return Status::error("confusion chart: 2 to 30 classes");
    if (ch.counts.size() != size_t(K) * size_t(K)) return Status::error("confusion chart: need classes² counts");
    for (int64_t v : ch.counts)
        if (v < 0) return Status::error("confusion chart: negative count");
    const int scale = 2, cell = 52, pad = 16;
    int name_w = 0;
    for (int i = 0; i < K; i++) name_w = std::max(name_w, text_width(std::to_string(i) + " " + ch.classes[size_t(i)], scale));
    const int x0 = pad + name_w + 12, y0 = pad + 3 * 16 * scale / 2 + 28;
    const int acc_w = text_width("100.0%", scale) + 16;
    *width = x0 + K * cell + acc_w + pad;
    *height = y0 + K * cell + 16 * scale + pad;
    rgba->assign(size_t(*width) * size_t(*height) * 4, 0);
    Canvas cv{*width, *height, rgba};
    cv.unclip();
    cv.fill(0, 0, *width, *height, rgb(ChartColors::background));
    const Rgb ink = rgb(ChartColors::axis);
    draw_text(cv, pad, pad, ch.title, scale, ink);
    draw_text(cv, x0, y0 - 2 * 10 * scale - 8, "predicted class", scale, ink);
    for (int p = 0; p < K; p++) {
        const std::string label = std::to_string(p);
        draw_text(cv, x0 + p * cell + (cell - text_width(label, scale)) / 2, y0 - 10 * scale, label, scale, ink);
    }
    draw_text(cv, x0 + K * cell + 8, y0 - 10 * scale, "recall", scale, ink);
    for (int t = 0; t < K; t++) {
        int64_t row = 0;
        for (int p = 0; p < K; p++) row += ch.counts[size_t(t * K + p)];
        const int y = y0 + t * cell;
        draw_text(cv, pad, y + (cell - 7 * scale) / 2, std::to_string(t) + " " + ch.classes[size_t(t)], scale, ink);
        for (int p = 0; p < K; p++) {
            const int64_t n = ch.counts[size_t(t * K + p)];
            const double share = row ? double(n) / double(row) : 0.0;
            uint8_t c[3];
            confusion_cell_rgb(share, c);
            const int x = x0 + p * cell;
            cv.fill(x, y, x + cell - 1, y + cell - 1, {c[0], c[1], c[2]});
            if (n == 0) continue;
            const std::string label = std::to_string(n);
            const Rgb text = share > 0.45 ? Rgb{255, 255, 255} : ink;
            draw_text(cv, x + (cell - text_width(label, 1 + (label.size() < 4))) / 2, y + cell / 2 - 5, label,
                      1 + (label.size() < 4), text);
        }
        char acc[16];
        std::snprintf(acc, sizeof acc, "%.1f%%", row ? 100.0 * double(ch.counts[size_t(t * K + t)]) / double(row) : 0.0);
        draw_text(cv, x0 + K * cell + 8, y + (cell - 7 * scale) / 2, acc, scale, ink);
    }
    draw_text(cv, pad, y0 + K * cell + 8, "rows: true class; cells: count, shaded by share of the row", scale, ink);
    return Status::success();
}

Status write_confusion_chart_png(const ConfusionChart & chart, const std::string & png_path) {
    std::vector<uint8_t> rgba;
    int w = 0, h = 0;
    if (Status s = render_confusion_chart(chart, &rgba, &w, &h); !s) return s;
    std::string error;
    if (!write_png(png_path, w, h, rgba.data(), &error)) return Status::error(error);
    return Status::success();
}

} // namespace attn

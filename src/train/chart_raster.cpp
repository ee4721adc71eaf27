#include "train/chart_raster.h"

#include <cmath>
#include <cstdio>
#include <cstring>

// stb_easy_font is a header of static functions; we use only some of them.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb_easy_font.h>
#pragma GCC diagnostic pop

namespace attn::chart {

std::string printable(const std::string & s) {
    std::string out = s;
    for (char & c : out)
        if (c < 32 || c > 126) c = '?';
    return out;
}

int text_width(const std::string & s, int scale) {
    std::string t = printable(s);
    return stb_easy_font_width(t.data()) * scale;
}

// stb_easy_font turns text into axis-aligned quads (its strokes); each is filled as a rectangle,
// scaled by an integer factor about the text's origin (x, y) = top left.
void draw_text(Canvas & cv, int x, int y, const std::string & s, int scale, Rgb c) {
    std::string t = printable(s);
    // stb says ~270 bytes per character on average; digits with diagonals take more, and a full
    // buffer silently truncates, so leave plenty.
    std::vector<char> vbuf(t.size() * 1024 + 256);
    int quads = stb_easy_font_print(0, 0, t.data(), nullptr, vbuf.data(), int(vbuf.size()));
    for (int q = 0; q < quads; q++) {
        float xs[4], ys[4];
        for (int k = 0; k < 4; k++) {
            std::memcpy(&xs[k], vbuf.data() + (q * 4 + k) * 16 + 0, 4);
            std::memcpy(&ys[k], vbuf.data() + (q * 4 + k) * 16 + 4, 4);
        }
        float qx0 = *std::min_element(xs, xs + 4), qx1 = *std::max_element(xs, xs + 4);
        float qy0 = *std::min_element(ys, ys + 4), qy1 = *std::max_element(ys, ys + 4);
        cv.fill(x + int(std::lround(qx0 * scale)), y + int(std::lround(qy0 * scale)), x + int(std::lround(qx1 * scale)),
                y + int(std::lround(qy1 * scale)), c);
    }
}

double nice_step(double range, int target) {
    double raw = range / std::max(target, 1);
    double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double f = raw / mag;
    return (f < 1.5 ? 1.0 : f < 3.5 ? 2.0 : f < 7.5 ? 5.0 : 10.0) * mag;
}

std::string tick_label(double v, double step) {
    char buf[64];
    if (std::fabs(v) < step * 1e-9) v = 0.0;  // no "-0.0" from rounding
    int decimals = std::max(0, int(-std::floor(std::log10(step) + 1e-9)));
    if (std::fabs(v) >= 1e7 || decimals > 8) std::snprintf(buf, sizeof buf, "%.3g", v);
    else std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

} // namespace attn::chart

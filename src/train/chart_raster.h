// The small rasteriser behind the PNG charts (plot.h's loss curves, line_chart.h's series): an RGBA
// canvas with clipping, filled rectangles, Bresenham lines, text from stb_easy_font's segment glyphs
// at an integer scale, and "nice" axis ticks. No plotting library, so it works the same natively and
// in wasm.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace attn::chart {

struct Rgb {
    uint8_t r, g, b;
};
inline Rgb rgb(const uint8_t c[3]) { return {c[0], c[1], c[2]}; }

struct Canvas {
    int w, h;
    std::vector<uint8_t> * px;
    // Drawing clips to this rectangle (the whole image unless a plot area is being drawn).
    int cx0 = 0, cy0 = 0, cx1 = 0, cy1 = 0;

    void set(int x, int y, Rgb c) {
        if (x < cx0 || y < cy0 || x >= cx1 || y >= cy1) return;
        uint8_t * p = px->data() + (size_t(y) * size_t(w) + size_t(x)) * 4;
        p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
    }
    void fill(int x0, int y0, int x1, int y1, Rgb c) {  // [x0, x1) × [y0, y1)
        for (int y = std::max(y0, cy0); y < std::min(y1, cy1); y++)
            for (int x = std::max(x0, cx0); x < std::min(x1, cx1); x++) set(x, y, c);
    }
    // Bresenham; `thick` 2 also sets the pixel below and right, for a bolder line.
    void line(int x0, int y0, int x1, int y1, Rgb c, int thick = 1) {
        int dx = std::abs(x1 - x0), sx = x0 < x1 ? 1 : -1;
        int dy = -std::abs(y1 - y0), sy = y0 < y1 ? 1 : -1;
        int err = dx + dy;
        for (;;) {
            set(x0, y0, c);
            if (thick > 1) set(x0 + 1, y0, c), set(x0, y0 + 1, c), set(x0 + 1, y0 + 1, c);
            if (x0 == x1 && y0 == y1) return;
            int e2 = 2 * err;
            if (e2 >= dy) err += dy, x0 += sx;
            if (e2 <= dx) err += dx, y0 += sy;
        }
    }
    void unclip() { cx0 = 0, cy0 = 0, cx1 = w, cy1 = h; }
};

// ASCII only: stb_easy_font indexes a table with the character code; others become '?'.
std::string printable(const std::string & s);
int text_width(const std::string & s, int scale);
// Text whose top left is (x, y), each glyph stroke a rectangle scaled by `scale`.
void draw_text(Canvas & cv, int x, int y, const std::string & s, int scale, Rgb c);

// A "nice" spacing (1, 2 or 5 × 10^k) giving about `target` intervals over `range`.
double nice_step(double range, int target);
// v with as many decimals as the step needs.
std::string tick_label(double v, double step);

} // namespace attn::chart

#include "app/attention_png.h"

#include "core/utf8.h"
#include "train/chart_raster.h"
#include "ui/widgets/color_scale.h"

#include <stb_image_write.h>

#include <algorithm>

namespace attn {

namespace {

void append_bytes(void * context, void * data, int size) {
    static_cast<std::string *>(context)->append(static_cast<const char *>(data), size_t(size));
}

// The font is ASCII only: one '?' per other character (not one per UTF-8 byte), so a Chinese token
// keeps its length and an emoji is one mark.
std::string ascii_label(const std::string & text) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        const uint32_t c = utf8_decode(text, i);
        out += c >= 32 && c < 127 ? char(c) : '?';
    }
    return out;
}

std::string label(const std::vector<std::string> & labels, int i) {
    return i < int(labels.size()) ? ascii_label(labels[size_t(i)]) : std::to_string(i);
}

} // namespace

std::string attention_png(const AttentionPicture & p) {
    if (!p.values || p.rows <= 0 || p.cols <= 0) return {};
    using namespace chart;
    const int scale = 2, glyph_h = 7 * scale;
    // Cells shrink for long sentences so the image stays under ~1600 px wide.
    const int cell = std::clamp(1400 / std::max(p.rows, p.cols), 12, 40);
    int row_label_w = 0, col_label_w = 0;
    for (int r = 0; r < p.rows; r++) row_label_w = std::max(row_label_w, text_width(label(p.row_labels, r), scale));
    for (int c = 0; c < p.cols; c++) col_label_w = std::max(col_label_w, text_width(label(p.col_labels, c), scale));
    const int pad = 16, title_h = glyph_h + 12, legend_h = 40;
    const int grid_x = pad + row_label_w + 8, grid_y = pad + title_h + col_label_w + 8;
    const int w = std::max(grid_x + p.cols * cell + pad, pad + text_width(p.title, scale) + pad);
    const int h = grid_y + p.rows * cell + legend_h + pad;
    std::vector<uint8_t> px(size_t(w) * size_t(h) * 4, 255);
    Canvas cv{w, h, &px};
    cv.unclip();
    const Rgb ink{30, 30, 30};
    draw_text(cv, pad, pad, p.title, scale, ink);
    for (int r = 0; r < p.rows; r++) {
        const std::string t = label(p.row_labels, r);
        draw_text(cv, grid_x - 8 - text_width(t, scale), grid_y + r * cell + (cell - glyph_h) / 2, t, scale, ink);
    }
    // Column labels run downwards, one character per line: the font has no rotation.
    for (int c = 0; c < p.cols; c++) {
        const std::string t = printable(label(p.col_labels, c));
        const int x = grid_x + c * cell + (cell - text_width("M", scale)) / 2;
        for (size_t k = 0; k < t.size() && int(k) * (glyph_h + 2) < col_label_w; k++)
            draw_text(cv, x, pad + title_h + int(k) * (glyph_h + 2), std::string(1, t[k]), scale, ink);
    }
    for (int r = 0; r < p.rows; r++)
        for (int c = 0; c < p.cols; c++) {
            uint8_t rgb[3];
            attention_rgb(p.values[size_t(r) * size_t(p.cols) + size_t(c)], rgb);
            cv.fill(grid_x + c * cell, grid_y + r * cell, grid_x + (c + 1) * cell - 1, grid_y + (r + 1) * cell - 1, chart::rgb(rgb));
        }
    // Legend: the scale from 0 to 1.
    const int ly = grid_y + p.rows * cell + 12, lw = std::min(240, w - 2 * pad - 60);
    for (int x = 0; x < lw; x++) {
        uint8_t rgb[3];
        attention_rgb(float(x) / float(std::max(1, lw - 1)), rgb);
        cv.fill(pad + 20 + x, ly, pad + 21 + x, ly + 12, chart::rgb(rgb));
    }
    draw_text(cv, pad, ly, "0", scale, ink);
    draw_text(cv, pad + 26 + lw, ly, "1", scale, ink);
    std::string png;
    stbi_write_png_to_func(append_bytes, &png, w, h, 4, px.data(), w * 4);
    return png;
}

} // namespace attn

#include "app/attention_png.h"

#include "ui/widgets/color_scale.h"

#include <stb_image_write.h>

#include <algorithm>
#include <cstdint>

namespace attn {

namespace {

struct Rgba {
    int w, h;
    std::vector<uint8_t> px;

    void fill(int x0, int y0, int x1, int y1, const uint8_t rgb[3]) {  // [x0, x1) × [y0, y1)
        for (int y = std::max(y0, 0); y < std::min(y1, h); y++)
            for (int x = std::max(x0, 0); x < std::min(x1, w); x++) std::copy(rgb, rgb + 3, &px[(size_t(y) * size_t(w) + size_t(x)) * 4]);
    }
    void blend(int x, int y, uint8_t coverage, const uint8_t rgb[3]) {
        if (x < 0 || y < 0 || x >= w || y >= h || coverage == 0) return;
        uint8_t * p = &px[(size_t(y) * size_t(w) + size_t(x)) * 4];
        for (int k = 0; k < 3; k++) p[k] = uint8_t((p[k] * (255 - coverage) + rgb[k] * coverage + 127) / 255);
    }
    // Text with its top left at (x, y); `upwards` turns it a quarter left, its top left then at
    // (x, y) of the turned box (the text's first character at the box's bottom).
    void text(const TextBitmap & t, int x, int y, const uint8_t rgb[3], bool upwards = false) {
        for (int ty = 0; ty < t.height; ty++)
            for (int tx = 0; tx < t.width; tx++) {
                const uint8_t c = t.coverage[size_t(ty) * size_t(t.width) + size_t(tx)];
                if (upwards) blend(x + ty, y + t.width - 1 - tx, c, rgb);
                else blend(x + tx, y + ty, c, rgb);
            }
    }
};

void append_bytes(void * context, void * data, int size) {
    static_cast<std::string *>(context)->append(static_cast<const char *>(data), size_t(size));
}

std::string label(const std::vector<std::string> & labels, int i) {
    return i < int(labels.size()) ? labels[size_t(i)] : std::to_string(i);
}

} // namespace

std::string attention_png(const AttentionPicture & p, const FontRaster & font) {
    if (!p.values || p.rows <= 0 || p.cols <= 0 || !font.loaded()) return {};
    // Cells shrink for long sentences so the image stays under ~2000 px wide, but never below a
    // label's height.
    const int cell = std::clamp(1400 / std::max(p.rows, p.cols), 20, 40);
    const float label_px = float(std::min(18, cell - 2)), title_px = 22;
    int row_label_w = 0, col_label_w = 0;
    for (int r = 0; r < p.rows; r++) row_label_w = std::max(row_label_w, font.width(label(p.row_labels, r), label_px));
    for (int c = 0; c < p.cols; c++) col_label_w = std::max(col_label_w, font.width(label(p.col_labels, c), label_px));
    const int pad = 16, title_h = int(title_px) + 12, legend_h = 40;
    const int grid_x = pad + row_label_w + 8, grid_y = pad + title_h + col_label_w + 8;
    const TextBitmap title = font.render(p.title, title_px);
    const int w = std::max(grid_x + p.cols * cell + pad, pad + title.width + pad);
    const int h = grid_y + p.rows * cell + legend_h + pad;
    Rgba img{w, h, std::vector<uint8_t>(size_t(w) * size_t(h) * 4, 255)};
    const uint8_t ink[3] = {30, 30, 30};
    img.text(title, pad, pad, ink);
    for (int r = 0; r < p.rows; r++) {
        const TextBitmap t = font.render(label(p.row_labels, r), label_px);
        img.text(t, grid_x - 8 - t.width, grid_y + r * cell + (cell - t.height) / 2, ink);
    }
    for (int c = 0; c < p.cols; c++) {  // read upwards, each ending just above its column
        const TextBitmap t = font.render(label(p.col_labels, c), label_px);
        img.text(t, grid_x + c * cell + (cell - t.height) / 2, grid_y - 8 - t.width, ink, /*upwards=*/true);
    }
    for (int r = 0; r < p.rows; r++)
        for (int c = 0; c < p.cols; c++) {
            uint8_t rgb[3];
            attention_rgb(p.values[size_t(r) * size_t(p.cols) + size_t(c)], rgb);
            img.fill(grid_x + c * cell, grid_y + r * cell, grid_x + (c + 1) * cell - 1, grid_y + (r + 1) * cell - 1, rgb);
        }
    // Legend: the scale from 0 to 1.
    const int ly = grid_y + p.rows * cell + 12, lw = std::min(240, w - 2 * pad - 60);
    for (int x = 0; x < lw; x++) {
        uint8_t rgb[3];
        attention_rgb(float(x) / float(std::max(1, lw - 1)), rgb);
        img.fill(pad + 20 + x, ly, pad + 21 + x, ly + 13, rgb);
    }
    img.text(font.render("0", 16), pad, ly - 2, ink);
    img.text(font.render("1", 16), pad + 26 + lw, ly - 2, ink);
    std::string png;
    stbi_write_png_to_func(append_bytes, &png, w, h, 4, img.px.data(), w * 4);
    return png;
}

} // namespace attn

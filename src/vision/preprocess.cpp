#include "vision/preprocess.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace attn {

namespace {

struct Gray {
    int w = 0, h = 0;
    std::vector<uint8_t> px;
    uint8_t at(int x, int y) const { return px[size_t(y) * size_t(w) + size_t(x)]; }
};

std::string size_text(int w, int h) { return std::to_string(w) + "×" + std::to_string(h); }

// Area-averaging resize (each output pixel is the mean of the source rectangle it covers, with
// fractional edges weighted): no aliasing when a photo shrinks 100-fold, exact when it doesn't.
template <int Channels>
std::vector<uint8_t> resize_area(const uint8_t * src, int sw, int sh, int dw, int dh) {
    std::vector<uint8_t> out(size_t(dw) * size_t(dh) * Channels);
    const double sx = double(sw) / dw, sy = double(sh) / dh;
    for (int y = 0; y < dh; y++) {
        const double y0 = y * sy, y1 = (y + 1) * sy;
        for (int x = 0; x < dw; x++) {
            const double x0 = x * sx, x1 = (x + 1) * sx;
            double acc[Channels] = {}, area = 0.0;
            for (int yy = int(y0); yy < std::min(sh, int(std::ceil(y1))); yy++) {
                const double wy = std::min(y1, yy + 1.0) - std::max(y0, double(yy));
                for (int xx = int(x0); xx < std::min(sw, int(std::ceil(x1))); xx++) {
                    const double wgt = wy * (std::min(x1, xx + 1.0) - std::max(x0, double(xx)));
                    for (int c = 0; c < Channels; c++) acc[c] += wgt * src[(size_t(yy) * sw + xx) * Channels + c];
                    area += wgt;
                }
            }
            for (int c = 0; c < Channels; c++)
                out[(size_t(y) * dw + x) * Channels + c] = uint8_t(std::lround(area > 0 ? acc[c] / area : 0.0));
        }
    }
    return out;
}

template <int Channels>
PreprocessStage stage(const char * name, const uint8_t * px, int w, int h, Message note, bool enabled) {
    PreprocessStage s;
    s.name = name;
    s.note = std::move(note);
    s.enabled = enabled;
    s.channels = Channels;
    const int longest = std::max(w, h);
    if (longest > kStagePreviewSide) {
        s.width = std::max(1, int(std::lround(double(w) * kStagePreviewSide / longest)));
        s.height = std::max(1, int(std::lround(double(h) * kStagePreviewSide / longest)));
        s.pixels = resize_area<Channels>(px, w, h, s.width, s.height);
    } else {
        s.width = w, s.height = h;
        s.pixels.assign(px, px + size_t(w) * size_t(h) * Channels);
    }
    return s;
}

// The median of the border pixels: robust to an object touching one edge.
int border_median(const Gray & g) {
    std::vector<uint8_t> b;
    for (int x = 0; x < g.w; x++) b.push_back(g.at(x, 0)), b.push_back(g.at(x, g.h - 1));
    for (int y = 1; y + 1 < g.h; y++) b.push_back(g.at(0, y)), b.push_back(g.at(g.w - 1, y));
    std::nth_element(b.begin(), b.begin() + long(b.size() / 2), b.end());
    return b[b.size() / 2];
}

} // namespace

PreprocessResult preprocess_rgb(const RgbImage & image, const PreprocessOptions & opts) {
    PreprocessResult r;
    r.source_width = image.width, r.source_height = image.height;
    if (image.frames > 1)
        r.warnings.push_back({N_("an animated GIF with {0} frames: only the first frame is classified"), {std::to_string(image.frames)}});
    if (image.width < kMinUsefulSide || image.height < kMinUsefulSide)
        r.warnings.push_back({N_("the picture is only {0} pixels, too small to show a garment: the prediction means little"),
                              {size_text(image.width, image.height)}});
    r.stages.push_back(stage<3>("decode", image.pixels.data(), image.width, image.height,
                                {N_("{0} pixels, RGB"), {size_text(image.width, image.height)}}, true));

    Gray g{image.width, image.height, std::vector<uint8_t>(size_t(image.width) * size_t(image.height))};
    for (size_t i = 0; i < g.px.size(); i++) {
        const uint8_t * p = &image.pixels[i * 3];
        g.px[i] = opts.grayscale ? uint8_t(std::lround(0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2])) : p[0];
    }
    r.stages.push_back(stage<1>("grayscale", g.px.data(), g.w, g.h,
                                {opts.grayscale ? N_("luminance 0.299 R + 0.587 G + 0.114 B") : N_("off: the red channel only"), {}},
                                opts.grayscale));
    r.background = border_median(g);

    // Crop to content: the bounding box of pixels far enough from the background.
    int x0 = 0, y0 = 0, x1 = g.w, y1 = g.h;
    Message crop_note{N_("off: the whole picture"), {}};
    if (opts.crop) {
        int bx0 = g.w, by0 = g.h, bx1 = -1, by1 = -1;
        for (int y = 0; y < g.h; y++)
            for (int x = 0; x < g.w; x++)
                if (std::abs(int(g.at(x, y)) - r.background) > kContentThreshold)
                    bx0 = std::min(bx0, x), by0 = std::min(by0, y), bx1 = std::max(bx1, x), by1 = std::max(by1, y);
        if (bx1 >= 0) {
            x0 = bx0, y0 = by0, x1 = bx1 + 1, y1 = by1 + 1;
            crop_note = {N_("{0} at ({1}, {2})"), {size_text(x1 - x0, y1 - y0), std::to_string(x0), std::to_string(y0)}};
        } else {
            crop_note = {N_("nothing differs from the background: kept the whole picture"), {}};
        }
    }
    r.crop_x = x0, r.crop_y = y0, r.crop_w = x1 - x0, r.crop_h = y1 - y0;
    Gray c{r.crop_w, r.crop_h, std::vector<uint8_t>(size_t(r.crop_w) * size_t(r.crop_h))};
    for (int y = 0; y < c.h; y++)
        std::copy(&g.px[size_t(y0 + y) * g.w + x0], &g.px[size_t(y0 + y) * g.w + x1], &c.px[size_t(y) * c.w]);
    r.stages.push_back(stage<1>("crop", c.px.data(), c.w, c.h, crop_note, opts.crop));

    // Resize: longest side to 28, centred on a background-coloured square; or the centre 28×28.
    const int S = kModelImageSide;
    Gray s{S, S, std::vector<uint8_t>(size_t(S) * S, uint8_t(r.background))};
    Message resize_note;
    if (opts.resize) {
        const int longest = std::max(c.w, c.h);
        const int rw = std::max(1, int(std::lround(double(c.w) * S / longest)));
        const int rh = std::max(1, int(std::lround(double(c.h) * S / longest)));
        const std::vector<uint8_t> small = resize_area<1>(c.px.data(), c.w, c.h, rw, rh);
        const int ox = (S - rw) / 2, oy = (S - rh) / 2;
        for (int y = 0; y < rh; y++) std::copy(&small[size_t(y) * rw], &small[size_t(y) * rw] + rw, &s.px[size_t(oy + y) * S + ox]);
        resize_note = {N_("{0} → {1}, centred on 28×28"), {size_text(c.w, c.h), size_text(rw, rh)}};
    } else {
        const int ox = (c.w - S) / 2, oy = (c.h - S) / 2;  // may be negative: a small picture is padded
        for (int y = 0; y < S; y++)
            for (int x = 0; x < S; x++) {
                const int sx = ox + x, sy = oy + y;
                if (sx >= 0 && sy >= 0 && sx < c.w && sy < c.h) s.px[size_t(y) * S + x] = c.at(sx, sy);
            }
        resize_note = {N_("off: the centre 28×28 pixels of {0}"), {size_text(c.w, c.h)}};
    }
    r.stages.push_back(stage<1>("resize", s.px.data(), S, S, resize_note, opts.resize));

    // Fashion-MNIST backgrounds are exactly 0: after inverting, the background level is stretched
    // down to black too (a photo's off-white would otherwise be a grey haze the network never saw).
    r.inverted = opts.invert && r.background > 127;
    const int level = r.inverted ? 255 - r.background : r.background;
    if (opts.invert)
        for (uint8_t & v : s.px) {
            const int u = r.inverted ? 255 - v : v;
            v = level < 255 ? uint8_t(std::clamp((u - level) * 255 / (255 - level), 0, 255)) : uint8_t(u);
        }
    const std::string bg = std::to_string(r.background);
    const Message invert_note = !opts.invert ? Message{N_("off: never inverted"), {}}
                              : r.inverted   ? Message{level > 0 ? N_("light background ({0}): inverted, background levelled to black")
                                                                 : N_("light background ({0}): inverted"), {bg}}
                                             : Message{level > 0 ? N_("dark background ({0}): not inverted, background levelled to black")
                                                                 : N_("dark background ({0}): not inverted"), {bg}};
    r.stages.push_back(stage<1>("invert", s.px.data(), S, S, invert_note, opts.invert));
    r.input.resize(s.px.size());
    for (size_t i = 0; i < s.px.size(); i++) r.input[i] = float(s.px[i]) / 255.0f;
    return r;
}

Status preprocess_image(const uint8_t * bytes, size_t size, const PreprocessOptions & opts, PreprocessResult * out) {
    RgbImage image;
    if (Status s = decode_rgb_image(bytes, size, kMaxUploadPixels, &image); !s) return s;
    *out = preprocess_rgb(image, opts);
    return Status::success();
}

} // namespace attn

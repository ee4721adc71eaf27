#include "io/font_raster.h"

#include "core/utf8.h"

#include <stb_truetype.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

namespace attn {

struct FontRaster::Font {
    std::string bytes;  // stb_truetype reads the file in place: it must outlive `info`
    stbtt_fontinfo info{};
};

FontRaster::FontRaster() = default;
FontRaster::~FontRaster() = default;
FontRaster::FontRaster(FontRaster &&) noexcept = default;
FontRaster & FontRaster::operator=(FontRaster &&) noexcept = default;

namespace {

// stb_truetype trusts the file's tables; these are the build's own fonts, but a truncated or foreign
// file must be refused here rather than read out of bounds later.
bool looks_like_truetype(const std::string & b) {
    if (b.size() < 12) return false;
    const auto u8 = [&](size_t i) { return uint8_t(b[i]); };
    const uint32_t tag = uint32_t(u8(0)) << 24 | uint32_t(u8(1)) << 16 | uint32_t(u8(2)) << 8 | u8(3);
    if (tag != 0x00010000u && tag != 0x4F54544Fu && tag != 0x74727565u) return false;  // 1.0, 'OTTO', 'true'
    const size_t tables = size_t(u8(4)) << 8 | u8(5);
    if (12 + tables * 16 > b.size()) return false;
    for (size_t t = 0; t < tables; t++) {  // every table inside the file
        const size_t rec = 12 + t * 16;
        const auto u32 = [&](size_t i) { return size_t(u8(i)) << 24 | size_t(u8(i + 1)) << 16 | size_t(u8(i + 2)) << 8 | u8(i + 3); };
        if (u32(rec + 8) > b.size() || u32(rec + 12) > b.size() - u32(rec + 8)) return false;
    }
    return true;
}

struct Glyph {
    const stbtt_fontinfo * font;
    int index;
    float scale;
};

} // namespace

Status FontRaster::load(const std::vector<std::string> & paths) {
    m_fonts.clear();
    for (size_t i = 0; i < paths.size(); i++) {
        auto f = std::make_unique<Font>();
        std::ifstream in(paths[i], std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        f->bytes = ss.str();
        const auto * data = reinterpret_cast<const unsigned char *>(f->bytes.data());
        const bool ok = in && looks_like_truetype(f->bytes) && stbtt_InitFont(&f->info, data, 0);
        if (!ok) {
            if (i == 0) return Status::error(paths[i] + ": not a readable TrueType font");
            continue;
        }
        m_fonts.push_back(std::move(f));
    }
    return Status::success();
}

bool FontRaster::loaded() const { return !m_fonts.empty(); }

// Glyph positions along the line, shared by width() and render(): the first font that has the
// character draws it, at a scale that gives every font the same line height.
template <typename Visit>
static int lay_out(const std::vector<const stbtt_fontinfo *> & fonts, const std::string & utf8, float px, Visit visit) {
    float x = 0;
    for (size_t i = 0; i < utf8.size();) {
        uint32_t c = utf8_decode(utf8, i);
        Glyph g{fonts[0], 0, stbtt_ScaleForPixelHeight(fonts[0], px)};
        for (const stbtt_fontinfo * f : fonts)
            if (c != kInvalidCodepoint && (g.index = stbtt_FindGlyphIndex(f, int(c))) != 0) {
                g = {f, g.index, stbtt_ScaleForPixelHeight(f, px)};
                break;
            }
        if (g.index == 0) g.index = stbtt_FindGlyphIndex(fonts[0], '?');
        int advance = 0, lsb = 0;
        stbtt_GetGlyphHMetrics(g.font, g.index, &advance, &lsb);
        visit(g, x);
        x += float(advance) * g.scale;
    }
    return int(std::ceil(x));
}

static std::vector<const stbtt_fontinfo *> infos(const std::vector<std::unique_ptr<FontRaster::Font>> & fonts) {
    std::vector<const stbtt_fontinfo *> out;
    for (const auto & f : fonts) out.push_back(&f->info);
    return out;
}

int FontRaster::width(const std::string & utf8, float px) const {
    if (m_fonts.empty()) return 0;
    return lay_out(infos(m_fonts), utf8, px, [](const Glyph &, float) {});
}

TextBitmap FontRaster::render(const std::string & utf8, float px) const {
    TextBitmap b;
    if (m_fonts.empty() || px <= 0) return b;
    const auto fonts = infos(m_fonts);
    int ascent = 0, descent = 0, gap = 0;
    stbtt_GetFontVMetrics(fonts[0], &ascent, &descent, &gap);
    const float scale0 = stbtt_ScaleForPixelHeight(fonts[0], px);
    b.baseline = int(std::lround(float(ascent) * scale0));
    b.height = int(std::ceil(px));
    b.width = std::max(1, lay_out(fonts, utf8, px, [](const Glyph &, float) {}) + 1);
    b.coverage.assign(size_t(b.width) * size_t(b.height), 0);
    std::vector<uint8_t> glyph;
    lay_out(fonts, utf8, px, [&](const Glyph & g, float x) {
        int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        stbtt_GetGlyphBitmapBox(g.font, g.index, g.scale, g.scale, &x0, &y0, &x1, &y1);
        const int gw = x1 - x0, gh = y1 - y0;
        if (gw <= 0 || gh <= 0) return;
        glyph.assign(size_t(gw) * size_t(gh), 0);
        stbtt_MakeGlyphBitmap(g.font, glyph.data(), gw, gh, gw, g.scale, g.scale, g.index);
        const int ox = int(std::lround(x)) + x0, oy = b.baseline + y0;
        for (int y = 0; y < gh; y++)
            for (int xx = 0; xx < gw; xx++) {
                const int tx = ox + xx, ty = oy + y;
                if (tx < 0 || ty < 0 || tx >= b.width || ty >= b.height) continue;
                uint8_t & dst = b.coverage[size_t(ty) * size_t(b.width) + size_t(tx)];
                dst = std::max(dst, glyph[size_t(y) * size_t(gw) + size_t(xx)]);
            }
    });
    return b;
}

} // namespace attn

// The attention widgets drawn headless: frames are run with a simulated mouse and the results,
// the item rects, the logged text (tooltips) and the draw lists' triangles are checked.
#include "ui/widgets/attention_lines.h"
#include "ui/widgets/attention_thumbnail.h"
#include "ui/widgets/color_scale.h"
#include "ui/widgets/heatmap.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>  // FindWindowByName

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace attn {
namespace {

// ---- Colour scale --------------------------------------------------------------------------------

struct Rgb {
    uint8_t r, g, b;
    bool operator==(const Rgb & o) const { return r == o.r && g == o.g && b == o.b; }
};

Rgb rgb_of(float w) {
    uint8_t c[3];
    attention_rgb(w, c);
    return {c[0], c[1], c[2]};
}

// WCAG relative luminance (sRGB), the lightness the scale must order.
double luminance(Rgb c) {
    auto lin = [](uint8_t v) {
        const double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

// Sets a palette for one test and restores the default after it.
struct UsePalette {
    explicit UsePalette(AttentionPalette p) { set_attention_palette(p); }
    ~UsePalette() { set_attention_palette(AttentionPalette::Viridis); }
};

TEST(ColorScale, ViridisIsTheDefaultWithItsAnchors) {
    ASSERT_EQ(attention_palette(), AttentionPalette::Viridis);
    EXPECT_EQ(rgb_of(0.0f), (Rgb{68, 1, 84}));
    EXPECT_EQ(rgb_of(0.25f), (Rgb{59, 82, 139}));
    EXPECT_EQ(rgb_of(0.5f), (Rgb{33, 145, 140}));
    EXPECT_EQ(rgb_of(0.75f), (Rgb{94, 201, 98}));
    EXPECT_EQ(rgb_of(1.0f), (Rgb{253, 231, 37}));
    EXPECT_EQ(rgb_of(0.125f), (Rgb{64, 42, 112}));  // halfway between the first two anchors, rounded
}

TEST(ColorScale, BluesAnchorsAsDocumented) {
    UsePalette blues(AttentionPalette::Blues);
    EXPECT_EQ(rgb_of(0.0f), (Rgb{247, 251, 255}));
    EXPECT_EQ(rgb_of(0.25f), (Rgb{198, 219, 239}));
    EXPECT_EQ(rgb_of(0.5f), (Rgb{107, 174, 214}));
    EXPECT_EQ(rgb_of(0.75f), (Rgb{33, 113, 181}));
    EXPECT_EQ(rgb_of(1.0f), (Rgb{8, 48, 107}));
    EXPECT_EQ(rgb_of(0.125f), (Rgb{223, 235, 247}));
}

TEST(ColorScale, ClampsOutsideZeroToOne) {
    const float inf = std::numeric_limits<float>::infinity();
    for (AttentionPalette p : kAttentionPalettes) {
        UsePalette use(p);
        EXPECT_EQ(rgb_of(-0.5f), rgb_of(0.0f));
        EXPECT_EQ(rgb_of(-inf), rgb_of(0.0f));
        EXPECT_EQ(rgb_of(1.7f), rgb_of(1.0f));
        EXPECT_EQ(rgb_of(inf), rgb_of(1.0f));
    }
}

// Lightness alone orders the weights: viridis brightens with the weight, Blues darkens.
TEST(ColorScale, LightnessIsMonotonic) {
    for (AttentionPalette p : kAttentionPalettes) {
        UsePalette use(p);
        const double sign = p == AttentionPalette::Viridis ? 1.0 : -1.0;
        double prev = luminance(rgb_of(0.0f));
        for (int i = 1; i <= 1000; i++) {
            const double l = luminance(rgb_of(i / 1000.0f));
            // Within a rounding step: viridis's first segment is interpolated in sRGB.
            ASSERT_GE(sign * (l - prev), -5e-4) << attention_palette_id(p) << " weight " << i / 1000.0;
            prev = l;
        }
        EXPECT_GT(std::fabs(luminance(rgb_of(1.0f)) - luminance(rgb_of(0.0f))), 0.6) << attention_palette_id(p);
        EXPECT_GT(sign * (luminance(rgb_of(0.6f)) - luminance(rgb_of(0.4f))), 0.05) << attention_palette_id(p);
    }
}

// Printed weights: dark text where black has the better WCAG contrast on the cell, else white.
TEST(ColorScale, CellTextTakesTheBetterContrast) {
    for (AttentionPalette p : kAttentionPalettes) {
        UsePalette use(p);
        for (int i = 0; i <= 100; i++) {
            const float w = i / 100.0f;
            const double l = luminance(rgb_of(w));
            EXPECT_EQ(attention_text_dark(w), (l + 0.05) / 0.05 > 1.05 / (l + 0.05)) << attention_palette_id(p) << " " << w;
            EXPECT_GE(std::max((l + 0.05) / 0.05, 1.05 / (l + 0.05)), 4.5) << "AA on every cell";
        }
        EXPECT_NE(attention_text_dark(0.0f), attention_text_dark(1.0f)) << "one end dark text, the other white";
    }
}

TEST(ColorScale, NanIsADistinctGrey) {
    for (AttentionPalette p : kAttentionPalettes) {
        UsePalette use(p);
        const Rgb nan = rgb_of(std::nanf(""));
        EXPECT_EQ(nan.r, nan.g);
        EXPECT_EQ(nan.g, nan.b);
        for (int i = 0; i <= 1000; i++) ASSERT_FALSE(rgb_of(i / 1000.0f) == nan) << "weight " << i / 1000.0;
        EXPECT_TRUE(attention_text_dark(std::nanf("")));
    }
}

Rgb diverging_of(float v) {
    uint8_t c[3];
    diverging_rgb(v, c);
    return {c[0], c[1], c[2]};
}

TEST(DivergingScale, AnchorsSignAndClamping) {
    EXPECT_EQ(diverging_of(-1.0f), (Rgb{33, 102, 172}));
    EXPECT_EQ(diverging_of(0.0f), (Rgb{247, 247, 247}));
    EXPECT_EQ(diverging_of(1.0f), (Rgb{178, 24, 43}));
    EXPECT_EQ(diverging_of(-7.0f), diverging_of(-1.0f));
    EXPECT_EQ(diverging_of(7.0f), diverging_of(1.0f));
    // Negative values are bluish, positive reddish, and both darken away from 0.
    for (float v = 0.1f; v <= 1.0f; v += 0.1f) {
        EXPECT_GT(diverging_of(-v).b, diverging_of(-v).r) << v;
        EXPECT_GT(diverging_of(v).r, diverging_of(v).b) << v;
        EXPECT_LT(luminance(diverging_of(v)), luminance(diverging_of(v - 0.1f))) << v;
        EXPECT_LT(luminance(diverging_of(-v)), luminance(diverging_of(-v + 0.1f))) << v;
    }
    EXPECT_EQ(diverging_of(std::nanf("")), rgb_of(std::nanf("")));
}

// ---- Headless ImGui ------------------------------------------------------------------------------

ImU32 rgba(Rgb c) { return IM_COL32(c.r, c.g, c.b, 255); }

float cross(ImVec2 o, ImVec2 a, ImVec2 b) { return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x); }

// The colour of the topmost triangle of dl covering p: what a flat-shaded pixel there shows.
// 0 when no triangle covers it.
ImU32 color_at(const ImDrawList * dl, ImVec2 p) {
    ImU32 col = 0;
    for (const ImDrawCmd & cmd : dl->CmdBuffer)
        for (unsigned k = 0; k + 2 < cmd.ElemCount; k += 3) {
            const ImDrawVert * v[3];
            for (int m = 0; m < 3; m++) v[m] = &dl->VtxBuffer[int(cmd.VtxOffset + dl->IdxBuffer[int(cmd.IdxOffset + k + m)])];
            const float d0 = cross(v[0]->pos, v[1]->pos, p), d1 = cross(v[1]->pos, v[2]->pos, p),
                        d2 = cross(v[2]->pos, v[0]->pos, p);
            const bool inside = (d0 >= 0 && d1 >= 0 && d2 >= 0) || (d0 <= 0 && d1 <= 0 && d2 <= 0);
            if (inside) col = v[0]->col;
        }
    return col;
}

class Widgets : public ::testing::Test {
protected:
    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO & io = ImGui::GetIO();
        io.DisplaySize = ImVec2(1600, 1200);
        io.IniFilename = nullptr;
        unsigned char * pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        // ImGui's log goes to the "clipboard" when a window ends (a tooltip's End() ends it too).
        io.ClipboardUserData = &logged;
        io.SetClipboardTextFn = [](void * user, const char * text) { *static_cast<std::string *>(user) += text; };
    }
    void TearDown() override { ImGui::DestroyContext(); }

    // One frame with `draw` inside a full-screen window at (0, 0). Records the last item's rect,
    // the window's draw list and the text ImGui rendered (tooltips; draw-list labels are not text).
    void frame(const std::function<void()> & draw) {
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
        ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
        logged.clear();
        ImGui::LogToClipboard();
        draw();
        item_min = ImGui::GetItemRectMin();
        item_max = ImGui::GetItemRectMax();
        list = ImGui::GetWindowDrawList();
        ImGui::End();
        ImGui::Render();
    }
    // Frames with the pointer at p: one to move there, one to see it.
    void hover(ImVec2 p, const std::function<void()> & draw) {
        ImGui::GetIO().MousePos = p;
        frame(draw);
        frame(draw);
    }
    // Press and release the left button at p; `on_release` runs after the release frame.
    void click(ImVec2 p, const std::function<void()> & draw) {
        ImGuiIO & io = ImGui::GetIO();
        hover(p, draw);
        io.MouseDown[0] = true;
        frame(draw);
        io.MouseDown[0] = false;
        frame(draw);
    }
    // With 16-bit indices a draw list past 65,536 vertices draws garbage; the build uses 32-bit
    // ones (ImDrawIdx=unsigned), where the widgets paint every cell and the limit is memory.
    static void expect_draw_lists_fit_16_bit_indices() {
        const ImDrawData * d = ImGui::GetDrawData();
        ASSERT_NE(d, nullptr);
        const long limit = sizeof(ImDrawIdx) == 2 ? 65536L : 4L << 20;
        for (int i = 0; i < d->CmdListsCount; i++) EXPECT_LT(long(d->CmdLists[i]->VtxBuffer.Size), limit);
    }

    ImVec2 item_min, item_max;
    ImDrawList * list = nullptr;
    std::string logged;
};

std::vector<float> ramp(int rows, int cols) {  // distinct weights in [0, 1]
    std::vector<float> v(size_t(rows) * cols);
    for (size_t i = 0; i < v.size(); i++) v[i] = float(i) / float(v.size());
    return v;
}

// ---- Heatmap -------------------------------------------------------------------------------------

struct HeatmapCase {
    std::vector<std::string> rows = {"我", "爱", "你"};  // CJK: the default font draws '?'
    std::vector<std::string> cols = {"I", "love", "you", "."};
    std::vector<float> values = ramp(3, 4);
    HeatmapOptions options;
    HeatmapResult result;

    HeatmapCase() { options.cell = 20; }
    void draw() { result = draw_heatmap("##h", values.data(), 3, 4, rows, cols, options); }
};

// The grid sits in the item's bottom-right corner (heatmap.h).
ImVec2 cell_center(ImVec2 item_max, float cell, int rows, int cols, int r, int c) {
    return ImVec2(item_max.x - (cols - c - 0.5f) * cell, item_max.y - (rows - r - 0.5f) * cell);
}

TEST_F(Widgets, HeatmapReservesTheGridPlusLabels) {
    HeatmapCase h;
    h.cols = {"a", "b", "c", "d"};  // one letter fits a 20 px cell: horizontal labels
    frame([&] { h.draw(); });
    float row_label_w = 0;
    for (const std::string & s : h.rows) row_label_w = std::max(row_label_w, ImGui::CalcTextSize(s.c_str()).x);
    const ImVec2 size(item_max.x - item_min.x, item_max.y - item_min.y);
    const float line = ImGui::GetTextLineHeight();
    EXPECT_GE(size.x, 4 * 20 + row_label_w);
    EXPECT_LE(size.x, 4 * 20 + row_label_w + 12);
    EXPECT_GE(size.y, 3 * 20 + line);
    EXPECT_LE(size.y, 3 * 20 + line + 12);

    // Labels too wide for a cell are turned: the band above the grid is as tall as the widest.
    h.cols = {"a", "internationalisation", "c", "d"};
    frame([&] { h.draw(); });
    const float long_w = ImGui::CalcTextSize("internationalisation").x;
    EXPECT_GE(item_max.y - item_min.y, 3 * 20 + long_w);
    EXPECT_LE(item_max.y - item_min.y, 3 * 20 + long_w + 12);
}

TEST_F(Widgets, HeatmapTurnsLongColumnLabels) {
    HeatmapCase h;
    h.cols = {"internationalisation", "b", "c", "d"};
    frame([&] { h.draw(); });
    // Vertices above the grid and within column 0 are that label's: taller than wide once turned.
    const float grid_x = item_max.x - 4 * 20, grid_y = item_max.y - 3 * 20;
    ImVec2 lo(1e9f, 1e9f), hi(-1e9f, -1e9f);
    for (const ImDrawVert & v : list->VtxBuffer)
        if (v.pos.y < grid_y && v.pos.x >= grid_x && v.pos.x < grid_x + 20) {
            lo = ImVec2(std::min(lo.x, v.pos.x), std::min(lo.y, v.pos.y));
            hi = ImVec2(std::max(hi.x, v.pos.x), std::max(hi.y, v.pos.y));
        }
    const float long_w = ImGui::CalcTextSize("internationalisation").x;
    EXPECT_GT(hi.y - lo.y, long_w * 0.8f);
    EXPECT_LT(hi.x - lo.x, ImGui::GetTextLineHeight() + 2);
}

TEST_F(Widgets, HeatmapFitsCellsToTheWidth) {
    std::vector<float> v = ramp(2, 2);
    frame([&] { draw_heatmap("##h", v.data(), 2, 2, {"a", "b"}, {"a", "b"}, {}); });
    EXPECT_EQ(color_at(list, cell_center(item_max, 48, 2, 2, 1, 1)), rgba(rgb_of(v[3])));  // 48: the fit maximum
    EXPECT_NE(color_at(list, cell_center(item_max, 48, 2, 2, 1, 0)), rgba(rgb_of(v[3])));

    std::vector<float> wide = ramp(2, 400);
    frame([&] { draw_heatmap("##h", wide.data(), 2, 400, {}, {}, {}); });
    EXPECT_GE(item_max.x - item_min.x, 400 * 6);  // 6: the fit minimum, wider than the window
}

TEST_F(Widgets, HeatmapPaintsCellsExactlyWithTheColourScale) {
    HeatmapCase h;
    frame([&] { h.draw(); });
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            EXPECT_EQ(color_at(list, cell_center(item_max, 20, 3, 4, r, c)), rgba(rgb_of(h.values[size_t(r) * 4 + c])))
                << r << "," << c;
}

TEST_F(Widgets, HeatmapHighlightAndMaskChangeOnlyTheirCells) {
    HeatmapCase h;
    h.options.highlight_row = 1;
    frame([&] { h.draw(); });
    EXPECT_EQ(color_at(list, cell_center(item_max, 20, 3, 4, 1, 2)), rgba(rgb_of(h.values[6])));
    EXPECT_NE(color_at(list, cell_center(item_max, 20, 3, 4, 0, 2)), rgba(rgb_of(h.values[2])));  // dimmed

    h.options.highlight_row = -1;
    h.options.causal_mask = true;
    frame([&] { h.draw(); });
    EXPECT_EQ(color_at(list, cell_center(item_max, 20, 3, 4, 2, 1)), rgba(rgb_of(h.values[9])));  // below
    EXPECT_NE(color_at(list, cell_center(item_max, 20, 3, 4, 0, 3)), 0u);
    EXPECT_NE(color_at(list, cell_center(item_max, 20, 3, 4, 0, 3)), rgba(rgb_of(h.values[3])));  // masked
}

TEST_F(Widgets, HeatmapHoverReportsTheCellAndItsWeight) {
    HeatmapCase h;
    frame([&] { h.draw(); });
    hover(cell_center(item_max, 20, 3, 4, 1, 2), [&] { h.draw(); });
    EXPECT_EQ(h.result.hovered_row, 1);
    EXPECT_EQ(h.result.hovered_col, 2);
    EXPECT_EQ(h.result.clicked_row, -1);
    char weight[32];
    std::snprintf(weight, sizeof weight, "%.4f", h.values[6]);
    EXPECT_NE(logged.find("爱 → you: " + std::string(weight)), std::string::npos) << logged;

    h.options.causal_mask = true;
    hover(cell_center(item_max, 20, 3, 4, 0, 3), [&] { h.draw(); });
    EXPECT_NE(logged.find("masked (−∞ before softmax)"), std::string::npos) << logged;
}

TEST_F(Widgets, HeatmapHoverOnALabelReportsItsAxisAndLightsIt) {
    HeatmapCase h;
    frame([&] { h.draw(); });
    const ImVec2 cell = cell_center(item_max, 20, 3, 4, 2, 1);
    hover(ImVec2(item_min.x + 2, cell.y), [&] { h.draw(); });  // the row label of row 2
    EXPECT_EQ(h.result.hovered_row, 2);
    EXPECT_EQ(h.result.hovered_col, -1);
    EXPECT_EQ(color_at(list, cell_center(item_max, 20, 3, 4, 2, 0)), rgba(rgb_of(h.values[8])));
    EXPECT_NE(color_at(list, cell_center(item_max, 20, 3, 4, 0, 0)), rgba(rgb_of(h.values[0])));

    hover(ImVec2(cell.x, item_min.y + 2), [&] { h.draw(); });  // the column label of column 1
    EXPECT_EQ(h.result.hovered_row, -1);
    EXPECT_EQ(h.result.hovered_col, 1);

    hover(ImVec2(item_max.x + 40, cell.y), [&] { h.draw(); });  // beside the widget
    EXPECT_EQ(h.result.hovered_row, -1);
    EXPECT_EQ(h.result.hovered_col, -1);
}

TEST_F(Widgets, HeatmapClickReportsTheCellOnRelease) {
    HeatmapCase h;
    frame([&] { h.draw(); });
    const ImVec2 p = cell_center(item_max, 20, 3, 4, 2, 1);
    hover(p, [&] { h.draw(); });
    ImGui::GetIO().MouseDown[0] = true;
    frame([&] { h.draw(); });
    EXPECT_EQ(h.result.clicked_row, -1);  // a press alone is not a click
    ImGui::GetIO().MouseDown[0] = false;
    frame([&] { h.draw(); });
    EXPECT_EQ(h.result.clicked_row, 2);
    EXPECT_EQ(h.result.clicked_col, 1);
    frame([&] { h.draw(); });
    EXPECT_EQ(h.result.clicked_row, -1);  // reported once

    click(ImVec2(item_min.x + 2, cell_center(item_max, 20, 3, 4, 0, 0).y), [&] { h.draw(); });
    EXPECT_EQ(h.result.clicked_row, 0);
    EXPECT_EQ(h.result.clicked_col, -1);
}

TEST_F(Widgets, HeatmapDrawsDegenerateAndLargeMapsWithinTheVertexLimit) {
    HeatmapResult r;
    frame([&] { r = draw_heatmap("##h", nullptr, 0, 0, {}, {}, {}); });
    EXPECT_EQ(r.hovered_row, -1);
    EXPECT_NE(logged.find("no attention to show"), std::string::npos);

    const float one = 1.0f;
    frame([&] { r = draw_heatmap("##h", &one, 1, 1, {"猫"}, {"cat"}, {}); });
    EXPECT_EQ(color_at(list, ImVec2(item_max.x - 3, item_max.y - 3)), rgba(rgb_of(1.0f)));

    std::vector<std::string> zh(200, "注意力"), en(40, "attention");
    const std::vector<float> tall = ramp(200, 40);
    frame([&] { r = draw_heatmap("##h", tall.data(), 200, 40, zh, en, {}); });
    expect_draw_lists_fit_16_bit_indices();

    // Every option on a 200 × 200 map, and 400 × 400 two-pixel cells: 160 000 visible cells would
    // need 640 000 vertices, so the painter must sample blocks.
    const std::vector<std::pair<int, int>> links = {{0, 0}, {5, 7}, {199, 199}, {300, 2}};
    HeatmapOptions all;
    all.causal_mask = all.show_values = true;
    all.gold_sure = all.gold_possible = &links;
    all.highlight_row = 3;
    const std::vector<float> square = ramp(200, 200);
    frame([&] { r = draw_heatmap("##h", square.data(), 200, 200, zh, zh, all); });
    expect_draw_lists_fit_16_bit_indices();
    all.cell = 2;
    const std::vector<float> huge = ramp(400, 400);
    frame([&] { r = draw_heatmap("##h", huge.data(), 400, 400, {}, {}, all); });
    expect_draw_lists_fit_16_bit_indices();
    EXPECT_GT(list->VtxBuffer.Size, 4 * 50 * 50);  // still a map, not nothing
}

TEST_F(Widgets, ColorLegendShowsTheScaleAndTicks) {
    frame([&] { draw_color_legend("##legend", 300); });
    EXPECT_NEAR(item_max.x - item_min.x, 300, 0.5);
    // The bar's top edge runs from the colour of weight 0 (leftmost vertex) to that of weight 1.
    const ImDrawVert * left = nullptr, * right = nullptr;
    for (const ImDrawVert & v : list->VtxBuffer) {
        if (v.pos.y != item_min.y) continue;
        if (!left || v.pos.x < left->pos.x) left = &v;
        if (!right || v.pos.x > right->pos.x) right = &v;
    }
    ASSERT_TRUE(left && right);
    EXPECT_EQ(left->col, rgba(rgb_of(0.0f)));
    EXPECT_EQ(right->col, rgba(rgb_of(1.0f)));
    EXPECT_GT(right->pos.x - left->pos.x, 250);
}

// ---- Model grid ----------------------------------------------------------------------------------

struct GridCase {
    static constexpr int kLayers = 3, kHeads = 4, kRows = 5, kCols = 6;
    static constexpr float kThumb = 40, kPitch = kThumb + 4;  // 4 px gaps (attention_thumbnail.h)
    std::vector<std::vector<float>> maps;
    int clicked_layer = -1, clicked_head = -1;
    bool clicked = false;

    GridCase() {
        for (int i = 0; i < kLayers * kHeads; i++) {
            std::vector<float> m(kRows * kCols, 0.01f * float(i));  // every map its own colour
            maps.push_back(m);
        }
    }
    const float * get(int l, int h) const { return l == 1 && h == 3 ? nullptr : maps[size_t(l * kHeads + h)].data(); }
    void draw() {
        clicked = draw_model_grid("##grid", kLayers, kHeads, kRows, kCols, [this](int l, int h) { return get(l, h); },
                                  0, 0, kThumb, &clicked_layer, &clicked_head);
    }
    static ImVec2 thumb_center(ImVec2 item_max, int l, int h) {
        return ImVec2(item_max.x - (kHeads - h) * kPitch + kThumb / 2, item_max.y - (kLayers - l) * kPitch + kThumb / 2);
    }
};

TEST_F(Widgets, ModelGridReportsTheClickedThumbnail) {
    GridCase g;
    frame([&] { g.draw(); });
    EXPECT_GE(item_max.x - item_min.x, GridCase::kHeads * GridCase::kPitch);
    click(GridCase::thumb_center(item_max, 2, 1), [&] { g.draw(); });
    EXPECT_TRUE(g.clicked);
    EXPECT_EQ(g.clicked_layer, 2);
    EXPECT_EQ(g.clicked_head, 1);

    g.clicked_layer = g.clicked_head = -1;
    click(ImVec2(item_min.x + 2, item_min.y + 2), [&] { g.draw(); });  // the header corner
    EXPECT_FALSE(g.clicked);
    EXPECT_EQ(g.clicked_layer, -1);
}

TEST_F(Widgets, ModelGridHoverShowsTheLayerHeadAndAPreview) {
    GridCase g;
    frame([&] { g.draw(); });
    const ImVec2 p = GridCase::thumb_center(item_max, 0, 2);
    EXPECT_EQ(color_at(list, p), rgba(rgb_of(0.01f * 2)));  // thumbnail (0, 2) shows map 2
    hover(p, [&] { g.draw(); });
    EXPECT_NE(logged.find("layer 0, head 2"), std::string::npos) << logged;
    const ImGuiWindow * tip = ImGui::FindWindowByName("##Tooltip_00");
    ASSERT_NE(tip, nullptr);
    ASSERT_TRUE(tip->Active);
    bool preview = false;
    for (const ImDrawVert & v : tip->DrawList->VtxBuffer) preview |= v.col == rgba(rgb_of(0.01f * 2));
    EXPECT_TRUE(preview);

    hover(GridCase::thumb_center(item_max, 1, 3), [&] { g.draw(); });  // a head without a map
    EXPECT_NE(logged.find("layer 1, head 3"), std::string::npos) << logged;
}

TEST_F(Widgets, ModelGridDownscalesLargeMapsWithinTheVertexLimit) {
    const std::vector<float> big = ramp(200, 200);
    int l = -1, h = -1;
    frame([&] { draw_model_grid("##grid", 6, 8, 200, 200, [&](int, int) { return big.data(); }, 1, 1, 64, &l, &h); });
    expect_draw_lists_fit_16_bit_indices();
    // Thumbnail (0, 0) is painted with nearest samples: its corner shows a cell from the map's corner.
    const ImU32 corner = color_at(list, ImVec2(item_max.x - 8 * 68 + 1, item_max.y - 6 * 68 + 1));
    bool from_corner = false;
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++) from_corner |= corner == rgba(rgb_of(big[size_t(r) * 200 + c]));
    EXPECT_TRUE(from_corner);
}

// ---- Line view -----------------------------------------------------------------------------------

struct LinesCase {
    std::vector<std::string> left = {"the", "cat", "猫"};
    std::vector<std::string> right = {"die", "Katze", "schläft", "."};
    std::vector<float> values = {0.7f, 0.3f, 0.0f, 0.0f,  //
                                 0.1f, 0.6f, 0.2f, 0.1f,  //
                                 0.25f, 0.25f, 0.25f, 0.25f};
    int focus = -1;
    LinesResult result;
    void draw() { result = draw_attention_lines("##lines", values.data(), 3, 4, left, right, focus, 200); }
};

TEST_F(Widgets, LinesReportTheHoveredToken) {
    LinesCase c;
    frame([&] { c.draw(); });
    const float pitch = (item_max.y - item_min.y) / 4;  // four slots: the longer side
    EXPECT_GE(item_max.y - item_min.y, 200 - 4);
    hover(ImVec2(item_min.x + 4, item_min.y + 2.5f * pitch), [&] { c.draw(); });
    EXPECT_EQ(c.result.hovered_left, 2);
    EXPECT_EQ(c.result.hovered_right, -1);
    hover(ImVec2(item_max.x - 4, item_min.y + 3.5f * pitch), [&] { c.draw(); });
    EXPECT_EQ(c.result.hovered_left, -1);
    EXPECT_EQ(c.result.hovered_right, 3);
    hover(ImVec2((item_min.x + item_max.x) / 2, item_min.y + 0.5f * pitch), [&] { c.draw(); });  // among the lines
    EXPECT_EQ(c.result.hovered_left, -1);
    EXPECT_EQ(c.result.hovered_right, -1);
    hover(ImVec2(item_min.x + 4, item_min.y + 3.5f * pitch), [&] { c.draw(); });  // below the last query
    EXPECT_EQ(c.result.hovered_left, -1);
}

// Line vertices are the anti-aliased ones with the line colour; count them in the window's list.
int line_vertices(const ImDrawList * dl) {
    int n = 0;
    for (const ImDrawVert & v : dl->VtxBuffer) n += (v.col & 0x00FFFFFF) == (IM_COL32(66, 146, 198, 0) & 0x00FFFFFF);
    return n;
}

TEST_F(Widgets, LinesShowOnlyTheFocusedOrHoveredTokensLines) {
    LinesCase c;
    frame([&] { c.draw(); });
    const int all = line_vertices(list);  // 10 lines of weight ≥ 0.01
    c.focus = 0;
    frame([&] { c.draw(); });
    const int focused = line_vertices(list);  // 2 lines
    EXPECT_GT(focused, 0);
    EXPECT_NEAR(double(all) / focused, 5.0, 1.0);

    c.focus = -1;
    const float pitch = (item_max.y - item_min.y) / 4;
    hover(ImVec2(item_max.x - 4, item_min.y + 0.5f * pitch), [&] { c.draw(); });  // "die": 3 lines into it
    EXPECT_EQ(c.result.hovered_right, 0);
    EXPECT_NEAR(double(line_vertices(list)) / focused, 1.5, 0.3);

    c.values.assign(12, 0.005f);  // all under the 0.01 threshold
    frame([&] { c.draw(); });
    EXPECT_EQ(line_vertices(list), 0);
}

TEST_F(Widgets, LinesDrawDegenerateAndLargeMaps) {
    LinesResult r;
    frame([&] { r = draw_attention_lines("##lines", nullptr, 0, 0, {}, {}, -1, 100); });
    EXPECT_EQ(r.hovered_left, -1);
    const float one = 1.0f;
    frame([&] { r = draw_attention_lines("##lines", &one, 1, 1, {"猫"}, {"cat"}, 5, 100); });
    EXPECT_GT(line_vertices(list), 0);  // an out-of-range focus shows every line
    std::vector<float> dense(200 * 200, 0.02f);  // 40 000 lines over the threshold
    frame([&] { r = draw_attention_lines("##lines", dense.data(), 200, 200, {}, {}, -1, 600); });
    expect_draw_lists_fit_16_bit_indices();
}

} // namespace
} // namespace attn

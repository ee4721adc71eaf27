// Colour measurements (ui/widgets/color_science.h) against an independent library's numbers
// (tests/fixtures/color_golden.json, made by tests/ui/golden/make_color_golden.mjs with culori),
// then what they say about the playground's colours:
//   - every colour scale's neighbouring legend steps stay apart (CIEDE2000) for normal vision and
//     under each dichromacy simulated (Machado et al. 2009), and the diverging scale's sign stays
//     readable;
//   - every text colour reaches WCAG AA (4.5:1) on every background the theme draws text on.
#include "ui/theme.h"
#include "ui/widgets/color_scale.h"
#include "ui/widgets/color_science.h"
#include "ui/widgets/heat_scale.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>

namespace attn {
namespace {

nlohmann::json golden() {
    std::ifstream f(std::string(ATTN_FIXTURES_DIR) + "/color_golden.json");
    EXPECT_TRUE(f.good());
    return nlohmann::json::parse(f);
}

Srgb rgb_of(const nlohmann::json & c) { return {c[0].get<double>(), c[1].get<double>(), c[2].get<double>()}; }

TEST(ColorScience, MatchesAnIndependentLibrary) {
    const nlohmann::json g = golden();
    ASSERT_GE(g["colours"].size(), 30u);
    for (const auto & c : g["colours"]) {
        const Srgb s = rgb_of(c["rgb"]);
        const Lab lab = to_lab(s);
        EXPECT_NEAR(lab.l, c["lab"][0].get<double>(), 1e-3) << c["rgb"];
        EXPECT_NEAR(lab.a, c["lab"][1].get<double>(), 1e-3) << c["rgb"];
        EXPECT_NEAR(lab.b, c["lab"][2].get<double>(), 1e-3) << c["rgb"];
        EXPECT_NEAR(relative_luminance(s), c["luminance"].get<double>(), 1e-4) << c["rgb"];
    }
    for (const auto & p : g["pairs"]) {
        EXPECT_NEAR(contrast_ratio(rgb_of(p["a"]), rgb_of(p["b"])), p["contrast"].get<double>(), 1e-3);
        EXPECT_NEAR(delta_e2000(to_lab(rgb_of(p["a"])), to_lab(rgb_of(p["b"]))), p["de2000"].get<double>(), 1e-3);
    }
    // Sharma, Wu & Dalal's published pairs, with their printed ΔE00 to four decimals.
    for (const auto & p : g["sharma"]) {
        const Lab a{p["a"][0], p["a"][1], p["a"][2]}, b{p["b"][0], p["b"][1], p["b"][2]};
        EXPECT_NEAR(delta_e2000(a, b), p["de2000"].get<double>(), 1e-4);
        EXPECT_NEAR(delta_e2000(b, a), p["de2000"].get<double>(), 1e-4) << "symmetric";
    }
    for (Deficiency d : kDeficiencies) {
        const auto & want = g["machado"][deficiency_name(d)];
        for (int i = 0; i < 9; i++) EXPECT_NEAR(machado_matrix(d)[size_t(i)], want[i / 3][i % 3].get<double>(), 1e-6);
    }
}

TEST(ColorScience, HandChecks) {
    EXPECT_NEAR(contrast_ratio({255, 255, 255}, {0, 0, 0}), 21.0, 1e-9);
    EXPECT_NEAR(contrast_ratio({118, 118, 118}, {255, 255, 255}), 4.54, 0.005);  // WCAG's lightest AA grey on white
    EXPECT_NEAR(delta_e2000(to_lab({10, 20, 30}), to_lab({10, 20, 30})), 0.0, 1e-12);
    for (Deficiency d : kDeficiencies) {  // every row of a Machado matrix sums to 1: greys stay grey
        for (double v : {0.0, 64.0, 200.0, 255.0}) {
            const Srgb s = simulate({v, v, v}, d);
            EXPECT_NEAR(s.r, v, 0.01);
            EXPECT_NEAR(s.g, v, 0.01);
            EXPECT_NEAR(s.b, v, 0.01);
        }
    }
    // Red and green, far apart for most readers, nearly meet for a deuteranope.
    const double normal = delta_e2000(to_lab({200, 40, 40}), to_lab({40, 160, 40}));
    const double deutan = delta_e2000(to_lab(simulate({200, 40, 40}, Deficiency::Deuteranopia)),
                                      to_lab(simulate({40, 160, 40}, Deficiency::Deuteranopia)));
    EXPECT_GT(normal, 50.0);
    EXPECT_LT(deutan, normal / 2);
}

// The smallest CIEDE2000 difference between neighbouring steps of a scale sampled at `steps`
// points over [lo, hi], for normal vision (d == nullptr) or a simulated dichromacy.
double smallest_step(const std::function<Srgb(double)> & scale, double lo, double hi, int steps, const Deficiency * d) {
    double smallest = 1e9;
    for (int i = 0; i + 1 < steps; i++) {
        Srgb a = scale(lo + (hi - lo) * i / (steps - 1)), b = scale(lo + (hi - lo) * (i + 1) / (steps - 1));
        if (d) a = simulate(a, *d), b = simulate(b, *d);
        smallest = std::min(smallest, delta_e2000(to_lab(a), to_lab(b)));
    }
    return smallest;
}

Srgb from_bytes(void (*fn)(float, uint8_t *), double t) {
    uint8_t rgb[3];
    fn(float(t), rgb);
    return {double(rgb[0]), double(rgb[1]), double(rgb[2])};
}

// A legend of 9 steps: neighbours at least ΔE00 5 apart (clearly different side by side; 1 is
// just noticeable) for everyone.
constexpr double kLegendStep = 5.0;

TEST(ColorScales, LegendStepsStayApartForColourBlindReaders) {
    const struct {
        const char * name;
        std::function<Srgb(double)> scale;
        double lo, hi;
        bool must_pass;
    } scales[] = {
        {"attention viridis", [](double t) { return from_bytes(attention_rgb, t); }, 0, 1, true},
        {"attention Blues", [](double t) {
             set_attention_palette(AttentionPalette::Blues);
             const Srgb c = from_bytes(attention_rgb, t);
             set_attention_palette(AttentionPalette::Viridis);
             return c;
         }, 0, 1, false},  // the earlier default, kept as an option: its darkest steps come within 4.8 under protanopia
        {"signed (RdBu)", [](double t) { return from_bytes(diverging_rgb, t); }, -1, 1, true},
        {"heat (inferno)", [](double t) { return from_bytes(heat_rgb, t); }, 0, 1, true},
    };
    ASSERT_EQ(attention_palette(), AttentionPalette::Viridis) << "the default";
    for (const auto & s : scales) {
        const double normal = smallest_step(s.scale, s.lo, s.hi, 9, nullptr);
        std::printf("%-18s smallest ΔE00 between the 9 legend steps: normal %.1f", s.name, normal);
        EXPECT_GE(normal, kLegendStep) << s.name;
        for (Deficiency d : kDeficiencies) {
            const double seen = smallest_step(s.scale, s.lo, s.hi, 9, &d);
            std::printf(", %s %.1f", deficiency_name(d), seen);
            if (s.must_pass) {
                EXPECT_GE(seen, kLegendStep) << s.name << " under " << deficiency_name(d);
            }
        }
        std::printf("\n");
    }
}

TEST(ColorScales, TheSignOfASignedValueReadsUnderEveryDeficiency) {
    for (Deficiency d : kDeficiencies)
        for (double v : {0.25, 0.5, 1.0}) {
            const Srgb neg = simulate(from_bytes(diverging_rgb, -v), d), pos = simulate(from_bytes(diverging_rgb, v), d);
            const double de = delta_e2000(to_lab(neg), to_lab(pos));
            EXPECT_GE(de, 10.0) << deficiency_name(d) << " at ±" << v;
        }
}

ImVec4 over(ImVec4 top, ImVec4 below) {  // `top` composited over an opaque `below`
    return {top.x * top.w + below.x * (1 - top.w), top.y * top.w + below.y * (1 - top.w), top.z * top.w + below.z * (1 - top.w), 1};
}
Srgb srgb(ImVec4 c) { return {255.0 * c.x, 255.0 * c.y, 255.0 * c.z}; }

TEST(Theme, EveryTextColourReachesAaContrastOnEveryBackground) {
    ImGui::CreateContext();
    for (Theme theme : kThemes) {
        apply_theme(1.0f, theme);
        const ImGuiStyle & st = ImGui::GetStyle();
        const ImVec4 page = theme::background();
        const ImVec4 window = over(st.Colors[ImGuiCol_WindowBg], page);
        const struct {
            const char * name;
            ImVec4 color;
        } backgrounds[] = {
            {"window", window},
            {"popup", over(st.Colors[ImGuiCol_PopupBg], page)},
            {"frame", over(st.Colors[ImGuiCol_FrameBg], window)},
            {"button", over(st.Colors[ImGuiCol_Button], window)},
            {"header", over(st.Colors[ImGuiCol_Header], window)},
            {"title", over(st.Colors[ImGuiCol_TitleBgActive], page)},
        };
        std::vector<theme::NamedColor> texts = {{"text", st.Colors[ImGuiCol_Text]}, {"dimmed text", st.Colors[ImGuiCol_TextDisabled]}};
        for (const theme::NamedColor & c : theme::text_colors(theme)) texts.push_back(c);
        std::printf("%s theme\n", theme_id(theme));
        for (const auto & t : texts) {
            std::printf("  %-12s", t.name);
            for (const auto & b : backgrounds) {
                const double ratio = contrast_ratio(srgb(over(t.color, b.color)), srgb(b.color));
                std::printf("  %s %.1f", b.name, ratio);
                // Buttons, headers and title bars carry the plain text colour only; every other text
                // colour sits on windows, popups and input frames.
                const bool plain = std::string(t.name) == "text";
                const bool where_drawn = plain || std::string(b.name) == "window" || std::string(b.name) == "popup" ||
                                         std::string(b.name) == "frame";
                if (where_drawn) {
                    EXPECT_GE(ratio, 4.5) << theme_id(theme) << ": " << t.name << " on " << b.name;
                }
            }
            std::printf("\n");
        }
    }
    ImGui::DestroyContext();
}

} // namespace
} // namespace attn

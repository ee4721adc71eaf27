// The interface's look in one place: ImGui's dark or light style with our spacing, the page
// behind the windows, and every colour text is drawn in besides the style's own, so
// tests/ui/test_color_science.cpp can hold each to WCAG AA (4.5:1) on every background it
// appears on, in both themes.
#pragma once
#include <imgui.h>

#include <vector>

namespace attn {

enum class Theme { Dark, Light };
constexpr Theme kThemes[] = {Theme::Dark, Theme::Light};
const char * theme_id(Theme t);  // "dark", "light"

// Sizes scaled for the display (1 on a plain screen); the colours of `theme`.
void apply_theme(float scale, Theme theme = Theme::Dark);

namespace theme {

struct TextColors {
    ImVec4 warning;   // input notices, errors, words with unseen pieces
    ImVec4 caveat;    // "attention weights are not an explanation"
    ImVec4 holds;     // a tour step's measurement that holds
    ImVec4 fails;     // ... that does not
    ImVec4 sure;      // an output token's probability >= 0.8
    ImVec4 unsure;    // >= 0.5
    ImVec4 doubtful;  // below
};
const TextColors & text_of(Theme t);
const TextColors & text();  // of the theme applied last
ImVec4 background();        // the page behind the windows, of the theme applied last

// The ends of the step-through's signed strips (not text): negative and positive.
inline const ImVec4 kNegative{0.27f, 0.51f, 0.95f, 1.0f};
inline const ImVec4 kPositive{0.93f, 0.30f, 0.25f, 1.0f};

struct NamedColor {
    const char * name;
    ImVec4 color;
};
std::vector<NamedColor> text_colors(Theme t);  // the TextColors above, named

} // namespace theme
} // namespace attn

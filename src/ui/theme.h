// The interface's look in one place: ImGui's dark style with our spacing, and every colour that
// text is drawn in besides the style's own, so tests/ui/test_theme.cpp can hold each to WCAG AA
// (4.5:1) on every background it appears on.
#pragma once
#include <imgui.h>

#include <vector>

namespace attn {

void apply_theme(float scale);  // sizes scaled for the display (1 on a plain screen)

namespace theme {

inline const ImVec4 kWarning{1.0f, 0.55f, 0.25f, 1.0f};   // input notices, errors, words with unseen pieces
inline const ImVec4 kCaveat{0.9f, 0.8f, 0.5f, 1.0f};      // "attention weights are not an explanation"
inline const ImVec4 kHolds{0.47f, 0.86f, 0.47f, 1.0f};    // a tour step's measurement that holds
inline const ImVec4 kFails{1.0f, 0.7f, 0.3f, 1.0f};       // ... that does not
inline const ImVec4 kSure{0.45f, 0.85f, 0.45f, 1.0f};     // an output token's probability >= 0.8
inline const ImVec4 kUnsure{0.95f, 0.8f, 0.3f, 1.0f};     // >= 0.5
inline const ImVec4 kDoubtful{1.0f, 0.45f, 0.35f, 1.0f};  // below
// The ends of the step-through's signed strips (not text): negative and positive.
inline const ImVec4 kNegative{0.27f, 0.51f, 0.95f, 1.0f};
inline const ImVec4 kPositive{0.93f, 0.30f, 0.25f, 1.0f};

struct NamedColor {
    const char * name;
    ImVec4 color;
};
// The colours above that text is drawn in.
const std::vector<NamedColor> & text_colors();

} // namespace theme
} // namespace attn

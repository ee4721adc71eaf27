// Widths that grow with the text. The panels were laid out for a 16-point font; a width written
// for that font, passed through text_width(), keeps its room for the same words when the reader
// makes text and controls bigger (View > Size of text and controls), so a combo's "Layer 2" is not
// cut to "Layer".
#pragma once
#include <imgui.h>

namespace attn {

inline float text_width(float points_at_16) { return points_at_16 * ImGui::GetFontSize() / 16.0f; }

} // namespace attn

// Where each window opens the first time: side by side on a wide screen (translation left,
// attention and step-through right), stacked full width on a narrow one (a phone in portrait), so
// no window covers another on first open. Users may move them afterwards. Architecture, Compare,
// Image and Train open over the others: Compare, Image and Train take the whole screen.
#pragma once
#include <imgui.h>

namespace attn {

enum class Panel { Translate, Attention, Step, Architecture, Compare, Image, Train };

// Calls SetNextWindowPos/Size for the panel: once (ImGuiCond_FirstUseEver), and again whenever the
// viewport has changed size since the panel was last placed.
void place_next_window(Panel p);

// Embed mode (?embed=1): while on, place_next_window() puts the panel over the whole viewport on
// every frame (ImGuiCond_Always), so the one embedded panel fills the iframe and follows its size.
// `leave_below` pixels at the bottom stay free (the embedded tour's box).
void set_fill_viewport(bool on, float leave_below = 0.0f);

// SameLine when an item of `width` still fits on this line, else a new line: word wrap for
// widgets, so the panels work on a phone too.
void same_line_if_fits(float width);
// `text` after the last item, or on the next line where it does not fit there, in `color` (by
// default the dimmed hint colour).
void text_beside(const char * text, const ImVec4 * color = nullptr);

// A collapsing header labelled `full` where that fits the window's width, else `shorter`: ImGui
// clips a header's label at the edge rather than wrapping it. `id` keeps it the same header.
bool collapsing_header_that_fits(const char * full, const char * shorter, const char * id);

} // namespace attn

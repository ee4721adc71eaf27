// Text wrapped at the window's edge, for Chinese as well as English: ImGui 1.86 breaks lines only
// at spaces and after punctuation, so a Chinese sentence (no spaces) ran past the edge of a
// phone-wide window, and it breaks after '.', which splits numbers ("0.\n299").
#pragma once
#include <string>

namespace attn {

// `text` with '\n' inserted so that no line is wider than `width` in the current font: breaks at
// spaces and between Chinese characters (and full-width punctuation) only. A single word wider
// than `width` stays whole on its own line.
std::string wrap_to_width(const std::string & text, float width);

void text_wrapped(const std::string & text);      // at the content region's width
void dim_text_wrapped(const std::string & text);  // the same in the dim colour: notes, captions

} // namespace attn

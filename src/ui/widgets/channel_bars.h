// CBAM's channel attention M_c of one block: a bar per channel, as tall as its weight in (0, 1)
// (the sigmoid's range), over a faint track marking 1. Channels the module turned down are short
// bars. Hovering shows the channel's index and weight.
#pragma once
#include <vector>

namespace attn {

// One item, `width` × `height` px (width 0: the available width).
void draw_channel_bars(const char * id, const std::vector<float> & weights, float width, float height);

} // namespace attn

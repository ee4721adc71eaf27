// A vector as a strip of coloured cells (diverging scale: blue negative, white 0, red positive),
// e.g. RNNencdec's C, the one vector its decoder gets from the encoder. Wraps into rows so every
// cell stays at least a few pixels wide; hovering a cell shows its index and value.
#pragma once
#include <vector>

namespace attn {

// One item as wide as `width` (0: the available width). Values are clamped to [-1, 1] for colour.
void draw_vector_strip(const char * id, const float * values, int n, float width);

// The scale's legend: -1 … 0 … +1 as a colour bar with three tick labels; one item.
void draw_diverging_legend(const char * id, float width);

// RNNencdec's C with what it is: a heading, how many numbers, the strip and its legend.
void draw_context_c(const std::vector<float> & c);

} // namespace attn

// The head view's line drawing (BertViz, after Tensor2Tensor): queries in a left column, keys in a
// right one, and a line from left i to right j as strong as the weight with which i attends to j.
// It reads better than a heatmap for short sentences: follow one word's lines to what it uses.
#pragma once
#include <string>
#include <vector>

namespace attn {

struct LinesResult {
    int hovered_left = -1, hovered_right = -1;
};

// left tokens = queries (rows), right tokens = keys (cols); values rows × cols, row-major. A line
// from left i to right j has opacity and thickness ∝ weight(i, j); weights under 0.01 are not
// drawn. Hovering a left token shows only its lines and prints the weights next to the right
// tokens; hovering a right token shows the lines into it, weights next to the left tokens.
// focus_left >= 0 behaves like a hovered left token while nothing is hovered. `height` is the
// height wanted; it grows so that every token gets at least a text line.
LinesResult draw_attention_lines(const char * id, const float * values, int rows, int cols,
                                 const std::vector<std::string> & left, const std::vector<std::string> & right,
                                 int focus_left /* -1: all */, float height);

} // namespace attn

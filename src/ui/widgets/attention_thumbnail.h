// The model view (BertViz's name): every layer × head of one attention kind as small heatmaps, so
// heads that attend to the previous token, to themselves or to punctuation stand out at a glance.
#pragma once
#include <functional>

namespace attn {

// Draws a grid of layers × heads thumbnails; get(layer, head) returns the map values (rows × cols,
// row-major) or nullptr. Rows are headed "L0".."Ln", columns "H0".."Hn". Hovering a thumbnail
// shows "layer L, head H" and a larger preview. Returns true and sets *clicked_layer /
// *clicked_head when one is clicked. selected_* outlines the current one (-1: none).
// Layout: thumb_size px squares, each followed by a 4 px gap, fill the bottom-right of the item;
// the headers take its top and left. A map keeps its aspect ratio inside its square.
bool draw_model_grid(const char * id, int layers, int heads, int rows, int cols,
                     const std::function<const float *(int layer, int head)> & get, int selected_layer,
                     int selected_head, float thumb_size, int * clicked_layer, int * clicked_head);

} // namespace attn

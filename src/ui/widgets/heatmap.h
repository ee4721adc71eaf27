// The attention heatmap: one map (rows = queries, the tokens attending; columns = keys, the tokens
// attended) as a grid of coloured cells with token labels on both axes, plus the 0…1 legend.
// ImGui only, no app state: the caller owns the selection and passes it back in the options.
//
// Also the cell-painting building blocks that the model-view thumbnails share with it.
#pragma once
#include <imgui.h>

#include <string>
#include <utility>
#include <vector>

namespace attn {

struct HeatmapOptions {
    float cell = 0;                               // cell size in px; 0 = fit the available width (clamped to [6, 48])
    int highlight_row = -1, highlight_col = -1;   // dims every cell outside this row / column
    bool causal_mask = false;                     // cells above the diagonal are masked: drawn hatched grey
    const std::vector<std::pair<int, int>> * gold_sure = nullptr;      // (row, col) links: thick outlines
    const std::vector<std::pair<int, int>> * gold_possible = nullptr;  // (row, col) links: thin inset outlines
    bool show_values = false;                     // print the weight in each cell when cells are big enough
    int cursor_row = -1, cursor_col = -1;         // the keyboard's cell: outlined, its weight shown, while focused
};

// A label hit reports only its axis (the other stays -1); a cell hit reports both.
struct HeatmapResult {
    int hovered_row = -1, hovered_col = -1;
    int clicked_row = -1, clicked_col = -1;
    float grid_x = 0, grid_y = 0, cell = 0;  // the cell grid's top-left (screen px) and cell size
    // The keyboard, while the map has ImGui's keyboard focus: the arrow keys move a cell cursor
    // (−1, 0 or +1 rows and columns; they no longer move the focus away), Enter or Space picks
    // the cursor's row. The caller keeps the cursor (HeatmapOptions::cursor_*).
    bool focused = false;
    int key_rows = 0, key_cols = 0;
    bool key_pick = false;
};

// values: rows × cols, row-major. Labels missing from the vectors are shown as their index.
// The widget is one item (an invisible button): the row-label column plus cols·cell wide, the
// column-label band plus rows·cell tall, with the grid in its bottom-right corner. The centre
// pixel of a cell that is not dimmed, masked or printed on is exactly attention_rgb(value),
// opaque (outlines only touch cell edges), unless the map is so large on screen that the draw
// list's vertex limit forces sampled blocks (see paint_attention_cells).
HeatmapResult draw_heatmap(const char * id, const float * values, int rows, int cols,
                           const std::vector<std::string> & row_labels,
                           const std::vector<std::string> & col_labels, const HeatmapOptions & options);

// The colour bar from 0 to 1 with ticks at 0, 0.25, 0.5, 0.75 and 1; one item of this width.
void draw_color_legend(const char * id, float width);

// ---- Building blocks shared by the attention views ----------------------------------------------

ImU32 attention_color(float weight);  // attention_rgb as an opaque ImGui colour

// Token labels: labels[i], or i written out when the vector is shorter than the map.
std::string label_or_index(const std::vector<std::string> & labels, int i);
float max_label_width(const std::vector<std::string> & labels, int n);  // of the first n, whole px

// How many more vertices `dl` can take. With ImGui's default 16-bit indices and a renderer without
// VtxOffset support (the GLES3/WebGL2 backend has none), one draw list holds at most 65536
// vertices, and ImGui asserts (or, with asserts off, draws garbage) past that. A margin is kept
// for whatever the window draws after the caller.
int draw_list_vertex_room(const ImDrawList * dl);

// How cells are tinted: dimmed outside lit_row / lit_col (when either is set), and masked (grey)
// above the diagonal when causal_mask is set.
struct CellTint {
    int lit_row = -1, lit_col = -1;
    bool causal_mask = false;
};

// Paints rows × cols square cells of `cell` px from `origin`, skipping those outside the draw
// list's clip rect. When cells are under a pixel, or the visible ones would need more than
// max_vertices, it paints s×s blocks, each with the colour of the cell at its centre (nearest-
// sample downscale), with s as small as fits.
void paint_attention_cells(ImDrawList * dl, ImVec2 origin, float cell, const float * values, int rows,
                           int cols, int max_vertices, const CellTint & tint = {});

} // namespace attn

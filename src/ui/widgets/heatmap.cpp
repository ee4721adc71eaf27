// The attention heatmap (see heatmap.h). The one item it submits is laid out as
//
//   min ┌────────────┬──────────────────────────┐
//       │            │ column labels   (band_h) │  horizontal when every label fits in a cell,
//       │            │                          │  else turned to read bottom-to-top
//       ├────────────┼──────────────────────────┤ grid.y
//       │ row labels │ rows × cols cells        │
//       │ (right-    │ (cell px each)           │
//       │  aligned)  │                          │
//       └────────────┴──────────────────────────┘ min + size
//                  grid.x
//
// Everything is drawn straight into the window's draw list (one rectangle per cell, no per-cell
// widgets) and only where the clip rect can show it, so a 200×200 map in a scrolling child
// costs what is on screen.
#include "ui/widgets/heatmap.h"

#include "ui/i18n.h"
#include "ui/widgets/color_scale.h"

#include <imgui_internal.h>  // ImRect, ImLerp

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace attn {

namespace {

constexpr float kGap = 4.0f;  // between the labels and the grid
constexpr float kMinFitCell = 6.0f, kMaxFitCell = 48.0f;
constexpr float kDimKeep = 0.3f;  // a dimmed cell keeps 30 % of its colour; the rest is background
constexpr int kMax16BitVertices = 65536;
constexpr int kVertexMargin = 8192;         // left for what the window draws after a widget
constexpr int kPlentyOfVertices = 1 << 22;  // 32-bit indices: bounded only to keep frames fast
const ImU32 kMaskFill = IM_COL32(52, 52, 58, 255);
const ImU32 kMaskHatch = IM_COL32(92, 92, 100, 255);
const ImU32 kGoldColor = IM_COL32(255, 140, 0, 255);  // orange: visible on near-white and dark blue
const ImU32 kDarkText = IM_COL32(20, 20, 20, 255);

struct Hit {
    int row = -1, col = -1;
};

struct Layout {
    ImVec2 min, size;              // the whole item
    ImVec2 grid;                   // top-left of cell (0, 0)
    float cell = 0;
    bool rotated = false;          // column labels read bottom-to-top
    int row_step = 1, col_step = 1;  // label every n-th row / column so labels never overlap

    ImRect cell_rect(int r, int c) const {
        const ImVec2 a(grid.x + c * cell, grid.y + r * cell);
        return ImRect(a, ImVec2(a.x + cell, a.y + cell));
    }
};

// The cells [*first, *last) of n cells of `cell` px starting at `start` that overlap [lo, hi).
void visible_range(float start, float cell, int n, float lo, float hi, int * first, int * last) {
    *first = std::clamp(int(std::floor((lo - start) / cell)), 0, n);
    *last = std::clamp(int(std::ceil((hi - start) / cell)), 0, n);
}

Layout compute_layout(int rows, int cols, const std::vector<std::string> & row_labels,
                      const std::vector<std::string> & col_labels, const HeatmapOptions & o) {
    Layout L;
    const float text_h = ImGui::GetTextLineHeight();
    const float label_w = max_label_width(row_labels, rows);
    const float col_label_w = max_label_width(col_labels, cols);
    // Whole-pixel cells keep every cell edge on a pixel edge, so each pixel is one cell's colour.
    const float fit = (ImGui::GetContentRegionAvail().x - label_w - kGap) / float(cols);
    L.cell = std::floor(o.cell > 0 ? std::max(o.cell, 1.0f) : std::clamp(fit, kMinFitCell, kMaxFitCell));
    L.rotated = col_label_w > L.cell - 2;
    const float band_h = L.rotated ? col_label_w : text_h;
    L.row_step = std::max(1, int(std::ceil(text_h / L.cell)));
    L.col_step = L.rotated ? L.row_step : 1;
    L.min = ImGui::GetCursorScreenPos();
    L.size = ImVec2(label_w + kGap + cols * L.cell, band_h + kGap + rows * L.cell);
    L.grid = ImVec2(L.min.x + L.size.x - cols * L.cell, L.min.y + L.size.y - rows * L.cell);
    return L;
}

// What is under point p: a cell (row and column), a row label (row only) or a column label.
Hit hit_test(const Layout & L, ImVec2 p, int rows, int cols) {
    const int r = int(std::floor((p.y - L.grid.y) / L.cell));
    const int c = int(std::floor((p.x - L.grid.x) / L.cell));
    const bool in_rows = r >= 0 && r < rows, in_cols = c >= 0 && c < cols;
    if (in_rows && in_cols) return {r, c};
    if (in_rows && p.x < L.grid.x) return {r, -1};
    if (in_cols && p.y < L.grid.y) return {-1, c};
    return {};
}

ImU32 mix(ImU32 a, ImU32 b, float keep_a) {
    const ImVec4 x = ImGui::ColorConvertU32ToFloat4(a), y = ImGui::ColorConvertU32ToFloat4(b);
    return ImGui::ColorConvertFloat4ToU32(ImVec4(ImLerp(y.x, x.x, keep_a), ImLerp(y.y, x.y, keep_a),
                                                 ImLerp(y.z, x.z, keep_a), 1.0f));
}

bool is_lit(const CellTint & t, int r, int c) {
    const bool any = t.lit_row >= 0 || t.lit_col >= 0;
    return !any || r == t.lit_row || c == t.lit_col;
}

bool is_masked(const CellTint & t, int r, int c) { return t.causal_mask && c > r; }

ImU32 cell_color(const CellTint & t, int r, int c, float w, ImU32 background) {
    if (is_masked(t, r, c)) return kMaskFill;
    return is_lit(t, r, c) ? attention_color(w) : mix(attention_color(w), background, kDimKeep);
}

// Number of s-wide blocks, on a lattice of multiples of s, that n consecutive cells can touch.
int blocks_touched(int n, int s) { return (n + 2 * s - 2) / s; }

// The smallest block side s (in cells) such that a block is at least a pixel and the visible
// blocks, 4 vertices each, fit in max_vertices.
int block_side(int vis_rows, int vis_cols, float cell, int max_vertices) {
    int s = std::max(1, int(std::ceil(1.0f / cell)));
    const int largest = std::max(vis_rows, vis_cols);
    while (s < largest && 4LL * blocks_touched(vis_rows, s) * blocks_touched(vis_cols, s) > max_vertices) s++;
    return s;
}

// The vertices of AddText, turned a quarter counter-clockwise to read bottom-to-top, with the
// turned text's bottom-left corner at `bottom_left`. ImGui 1.86 has no rotated text; this is the
// vertex-transform trick of ocornut/imgui#705.
void add_text_vertical(ImDrawList * dl, ImVec2 bottom_left, ImU32 col, const char * text) {
    // AddText drops glyphs outside the clip rect *before* we turn them, so lay the text out at the
    // clip rect's top-left, where a label narrower than the clip rect loses nothing, then move it.
    const ImVec2 at = dl->GetClipRectMin();
    const int first = dl->VtxBuffer.Size;
    dl->AddText(at, col, text);
    for (int i = first; i < dl->VtxBuffer.Size; i++) {
        ImVec2 & p = dl->VtxBuffer[i].pos;
        const ImVec2 d(p.x - at.x, p.y - at.y);  // (dx, dy) → (dy, −dx): right becomes up
        p = ImVec2(bottom_left.x + d.y, bottom_left.y - d.x);
    }
}

ImU32 label_color(bool dimmed) { return ImGui::GetColorU32(dimmed ? ImGuiCol_TextDisabled : ImGuiCol_Text); }

void draw_row_labels(ImDrawList * dl, const Layout & L, int rows, const std::vector<std::string> & labels,
                     const CellTint & t) {
    int r0, r1;
    visible_range(L.grid.y, L.cell, rows, dl->GetClipRectMin().y, dl->GetClipRectMax().y, &r0, &r1);
    for (int r = r0; r < r1; r++) {
        if (r % L.row_step != 0 && r != t.lit_row) continue;
        const std::string text = label_or_index(labels, r);
        const ImVec2 sz = ImGui::CalcTextSize(text.c_str());
        const ImVec2 pos(L.grid.x - kGap - sz.x, L.grid.y + r * L.cell + (L.cell - sz.y) / 2);
        dl->AddText(pos, label_color(t.lit_row >= 0 && r != t.lit_row), text.c_str());
    }
}

void draw_col_labels(ImDrawList * dl, const Layout & L, int cols, const std::vector<std::string> & labels,
                     const CellTint & t) {
    int c0, c1;
    visible_range(L.grid.x, L.cell, cols, dl->GetClipRectMin().x, dl->GetClipRectMax().x, &c0, &c1);
    const float text_h = ImGui::GetTextLineHeight();
    for (int c = c0; c < c1; c++) {
        if (c % L.col_step != 0 && c != t.lit_col) continue;
        const std::string text = label_or_index(labels, c);
        const ImU32 col = label_color(t.lit_col >= 0 && c != t.lit_col);
        const float x = L.grid.x + c * L.cell;
        if (L.rotated) {
            add_text_vertical(dl, ImVec2(x + (L.cell - text_h) / 2, L.grid.y - kGap), col, text.c_str());
        } else {
            const float w = ImGui::CalcTextSize(text.c_str()).x;
            dl->AddText(ImVec2(x + (L.cell - w) / 2, L.grid.y - kGap - text_h), col, text.c_str());
        }
    }
}

// Lines x − y = d (grid px) with d ≥ one cell lie wholly in masked cells (column > row), so the
// hatching needs no clipping against the staircase edge of the mask.
void draw_mask_hatch(ImDrawList * dl, const Layout & L, int rows, int cols) {
    const float w = cols * L.cell, h = rows * L.cell;
    const float spacing = std::max(6.0f, w / 256);  // at most ~256 lines whatever the size
    for (float d = L.cell; d < w; d += spacing) {
        const float len = std::min(h, w - d);
        dl->AddLine(ImVec2(L.grid.x + d, L.grid.y), ImVec2(L.grid.x + d + len, L.grid.y + len), kMaskHatch);
    }
}

// Gold-standard alignment links: sure ones as thick outlines, possible ones thin and inset.
void draw_gold_links(ImDrawList * dl, const Layout & L, int rows, int cols,
                     const std::vector<std::pair<int, int>> * links, float thickness, float inset) {
    if (!links) return;
    for (const auto & [r, c] : *links) {
        if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
        ImRect box = L.cell_rect(r, c);
        box.Expand(-inset - thickness / 2);
        dl->AddRect(box.Min, box.Max, kGoldColor, 0.0f, 0, thickness);
    }
}

// "0.25" without its leading zero (".25"), so it fits a 3-character cell.
void format_weight(float w, char (&buf)[16]) {
    std::snprintf(buf, sizeof buf, "%.2f", w);
    if (buf[0] == '0' && buf[1] == '.') std::memmove(buf, buf + 1, sizeof buf - 1);
}

void draw_cell_values(ImDrawList * dl, const Layout & L, const float * values, int rows, int cols,
                      const CellTint & t) {
    const ImVec2 need = ImGui::CalcTextSize(".00");
    if (L.cell < need.x + 2 || L.cell < need.y) return;
    int r0, r1, c0, c1;
    visible_range(L.grid.y, L.cell, rows, dl->GetClipRectMin().y, dl->GetClipRectMax().y, &r0, &r1);
    visible_range(L.grid.x, L.cell, cols, dl->GetClipRectMin().x, dl->GetClipRectMax().x, &c0, &c1);
    char buf[16];
    for (int r = r0; r < r1; r++)
        for (int c = c0; c < c1; c++) {
            if (is_masked(t, r, c) || !is_lit(t, r, c)) continue;  // numbers only where colours are true
            const float w = values[size_t(r) * cols + c];
            format_weight(w, buf);
            const ImVec2 sz = ImGui::CalcTextSize(buf);
            const ImRect box = L.cell_rect(r, c);
            const ImVec2 pos(box.Min.x + (L.cell - sz.x) / 2, box.Min.y + (L.cell - sz.y) / 2);
            dl->AddText(pos, attention_text_dark(w) ? kDarkText : IM_COL32_WHITE, buf);
        }
}

void draw_hovered_cell(ImDrawList * dl, const Layout & L, const float * values, int cols, Hit h,
                       const std::vector<std::string> & row_labels, const std::vector<std::string> & col_labels,
                       const CellTint & t) {
    const float w = values[size_t(h.row) * cols + h.col];
    const ImRect box = L.cell_rect(h.row, h.col);
    dl->AddRect(box.Min, box.Max, attention_text_dark(w) ? kDarkText : IM_COL32_WHITE);
    const std::string from = label_or_index(row_labels, h.row), to = label_or_index(col_labels, h.col);
    if (is_masked(t, h.row, h.col))
        ImGui::SetTooltip(tr("%s → %s: masked (−∞ before softmax)"), from.c_str(), to.c_str());
    else
        ImGui::SetTooltip("%s → %s: %.4f", from.c_str(), to.c_str(), w);
}

} // namespace

ImU32 attention_color(float weight) {
    uint8_t c[3];
    attention_rgb(weight, c);
    return IM_COL32(c[0], c[1], c[2], 255);
}

std::string label_or_index(const std::vector<std::string> & labels, int i) {
    return i >= 0 && i < int(labels.size()) ? labels[size_t(i)] : std::to_string(i);
}

float max_label_width(const std::vector<std::string> & labels, int n) {
    float w = 0;
    for (int i = 0; i < n; i++) w = std::max(w, ImGui::CalcTextSize(label_or_index(labels, i).c_str()).x);
    return std::ceil(w);
}

int draw_list_vertex_room(const ImDrawList * dl) {
    const bool large_meshes = sizeof(ImDrawIdx) > 2 ||
                              (ImGui::GetIO().BackendFlags & ImGuiBackendFlags_RendererHasVtxOffset);
    if (large_meshes) return kPlentyOfVertices;
    return std::max(0, kMax16BitVertices - int(dl->_VtxCurrentIdx) - kVertexMargin);
}

void paint_attention_cells(ImDrawList * dl, ImVec2 origin, float cell, const float * values, int rows,
                           int cols, int max_vertices, const CellTint & tint) {
    int r0, r1, c0, c1;
    visible_range(origin.y, cell, rows, dl->GetClipRectMin().y, dl->GetClipRectMax().y, &r0, &r1);
    visible_range(origin.x, cell, cols, dl->GetClipRectMin().x, dl->GetClipRectMax().x, &c0, &c1);
    if (r0 >= r1 || c0 >= c1) return;
    const int s = block_side(r1 - r0, c1 - c0, cell, max_vertices);
    r0 -= r0 % s;  // blocks sit on a fixed lattice, so scrolling does not make them shimmer
    c0 -= c0 % s;
    const ImU32 background = ImGui::GetColorU32(ImGuiCol_WindowBg);
    for (int r = r0; r < r1; r += s) {
        const int rs = std::min(r + s / 2, rows - 1);  // the row sampled for this block
        const float y0 = origin.y + r * cell, y1 = origin.y + std::min(r + s, rows) * cell;
        for (int c = c0; c < c1; c += s) {
            const int cs = std::min(c + s / 2, cols - 1);
            const float x0 = origin.x + c * cell, x1 = origin.x + std::min(c + s, cols) * cell;
            dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1),
                              cell_color(tint, rs, cs, values[size_t(rs) * cols + cs], background));
        }
    }
}

HeatmapResult draw_heatmap(const char * id, const float * values, int rows, int cols,
                           const std::vector<std::string> & row_labels,
                           const std::vector<std::string> & col_labels, const HeatmapOptions & options) {
    HeatmapResult res;
    if (rows <= 0 || cols <= 0 || !values) {
        ImGui::TextDisabled("%s", tr("no attention to show"));
        return res;
    }
    const Layout L = compute_layout(rows, cols, row_labels, col_labels, options);
    const ImGuiIO & io = ImGui::GetIO();
    const bool clicked = ImGui::InvisibleButton(id, L.size);
    const bool focused = ImGui::IsItemFocused();
    auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)); };
    const bool key_pick = focused && (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_Space) || pressed(ImGuiKey_KeyPadEnter));
    const Hit hover = ImGui::IsItemHovered() ? hit_test(L, io.MousePos, rows, cols) : Hit{};
    // A click reports where the press began: a pointer that drifts before release still means it.
    const Hit click = clicked && !key_pick ? hit_test(L, io.MouseClickedPos[0], rows, cols) : Hit{};
    res = {hover.row, hover.col, click.row, click.col, L.grid.x, L.grid.y, L.cell};
    res.focused = focused;
    res.key_pick = key_pick;
    if (focused) {
        res.key_rows = int(pressed(ImGuiKey_DownArrow)) - int(pressed(ImGuiKey_UpArrow));
        res.key_cols = int(pressed(ImGuiKey_RightArrow)) - int(pressed(ImGuiKey_LeftArrow));
        if (res.key_rows || res.key_cols) ImGui::NavMoveRequestCancel();  // the arrows move the cursor, not the focus
    }
    if (!ImGui::IsItemVisible()) return res;

    // A hovered label lights its row or column; otherwise the caller's highlight does.
    const bool label_hovered = (hover.row >= 0) != (hover.col >= 0);
    const CellTint tint{label_hovered ? hover.row : options.highlight_row,
                        label_hovered ? hover.col : options.highlight_col, options.causal_mask};
    ImDrawList * dl = ImGui::GetWindowDrawList();
    draw_row_labels(dl, L, rows, row_labels, tint);
    draw_col_labels(dl, L, cols, col_labels, tint);
    paint_attention_cells(dl, L.grid, L.cell, values, rows, cols, draw_list_vertex_room(dl), tint);
    if (options.causal_mask) draw_mask_hatch(dl, L, rows, cols);
    draw_gold_links(dl, L, rows, cols, options.gold_sure, 2.0f, 0.0f);
    draw_gold_links(dl, L, rows, cols, options.gold_possible, 1.0f, 2.0f);
    if (options.show_values) draw_cell_values(dl, L, values, rows, cols, tint);
    if (hover.row >= 0 && hover.col >= 0) draw_hovered_cell(dl, L, values, cols, hover, row_labels, col_labels, tint);
    else if (focused && options.cursor_row >= 0 && options.cursor_row < rows && options.cursor_col >= 0 && options.cursor_col < cols)
        draw_hovered_cell(dl, L, values, cols, Hit{options.cursor_row, options.cursor_col}, row_labels, col_labels, tint);
    return res;
}

void draw_color_legend(const char * id, float width) {
    const float text_h = ImGui::GetTextLineHeight(), bar_h = std::floor(text_h * 0.8f), tick = 3.0f;
    const float half_label = ImGui::CalcTextSize("0.75").x / 2;  // tick labels overhang the bar ends
    width = std::max(width > 0 ? width : ImGui::GetContentRegionAvail().x, 10 * half_label);
    const ImVec2 min = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, ImVec2(width, bar_h + tick + text_h));
    const float x0 = std::floor(min.x + half_label), x1 = std::floor(min.x + width - half_label);
    const float seg = (x1 - x0) / kAttentionScaleSegments;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%.4f", std::clamp((ImGui::GetIO().MousePos.x - x0) / (x1 - x0), 0.0f, 1.0f));

    // Each segment between two anchors is the same linear RGB ramp attention_rgb computes.
    ImDrawList * dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    for (int k = 0; k <= kAttentionScaleSegments; k++) {
        const float t = float(k) / kAttentionScaleSegments, x = x0 + k * seg;
        if (k < kAttentionScaleSegments) {
            const ImU32 a = attention_color(t), b = attention_color(float(k + 1) / kAttentionScaleSegments);
            dl->AddRectFilledMultiColor(ImVec2(x, min.y), ImVec2(x + seg, min.y + bar_h), a, b, b, a);
        }
        dl->AddLine(ImVec2(x, min.y + bar_h), ImVec2(x, min.y + bar_h + tick), text);
        char buf[16];
        std::snprintf(buf, sizeof buf, "%g", t);
        const float w = ImGui::CalcTextSize(buf).x;
        dl->AddText(ImVec2(x - w / 2, min.y + bar_h + tick), text, buf);
    }
}

} // namespace attn

// The line view (see attention_lines.h). The one item it submits is laid out as
//
//   min ┌────────┬────────────┬─────────────────────┬────────────┬────────┐
//       │ weight │  left tok. │ ╲  lines  ╱         │ right tok. │ weight │  one slot of `pitch`
//       │ ( ← )  │ (right-    │   ╲     ╱           │            │ ( → )  │  px per token
//       │        │  aligned)  │                     │            │        │
//       └────────┴────────────┴─────────────────────┴────────────┴────────┘
//                          lines_x0              lines_x1
//
// The weight columns are always reserved, so the tokens do not jump when a hover shows them.
#include "ui/widgets/attention_lines.h"

#include "ui/i18n.h"
#include "ui/widgets/heatmap.h"  // draw_list_vertex_room, label_or_index

#include <imgui_internal.h>  // ImRect

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

constexpr float kPad = 6.0f;
constexpr float kMinLinesWidth = 60.0f;
constexpr float kMinWeight = 0.01f;     // lighter lines are invisible anyway; skipping them is cheap
constexpr int kVerticesPerLine = 8;     // an anti-aliased line thicker than 1 px (ImDrawList::AddPolyline)
const ImVec4 kLineRgb(66 / 255.0f, 146 / 255.0f, 198 / 255.0f, 1.0f);  // Blues #4292c6: clear on a dark background

struct LinesLayout {
    ImVec2 min, size;
    float pitch = 0, weight_w = 0, left_w = 0;
    float lines_x0 = 0, lines_x1 = 0;  // where lines start (left anchors) and end (right anchors)

    float slot_center_y(int i) const { return min.y + (i + 0.5f) * pitch; }
};

// Which lines are on: all, those from one left token, or those into one right token.
struct Selection {
    int left = -1, right = -1;
    bool shows(int i, int j) const { return (left < 0 || i == left) && (right < 0 || j == right); }
};

LinesLayout lines_layout(int rows, int cols, const std::vector<std::string> & left,
                         const std::vector<std::string> & right, float height) {
    LinesLayout L;
    L.min = ImGui::GetCursorScreenPos();
    L.pitch = std::max(ImGui::GetTextLineHeight() + 2, std::floor(height / float(std::max(rows, cols))));
    L.weight_w = std::ceil(ImGui::CalcTextSize("0.00").x) + kPad;
    L.left_w = max_label_width(left, rows) + kPad;
    const float right_w = max_label_width(right, cols) + kPad;
    const float fixed = 2 * L.weight_w + L.left_w + right_w;
    const float width = std::max(ImGui::GetContentRegionAvail().x, fixed + kMinLinesWidth);
    L.size = ImVec2(width, L.pitch * std::max(rows, cols));
    L.lines_x0 = L.min.x + L.weight_w + L.left_w;
    L.lines_x1 = L.min.x + width - L.weight_w - right_w;
    return L;
}

// A token under p: left of the lines is a query, right of them a key.
LinesResult hit_test(const LinesLayout & L, ImVec2 p, int rows, int cols) {
    LinesResult h;
    const int i = int(std::floor((p.y - L.min.y) / L.pitch));
    if (i < 0) return h;
    if (p.x < L.lines_x0 && i < rows) h.hovered_left = i;
    if (p.x > L.lines_x1 && i < cols) h.hovered_right = i;
    return h;
}

int count_lines(const float * values, int rows, int cols, const Selection & sel, float threshold) {
    int n = 0;
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) n += sel.shows(i, j) && values[size_t(i) * cols + j] >= threshold;
    return n;
}

// kMinWeight, raised (doubling) until the lines drawn fit the draw list's vertex room.
float line_threshold(const float * values, int rows, int cols, const Selection & sel, int room) {
    float t = kMinWeight;
    while (t < 1.0f && count_lines(values, rows, cols, sel, t) * kVerticesPerLine > room) t *= 2;
    return t;
}

void draw_lines(ImDrawList * dl, const LinesLayout & L, const float * values, int rows, int cols, const Selection & sel) {
    const float threshold = line_threshold(values, rows, cols, sel, draw_list_vertex_room(dl));
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < cols; j++) {
            const float w = std::min(values[size_t(i) * cols + j], 1.0f);
            if (!sel.shows(i, j) || !(w >= threshold)) continue;  // !(>=) also skips NaN
            const ImVec4 c(kLineRgb.x, kLineRgb.y, kLineRgb.z, w);
            dl->AddLine(ImVec2(L.lines_x0, L.slot_center_y(i)), ImVec2(L.lines_x1, L.slot_center_y(j)),
                        ImGui::ColorConvertFloat4ToU32(c), 1.0f + 2.5f * w);
        }
}

// Tokens of one column, right-aligned against x_right (left side) or left-aligned at x_left.
// The active token sits on a highlighted slot. With `weights` (token i's at weights[i * stride])
// each token's weight is printed beside it, on the outer side.
void draw_tokens(ImDrawList * dl, const LinesLayout & L, const std::vector<std::string> & tokens, int n,
                 bool left_side, int active, const float * weights, int weight_stride) {
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const float text_h = ImGui::GetTextLineHeight();
    const float x_inner = left_side ? L.lines_x0 - kPad / 2 : L.lines_x1 + kPad / 2;
    for (int i = 0; i < n; i++) {
        const std::string tok = label_or_index(tokens, i);
        const float w = ImGui::CalcTextSize(tok.c_str()).x, y = L.slot_center_y(i) - text_h / 2;
        const float x = left_side ? x_inner - w : x_inner;
        if (i == active)
            dl->AddRectFilled(ImVec2(x - 2, y - 1), ImVec2(x + w + 2, y + text_h + 1), ImGui::GetColorU32(ImGuiCol_HeaderHovered));
        dl->AddText(ImVec2(x, y), text, tok.c_str());
        if (!weights) continue;
        char buf[16];
        std::snprintf(buf, sizeof buf, "%.2f", weights[size_t(i) * weight_stride]);
        const float bw = ImGui::CalcTextSize(buf).x;
        const float bx = left_side ? L.min.x + L.weight_w - kPad - bw : L.min.x + L.size.x - L.weight_w + kPad;
        dl->AddText(ImVec2(bx, y), dim, buf);
    }
}

} // namespace

LinesResult draw_attention_lines(const char * id, const float * values, int rows, int cols,
                                 const std::vector<std::string> & left, const std::vector<std::string> & right,
                                 int focus_left, float height) {
    if (rows <= 0 || cols <= 0 || !values) {
        ImGui::TextDisabled("%s", tr("no attention to show"));
        return {};
    }
    const LinesLayout L = lines_layout(rows, cols, left, right, height);
    ImGui::InvisibleButton(id, L.size);
    const LinesResult hover = ImGui::IsItemHovered() ? hit_test(L, ImGui::GetIO().MousePos, rows, cols) : LinesResult{};
    if (!ImGui::IsItemVisible()) return hover;

    // A hover wins over the caller's focus; with neither, every line is drawn.
    Selection sel{hover.hovered_left, hover.hovered_right};
    if (sel.left < 0 && sel.right < 0 && focus_left < rows) sel.left = focus_left;
    ImDrawList * dl = ImGui::GetWindowDrawList();
    draw_lines(dl, L, values, rows, cols, sel);
    // The row of the active query, or the column of the active key (stride cols), as weights.
    const float * right_weights = sel.left >= 0 ? values + size_t(sel.left) * cols : nullptr;
    const float * left_weights = sel.right >= 0 ? values + sel.right : nullptr;
    draw_tokens(dl, L, left, rows, true, sel.left, left_weights, cols);
    draw_tokens(dl, L, right, cols, false, sel.right, right_weights, 1);
    return hover;
}

} // namespace attn

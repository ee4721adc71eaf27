// The model view (see attention_thumbnail.h). The one item it submits is laid out as
//
//   min ┌──────┬───── H0 ───┬───── H1 ───┬ …      header_h tall
//       │  L0  │ [thumb]    │ [thumb]    │        each slot is `pitch` = thumb + gap px
//       │  L1  │ [thumb]    │ [thumb]    │
//       └──────┴────────────┴────────────┴
//        header_w
//
// Thumbnails are painted with the heatmap's cell painter, so they share its colour scale and its
// nearest-sample downscale when a map has more cells than the thumbnail has pixels.
#include "ui/widgets/attention_thumbnail.h"

#include "ui/i18n.h"
#include "ui/widgets/heatmap.h"

#include <imgui_internal.h>  // ImRect

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

constexpr float kGap = 4.0f;
constexpr float kPreviewMin = 200.0f;  // px: the hover preview is at least this big
const ImU32 kSelectedColor = IM_COL32(255, 140, 0, 255);

struct GridLayout {
    ImVec2 min, size;
    float header_w = 0, header_h = 0, thumb = 0, pitch = 0;

    ImRect thumb_rect(int layer, int head) const {
        const ImVec2 a(min.x + header_w + head * pitch, min.y + header_h + layer * pitch);
        return ImRect(a, ImVec2(a.x + thumb, a.y + thumb));
    }
};

GridLayout grid_layout(int layers, int heads, float thumb_size) {
    char widest[16];
    std::snprintf(widest, sizeof widest, "L%d", layers - 1);
    GridLayout g;
    g.min = ImGui::GetCursorScreenPos();
    g.thumb = std::floor(std::max(thumb_size, 8.0f));
    g.pitch = g.thumb + kGap;
    g.header_w = std::ceil(ImGui::CalcTextSize(widest).x) + kGap;
    g.header_h = ImGui::GetTextLineHeight() + kGap;
    g.size = ImVec2(g.header_w + heads * g.pitch, g.header_h + layers * g.pitch);
    return g;
}

// The thumbnail under p, or false when p is on a header or in a gap.
bool thumb_at(const GridLayout & g, ImVec2 p, int layers, int heads, int * layer, int * head) {
    const float x = p.x - g.min.x - g.header_w, y = p.y - g.min.y - g.header_h;
    if (x < 0 || y < 0) return false;
    const int h = int(x / g.pitch), l = int(y / g.pitch);
    if (h >= heads || l >= layers || x - h * g.pitch >= g.thumb || y - l * g.pitch >= g.thumb) return false;
    *layer = l;
    *head = h;
    return true;
}

// One map fitted into the square `box`, keeping its aspect ratio, on a frame-coloured backing.
void paint_map(ImDrawList * dl, const ImRect & box, const float * values, int rows, int cols, int max_vertices) {
    dl->AddRectFilled(box.Min, box.Max, ImGui::GetColorU32(ImGuiCol_FrameBg));
    if (!values || rows <= 0 || cols <= 0) return;
    const float cell = box.GetWidth() / float(std::max(rows, cols));
    paint_attention_cells(dl, box.Min, cell, values, rows, cols, max_vertices);
}

void draw_headers(ImDrawList * dl, const GridLayout & g, int layers, int heads) {
    const ImU32 col = ImGui::GetColorU32(ImGuiCol_Text);
    char buf[16];
    for (int l = 0; l < layers; l++) {
        std::snprintf(buf, sizeof buf, "L%d", l);
        const ImRect box = g.thumb_rect(l, 0);
        dl->AddText(ImVec2(g.min.x, box.GetCenter().y - ImGui::GetTextLineHeight() / 2), col, buf);
    }
    for (int h = 0; h < heads; h++) {
        std::snprintf(buf, sizeof buf, "H%d", h);
        const ImRect box = g.thumb_rect(0, h);
        dl->AddText(ImVec2(box.GetCenter().x - ImGui::CalcTextSize(buf).x / 2, g.min.y), col, buf);
    }
}

void preview_tooltip(int layer, int head, const float * values, int rows, int cols, float thumb) {
    ImGui::BeginTooltip();
    ImGui::Text(tr("layer %d, head %d"), layer, head);
    const float side = std::floor(std::max(kPreviewMin, thumb * 3));
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(side, side));
    ImDrawList * dl = ImGui::GetWindowDrawList();
    paint_map(dl, ImRect(at, ImVec2(at.x + side, at.y + side)), values, rows, cols, draw_list_vertex_room(dl));
    ImGui::EndTooltip();
}

} // namespace

bool draw_model_grid(const char * id, int layers, int heads, int rows, int cols,
                     const std::function<const float *(int layer, int head)> & get, int selected_layer,
                     int selected_head, float thumb_size, int * clicked_layer, int * clicked_head) {
    if (layers <= 0 || heads <= 0) {
        ImGui::TextDisabled("%s", tr("no attention to show"));
        return false;
    }
    const GridLayout g = grid_layout(layers, heads, thumb_size);
    const ImGuiIO & io = ImGui::GetIO();
    const bool pressed = ImGui::InvisibleButton(id, g.size);
    int hover_l = -1, hover_h = -1, click_l = -1, click_h = -1;
    const bool hovered = ImGui::IsItemHovered() && thumb_at(g, io.MousePos, layers, heads, &hover_l, &hover_h);
    // As in the heatmap, a click means what was under the pointer when the press began.
    const bool clicked = pressed && thumb_at(g, io.MouseClickedPos[0], layers, heads, &click_l, &click_h);
    if (clicked) {
        if (clicked_layer) *clicked_layer = click_l;
        if (clicked_head) *clicked_head = click_h;
    }
    if (!ImGui::IsItemVisible()) return clicked;

    ImDrawList * dl = ImGui::GetWindowDrawList();
    draw_headers(dl, g, layers, heads);
    // Share the draw list's vertex room among the thumbnails (16-bit indices: see heatmap.h).
    const int per_thumb = draw_list_vertex_room(dl) / (layers * heads);
    for (int l = 0; l < layers; l++)
        for (int h = 0; h < heads; h++) paint_map(dl, g.thumb_rect(l, h), get(l, h), rows, cols, per_thumb);
    if (selected_layer >= 0 && selected_layer < layers && selected_head >= 0 && selected_head < heads) {
        const ImRect box = g.thumb_rect(selected_layer, selected_head);
        dl->AddRect(ImVec2(box.Min.x - 2, box.Min.y - 2), ImVec2(box.Max.x + 2, box.Max.y + 2), kSelectedColor, 0.0f, 0, 2.0f);
    }
    if (hovered) {
        const ImRect box = g.thumb_rect(hover_l, hover_h);
        dl->AddRect(box.Min, box.Max, ImGui::GetColorU32(ImGuiCol_Text));
        preview_tooltip(hover_l, hover_h, get(hover_l, hover_h), rows, cols, g.thumb);
    }
    return clicked;
}

} // namespace attn

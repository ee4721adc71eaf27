#include "ui/widgets/heat_overlay.h"

#include "ui/i18n.h"
#include "ui/state/image_state.h"
#include "ui/widgets/heat_scale.h"
#include "ui/widgets/pixel_texture.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

constexpr int kLegendSteps = 32;  // colour bar cells: smooth enough at any width used here

std::vector<uint8_t> grey_pixels(const std::vector<float> & input) {
    std::vector<uint8_t> px(input.size());
    for (size_t i = 0; i < input.size(); i++) px[i] = uint8_t(std::lround(std::clamp(input[i], 0.0f, 1.0f) * 255.0f));
    return px;
}

// The map's value under the mouse, nearest cell: what the colour there stands for.
void value_tooltip(const AttentionMap & map, ImVec2 p0, float side, float max, const char * what) {
    if (!ImGui::IsItemHovered() || map.rows <= 0 || map.cols <= 0) return;
    const ImVec2 m = ImGui::GetIO().MousePos;
    const int c = std::clamp(int((m.x - p0.x) / side * float(map.cols)), 0, map.cols - 1);
    const int r = std::clamp(int((m.y - p0.y) / side * float(map.rows)), 0, map.rows - 1);
    ImGui::SetTooltip(tr("%s at row %d, column %d of %d × %d: %.3g (maximum %.3g)"), what, r, c, map.rows, map.cols, map.at(r, c), max);
}

} // namespace

void draw_heat_legend(const char * id, float lo, float hi, float width) {
    ImGui::PushID(id);
    ImDrawList * dl = ImGui::GetWindowDrawList();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float bar_h = 8.0f;
    for (int i = 0; i < kLegendSteps; i++) {
        uint8_t rgb[3];
        heat_rgb((float(i) + 0.5f) / kLegendSteps, rgb);
        const float x0 = p.x + width * float(i) / kLegendSteps, x1 = p.x + width * float(i + 1) / kLegendSteps;
        dl->AddRectFilled(ImVec2(x0, p.y), ImVec2(x1 + 0.5f, p.y + bar_h), IM_COL32(rgb[0], rgb[1], rgb[2], 255));
    }
    // The labels are drawn, not laid out as items: "hi" right-aligned under the bar's end must not
    // widen the item (a group around it would grow).
    char bottom[24], top[24];
    std::snprintf(bottom, sizeof bottom, "%.3g", lo);
    std::snprintf(top, sizeof top, "%.3g", hi);
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const float y = p.y + bar_h + 1;
    dl->AddText(ImVec2(p.x, y), text, bottom);
    const float left = ImGui::CalcTextSize(bottom).x + ImGui::CalcTextSize(" ").x;
    dl->AddText(ImVec2(p.x + std::max(left, width - ImGui::CalcTextSize(top).x), y), text, top);
    ImGui::Dummy(ImVec2(width, bar_h + 1 + ImGui::GetTextLineHeight()));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(tr("Colour scale: black at %s, pale yellow at this map's maximum, %s.%s"), bottom, top,
                          lo > 0 ? tr("\nStretched from the map's minimum, so small differences show.") : "");
    ImGui::PopID();
}

// A line around the set pixels of `mask` (n × n), over the picture at p0, `side` px square.
static void draw_mask_outline(const std::vector<uint8_t> & mask, int n, ImVec2 p0, float side) {
    if (mask.size() != size_t(n) * size_t(n)) return;
    const float cell = side / float(n);
    const ImU32 colour = IM_COL32(110, 230, 255, 230);
    ImDrawList * dl = ImGui::GetWindowDrawList();
    auto set = [&](int x, int y) { return x >= 0 && y >= 0 && x < n && y < n && mask[size_t(y * n + x)]; };
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (!set(x, y)) continue;
            const float x0 = p0.x + x * cell, y0 = p0.y + y * cell, x1 = x0 + cell, y1 = y0 + cell;
            // One segment per edge between a lit cell and an unlit one (or the border).
            if (!set(x - 1, y)) dl->AddLine(ImVec2(x0, y0), ImVec2(x0, y1), colour, 1.5f);
            if (!set(x + 1, y)) dl->AddLine(ImVec2(x1, y0), ImVec2(x1, y1), colour, 1.5f);
            if (!set(x, y - 1)) dl->AddLine(ImVec2(x0, y0), ImVec2(x1, y0), colour, 1.5f);
            if (!set(x, y + 1)) dl->AddLine(ImVec2(x0, y1), ImVec2(x1, y1), colour, 1.5f);
        }
}

void draw_heat_overlay(const char * id, uint64_t revision, const std::vector<float> & input, int input_side,
                       const AttentionMap & map, float opacity, float side, const char * what, bool stretch,
                       const std::vector<uint8_t> * outline) {
    ImGui::PushID(id);
    const ImVec2 p0 = ImGui::GetCursorScreenPos(), p1(p0.x + side, p0.y + side);
    ImGui::InvisibleButton("##picture", ImVec2(side, side));
    const float max = map_max(map), lo = stretch ? std::min(map_min(map), max) : 0.0f;
    ImDrawList * dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p0, p1, IM_COL32(0, 0, 0, 255));
    const std::vector<uint8_t> grey = grey_pixels(input);
    if (ImTextureID t = pixel_texture(ImGui::GetID("input"), revision, {grey.data(), input_side, input_side, 1}, Sampling::Nearest))
        dl->AddImage(t, p0, p1);
    const std::vector<uint8_t> heat = heat_pixels(map, lo, max);
    if (ImTextureID t = pixel_texture(ImGui::GetID("heat"), revision, {heat.data(), map.cols, map.rows, 3}, Sampling::Smooth))
        dl->AddImage(t, p0, p1, ImVec2(0, 0), ImVec2(1, 1), IM_COL32(255, 255, 255, int(std::lround(255.0f * std::clamp(opacity, 0.0f, 1.0f)))));
    if (outline) draw_mask_outline(*outline, input_side, p0, side);
    dl->AddRect(p0, p1, ImGui::GetColorU32(ImGuiCol_Border));
    value_tooltip(map, p0, side, max, what);
    draw_heat_legend("##legend", lo, max, side);
    ImGui::PopID();
}

} // namespace attn

#include "ui/widgets/vector_strip.h"

#include "core/printf_string.h"
#include "ui/i18n.h"
#include "ui/widgets/color_scale.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

constexpr float kMinCell = 6.0f, kCellHeight = 16.0f, kRowGap = 2.0f;

ImU32 diverging_color(float v) {
    uint8_t c[3];
    diverging_rgb(v, c);
    return IM_COL32(c[0], c[1], c[2], 255);
}

} // namespace

void draw_vector_strip(const char * id, const float * values, int n, float width) {
    if (n <= 0) return;
    width = std::floor(width > 0 ? width : ImGui::GetContentRegionAvail().x);
    // As many cells per row as fit at kMinCell, then rows of equal length.
    const int rows = int(std::ceil(n * kMinCell / std::max(width, kMinCell)));
    const int per_row = (n + rows - 1) / rows;
    const float cell = std::floor(width / float(per_row));
    const ImVec2 min = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, ImVec2(cell * per_row, rows * (kCellHeight + kRowGap)));
    ImDrawList * dl = ImGui::GetWindowDrawList();
    for (int i = 0; i < n; i++) {
        const ImVec2 a(min.x + float(i % per_row) * cell, min.y + float(i / per_row) * (kCellHeight + kRowGap));
        dl->AddRectFilled(a, ImVec2(a.x + cell, a.y + kCellHeight), diverging_color(values[i]));
    }
    if (ImGui::IsItemHovered()) {
        const ImVec2 p = ImGui::GetIO().MousePos;
        const int col = int((p.x - min.x) / cell), row = int((p.y - min.y) / (kCellHeight + kRowGap));
        const int i = row * per_row + col;
        if (col >= 0 && col < per_row && i >= 0 && i < n) ImGui::SetTooltip(tr("unit %d of %d: %+.3f"), i, n, values[i]);
    }
}

void draw_diverging_legend(const char * id, float width) {
    const float text_h = ImGui::GetTextLineHeight(), bar_h = std::floor(text_h * 0.7f);
    const ImVec2 min = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, ImVec2(width, bar_h + text_h));
    ImDrawList * dl = ImGui::GetWindowDrawList();
    const int steps = 32;
    const float step_w = width / steps;
    for (int k = 0; k < steps; k++) {
        const float v = -1.0f + 2.0f * (k + 0.5f) / steps;
        dl->AddRectFilled(ImVec2(min.x + k * step_w, min.y), ImVec2(min.x + (k + 1) * step_w, min.y + bar_h), diverging_color(v));
    }
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const char * labels[3] = {"-1", "0", "+1"};
    for (int k = 0; k < 3; k++) {
        const float w = ImGui::CalcTextSize(labels[k]).x;
        const float x = std::clamp(min.x + width * k / 2.0f - w / 2, min.x, min.x + width - w);
        dl->AddText(ImVec2(x, min.y + bar_h), text, labels[k]);
    }
}

void draw_context_c(const std::vector<float> & c) {
    text_wrapped(tr("The vector C: the only bridge between encoder and decoder"));
    dim_text_wrapped(printf_string(tr("The encoder's last state, %zu numbers. The decoder sees nothing else of the sentence, "
                                      "however long it is."), c.size()));
    draw_vector_strip("##c", c.data(), int(c.size()), 0);
    draw_diverging_legend("##c_legend", 160);
}

} // namespace attn

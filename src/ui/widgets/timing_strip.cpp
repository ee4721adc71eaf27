#include "ui/widgets/timing_strip.h"

#include "ui/i18n.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

double total_ms(const TimingLane & lane) {
    double t = 0;
    for (double ms : lane.ms) t += std::max(ms, 0.0);
    return t;
}

ImU32 darker(ImU32 c) {
    ImVec4 v = ImGui::ColorConvertU32ToFloat4(c);
    return ImGui::ColorConvertFloat4ToU32(ImVec4(v.x * 0.55f, v.y * 0.55f, v.z * 0.55f, 1.0f));
}

} // namespace

void draw_timing_strip(const char * id, const std::vector<TimingLane> & lanes, float width) {
    if (lanes.empty()) return;
    width = width > 0 ? width : ImGui::GetContentRegionAvail().x;
    const float row_h = ImGui::GetTextLineHeight() + 5.0f, gap = 8.0f;
    float label_w = 0;
    for (const TimingLane & l : lanes) label_w = std::max(label_w, ImGui::CalcTextSize(l.label.c_str()).x);
    char widest[64];
    std::snprintf(widest, sizeof widest, tr("%.3f ms in %zu steps"), 100.0, size_t(99));
    const float total_w = ImGui::CalcTextSize(widest).x;
    // Each lane's name left of its bar, or above it where the two do not fit on one line (a phone).
    const bool names_above = width < label_w + total_w + 2 * gap + 80;
    const float bar_x = names_above ? 0.0f : label_w + gap;
    const float bar_w = std::max(40.0f, width - bar_x - total_w - gap);
    const float lane_h = names_above ? 2 * row_h : row_h;
    double longest = 0;
    for (const TimingLane & l : lanes) longest = std::max(longest, total_ms(l));
    const double px_per_ms = longest > 0 ? bar_w / longest : 0;

    const ImVec2 min = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, ImVec2(width, float(lanes.size()) * lane_h));
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    ImDrawList * dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const float text_dy = 1.5f;
    for (size_t r = 0; r < lanes.size(); r++) {
        const TimingLane & lane = lanes[r];
        const float top = min.y + float(r) * lane_h, y0 = names_above ? top + row_h : top, y1 = y0 + row_h - 2.0f;
        const float name_x = names_above ? min.x : min.x + label_w - ImGui::CalcTextSize(lane.label.c_str()).x;
        dl->AddText(ImVec2(name_x, top + text_dy), text, lane.label.c_str());
        float x = min.x + bar_x;
        for (size_t i = 0; i < lane.ms.size(); i++) {
            // At least a pixel, so a step that took no measurable time is still one box.
            const float w = std::max(1.0f, float(std::max(lane.ms[i], 0.0) * px_per_ms));
            dl->AddRectFilled(ImVec2(x, y0), ImVec2(x + w, y1), lane.color);
            if (w >= 3) dl->AddRect(ImVec2(x, y0), ImVec2(x + w, y1), darker(lane.color));
            const char * label = i < lane.box_labels.size() ? lane.box_labels[i].c_str() : "";
            const ImVec2 ts = ImGui::CalcTextSize(label);
            if (*label && ts.x + 4 <= w) dl->AddText(ImVec2(x + (w - ts.x) / 2, y0 + text_dy), IM_COL32(20, 20, 20, 255), label);
            if (hovered && mouse.x >= x && mouse.x < x + w && mouse.y >= y0 && mouse.y < y1)
                ImGui::SetTooltip(tr("%s, step %zu%s%s: %.4f ms"), lane.label.c_str(), i + 1, *label ? " " : "", label, lane.ms[i]);
            x += w;
        }
        char buf[48];
        if (lane.ms.size() > 1) std::snprintf(buf, sizeof buf, tr("%.3f ms in %zu steps"), total_ms(lane), lane.ms.size());
        else std::snprintf(buf, sizeof buf, tr("%.3f ms"), total_ms(lane));
        dl->AddText(ImVec2(x + gap, y0 + text_dy), dim, buf);
    }
}

} // namespace attn

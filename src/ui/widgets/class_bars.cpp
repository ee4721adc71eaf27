#include "ui/widgets/class_bars.h"

#include "ui/i18n.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace attn {

namespace {

const ImU32 kPredicted = IM_COL32(255, 170, 60, 255);   // the accent: the model's answer
const ImU32 kOther = IM_COL32(110, 150, 200, 255);
const ImU32 kTrack = IM_COL32(255, 255, 255, 20);

} // namespace

void draw_class_bars(const char * id, const std::vector<std::string> & names, const std::vector<float> & probabilities,
                     int predicted, int true_label, float width) {
    ImGui::PushID(id);
    if (width <= 0) width = ImGui::GetContentRegionAvail().x;
    float name_w = 0;
    for (const std::string & n : names) name_w = std::max(name_w, ImGui::CalcTextSize(n.c_str()).x);
    const float tick_w = ImGui::CalcTextSize(" ✓").x, pct_w = ImGui::CalcTextSize("100.0%").x, gap = ImGui::GetStyle().ItemSpacing.x;
    const float bar_w = std::max(20.0f, width - name_w - tick_w - pct_w - 2 * gap);
    // Rows closer than text lines: ten classes must leave room for the maps below.
    const float line = ImGui::GetTextLineHeight(), row = line + 2.0f;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const int n = int(std::min(names.size(), probabilities.size()));
    ImGui::InvisibleButton("##bars", ImVec2(width, std::max(1.0f, row * float(n))));
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList * dl = ImGui::GetWindowDrawList();
    for (int i = 0; i < n; i++) {
        const float y = origin.y + row * float(i), p = std::clamp(probabilities[size_t(i)], 0.0f, 1.0f);
        const ImU32 text = ImGui::GetColorU32(i == predicted ? ImGuiCol_Text : ImGuiCol_TextDisabled);
        const ImVec2 name_size = ImGui::CalcTextSize(names[size_t(i)].c_str());
        dl->AddText(ImVec2(origin.x + name_w - name_size.x, y), text, names[size_t(i)].c_str());
        if (i == true_label) dl->AddText(ImVec2(origin.x + name_w, y), IM_COL32(120, 220, 120, 255), " ✓");
        const float x0 = origin.x + name_w + tick_w + gap;
        dl->AddRectFilled(ImVec2(x0, y + 2), ImVec2(x0 + bar_w, y + line - 2), kTrack, 2.0f);
        if (p > 0) dl->AddRectFilled(ImVec2(x0, y + 2), ImVec2(x0 + std::max(1.0f, bar_w * p), y + line - 2), i == predicted ? kPredicted : kOther, 2.0f);
        char pct[16];
        std::snprintf(pct, sizeof pct, "%.1f%%", 100.0 * double(p));
        dl->AddText(ImVec2(x0 + bar_w + gap + pct_w - ImGui::CalcTextSize(pct).x, y), text, pct);
        if (hovered && ImGui::GetIO().MousePos.y >= y && ImGui::GetIO().MousePos.y < y + row)
            ImGui::SetTooltip(tr("%s: probability %.4f%s%s"), names[size_t(i)].c_str(), double(probabilities[size_t(i)]),
                              i == predicted ? tr(" (the prediction)") : "", i == true_label ? tr(" (the true label)") : "");
    }
    ImGui::PopID();
}

} // namespace attn

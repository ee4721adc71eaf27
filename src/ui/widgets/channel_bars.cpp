#include "ui/widgets/channel_bars.h"

#include "ui/i18n.h"

#include <imgui.h>

#include <algorithm>

namespace attn {

void draw_channel_bars(const char * id, const std::vector<float> & weights, float width, float height) {
    ImGui::PushID(id);
    if (width <= 0) width = ImGui::GetContentRegionAvail().x;
    const ImVec2 p0 = ImGui::GetCursorScreenPos(), p1(p0.x + width, p0.y + height);
    ImGui::InvisibleButton("##bars", ImVec2(width, height));
    ImDrawList * dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p0, p1, IM_COL32(255, 255, 255, 16));
    const int n = int(weights.size());
    const float step = width / float(std::max(n, 1));
    // A 1 px gap between bars while they are wide enough to spare it.
    const float gap = step >= 3.0f ? 1.0f : 0.0f;
    for (int c = 0; c < n; c++) {
        const float w = std::clamp(weights[size_t(c)], 0.0f, 1.0f), x = p0.x + step * float(c);
        dl->AddRectFilled(ImVec2(x, p1.y - height * w), ImVec2(x + step - gap, p1.y), IM_COL32(255, 170, 60, 255));
    }
    if (ImGui::IsItemHovered() && n > 0) {
        const int c = std::clamp(int((ImGui::GetIO().MousePos.x - p0.x) / step), 0, n - 1);
        ImGui::SetTooltip(tr("channel %d of %d: weight %.3f"), c, n, double(weights[size_t(c)]));
    }
    ImGui::PopID();
}

} // namespace attn

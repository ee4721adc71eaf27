#include "ui/widgets/token_probabilities.h"

#include "ui/theme.h"

#include <algorithm>

namespace attn {

namespace {

float token_width(const std::string & token) {
    return std::max(ImGui::CalcTextSize(token.c_str()).x, ImGui::CalcTextSize("0.00").x);
}

// The rows the tokens wrap into in `width`, as the drawing loop below places them.
int wrapped_rows(const std::vector<std::string> & tokens, float width) {
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    int rows = tokens.empty() ? 0 : 1;
    float x = 0;
    for (size_t i = 0; i < tokens.size(); i++) {
        const float w = token_width(tokens[i]);
        if (i && x + gap + w > width) rows++, x = w;
        else x += (i ? gap : 0) + w;
    }
    return rows;
}

} // namespace

ImVec4 probability_color(float p) {
    if (p >= 0.8f) return theme::text().sure;
    if (p >= 0.5f) return theme::text().unsure;
    return theme::text().doubtful;
}

void draw_token_probabilities(const char * id, const std::vector<std::string> & tokens,
                              const std::vector<float> & probabilities, int max_rows) {
    const ImGuiStyle & st = ImGui::GetStyle();
    const float row_h = 2 * ImGui::GetTextLineHeight() + st.ItemSpacing.y * 2;
    // Measured without the scrollbar: a box that scrolls is narrower by one, hence the margin.
    const bool scrolls = wrapped_rows(tokens, ImGui::GetContentRegionAvail().x) > max_rows;
    if (scrolls) ImGui::BeginChild(id, ImVec2(0, float(max_rows) * row_h), false);
    const float width = ImGui::GetContentRegionAvail().x;
    float x = 0;
    for (size_t i = 0; i < tokens.size(); i++) {
        const float w = token_width(tokens[i]);
        if (i && x + st.ItemSpacing.x + w <= width) ImGui::SameLine(), x += st.ItemSpacing.x + w;
        else x = w;
        ImGui::BeginGroup();
        ImGui::TextUnformatted(tokens[i].c_str());
        if (i < probabilities.size()) ImGui::TextColored(probability_color(probabilities[i]), "%.2f", probabilities[i]);
        else ImGui::TextDisabled("-");
        ImGui::EndGroup();
    }
    if (scrolls) ImGui::EndChild();
}

} // namespace attn

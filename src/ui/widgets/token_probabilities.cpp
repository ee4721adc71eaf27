#include "ui/widgets/token_probabilities.h"

#include "ui/layout.h"

#include <algorithm>

namespace attn {

ImVec4 probability_color(float p) {
    if (p >= 0.8f) return ImVec4(0.45f, 0.85f, 0.45f, 1.0f);
    if (p >= 0.5f) return ImVec4(0.95f, 0.8f, 0.3f, 1.0f);
    return ImVec4(1.0f, 0.45f, 0.35f, 1.0f);
}

void draw_token_probabilities(const std::vector<std::string> & tokens, const std::vector<float> & probabilities) {
    for (size_t i = 0; i < tokens.size(); i++) {
        if (i) same_line_if_fits(std::max(ImGui::CalcTextSize(tokens[i].c_str()).x, ImGui::CalcTextSize("0.00").x));
        ImGui::BeginGroup();
        ImGui::TextUnformatted(tokens[i].c_str());
        if (i < probabilities.size()) ImGui::TextColored(probability_color(probabilities[i]), "%.2f", probabilities[i]);
        else ImGui::TextDisabled("-");
        ImGui::EndGroup();
    }
}

} // namespace attn

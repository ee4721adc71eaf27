#include "ui/widgets/wrapped_text.h"

#include "core/utf8.h"

#include <imgui.h>

namespace attn {

std::string wrap_to_width(const std::string & text, float width) {
    std::string wrapped, line, piece;
    bool space_before = false;  // a space separates the next piece from the line
    auto add = [&](const std::string & unsplit) {  // on this line, or the next one when it is full
        const std::string longer = line.empty() ? unsplit : line + (space_before ? " " : "") + unsplit;
        space_before = false;
        if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
            wrapped += line + "\n";
            line = unsplit;
        } else {
            line = longer;
        }
    };
    for (size_t i = 0; i < text.size();) {
        const size_t at = i;
        const uint32_t c = utf8_decode(text, i);
        const bool cjk = c != kInvalidCodepoint && c >= 0x2E80;  // ideographs and full-width punctuation
        if (c == '\n') {
            if (!piece.empty()) add(piece);
            wrapped += line + "\n";
            line.clear(), piece.clear();
            space_before = false;
        } else if (c == ' ' || cjk) {
            if (!piece.empty()) add(piece);
            piece.clear();
            if (c == ' ') space_before = true;
            else add(text.substr(at, i - at));
        } else {
            piece += text.substr(at, i - at);
        }
    }
    if (!piece.empty()) add(piece);
    return wrapped + line;
}

void text_wrapped(const std::string & text) {
    // One text item: its lines are a line height apart, not an item spacing.
    ImGui::TextUnformatted(wrap_to_width(text, ImGui::GetContentRegionAvail().x).c_str());
}

void dim_text_wrapped(const std::string & text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped(text);
    ImGui::PopStyleColor();
}

} // namespace attn

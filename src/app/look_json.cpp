#include "app/look_json.h"

#include "ui/widgets/color_scale.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>

namespace attn {

std::string look_json(const AppState & s) {
    return nlohmann::json{{"theme", s.light_theme ? "light" : "dark"},
                          {"ui_scale_percent", s.ui_scale_percent},
                          {"palette", attention_palette_id(s.attention_palette)}}
        .dump();
}

bool apply_look_json(AppState & s, std::string_view text) {
    const nlohmann::json j = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (!j.is_object()) return false;
    if (auto it = j.find("theme"); it != j.end() && it->is_string()) {
        if (*it == "light") s.light_theme = true;
        if (*it == "dark") s.light_theme = false;
    }
    if (auto it = j.find("ui_scale_percent"); it != j.end() && it->is_number_integer()) {
        const long long percent = it->get<long long>();
        if (std::find(std::begin(AppState::kUiScales), std::end(AppState::kUiScales), percent) != std::end(AppState::kUiScales))
            s.ui_scale_percent = int(percent);
    }
    if (auto it = j.find("palette"); it != j.end() && it->is_string())
        for (AttentionPalette p : kAttentionPalettes)
            if (*it == attention_palette_id(p)) s.attention_palette = p;
    return true;
}

} // namespace attn

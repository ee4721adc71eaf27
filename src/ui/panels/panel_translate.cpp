// Translate: the sentence box, model and decoding choice, example sentences (one per grammar
// phenomenon), the translation as tokens with their probabilities (hover: the top-5 alternatives),
// unknown words highlighted, and the vocabulary the model knows, to insert words from.
#include "core/utf8.h"
#include "ui/layout.h"
#include "ui/panels/backend_section.h"
#include "ui/ui.h"

#include <imgui.h>
#include <imgui_internal.h>  // GetActiveID / ClearActiveID
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>

namespace attn {

namespace {

const ImVec4 kUnknown(1.0f, 0.55f, 0.25f, 1.0f);

void sentence_box(AppState & s) {
    ImGui::TextUnformatted("Type an English sentence:");
    const ImGuiID box_id = ImGui::GetID("##sentence");
    if (s.sentence_set_from_outside) {
        // An active InputText keeps its own copy of the text and would write it back over ours.
        if (ImGui::GetActiveID() == box_id) ImGui::ClearActiveID();
        s.sentence_set_from_outside = false;
        s.request_translation(ImGui::GetTime());
    }
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::InputText("##sentence", &s.sentence)) {
        // Pasted text may be invalid UTF-8 or very long: repair it and cap it, never crash.
        const std::string edited = s.sentence;
        s.set_sentence(edited, /*from_outside=*/false);
        s.request_translation(ImGui::GetTime());
    }
    const ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
    s.sentence_rect = {mn.x, mn.y, mx.x - mn.x, mx.y - mn.y};
    if (s.sentence_was_truncated)
        ImGui::TextColored(kUnknown, "The text was cut to %zu characters, the most the playground accepts.",
                           AppState::kMaxSentenceChars);
}

void choices(AppState & s) {
    if (s.model_names.empty()) return;
    ImGui::SetNextItemWidth(220);
    if (ImGui::BeginCombo("Model", s.model_names[size_t(s.model)].c_str())) {
        for (int i = 0; i < int(s.model_names.size()); i++)
            if (ImGui::Selectable(s.model_names[size_t(i)].c_str(), i == s.model)) {
                s.model = i;
                s.request_translation(-1e9);
            }
        ImGui::EndCombo();
    }
    same_line_if_fits(ImGui::CalcTextSize("Greedy Beam 4").x + 4 * ImGui::GetFrameHeight());
    if (ImGui::RadioButton("Greedy", s.beam == 1)) { s.beam = 1; s.request_translation(-1e9); }
    ImGui::SameLine();
    if (ImGui::RadioButton("Beam 4", s.beam == 4)) { s.beam = 4; s.request_translation(-1e9); }
    same_line_if_fits(160);
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::BeginCombo("##examples", "Examples", ImGuiComboFlags_HeightLarge)) {
        for (const ExampleSentence & e : s.examples) {
            char label[600];
            std::snprintf(label, sizeof label, "%-16s %s", e.tag.c_str(), e.english.c_str());
            if (ImGui::Selectable(label)) {
                s.set_sentence(e.english, /*from_outside=*/true);
                s.request_translation(-1e9);
            }
        }
        ImGui::EndCombo();
    }
}

// The source words as the model sees them: unknown ones in orange (the model reads <unk> there).
void source_words(const AppState & s) {
    const TranslationView & t = s.translation;
    int unknown = 0;
    ImGui::TextDisabled("Model input:");
    for (size_t i = 0; i < t.unknown.size(); i++) {
        same_line_if_fits(ImGui::CalcTextSize(t.encoder_tokens[i].c_str()).x);
        if (t.unknown[i]) {
            ImGui::TextColored(kUnknown, "%s", t.encoder_tokens[i].c_str());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Not in this model's vocabulary: it reads <unk> here.");
            unknown++;
        } else {
            ImGui::TextUnformatted(t.encoder_tokens[i].c_str());
        }
    }
    if (unknown) ImGui::TextDisabled("Browse the model's vocabulary below.");
    // Empty, unknown, not UTF-8, control characters, too long: text/sentence_notice.h says which.
    ImGui::PushTextWrapPos(0.0f);  // notices are whole sentences: wrap at the window's edge
    for (const std::string & n : t.notices) ImGui::TextColored(kUnknown, "%s", n.c_str());
    ImGui::PopTextWrapPos();
}

// Output tokens with the probability the model gave each; hovering shows its other candidates.
void output_tokens(const AppState & s) {
    const TranslationView & t = s.translation;
    ImGui::TextDisabled("Output tokens (probability; hover for the alternatives):");
    for (size_t i = 0; i < t.outputs.size(); i++) {
        // Wrap like text: a token goes on the next line when it would cross the window's edge.
        if (i) same_line_if_fits(std::max(ImGui::CalcTextSize(t.outputs[i].c_str()).x, ImGui::CalcTextSize("0.00").x));
        const float p = i < t.trace.steps.size() ? t.trace.steps[i].chosen_prob : 0.0f;
        ImGui::BeginGroup();
        ImGui::TextUnformatted(t.outputs[i].c_str());
        ImGui::TextDisabled("%.2f", p);
        ImGui::EndGroup();
        if (ImGui::IsItemHovered() && i < t.trace.steps.size()) {
            ImGui::BeginTooltip();
            ImGui::Text("Step %zu: the model's top candidates", i + 1);
            for (const TokenAlternative & a : t.trace.steps[i].top)
                ImGui::Text("%6.2f%%  %s", 100.0 * a.prob, s.target_words.size() > size_t(a.id) ? s.target_words[size_t(a.id)].c_str() : "?");
            ImGui::EndTooltip();
        }
    }
}

void vocabulary_browser(AppState & s) {
    char header[96];
    std::snprintf(header, sizeof header, "Vocabulary: the %zu English words this model knows###vocab", s.vocabulary.size());
    if (!ImGui::CollapsingHeader(header)) return;
    static std::string filter;
    ImGui::SetNextItemWidth(200);
    ImGui::InputTextWithHint("##vfilter", "filter", &filter);
    ImGui::SameLine();
    ImGui::TextDisabled("click a word to add it to the sentence");
    std::vector<int> shown;
    for (int i = 0; i < int(s.vocabulary.size()); i++)
        if (filter.empty() || s.vocabulary[size_t(i)].find(filter) != std::string::npos) shown.push_back(i);
    ImGui::BeginChild("##vocab", ImVec2(0, 140), true);
    const float width = ImGui::GetContentRegionAvail().x;
    const int per_row = std::max(1, int(width / 120));
    ImGuiListClipper clipper;
    clipper.Begin((int(shown.size()) + per_row - 1) / per_row);
    while (clipper.Step())
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; row++)
            for (int k = 0; k < per_row; k++) {
                const size_t idx = size_t(row * per_row + k);
                if (idx >= shown.size()) break;
                if (k) ImGui::SameLine(float(k) * 120.0f);
                const std::string & w = s.vocabulary[size_t(shown[idx])];
                ImGui::PushID(int(idx));
                if (ImGui::SmallButton(w.c_str())) {
                    std::string next = s.sentence;
                    if (!next.empty() && next.back() != ' ') next += ' ';
                    s.set_sentence(next + w, /*from_outside=*/true);
                }
                ImGui::PopID();
            }
    ImGui::EndChild();
}

} // namespace

void draw_panel_translate(AppState & s) {
    place_next_window(Panel::Translate);
    if (!ImGui::Begin("Translate", &s.show_translate)) { ImGui::End(); return; }
    sentence_box(s);
    choices(s);
    draw_backend_selector(s);
    const TranslationView & t = s.translation;
    if (!t.error.empty()) ImGui::TextColored(kUnknown, "%s", t.error.c_str());
    if (t.ready) {
        source_words(s);
        ImGui::Separator();
        ImGui::TextDisabled("Translation:");
        ImGui::SetWindowFontScale(1.35f);
        ImGui::TextWrapped("%s", t.display.c_str());
        ImGui::SetWindowFontScale(1.0f);
        output_tokens(s);
        const BackendStatus & bs = s.backend_status;
        const bool timed_gl = bs.ran == ComputeBackend::WebGL2 && bs.gl_timed;  // slower: each draw waited for
        ImGui::TextDisabled("%s on %s, %.1f ms including every attention map%s%s", s.beam == 1 ? "greedy" : "beam 4",
                            compute_backend_label(bs.ran), t.milliseconds, timed_gl ? ", timed draw by draw" : "",
                            s.translate_requested ? " (updating…)" : "");
        draw_op_timing(s);
    }
    vocabulary_browser(s);
    ImGui::End();
}

} // namespace attn

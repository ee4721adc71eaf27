// Translate: the sentence box, model and decoding choice, example sentences (one per grammar
// phenomenon), the translation as tokens with their probabilities (hover: the top-5 alternatives),
// unknown words highlighted, and the vocabulary the model knows, to insert words from.
#include "core/utf8.h"
#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/panels/backend_section.h"
#include "ui/theme.h"
#include "ui/threads_text.h"
#include "ui/ui.h"
#include "ui/widgets/text_width.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>
#include <imgui_internal.h>  // GetActiveID / ClearActiveID
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace attn {

namespace {


void sentence_box(AppState & s) {
    ImGui::TextUnformatted(tr("Type an English sentence:"));
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
        ImGui::TextColored(theme::text().warning, tr("The text was cut to %zu characters, the most the playground accepts."),
                           AppState::kMaxSentenceChars);
}

void choices(AppState & s) {
    if (s.model_names.empty()) return;
    ImGui::SetNextItemWidth(text_width(220));
    if (ImGui::BeginCombo(tr_id("Model", "model"), tr(s.model_names[size_t(s.model)].c_str()))) {
        for (int i = 0; i < int(s.model_names.size()); i++)
            if (ImGui::Selectable(tr_id(s.model_names[size_t(i)].c_str(), s.model_names[size_t(i)].c_str()), i == s.model)) {
                s.model = i;
                s.request_translation(-1e9);
            }
        ImGui::EndCombo();
    }
    same_line_if_fits(ImGui::CalcTextSize(tr("Greedy")).x + ImGui::CalcTextSize(tr("Beam 4")).x + 4 * ImGui::GetFrameHeight());
    const bool greedy_only = s.translation.rnn;  // the RNN translators decode greedily (models/rnn_decode.h)
    ImGui::BeginDisabled(greedy_only);
    if (ImGui::RadioButton(tr_id("Greedy", "greedy"), s.beam == 1 || greedy_only)) { s.beam = 1; s.request_translation(-1e9); }
    ImGui::SameLine();
    if (ImGui::RadioButton(tr_id("Beam 4", "beam4"), s.beam == 4 && !greedy_only)) { s.beam = 4; s.request_translation(-1e9); }
    ImGui::EndDisabled();
    if (greedy_only && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s", tr("The RNN translators decode greedily: one word at a time, the most likely each time."));
    // Room for the whole word and the arrow, at any size of text.
    same_line_if_fits(ImGui::CalcTextSize(tr("Examples")).x + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x);
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::BeginCombo("##examples", tr("Examples"), ImGuiComboFlags_HeightLarge)) {
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

// The pieces of word `word` (labels joined by " · "): what hovering a word shows.
std::string pieces_of(const std::vector<std::string> & tokens, const std::vector<int> & word_of, int word) {
    std::string out;
    for (size_t i = 0; i < tokens.size() && i < word_of.size(); i++)
        if (word_of[i] == word) out += (out.empty() ? "" : "  \xC2\xB7  ") + tokens[i];
    return out;
}

// A subword model's input: the typed words, each with its pieces on hover; a word with a piece
// no training sentence had in orange.
void source_words_with_pieces(const AppState & s) {
    const TranslationState & t = s.translation, & w = s.translation_words;
    dim_text_wrapped(tr("Model input (hover a word for the pieces the model reads):"));
    for (size_t i = 0; i < w.unknown.size(); i++) {
        if (i) same_line_if_fits(ImGui::CalcTextSize(w.encoder_tokens[i].c_str()).x);  // the words start on a line of their own
        if (w.unknown[i]) ImGui::TextColored(theme::text().warning, "%s", w.encoder_tokens[i].c_str());
        else ImGui::TextUnformatted(w.encoder_tokens[i].c_str());
        if (ImGui::IsItemHovered()) {
            const std::string pieces = pieces_of(t.encoder_tokens, t.encoder_word_of, int(i));
            ImGui::SetTooltip("%s\n%s", pieces.c_str(),
                              w.unknown[i] ? tr("The model never saw some of these pieces in training.") : "");
        }
    }
}

// A word-level model's input: unknown words in orange (the model reads <unk> there).
void source_words_of_vocabulary(const AppState & s) {
    const TranslationState & t = s.translation;
    int unknown = 0;
    ImGui::TextDisabled("%s", tr("Model input:"));
    for (size_t i = 0; i < t.unknown.size(); i++) {
        same_line_if_fits(ImGui::CalcTextSize(t.encoder_tokens[i].c_str()).x);
        if (t.unknown[i]) {
            ImGui::TextColored(theme::text().warning, "%s", t.encoder_tokens[i].c_str());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Not in this model's vocabulary: it reads <unk> here."));
            unknown++;
        } else {
            ImGui::TextUnformatted(t.encoder_tokens[i].c_str());
        }
    }
    if (unknown) ImGui::TextDisabled("%s", tr("Browse the model's vocabulary below."));
}

// The source as the model sees it, then what to tell the reader about it.
void source_words(const AppState & s) {
    const TranslationState & t = s.translation;
    if (t.pieces) source_words_with_pieces(s);
    else source_words_of_vocabulary(s);
    // Empty, unknown, not UTF-8, control characters, too long: text/sentence_notice.h says which.
    ImGui::PushTextWrapPos(0.0f);  // notices are whole sentences: wrap at the window's edge
    for (const TranslationState::Notice & n : t.notices) {
        const std::string text = tr_message(n.message);
        if (n.sentence > 0) ImGui::TextColored(theme::text().warning, tr("Sentence %d: %s"), n.sentence, text.c_str());
        else ImGui::TextColored(theme::text().warning, "%s", text.c_str());
    }
    ImGui::PopTextWrapPos();
}

// Pasted text is translated sentence by sentence: choose the one whose tokens and maps are shown.
void sentence_picker(AppState & s) {
    const TranslationState & t = s.translation;
    if (t.sentences.size() < 2) return;
    ImGui::TextDisabled(tr("%zu sentences, each translated on its own. The tokens and maps below are of:"), t.sentences.size());
    for (int i = 0; i < int(t.sentences.size()); i++) {
        char label[64];
        std::snprintf(label, sizeof label, "%d##sentence%d", i + 1, i);
        if (i) ImGui::SameLine();
        if (ImGui::RadioButton(label, i == t.sentence_index) && i != t.sentence_index) {
            s.sentence_pick = i;
            s.request_translation(-1e9);
        }
        if (ImGui::IsItemHovered() && size_t(i) < t.sentence_translations.size())
            ImGui::SetTooltip("%s\n%s", t.sentences[size_t(i)].c_str(), t.sentence_translations[size_t(i)].c_str());
    }
    ImGui::SameLine();
    ImGui::TextUnformatted(t.sentences[size_t(t.sentence_index)].c_str());
}

// Output words with the probability the model gave each (a subword model's word: its least
// likely piece); hovering shows every step's other candidates.
void output_tokens(const AppState & s) {
    const TranslationState & t = s.translation;
    const bool pieces = t.pieces && t.output_word_of.size() == t.outputs.size();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", pieces ? tr("Output words (probability of the least likely piece; hover for the pieces and alternatives):")
                                     : tr("Output tokens (probability; hover for the alternatives):"));
    ImGui::PopTextWrapPos();
    for (size_t i = 0, word = 0; i < t.outputs.size(); word++) {
        size_t end = i + 1;
        while (pieces && end < t.outputs.size() && t.output_word_of[end] == t.output_word_of[i]) end++;
        const std::string & text = pieces ? s.translation_words.outputs[size_t(t.output_word_of[i])] : t.outputs[i];
        float p = 1.0f;
        for (size_t k = i; k < end; k++) p = std::min(p, k < t.trace.steps.size() ? t.trace.steps[k].chosen_prob : 0.0f);
        // Wrap like text: a word goes on the next line when it would cross the window's edge.
        if (word) same_line_if_fits(std::max(ImGui::CalcTextSize(text.c_str()).x, ImGui::CalcTextSize("0.00").x));
        ImGui::BeginGroup();
        ImGui::TextUnformatted(text.c_str());
        ImGui::TextDisabled("%.2f", p);
        ImGui::EndGroup();
        if (ImGui::IsItemHovered() && i < t.trace.steps.size()) {
            ImGui::BeginTooltip();
            for (size_t k = i; k < end && k < t.trace.steps.size(); k++) {
                if (pieces) ImGui::Text(tr("Step %zu writes the piece %s; the model's top candidates:"), k + 1, t.outputs[k].c_str());
                else ImGui::Text(tr("Step %zu: the model's top candidates"), k + 1);
                for (const TokenAlternative & a : t.trace.steps[k].top)
                    ImGui::Text("%6.2f%%  %s", 100.0 * a.prob, s.target_words.size() > size_t(a.id) ? s.target_words[size_t(a.id)].c_str() : "?");
            }
            ImGui::EndTooltip();
        }
        i = end;
    }
}

void vocabulary_browser(AppState & s) {
    if (s.vocabulary.empty()) return;  // a subword model: every word can be typed
    char full[128], shorter[64];
    std::snprintf(full, sizeof full, tr("Vocabulary: the %zu English words this model knows"), s.vocabulary.size());
    std::snprintf(shorter, sizeof shorter, tr("Vocabulary (%zu words)"), s.vocabulary.size());
    if (!collapsing_header_that_fits(full, shorter, "vocab")) return;
    static std::string filter;
    ImGui::SetNextItemWidth(std::min(text_width(200), ImGui::GetContentRegionAvail().x));
    ImGui::InputTextWithHint("##vfilter", tr("filter"), &filter);
    text_beside(tr("click a word to add it to the sentence"));
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
    if (!ImGui::Begin(panel_title("translate"), &s.show_translate)) { ImGui::End(); return; }
    sentence_box(s);
    choices(s);
    draw_backend_selector(s);
    const TranslationState & t = s.translation;
    if (!s.translator_loading.empty()) {
        ImGui::TextWrapped("%s", tr_message(s.translator_loading).c_str());
        if (s.translator_progress >= 0) ImGui::ProgressBar(s.translator_progress, ImVec2(-FLT_MIN, 0));
    }
    if (!t.error.empty()) ImGui::TextColored(theme::text().warning, "%s", tr_message(t.error).c_str());
    if (s.translator_can_retry && ImGui::Button(tr("Try the download again"))) s.translator_retry_requested = true;
    if (t.ready) {
        source_words(s);
        ImGui::Separator();
        ImGui::TextDisabled("%s", tr("Translation:"));
        ImGui::SetWindowFontScale(1.35f);
        text_wrapped(t.sentences.size() > 1 ? t.paragraph_display : t.display);
        ImGui::SetWindowFontScale(1.0f);
        sentence_picker(s);
        output_tokens(s);
        const BackendStatus & bs = s.backend_status;
        const bool timed_gl = bs.ran == ComputeBackend::WebGL2 && bs.gl_timed;  // slower: each draw waited for
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled(tr("%s on %s, %s, %s weights, %.1f ms including every attention map%s%s"),
                            s.beam == 1 || t.rnn ? tr("greedy") : tr("beam 4"), tr(compute_backend_label(bs.ran)),
                            threads_text().c_str(), t.weights_storage.c_str(), t.milliseconds,
                            timed_gl ? tr(", timed draw by draw") : "",
                            s.translate_requested ? tr(" (updating…)") : "");
        ImGui::PopTextWrapPos();
        draw_op_timing(s);
    }
    vocabulary_browser(s);
    ImGui::End();
}

} // namespace attn

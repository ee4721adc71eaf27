// Attention: pick encoder self-, decoder masked self- or cross-attention, a layer and a head (or
// the mean over heads), and see it as a heatmap, as the grid of every layer × head (model view),
// or as lines between the words (head view). Cross-attention can carry the corpus's gold
// alignment, with its alignment error rate. An RNNsearch has one map, its alignment; RNNencdec none.
#include "text/aer.h"
#include "ui/attention_data.h"
#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/ui.h"
#include "ui/widgets/attention_lines.h"
#include "ui/widgets/attention_thumbnail.h"
#include "ui/widgets/heatmap.h"
#include "ui/widgets/text_width.h"
#include "ui/widgets/vector_strip.h"
#include "ui/widgets/view_caveat.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>
#include <imgui_internal.h>  // SetFocusID: the heatmap takes the keyboard on `c`

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

// A subword model's maps by piece, or by word: pieces merged (keys summed, queries averaged).
void pieces_or_words(AppState & s) {
    AttentionSelection & a = s.attention;
    if (s.translation.pieces) {
        same_line_if_fits(ImGui::CalcTextSize(tr("Pieces")).x + ImGui::CalcTextSize(tr("Words")).x + 2 * ImGui::GetFrameHeight() + 24);
        if (ImGui::RadioButton(tr_id("Pieces", "pieces"), !a.words)) { a.words = false; a.highlight_row = a.highlight_col = -1; }
        ImGui::SameLine();
        if (ImGui::RadioButton(tr_id("Words", "words"), a.words)) { a.words = true; a.highlight_row = a.highlight_col = -1; }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", tr("The model reads and writes subword pieces. Here each word is one row and one column:\n"
                                    "a word's weight as a key is the sum over its pieces (the attention landing anywhere on it),\n"
                                    "its row as a query the average of its pieces' rows, so every row still sums to 1."));
    }
}

void selectors(AppState & s) {
    AttentionSelection & a = s.attention;
    const TranslationState & t = s.translation;
    bool changed = false;
    ImGui::SetNextItemWidth(text_width(280));
    if (ImGui::BeginCombo("##kind", tr(attention_kind_label(a.kind)))) {
        for (int k = 0; k < 3; k++)
            if (ImGui::Selectable(tr(attention_kind_label(AttentionKind(k))), int(a.kind) == k)) { a.kind = AttentionKind(k); changed = true; }
        ImGui::EndCombo();
    }
    const int layers = attention_layers(t, a.kind);
    a.layer = std::min(a.layer, std::max(0, layers - 1));
    same_line_if_fits(90);
    ImGui::SetNextItemWidth(text_width(90));
    char layer_label[32];
    std::snprintf(layer_label, sizeof layer_label, tr("Layer %d"), a.layer);
    if (ImGui::BeginCombo("##layer", layer_label)) {
        for (int l = 0; l < layers; l++) {
            std::snprintf(layer_label, sizeof layer_label, tr("Layer %d"), l);
            if (ImGui::Selectable(layer_label, l == a.layer)) { a.layer = l; changed = true; }
        }
        ImGui::EndCombo();
    }
    same_line_if_fits(ImGui::CalcTextSize(tr("Mean of heads")).x + ImGui::GetFrameHeight() + 16);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize(tr("Mean of heads")).x + ImGui::GetFrameHeight() + 16);
    char head_label[32];
    std::snprintf(head_label, sizeof head_label, a.head < 0 ? tr("Mean of heads") : tr("Head %d"), a.head);
    if (ImGui::BeginCombo("##head", head_label)) {
        if (ImGui::Selectable(tr_id("Mean of heads", "mean"), a.head < 0)) { a.head = -1; changed = true; }
        for (int h = 0; h < t.config.heads; h++) {
            std::snprintf(head_label, sizeof head_label, tr("Head %d"), h);
            if (ImGui::Selectable(head_label, h == a.head)) { a.head = h; changed = true; }
        }
        ImGui::EndCombo();
    }
    pieces_or_words(s);
    // The step-through needs the selected head's Q/K/V: translate again to capture them.
    if (changed) {
        a.highlight_row = a.highlight_col = -1;
        s.request_translation(-1e9);
    }
}

// An RNN translator in place of the selectors: what its one map is, or why it has none.
void rnn_heading(const TranslationState & t) {
    if (t.rnn_config.attention)
        text_wrapped(tr("RNNsearch has one map, its alignment α: for each word it writes (rows), the decoder weighs every "
                        "English word (columns) by additive attention (Bahdanau et al. 2015). No layers, no heads, no "
                        "self-attention; the Step-through computes a row."));
    else
        text_wrapped(tr("RNNencdec has no attention, so there is no map to draw: its decoder sees the sentence only "
                        "through C, the encoder's last state, however long the sentence is."));
}

// The first piece of a word of the words view: the step-through explains pieces.
int first_piece(const std::vector<int> & word_of, int word) {
    for (size_t i = 0; i < word_of.size(); i++)
        if (word_of[i] == word) return int(i);
    return 0;
}

void heatmap_view(AppState & s, const AttentionMatrix & m, const AttentionAxes & axes) {
    AttentionSelection & a = s.attention;
    const TranslationState & t = attention_view(s);
    HeatmapOptions o;
    o.cell = std::clamp(std::floor((ImGui::GetContentRegionAvail().x - 120.0f) / float(std::max(1, m.cols))), 8.0f, 34.0f);
    o.show_values = o.cell >= 30.0f;
    o.highlight_row = a.highlight_row;
    o.highlight_col = a.highlight_col;
    o.cursor_row = a.highlight_row;
    o.cursor_col = a.highlight_col;
    o.causal_mask = a.kind == AttentionKind::DecoderSelf;
    const bool gold = a.kind == AttentionKind::Cross && !t.gold_sure.empty();
    if (gold && a.show_gold) {
        o.gold_sure = &t.gold_sure;
        o.gold_possible = &t.gold_possible;
    }
    ImGui::TextDisabled(tr("rows: %s  ·  columns: %s"), tr(axes.row_caption), tr(axes.col_caption));
    const HeatmapResult r = draw_heatmap("##heatmap", m.values, m.rows, m.cols, *axes.rows, *axes.cols, o);
    if (a.focus_heatmap) {  // the `c` shortcut: the keyboard goes to the cells, focus shown
        a.focus_heatmap = false;
        ImGui::FocusWindow(ImGui::GetCurrentWindow());
        ImGui::SetFocusID(ImGui::GetItemID(), ImGui::GetCurrentWindow());
        GImGui->NavDisableHighlight = false;
        GImGui->NavDisableMouseHover = true;
    }
    s.heatmap_rect = {r.grid_x, r.grid_y, r.cell * float(m.cols), r.cell * float(m.rows)};
    const ImVec2 clip_min = ImGui::GetWindowDrawList()->GetClipRectMin(), clip_max = ImGui::GetWindowDrawList()->GetClipRectMax();
    const float vx0 = std::max(clip_min.x, r.grid_x), vy0 = std::max(clip_min.y, r.grid_y);
    const float vx1 = std::min(clip_max.x, r.grid_x + s.heatmap_rect.w), vy1 = std::min(clip_max.y, r.grid_y + s.heatmap_rect.h);
    s.heatmap_visible = {vx0, vy0, std::max(0.0f, vx1 - vx0), std::max(0.0f, vy1 - vy0)};
    // The step-through follows a picked row (its first piece in the words view).
    auto follow_row = [&](int row) {
        const TranslationState & p = s.translation;
        if (&t == &p) a.query = row;
        else if (a.kind == AttentionKind::EncoderSelf) a.query = first_piece(p.encoder_word_of, row);
        else if (a.kind == AttentionKind::Cross) a.query = first_piece(p.output_word_of, row);
        else a.query = row == 0 ? 0 : first_piece(p.output_word_of, row - 1) + 1;  // after <s>
    };
    if (r.clicked_row >= 0 || r.clicked_col >= 0) {
        if (r.clicked_row >= 0 && r.clicked_col < 0) a.highlight_row = a.highlight_row == r.clicked_row ? -1 : r.clicked_row;
        else if (r.clicked_col >= 0 && r.clicked_row < 0) a.highlight_col = a.highlight_col == r.clicked_col ? -1 : r.clicked_col;
        else { a.highlight_row = r.clicked_row; a.highlight_col = -1; }
        if (r.clicked_row >= 0) follow_row(r.clicked_row);
    }
    // The keyboard's cell cursor: the arrows move it from the top-left cell, Enter opens its row
    // in the step-through. The screen-reader text says which cell it is on.
    if (r.key_rows || r.key_cols) {
        a.highlight_row = std::clamp(std::max(a.highlight_row, 0) + (a.highlight_row < 0 ? 0 : r.key_rows), 0, m.rows - 1);
        a.highlight_col = std::clamp(std::max(a.highlight_col, 0) + (a.highlight_col < 0 ? 0 : r.key_cols), 0, m.cols - 1);
    }
    if (r.key_pick && a.highlight_row >= 0) {
        follow_row(a.highlight_row);
        s.show_step = true;
    }
    draw_color_legend("##legend", 240);
    if (a.kind == AttentionKind::Cross) {
        if (gold) {
            ImGui::Checkbox(tr_id("Gold alignment (outlined: sure, thin: possible)", "gold"), &a.show_gold);
            // AER of this map: each written word linked to the English word it attends to most.
            std::vector<float> corner(size_t(m.rows - 1) * size_t(m.cols - 1));
            for (int r2 = 0; r2 + 1 < m.rows; r2++)
                for (int c = 0; c + 1 < m.cols; c++) corner[size_t(r2) * size_t(m.cols - 1) + size_t(c)] = m.values[size_t(r2) * size_t(m.cols) + size_t(c)];
            std::vector<Link> sure, possible;
            for (auto [row, col] : t.gold_sure) sure.push_back({row, col});
            for (auto [row, col] : t.gold_possible) possible.push_back({row, col});
            possible.insert(possible.end(), sure.begin(), sure.end());
            const double aer = alignment_error_rate(links_from_attention(corner.data(), m.rows - 1, m.cols - 1), sure, possible);
            ImGui::SameLine();
            ImGui::Text(tr("AER of this map: %.3f (0 = the argmax of every row is a gold link)"), aer);
        } else {
            ImGui::TextDisabled("%s", tr("Gold alignments are shown for the example sentences when the output equals the corpus reference."));
        }
    }
}

} // namespace

void draw_panel_attention(AppState & s) {
    place_next_window(Panel::Attention);
    if (!ImGui::Begin(panel_title("attention"), &s.show_attention)) { ImGui::End(); return; }
    const TranslationState & t = attention_view(s);
    if (!t.ready) {
        ImGui::TextDisabled("%s", tr("Translate a sentence to see its attention."));
        ImGui::End();
        return;
    }
    AttentionSelection & a = s.attention;
    if (t.rnn) {
        rnn_heading(t);
        if (!t.rnn_config.attention) {
            draw_context_c(t.context_c);
            ImGui::End();
            return;
        }
        pieces_or_words(s);
    } else {
        selectors(s);
    }
    draw_view_caveat(t.rnn ? AttentionView::Bahdanau : attention_view_of(a.kind));
    ImGui::PushTextWrapPos(0.0f);
    if (a.kind == AttentionKind::Cross && a.layer == t.guided_layer && (a.head == t.guided_head || a.head < 0))
        ImGui::TextDisabled(tr("Head %d of this layer was trained to follow the corpus's word alignment (guided "
                               "alignment); the other heads learned where to look on their own."), t.guided_head);
    ImGui::PopTextWrapPos();
    if (ImGui::BeginTabBar("##views")) {
        const AttentionAxes axes = attention_axes(t, a.kind);
        static std::vector<float> mean;
        auto tab_flags = [&](int view) { return a.request_view == view ? ImGuiTabItemFlags_SetSelected : 0; };
        if (ImGui::BeginTabItem(tr_id("Heatmap", "heatmap"), nullptr, tab_flags(0))) {
            a.view = 0;
            const AttentionMatrix m = attention_matrix(t, a.kind, a.layer, a.head, &mean);
            ImGui::BeginChild("##heat", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
            heatmap_view(s, m, axes);
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        if (!t.rnn && ImGui::BeginTabItem(tr_id("Model view", "model"), nullptr, tab_flags(1))) {  // an RNN has one map
            a.view = 1;
            ImGui::TextDisabled(tr("Every layer × head of %s; click one to open it."), tr(attention_kind_label(a.kind)));
            const AttentionMatrix first = attention_matrix(t, a.kind, 0, 0, &mean);
            int clicked_layer = -1, clicked_head = -1;
            auto get = [&](int layer, int head) -> const float * {
                const AttentionMap * m = t.trace.find(attention_kind_id(a.kind), layer, head);
                return m ? m->values.data() : nullptr;
            };
            if (draw_model_grid("##grid", attention_layers(t, a.kind), t.config.heads, first.rows, first.cols, get, a.layer,
                                a.head, 72.0f, &clicked_layer, &clicked_head)) {
                a.layer = clicked_layer;
                a.head = clicked_head;
                a.view = 0;
                s.request_translation(-1e9);
            }
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem(tr_id("Lines", "lines"), nullptr, tab_flags(2))) {
            a.view = 2;
            const AttentionMatrix m = attention_matrix(t, a.kind, a.layer, a.head, &mean);
            ImGui::TextDisabled(tr("Left: %s. Right: %s. Hover a word to see only its lines."), tr(axes.row_caption), tr(axes.col_caption));
            draw_attention_lines("##lines", m.values, m.rows, m.cols, *axes.rows, *axes.cols, -1,
                                 std::max(200.0f, ImGui::GetContentRegionAvail().y - 8));
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
        a.request_view = -1;
    }
    ImGui::End();
}

} // namespace attn

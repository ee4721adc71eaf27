// Step-through: for the selected attention, layer, head and query word, the computation with the
// model's real numbers: q = x·W_q, k_j, v_j; q·k_j; ÷√d_k; the mask; softmax; Σ α_j v_j. For an
// RNNsearch, its additive attention (score, softmax, read); RNNencdec has none, only C.
#include "nn/attention_steps.h"
#include "ui/attention_data.h"
#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/ui.h"
#include "ui/widgets/step_view.h"
#include "ui/widgets/text_width.h"
#include "ui/widgets/vector_strip.h"
#include "ui/widgets/view_caveat.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace attn {

namespace {

// "Query word" over the map's rows; picking one sets a.query.
void query_combo(AttentionSelection & a, int rows, const std::vector<std::string> & labels) {
    // The combo's own label ("Query word") follows it on the line: leave it room on a phone.
    ImGui::SetNextItemWidth(std::min(text_width(240), ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(tr("Query word")).x - 16));
    const std::string current = a.query < int(labels.size()) ? labels[size_t(a.query)] : "?";
    char label[160];
    std::snprintf(label, sizeof label, "%d: %s", a.query, current.c_str());
    if (ImGui::BeginCombo(tr_id("Query word", "query"), label)) {
        for (int i = 0; i < rows && i < int(labels.size()); i++) {
            std::snprintf(label, sizeof label, "%d: %s", i, labels[size_t(i)].c_str());
            if (ImGui::Selectable(label, i == a.query)) a.query = i;
        }
        ImGui::EndCombo();
    }
    text_beside(tr("(or click a row of the heatmap)"));
}

void rnn_steps(AppState & s) {
    const TranslationState & t = s.translation;
    if (!t.rnn_config.attention) {
        text_wrapped(tr("RNNencdec has no attention to step through: every word it writes comes from its own state, "
                        "which started from C and reads C again at every step."));
        draw_context_c(t.context_c);
        return;
    }
    const AttentionMap * energy = t.trace.find("alignment_energy", 0, 0);
    if (!energy || energy->rows == 0) {
        ImGui::TextDisabled("%s", tr("Translate a sentence, then pick an attention in the Attention window."));
        return;
    }
    draw_view_caveat(AttentionView::Bahdanau);
    const AttentionAxes axes = attention_axes(t, AttentionKind::Cross);
    AttentionSelection & a = s.attention;
    a.query = std::clamp(a.query, 0, energy->rows - 1);
    query_combo(a, energy->rows, *axes.rows);
    draw_additive_step_through(compute_additive_steps(*energy, a.query), *axes.rows, *axes.cols);
}

} // namespace

void draw_panel_step(AppState & s) {
    place_next_window(Panel::Step);
    if (!ImGui::Begin(panel_title("step"), &s.show_step)) { ImGui::End(); return; }
    const TranslationState & t = s.translation;
    if (t.ready && t.rnn) {
        rnn_steps(s);
        ImGui::End();
        return;
    }
    AttentionSelection & a = s.attention;
    const QkvCapture * cap = nullptr;
    for (const QkvCapture & c : t.trace.qkv)
        if (c.kind == attention_kind_id(a.kind) && c.layer == a.layer && c.head == std::max(a.head, 0)) cap = &c;
    if (!t.ready || !cap) {
        ImGui::TextDisabled("%s", s.translate_requested ? tr("Computing…") : tr("Translate a sentence, then pick an attention in the Attention window."));
        ImGui::End();
        return;
    }
    const AttentionAxes axes = attention_axes(t, a.kind);
    a.query = std::clamp(a.query, 0, cap->q_rows - 1);
    ImGui::TextWrapped(tr("%s, layer %d, head %d%s."), tr(attention_kind_label(a.kind)), a.layer, cap->head,
                       a.head < 0 ? tr(" (the mean over heads has no single q, k, v: showing head 0)") : "");
    draw_view_caveat(attention_view_of(a.kind));
    query_combo(a, cap->q_rows, *axes.rows);
    const AttentionSteps steps = compute_attention_steps(*cap, a.query, mask_for_kind(cap->kind));
    draw_step_through(*cap, steps, *axes.rows, *axes.cols);
    ImGui::End();
}

} // namespace attn

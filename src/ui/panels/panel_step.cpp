// Step-through: for the selected attention, layer, head and query word, the computation with the
// model's real numbers: q = x·W_q, k_j, v_j; q·k_j; ÷√d_k; the mask; softmax; Σ α_j v_j.
#include "nn/attention_steps.h"
#include "ui/attention_data.h"
#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/ui.h"
#include "ui/widgets/step_view.h"
#include "ui/widgets/text_width.h"
#include "ui/widgets/view_caveat.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace attn {

void draw_panel_step(AppState & s) {
    place_next_window(Panel::Step);
    if (!ImGui::Begin(panel_title("step"), &s.show_step)) { ImGui::End(); return; }
    const TranslationState & t = s.translation;
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
    // The combo's own label ("Query word") follows it on the line: leave it room on a phone.
    ImGui::SetNextItemWidth(std::min(text_width(240), ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(tr("Query word")).x - 16));
    const std::string current = a.query < int(axes.rows->size()) ? (*axes.rows)[size_t(a.query)] : "?";
    char label[160];
    std::snprintf(label, sizeof label, "%d: %s", a.query, current.c_str());
    if (ImGui::BeginCombo(tr_id("Query word", "query"), label)) {
        for (int i = 0; i < cap->q_rows && i < int(axes.rows->size()); i++) {
            std::snprintf(label, sizeof label, "%d: %s", i, (*axes.rows)[size_t(i)].c_str());
            if (ImGui::Selectable(label, i == a.query)) a.query = i;
        }
        ImGui::EndCombo();
    }
    text_beside(tr("(or click a row of the heatmap)"));
    const AttentionSteps steps = compute_attention_steps(*cap, a.query, mask_for_kind(cap->kind));
    draw_step_through(*cap, steps, *axes.rows, *axes.cols);
    ImGui::End();
}

} // namespace attn

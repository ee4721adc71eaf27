// Compare: the playground's sentence through RNNencdec, RNNsearch and the Transformer side by
// side, to see what attention changed. Per model: the translation with per-token probabilities,
// then what its decoder sees of the sentence: RNNencdec only the vector C, RNNsearch an alignment
// over every source word (Bahdanau et al. 2015, Fig. 3), the Transformer its cross-attention.
// Under C, what that bottleneck costs: BLEU by sentence length (Bahdanau et al. 2015, Fig. 2),
// shipped or recomputed on the mini test set. Along the bottom, the encoders' measured time:
// sequential RNN steps against the Transformer's one parallel pass.
#include "ui/compare_data.h"
#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/ui.h"
#include "ui/widgets/heatmap.h"
#include "ui/widgets/line_plot.h"
#include "ui/widgets/text_width.h"
#include "ui/widgets/token_probabilities.h"
#include "ui/widgets/vector_strip.h"
#include "ui/widgets/view_caveat.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

namespace {

const ImVec4 kWarning(1.0f, 0.55f, 0.25f, 1.0f);
constexpr float kMaxCell = 22.0f, kMinCell = 8.0f;
constexpr float kMaxHeatmapGrid = 260.0f;  // px of cells, so the timing strip fits below at 800 px
constexpr int kMaxTokenRows = 2;  // more scroll: a babbling model must not push the rest away
constexpr float kMinColumn = 330.0f;  // narrower, the three models are stacked instead of side by side

void color_swatch(ImU32 color) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + h - 4, p.y + h - 2), color, 2.0f);
    ImGui::Dummy(ImVec2(h - 2, h));
    ImGui::SameLine();
}

std::string parameter_text(int64_t n) {
    char buf[48];
    if (n >= 1000000) std::snprintf(buf, sizeof buf, tr("%.2f M parameters"), double(n) / 1e6);
    else std::snprintf(buf, sizeof buf, tr("%.0f k parameters"), double(n) / 1e3);
    return buf;
}

// Name, what it is, size, and its translation with the probability of every token.
void model_header(const CompareState & v, CompareModel m) {
    const ComparedTranslation & t = v[m];
    color_swatch(compare_color(m));
    ImGui::TextUnformatted(compare_title(m));
    if (t.ok()) {
        const std::string size = parameter_text(t.parameters);
        same_line_if_fits(ImGui::CalcTextSize(size.c_str()).x);
        ImGui::TextDisabled("%s", size.c_str());
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(compare_subtitle(m)));
    if (!t.ok()) {
        ImGui::TextColored(kWarning, "%s", tr_message(t.error).c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    ImGui::SetWindowFontScale(1.15f);
    ImGui::TextWrapped("%s", t.display.empty() ? tr("(nothing)") : t.display.c_str());
    ImGui::SetWindowFontScale(1.0f);
    ImGui::PopTextWrapPos();
    draw_token_probabilities("##tokens", t.outputs, t.probabilities, kMaxTokenRows);
}

// A cell size that fits the column's width. A tall map (a long output) gets smaller cells, but
// not below a text line while it can be helped: smaller cells label only every other word.
float heatmap_cell(int rows, int cols, const std::vector<std::string> & row_labels) {
    const float width = ImGui::GetContentRegionAvail().x - max_label_width(row_labels, rows) - 8;
    const float fit_width = std::floor(width / float(std::max(cols, 1)));
    const float fit_height = std::max(std::floor(kMaxHeatmapGrid / float(std::max(rows, 1))), ImGui::GetTextLineHeight() + 1);
    return std::clamp(std::min(fit_width, fit_height), kMinCell, kMaxCell);
}

// Both maps read the same way; said on hover rather than on a line of its own, to save height.
void axes_tooltip() {
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Rows: the words written, top to bottom. Columns: the English words.\n"
                                                        "Each row sums to 1: how the model split its attention while writing that word."));
}

void attention_heatmap(const char * id, const float * values, int rows, int cols, const std::vector<std::string> & row_labels,
                       const std::vector<std::string> & col_labels) {
    HeatmapOptions o;
    o.cell = heatmap_cell(rows, cols, row_labels);
    draw_heatmap(id, values, rows, cols, row_labels, col_labels, o);
}

void alignment_map(const CompareState & v) {
    ImGui::AlignTextToFramePadding();  // level with the Transformer's layer and head choosers
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(tr("Alignment: where each output word looks"));
    ImGui::PopTextWrapPos();
    axes_tooltip();
    const AttentionMap & a = v.alignment;
    if (a.rows == 0) { ImGui::TextDisabled("%s", tr("No alignment recorded.")); return; }
    attention_heatmap("##alignment", a.values.data(), a.rows, a.cols, v[CompareModel::RnnSearch].outputs, v.source);
    draw_color_legend("##alignment_legend", 200);
    draw_view_caveat(AttentionView::Bahdanau);  // below the map, so both columns' maps stay level
}

void cross_attention_map(CompareState & v) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(tr("Cross-attention:"));
    axes_tooltip();
    const int layer = compare_cross_layer(v);
    char label[48];
    std::snprintf(label, sizeof label, layer == v.transformer_layers - 1 ? tr("Layer %d (last)") : tr("Layer %d"), layer);
    const float layer_width = ImGui::CalcTextSize(tr("Layer %d (last)")).x + ImGui::GetFrameHeight() + 12;
    same_line_if_fits(layer_width);
    ImGui::SetNextItemWidth(layer_width);
    if (ImGui::BeginCombo("##cross_layer", label)) {
        for (int l = 0; l < v.transformer_layers; l++) {
            std::snprintf(label, sizeof label, l == v.transformer_layers - 1 ? tr("Layer %d (last)") : tr("Layer %d"), l);
            if (ImGui::Selectable(label, l == layer)) v.cross_layer = l;
        }
        ImGui::EndCombo();
    }
    std::snprintf(label, sizeof label, v.cross_head < 0 ? tr("Mean of heads") : tr("Head %d"), v.cross_head);
    const float head_width = ImGui::CalcTextSize(tr("Mean of heads")).x + ImGui::GetFrameHeight() + 12;
    same_line_if_fits(head_width);
    ImGui::SetNextItemWidth(head_width);
    if (ImGui::BeginCombo("##cross_head", label)) {
        if (ImGui::Selectable(tr_id("Mean of heads", "mean"), v.cross_head < 0)) v.cross_head = -1;
        for (int h = 0; h < v.transformer_heads; h++) {
            std::snprintf(label, sizeof label, tr("Head %d"), h);
            if (ImGui::Selectable(label, h == v.cross_head)) v.cross_head = h;
        }
        ImGui::EndCombo();
    }
    static std::vector<float> mean;
    const AttentionMatrix m = compare_cross_matrix(v, &mean);
    if (!m.values) { ImGui::TextDisabled("%s", tr("No cross-attention recorded.")); return; }
    attention_heatmap("##cross", m.values, m.rows, m.cols, v[CompareModel::Transformer].outputs, v.source);
    draw_color_legend("##cross_legend", 200);
    draw_view_caveat(AttentionView::Cross);
}

void encoder_timing(const CompareState & v) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text(tr("Encoder time on this sentence (best of %d runs, just now):"), kCompareTimingRuns);
    ImGui::PopTextWrapPos();
    // Measured on one CPU thread, the Transformer's pass can take longer than all the RNN steps
    // (it does more arithmetic); the point is the dependency chain, so say both.
    dim_text_wrapped(tr("Each RNN box waits for the one before; the Transformer's one pass computes all words at once "
                        "(more arithmetic, but parallel)."));
    const std::vector<TimingLane> lanes = compare_timing_lanes(v);
    if (lanes.empty()) { ImGui::TextDisabled("%s", tr("No model ran.")); return; }
    draw_timing_strip("##timing", lanes, 0);
}

void bleu_by_length(CompareBleu & b) {
    ImGui::TextUnformatted(tr("What one vector costs: BLEU by sentence length"));
    const bool has_recomputed = !b.recomputed.series.empty();
    if (ImGui::RadioButton(tr_id("Shipped (test split)", "shipped"), !b.show_recomputed)) b.show_recomputed = false;
    ImGui::SameLine();
    if (!has_recomputed) ImGui::BeginDisabled();
    if (ImGui::RadioButton(tr_id("Mini test set", "mini"), b.show_recomputed && has_recomputed)) b.show_recomputed = true;
    if (!has_recomputed) ImGui::EndDisabled();
    same_line_if_fits(240);
    if (b.running) {
        char overlay[48];
        std::snprintf(overlay, sizeof overlay, tr("%.0f%% of %d sentences × 3"), 100.0 * b.progress, b.sentences);
        ImGui::ProgressBar(b.progress, ImVec2(-FLT_MIN, 0), overlay);
    } else if (ImGui::Button(tr_id("Recompute on the mini test set", "recompute"))) {
        b.recompute_requested = true;
    }
    if (ImGui::IsItemHovered() && !b.running)
        ImGui::SetTooltip("%s", tr("Translates the 10 first test sentences of every length bucket with all three models, here and now."));
    if (!b.recompute_error.empty()) ImGui::TextColored(kWarning, "%s", tr_message(b.recompute_error).c_str());
    const bool recomputed = b.show_recomputed && has_recomputed;
    if (!recomputed && !b.shipped_error.empty()) ImGui::TextColored(kWarning, "%s", tr_message(b.shipped_error).c_str());
    const LineChart & chart = recomputed ? b.recomputed : b.shipped;
    if (!chart.series.empty()) draw_line_plot("##bleu", chart, ImVec2(0, 185));
}

// One model: RNNencdec shows C and, below it, what the bottleneck costs (BLEU falling with
// length, Bahdanau et al. Fig. 2); RNNsearch its alignment; the Transformer its cross-attention.
void model_column(CompareState & v, CompareModel m) {
    ImGui::PushID(int(m));
    model_header(v, m);
    if (m == CompareModel::RnnEncDec) {
        if (v[m].ok()) draw_context_c(v.context_c);
        ImGui::Spacing();
        bleu_by_length(v.bleu);
    } else if (v[m].ok()) {
        if (m == CompareModel::RnnSearch) alignment_map(v);
        else cross_attention_map(v);
    }
    ImGui::PopID();
}

// Side by side where each gets kMinColumn, else one below the other (a phone, a small window).
void models(CompareState & v) {
    if (ImGui::GetContentRegionAvail().x < kCompareModels * text_width(kMinColumn)) {
        for (int i = 0; i < kCompareModels; i++) {
            if (i > 0) ImGui::Separator();
            model_column(v, CompareModel(i));
        }
        return;
    }
    if (!ImGui::BeginTable("##models", kCompareModels, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) return;
    for (int i = 0; i < kCompareModels; i++) {
        ImGui::TableNextColumn();
        model_column(v, CompareModel(i));
    }
    ImGui::EndTable();
}

} // namespace

void draw_panel_compare(AppState & s) {
    place_next_window(Panel::Compare);
    ImGui::SetNextWindowBgAlpha(1.0f);  // it covers the other windows: their text must not show through
    if (!ImGui::Begin(panel_title("compare"), &s.show_compare)) { ImGui::End(); return; }
    CompareState & v = s.compare;
    // Label, sentence and model flow on as words do: each on the next line where it does not fit.
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr("Sentence (edit it in Translate):"));
    same_line_if_fits(std::min(ImGui::CalcTextSize(s.sentence.c_str()).x, ImGui::GetContentRegionAvail().x));
    ImGui::TextUnformatted(s.sentence.c_str());
    if (!s.model_names.empty()) {
        char about[256];
        std::snprintf(about, sizeof about, tr("· %s · all three decode greedily%s"),
                      tr(s.model_names[size_t(std::clamp(s.model, 0, int(s.model_names.size()) - 1))].c_str()),
                      v.ready && v.sentence != s.sentence ? tr(" · updating…") : "");
        text_beside(about);
    }
    ImGui::PopTextWrapPos();
    if (!v.message.empty()) ImGui::TextColored(kWarning, "%s", tr_message(v.message).c_str());
    if (!v.ready) {
        if (v.message.empty()) ImGui::TextDisabled("%s", tr("Comparing…"));
        ImGui::End();
        return;
    }
    models(v);
    ImGui::Separator();
    encoder_timing(v);
    ImGui::End();
}

} // namespace attn

// [SECTION] the steps
// [SECTION] presets
// [SECTION] live checks
// [SECTION] the window
#include "ui/tour.h"

#include "core/printf_string.h"
#include "ui/attention_data.h"
#include "ui/i18n.h"
#include "ui/theme.h"
#include "ui/ui.h"
#include "ui/widgets/view_caveat.h"

#include <imgui.h>
#include <imgui_internal.h>  // FindWindowByName

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

// ---- [SECTION] the steps -----------------------------------------------------------------------

namespace {

const TourStep kSteps[kTourSteps] = {
    {N_("Attention is a set of weights"),
     N_("Attention is a list of weights that sum to 1: softmax turns the model's scores into them, and they say where "
        "the model looks. Each row of the heatmap is one such list, for one word being written."),
     {"attention", AttentionKind::Cross, 0, -1, 0, 0}},
    {N_("One vector C for the whole sentence"),
     N_("An RNN encoder-decoder without attention reads the whole sentence into one vector C, and its decoder sees "
        "nothing else. The strip shows C's numbers for your sentence, beside what each translator makes of it."),
     {"compare"}},
    {N_("Long sentences suffer without attention"),
     N_("One vector of fixed size cannot hold a long sentence. BLEU by sentence length shows RNNencdec falling as "
        "sentences grow, while the translators with attention hold up."),
     {"compare"}},
    {N_("Bahdanau attention: a new context for every word"),
     N_("RNNsearch computes a fresh context for each word it writes: a weighted sum of the source words' states. "
        "Its alignment map shows the weights, one row per word written."),
     {"compare"}},
    {N_("Attention in a CNN: CBAM, and Grad-CAM"),
     N_("CBAM weighs a block's channels (M_c), then its places (M_s). Grad-CAM, computed afterwards from gradients, "
        "shows where the picture raised the class's score: with attention it should cover more of the object."),
     {"image", AttentionKind::Cross, 0, -1, 0, 0, "", 3}},
    {N_("Self-attention: Q, K and V"),
     N_("Each word's vector becomes a query, a key and a value. The scores q·k are divided by √d_k, softmax turns "
        "them into weights, and the output mixes the values. The step-through computes one row with the model's own "
        "numbers."),
     {"step", AttentionKind::EncoderSelf, 0, 0, 1, 0}},
    {N_("Multi-head attention"),
     N_("Several heads attend side by side, each with its own Q, K and V, and they look at different things. The "
        "model view shows every layer and head at once."),
     {"attention", AttentionKind::EncoderSelf, 0, -1, 0, 1}},
    {N_("The decoder is masked"),
     N_("While writing, the decoder may look only at the words it has already written: in its self-attention "
        "everything above the diagonal is exactly zero."),
     {"attention", AttentionKind::DecoderSelf, 0, -1, 0, 0}},
    {N_("6 + 6 blocks"),
     N_("The paper's base model stacks 6 encoder and 6 decoder blocks, with d_model 512 and 8 heads of d_k = 64. "
        "The Architecture panel shows the blocks of the model running here."),
     {"architecture"}},
    {N_("A map of attention"),
     N_("Chaudhari et al. sort attention by the number of sequences, abstraction levels, positions and "
        "representations. Every view here names its place, and says what no attention map can: why the model "
        "decided."),
     {"attention", AttentionKind::Cross, 0, -1, 0, 0}},
};

} // namespace

const TourStep & tour_step(int step) { return kSteps[std::clamp(step, 0, kTourSteps - 1)]; }

// ---- [SECTION] presets -------------------------------------------------------------------------

void open_tour_step(AppState & s, int step) {
    s.tour.step = step >= 0 && step < kTourSteps ? step : -1;
    s.tour.preset_pending = s.tour.step >= 0;
}

void apply_tour_preset(AppState & s) {
    if (!s.tour.preset_pending || s.tour.step < 0) return;
    s.tour.preset_pending = false;
    const TourPreset & p = kSteps[s.tour.step].preset;
    if (bool * open = s.panel_flag(p.panel)) *open = true;
    // In front of a full-screen panel an earlier step opened (Compare, Image); a window not made
    // yet comes to the front by itself.
    ImGui::SetWindowFocus((std::string("###") + p.panel).c_str());
    s.share.panel = p.panel;  // embedded, the frame shows this panel
    AttentionSelection & a = s.attention;
    a.kind = p.kind;
    a.layer = p.layer;
    a.head = p.head;
    a.query = p.query;
    a.request_view = p.view;
    if (*p.sentence) s.set_sentence(p.sentence, /*from_outside=*/true);
    if (p.gallery_cell >= 0) s.image.gallery_request = p.gallery_cell;
    s.request_translation(-1e9);  // the step-through needs this head's Q, K, V
}

// ---- [SECTION] live checks ---------------------------------------------------------------------

namespace {

const AttentionMap * find_map(const TranslationState & t, const char * kind, int layer, int head) {
    for (const AttentionMap & m : t.trace.maps)
        if (m.kind == kind && m.layer == layer && m.head == head) return &m;
    return nullptr;
}

// Jensen–Shannon distance of two weight rows, base 2: 0 the same, 1 no overlap.
double js_distance(const float * p, const float * q, int n) {
    double js = 0;
    for (int i = 0; i < n; i++) {
        const double m = 0.5 * (double(p[i]) + double(q[i]));
        if (p[i] > 0) js += 0.5 * double(p[i]) * std::log2(double(p[i]) / m);
        if (q[i] > 0) js += 0.5 * double(q[i]) * std::log2(double(q[i]) / m);
    }
    return std::sqrt(std::max(0.0, js));
}

std::string check_weights(const AppState & s, bool * holds) {
    const TranslationState & t = s.translation;
    std::vector<float> storage;
    const AttentionSelection & a = s.attention;
    const AttentionMatrix m = attention_matrix(t, a.kind, a.layer, a.head, &storage);
    const AttentionAxes axes = attention_axes(t, a.kind);
    if (!m.values || m.rows == 0) return "";
    const int r = std::clamp(a.query, 0, m.rows - 1);
    double sum = 0;
    int best = 0;
    for (int c = 0; c < m.cols; c++) {
        sum += m.values[size_t(r) * m.cols + c];
        if (m.values[size_t(r) * m.cols + c] > m.values[size_t(r) * m.cols + best]) best = c;
    }
    *holds = std::abs(sum - 1.0) < 1e-3;
    const std::string row = r < int(axes.rows->size()) ? (*axes.rows)[size_t(r)] : "?";
    const std::string col = best < int(axes.cols->size()) ? (*axes.cols)[size_t(best)] : "?";
    return printf_string(tr("Row %d (\"%s\"): its %d weights sum to %.3f; the largest, %.2f, is on \"%s\"."), r, row.c_str(), m.cols,
                   sum, double(m.values[size_t(r) * m.cols + best]), col.c_str());
}

std::string check_context_vector(const AppState & s, bool * holds) {
    const CompareState & v = s.compare;
    if (!v.ready || v.context_c.empty()) return "";
    *holds = true;
    return printf_string(tr("C holds %zu numbers, however long the sentence: yours has %zu tokens."), v.context_c.size(),
                   v.source.size());
}

std::string check_bleu_by_length(const AppState & s, bool * holds) {
    const LineChart & c = s.compare.bleu.shipped;
    if (c.series.size() < 2 || c.categories.size() < 2) return "";
    auto drop = [](const LineSeries & l, double * first, double * last) {
        std::vector<double> v;
        for (double x : l.values)
            if (std::isfinite(x)) v.push_back(x);
        *first = v.empty() ? 0 : v.front();
        *last = v.empty() ? 0 : v.back();
        return *first - *last;
    };
    double f0, l0, f1, l1;
    const double d0 = drop(c.series[0], &f0, &l0), d1 = drop(c.series[1], &f1, &l1);
    *holds = d0 > d1;
    return printf_string(tr("BLEU from the shortest to the longest sentences of the test split: %s %.1f → %.1f, %s %.1f → %.1f."),
                   c.series[0].label.c_str(), f0, l0, c.series[1].label.c_str(), f1, l1);
}

std::string check_alignment(const AppState & s, bool * holds) {
    const AttentionMap & a = s.compare.alignment;
    if (!s.compare.ready || a.rows == 0) return "";
    double worst = 0, peak = 0;
    for (int r = 0; r < a.rows; r++) {
        double sum = 0, top = 0;
        for (int c = 0; c < a.cols; c++) sum += a.at(r, c), top = std::max(top, double(a.at(r, c)));
        worst = std::max(worst, std::abs(sum - 1.0));
        peak += top / a.rows;
    }
    *holds = worst < 1e-3;
    return printf_string(tr("RNNsearch made %d contexts, one per word written, each from weights that sum to 1; on average "
                      "its largest weight is %.2f."),
                   a.rows, peak);
}

std::string check_cbam(const AppState & s, bool * holds) {
    const ImageModelState & plain = s.image[ImageModel::Plain], & cbam = s.image[ImageModel::Cbam];
    if (!plain.has_result || !cbam.has_result || !plain.cam_coverage.valid || !cbam.cam_coverage.valid) return "";
    *holds = cbam.cam_coverage.coverage > plain.cam_coverage.coverage;
    return printf_string(tr("On this picture Grad-CAM lights %.0f%% of the item with CBAM and %.0f%% without."),
                   100.0 * cbam.cam_coverage.coverage, 100.0 * plain.cam_coverage.coverage);
}

std::string check_scaling(const AppState & s, bool * holds) {
    const TransformerConfig & c = s.translation.config;
    if (!s.translation.ready || c.heads == 0 || s.translation.rnn) return "";  // an RNN has no heads or d_k
    *holds = true;
    const int dk = c.d_model / c.heads;
    if (dk == 64) return tr("Here d_k = 64, as in the paper's base model, so the scores are divided by √64 = 8.");
    return printf_string(tr("Here d_k = %d, so the scores are divided by √%d = %.2f; the paper's d_k = 64 divides by 8."), dk, dk,
                   std::sqrt(double(dk)));
}

std::string check_heads(const AppState & s, bool * holds) {
    const TranslationState & t = s.translation;
    const int layer = std::max(0, s.attention.layer), heads = t.config.heads;
    const char * kind = attention_kind_id(s.attention.kind);
    double best = -1;
    int h1 = 0, h2 = 0;
    for (int a = 0; a < heads; a++)
        for (int b = a + 1; b < heads; b++) {
            const AttentionMap * p = find_map(t, kind, layer, a), * q = find_map(t, kind, layer, b);
            if (!p || !q || p->rows == 0) continue;
            double d = 0;
            for (int r = 0; r < p->rows; r++) d += js_distance(&p->values[size_t(r) * p->cols], &q->values[size_t(r) * q->cols], p->cols);
            d /= p->rows;
            if (d > best) best = d, h1 = a, h2 = b;
        }
    if (best < 0) return "";
    *holds = best > 0.1;
    return printf_string(tr("In layer %d the two most different heads, %d and %d, are %.2f apart (Jensen–Shannon distance per "
                      "row: 0 the same, 1 no overlap)."),
                   layer, h1, h2, best);
}

std::string check_mask(const AppState & s, bool * holds) {
    const TranslationState & t = s.translation;
    double above = 0;
    int maps = 0;
    for (const AttentionMap & m : t.trace.maps) {
        if (m.kind != "decoder_self") continue;
        maps++;
        for (int r = 0; r < m.rows; r++)
            for (int c = r + 1; c < m.cols; c++) above = std::max(above, double(m.at(r, c)));
    }
    if (maps == 0) return "";
    *holds = above == 0.0;
    return printf_string(tr("The largest weight above the diagonal, over all %d maps of every layer and head: %g."), maps, above);
}

std::string check_blocks(const AppState & s, bool * holds) {
    const TransformerConfig & c = s.translation.config;
    if (!s.translation.ready || c.heads == 0 || s.translation.rnn) return "";  // an RNN has no heads or d_k
    *holds = true;
    return printf_string(tr("This model: %d + %d blocks, d_model %d, %d heads of d_k = %d. The paper: 6 + 6, 512, 8 heads of 64."),
                   c.encoder_layers, c.decoder_layers, c.d_model, c.heads, c.d_model / c.heads);
}

std::string check_taxonomy(const AppState & s, bool * holds) {
    *holds = true;
    return tr(taxonomy_line(attention_view_of(s.attention.kind)));
}

} // namespace

std::string tour_check(const AppState & s, int step, bool * holds) {
    *holds = false;
    switch (step) {
        case 0: return check_weights(s, holds);
        case 1: return check_context_vector(s, holds);
        case 2: return check_bleu_by_length(s, holds);
        case 3: return check_alignment(s, holds);
        case 4: return check_cbam(s, holds);
        case 5: return check_scaling(s, holds);
        case 6: return check_heads(s, holds);
        case 7: return check_mask(s, holds);
        case 8: return check_blocks(s, holds);
        case 9: return check_taxonomy(s, holds);
        default: return "";
    }
}

// ---- [SECTION] the window ----------------------------------------------------------------------

static float g_docked_height = 0;  // the docked box's height in the last frame (docked_tour_height)

void draw_tour(AppState & s) {
    apply_tour_preset(s);
    g_docked_height = 0;
    if (s.tour.step < 0) return;
    const int step = s.tour.step;
    const TourStep & st = kSteps[step];

    // The window to look at, outlined above everything else; the tour's own box goes to the other
    // side of the screen, so it does not cover it.
    const ImGuiViewport * vp = ImGui::GetMainViewport();
    bool target_on_right = false;
    const std::string target = std::string("###") + st.preset.panel;
    if (const ImGuiWindow * w = ImGui::FindWindowByName(target.c_str()); w && w->WasActive) {
        ImGui::GetForegroundDrawList()->AddRect(w->Pos, ImVec2(w->Pos.x + w->Size.x, w->Pos.y + w->Size.y),
                                                IM_COL32(255, 170, 60, 255), 4.0f, 0, 3.0f);
        target_on_right = w->Pos.x + w->Size.x / 2 > vp->WorkPos.x + vp->WorkSize.x / 2 - 50;  // or all across
    }
    if (s.share.embed) {  // docked under the panel, which leaves it room (docked_tour_height)
        ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x, vp->WorkPos.y + vp->WorkSize.y), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
        ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, 0), ImGuiCond_Always);
    } else {
        const float width = std::min(460.0f, vp->WorkSize.x - 24);
        const float x = target_on_right ? vp->WorkPos.x + 12 : vp->WorkPos.x + vp->WorkSize.x - 12;
        ImGui::SetNextWindowPos(ImVec2(x, vp->WorkPos.y + vp->WorkSize.y - 12), ImGuiCond_Always, ImVec2(target_on_right ? 0.0f : 1.0f, 1.0f));
        ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
    }
    bool open = true;
    char title[160];
    std::snprintf(title, sizeof title, "%s %d / %d###tour", tr("Tour"), step + 1, kTourSteps);
    if (ImGui::Begin(title, &open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoResize)) {
        // Above the panels, also the one the step has just opened (a new window comes to the front).
        ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
        g_docked_height = s.share.embed ? ImGui::GetWindowHeight() : 0.0f;
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(tr(st.title));
        ImGui::Separator();
        ImGui::TextUnformatted(tr(st.text));
        bool holds = false;
        const std::string measured = tour_check(s, step, &holds);
        ImGui::Spacing();
        if (measured.empty()) {
            ImGui::TextDisabled("%s", tr("Measuring on the model you see…"));
        } else {
            ImGui::TextColored(holds ? theme::text().holds : theme::text().fails, "%s", measured.c_str());
            if (!holds)
                ImGui::TextDisabled("%s", tr("On what you see now the claim comes out differently: that is worth a look, "
                                             "not a reason to hide it."));
        }
        ImGui::PopTextWrapPos();
        ImGui::Spacing();
        if (step > 0 && ImGui::Button(tr_id("Back", "back"))) open_tour_step(s, step - 1);
        if (step > 0) ImGui::SameLine();
        if (step + 1 < kTourSteps && ImGui::Button(tr_id("Next", "next"))) open_tour_step(s, step + 1);
        if (step + 1 == kTourSteps && ImGui::Button(tr_id("Finish", "finish"))) open = false;
    }
    ImGui::End();
    if (!open) s.tour.step = -1;
}

float docked_tour_height() { return g_docked_height; }

} // namespace attn

#include "ui/widgets/step_view.h"

#include "ui/i18n.h"
#include "ui/theme.h"
#include "ui/widgets/color_scale.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

namespace attn {

namespace {

constexpr float kCellW = 9.0f;       // one vector component
constexpr float kMaxRowsShown = 12;  // key tables taller than this scroll on their own

// Diverging colour: blue for negative, red for positive, fading to the frame colour at 0, so the
// sign reads at a glance and the strength by saturation. t in [−1, 1].
ImU32 diverging(float t) {
    t = std::max(-1.0f, std::min(1.0f, t));
    const ImVec4 zero = ImGui::GetStyleColorVec4(ImGuiCol_FrameBg);
    const ImVec4 end = t < 0 ? theme::kNegative : theme::kPositive;
    const float a = std::fabs(t);
    return ImGui::GetColorU32(ImVec4(zero.x + (end.x - zero.x) * a, zero.y + (end.y - zero.y) * a,
                                     zero.z + (end.z - zero.z) * a, 1.0f));
}

float max_abs(const float * v, int n) {
    float m = 0.0f;
    for (int i = 0; i < n; i++) m = std::max(m, std::fabs(v[i]));
    return m;
}

// A vector as a row of coloured cells, scaled by `range` (the max |value| it is compared against;
// ≤ 0: its own). Hovering a cell shows its index and number.
void vector_cells(const char * id, const float * v, int n, float range = 0.0f, float cell_w = kCellW) {
    if (range <= 0.0f) range = max_abs(v, n);
    if (range <= 0.0f) range = 1.0f;
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(id, ImVec2(std::max(1.0f, cell_w * n), h));
    ImDrawList * dl = ImGui::GetWindowDrawList();
    for (int i = 0; i < n; i++) {
        const ImVec2 a(p.x + cell_w * i, p.y);
        dl->AddRectFilled(a, ImVec2(a.x + cell_w - 1.0f, a.y + h), diverging(v[i] / range));
    }
    if (ImGui::IsItemHovered() && n > 0) {
        const int i = std::max(0, std::min(n - 1, int((ImGui::GetIO().MousePos.x - p.x) / cell_w)));
        ImGui::SetTooltip("[%d] = %.4f", i, v[i]);
    }
}

// "name (1×n)" and the vector's cells, the cells of consecutive calls starting at one x so they line up.
void labelled_vector(const char * name, const float * v, int n, float cell_w = kCellW) {
    ImGui::Text("%s (1×%d)", name, n);
    ImGui::SameLine(ImGui::CalcTextSize((std::string(tr("output")) + " (1×0000)").c_str()).x + 2.0f * ImGui::GetStyle().ItemSpacing.x);
    vector_cells(name, v, n, 0.0f, cell_w);
}

// Right-aligns text in the current table cell, so that "%.4f" numbers line up on the decimal point.
void number_cell(const char * text) {
    const float w = ImGui::CalcTextSize(text).x;
    ImGui::SetCursorPosX(ImGui::GetCursorPosX() + std::max(0.0f, ImGui::GetContentRegionAvail().x - w));
    ImGui::TextUnformatted(text);
}

void number_cell(float x) {
    char buf[32];
    if (std::isinf(x)) snprintf(buf, sizeof buf, "%s∞", x < 0 ? "−" : "");
    else snprintf(buf, sizeof buf, "%.4f", x);
    number_cell(buf);
}

const char * label_or(const std::vector<std::string> & labels, int i, char * buf, size_t n) {
    if (i >= 0 && size_t(i) < labels.size()) return labels[size_t(i)].c_str();
    snprintf(buf, n, "#%d", i);
    return buf;
}

// A table over the keys with a frozen header, scrolling by itself once it is taller than
// kMaxRowsShown rows (sentences reach ~60 tokens), and sideways where it is wider than the window
// (a phone): its columns keep the width their numbers need.
bool begin_keys_table(const char * id, int columns, int keys) {
    const float row_h = ImGui::GetTextLineHeightWithSpacing() + 2.0f;
    const float h = row_h * (std::min(float(keys), kMaxRowsShown) + 1.5f) + ImGui::GetStyle().ScrollbarSize;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable(id, columns, flags, ImVec2(0.0f, h))) return false;
    ImGui::TableSetupScrollFreeze(0, 1);
    return true;
}

// Text wrapped at the visible right edge (Chinese too, wrapped_text.h): the view scrolls sideways
// for its wide vectors, and the content region reaches the edge of everything there is to scroll to.
void wrapped_in_view(const char * text) {
    const ImGuiStyle & st = ImGui::GetStyle();
    ImGui::TextUnformatted(wrap_to_width(text, ImGui::GetWindowWidth() - 2.0f * st.WindowPadding.x - st.ScrollbarSize).c_str());
}

void caption(const char * title, const char * plain, const char * formula) {
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted(tr(title));
    wrapped_in_view(tr(plain));
    ImGui::TextDisabled("%s", formula);
}

// A weight in [0, 1] as a bar across the table cell, in the heatmap's colour for it.
void weight_bar(float weight) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetTextLineHeight();
    ImDrawList * dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), ImGui::GetColorU32(ImGuiCol_FrameBg));
    uint8_t rgb[3];
    attention_rgb(weight, rgb);
    dl->AddRectFilled(p, ImVec2(p.x + w * weight, p.y + h), IM_COL32(rgb[0], rgb[1], rgb[2], 255));
    ImGui::Dummy(ImVec2(w, h));
}

// One row per key: its label, a column per series of numbers, and its weight as a bar.
struct NumberColumn {
    const char * header;  // a formula, or already translated
    const std::vector<float> * values;
};
void numbers_table(const char * id, const char * key_header, std::initializer_list<NumberColumn> columns, const char * bar_header,
                   const std::vector<float> & weights, const std::vector<std::string> & key_labels) {
    const int keys = int(weights.size());
    if (!begin_keys_table(id, int(columns.size()) + 2, keys)) return;
    ImGui::TableSetupColumn(key_header);
    for (const NumberColumn & c : columns) ImGui::TableSetupColumn(c.header);
    ImGui::TableSetupColumn(bar_header, ImGuiTableColumnFlags_WidthFixed, 120.0f);
    ImGui::TableHeadersRow();
    char buf[64];
    for (int j = 0; j < keys; j++) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(label_or(key_labels, j, buf, sizeof buf));
        for (const NumberColumn & c : columns) {
            ImGui::TableNextColumn();
            number_cell((*c.values)[size_t(j)]);
        }
        ImGui::TableNextColumn();
        weight_bar(weights[size_t(j)]);
    }
    ImGui::EndTable();
}

const char * kind_name(const std::string & kind) {
    if (kind == "encoder_self") return tr("encoder self-attention");
    if (kind == "decoder_self") return tr("decoder masked self-attention");
    if (kind == "cross") return tr("cross-attention");
    return kind.c_str();
}

} // namespace

void draw_step_through(const QkvCapture & cap, const AttentionSteps & s,
                       const std::vector<std::string> & query_labels, const std::vector<std::string> & key_labels) {
    if (!ImGui::BeginChild("##step_through", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar)) {
        ImGui::EndChild();
        return;
    }
    if (s.keys == 0 || s.keys != cap.kv_rows || s.dh != cap.dh) {  // no query, or steps of another capture
        ImGui::TextDisabled("%s", tr("Pick a query token to step through its attention."));
        ImGui::EndChild();
        return;
    }
    char buf[64], line[256];
    const int dh = s.dh, D = cap.d_model;
    const bool causal = mask_for_kind(cap.kind) == StepMask::Causal;

    ImGui::Text(tr("Query \"%s\" (row %d) attends over %d keys (%s)."), label_or(query_labels, s.query, buf, sizeof buf),
                s.query, s.keys, kind_name(cap.kind));

    // ---- 1. Project: q (1 × d_k) for the query, k_j and v_j (1 × d_k) for every key.
    snprintf(line, sizeof line, tr("q = x·W_q + b_q  (1×%d · %d×%d = 1×%d);   k_j, v_j likewise from x_j  (1×%d each)"),
             D, D, dh, dh, dh);
    caption(N_("1. Project: q = x·W_q"),
            N_("Learned matrices turn each token's vector x into a query q (what it looks for), a key k (what it "
            "offers) and a value v (what it passes on)."),
            line);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    wrapped_in_view(tr("Cells: blue negative, red positive, scaled to each vector's largest |value|; hover for the number."));
    ImGui::PopStyleColor();
    // x has d_model components, usually several times d_k: narrower cells keep it about twice q's width.
    if (size_t(D) * (s.query + 1) <= cap.x_query.size())
        labelled_vector("x", cap.x_query.data() + size_t(s.query) * D, D, std::max(2.0f, 2.0f * kCellW * dh / D));
    labelled_vector("q", s.q.data(), dh);
    if (begin_keys_table("##kv", 3, s.keys)) {
        ImGui::TableSetupColumn(tr("key j"));
        ImGui::TableSetupColumn("k_j");
        ImGui::TableSetupColumn("v_j");
        ImGui::TableHeadersRow();
        for (int j = 0; j < s.keys; j++) {
            ImGui::PushID(j);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(label_or(key_labels, j, buf, sizeof buf));
            ImGui::TableNextColumn();
            vector_cells("##k", cap.k.data() + size_t(j) * dh, dh);
            ImGui::TableNextColumn();
            vector_cells("##v", cap.v.data() + size_t(j) * dh, dh);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }

    // ---- 2. Scores: q·k_j, ÷√d_k, mask, softmax.
    snprintf(line, sizeof line, "α_j = softmax_j(q·k_j / √d_k%s);   √d_k = √%d = %.2f", causal ? tr(" + mask") : "", dh,
             s.sqrt_dk);
    caption(N_("2. Scores: q·k_j"),
            N_("How well does the query match each key? Dot products, divided by √d_k so they do not grow with the "
            "vector length; softmax turns them into weights that sum to 1."),
            line);
    ImGui::TextDisabled("%s", tr("(The original paper's d_k = 64 gives ÷8.)"));
    wrapped_in_view(causal ? tr("Mask: a decoder token may not look at later tokens, so their scores become "
                                "−∞ and softmax gives them weight 0.")
                           : tr("Mask: none here, every key is visible."));
    numbers_table("##scores", tr("key j"),
                  {{"q·k_j", &s.dots}, {"÷√d_k", &s.scaled}, {tr("masked"), &s.masked}, {"softmax α_j", &s.weights}},
                  "α_j", s.weights, key_labels);

    // ---- 3. Mix: α_j·v_j per key and their sum.
    snprintf(line, sizeof line, "output = Σ_j α_j·v_j  (1×%d)", dh);
    caption(N_("3. Mix: Σ_j α_j·v_j"),
            N_("The output blends the values, each scaled by its weight: keys with large α_j dominate (all rows share "
            "one colour scale, so keys with small weights fade out)."),
            line);
    const float mix_range = max_abs(s.weighted_values.data(), int(s.weighted_values.size()));
    if (begin_keys_table("##mix", 3, s.keys)) {
        ImGui::TableSetupColumn(tr("key j"));
        ImGui::TableSetupColumn("α_j");
        ImGui::TableSetupColumn("α_j·v_j");
        ImGui::TableHeadersRow();
        for (int j = 0; j < s.keys; j++) {
            ImGui::PushID(j);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(label_or(key_labels, j, buf, sizeof buf));
            ImGui::TableNextColumn();
            number_cell(s.weights[size_t(j)]);
            ImGui::TableNextColumn();
            vector_cells("##wv", s.weighted_values.data() + size_t(j) * dh, dh, mix_range);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    labelled_vector(tr("output"), s.output.data(), dh);
    ImGui::EndChild();
}

void draw_additive_step_through(const AdditiveSteps & s, const std::vector<std::string> & query_labels,
                                const std::vector<std::string> & key_labels) {
    if (!ImGui::BeginChild("##additive_steps", ImVec2(0, 0))) {  // its table scrolls sideways by itself
        ImGui::EndChild();
        return;
    }
    if (s.keys == 0) {
        ImGui::TextDisabled("%s", tr("Pick a query token to step through its attention."));
        ImGui::EndChild();
        return;
    }
    char buf[64], line[256];
    ImGui::Text(tr("Output word \"%s\" (row %d) attends over %d source words (Bahdanau attention)."),
                label_or(query_labels, s.row, buf, sizeof buf), s.row, s.keys);

    // ---- 1. Score: a small network compares the decoder's state with every annotation.
    caption(N_("1. Score: e_ij = v_aᵀ tanh(W_a s_{i−1} + U_a h_j)"),
            N_("Before writing word i, the decoder's previous state s_{i−1} is compared with the annotation h_j of "
               "every source word (the encoder's forward and backward states, side by side) by a learned layer: "
               "additive attention. There is no query·key product and no ÷√d_k."),
            "e_ij = v_aᵀ tanh(W_a s_{i−1} + U_a h_j)");
    // ---- 2. Softmax: the scores become weights that sum to 1.
    snprintf(line, sizeof line, "α_ij = exp(e_ij − %.4f) / %.4f", s.max_energy, s.z);
    caption(N_("2. Softmax: α_ij = exp(e_ij) / Σ_k exp(e_ik)"),
            N_("Subtracting the largest score first changes nothing but keeps exp() from overflowing; the weights "
               "are this word's row of the alignment map."),
            line);
    numbers_table("##additive", tr("source word j"), {{"e_ij", &s.energies}, {"exp(e_ij − max)", &s.shifted}, {"α_ij", &s.weights}},
                  "##bar", s.weights, key_labels);
    // ---- 3. Read: the context the decoder gets for this word.
    caption(N_("3. Read: c_i = Σ_j α_ij h_j"),
            N_("The decoder reads this blend of the annotations, a new one for every word it writes: unlike "
               "RNNencdec's single vector C, a long sentence does not have to fit into one state."),
            "c_i = Σ_j α_ij h_j");
    ImGui::EndChild();
}

} // namespace attn

#include "ui/screen_reader.h"

#include "core/printf_string.h"
#include "models/image_classifier.h"
#include "nn/attention_steps.h"
#include "ui/attention_data.h"
#include "ui/i18n.h"
#include "ui/train_text.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attn {

std::string top_attended(const float * row, int cols, const std::vector<std::string> & keys, int k) {
    std::vector<int> order(size_t(std::max(cols, 0)));
    std::iota(order.begin(), order.end(), 0);
    const int n = std::min(k, cols);
    std::partial_sort(order.begin(), order.begin() + n, order.end(), [&](int a, int b) { return row[a] > row[b]; });
    std::string out;
    for (int i = 0; i < n; i++) {
        const int c = order[size_t(i)];
        out += (i ? ", " : "") + (size_t(c) < keys.size() ? keys[size_t(c)] : std::string("?")) + printf_string(" %.2f", row[c]);
    }
    return out;
}

namespace {

ReaderSection translation_section(const AppState & s) {
    const TranslationState & t = s.translation;
    ReaderSection r{tr("Translation"), {}};
    r.lines.push_back(printf_string(tr("Sentence: %s"), s.sentence.c_str()));
    if (size_t(s.model) < s.model_names.size()) r.lines.push_back(printf_string(tr("Model: %s"), tr(s.model_names[size_t(s.model)].c_str())));
    if (!s.translator_loading.empty()) r.lines.push_back(tr_message(s.translator_loading));
    if (!t.error.empty()) r.lines.push_back(tr_message(t.error));
    if (t.ready) r.lines.push_back(printf_string(tr("Translation: %s"), (t.sentences.size() > 1 ? t.paragraph_display : t.display).c_str()));
    for (const TranslationState::Notice & n : t.notices) r.lines.push_back(tr_message(n.message));
    return r;
}

ReaderSection attention_section(const AppState & s) {
    const AttentionSelection & a = s.attention;
    const TranslationState & t = attention_view(s);
    const std::string head = a.head < 0 ? std::string(tr("mean of heads")) : printf_string(tr("head %d"), a.head);
    ReaderSection r{t.rnn ? printf_string(tr("Where each word looked: %s"), tr("the alignment α of this RNN"))
                          : printf_string(tr("Where each word looked: %s, layer %d, %s"), tr(attention_kind_label(a.kind)), a.layer,
                                          head.c_str()),
                    {}};
    if (t.rnn && !t.rnn_config.attention)
        r.lines.push_back(tr("RNNencdec has no attention, so there is no map to draw: its decoder sees the sentence only "
                             "through C, the encoder's last state, however long the sentence is."));
    std::vector<float> storage;
    const AttentionMatrix m = attention_matrix(t, a.kind, a.layer, a.head, &storage);
    const AttentionAxes axes = attention_axes(t, a.kind);
    if (!m.values || !axes.rows || !axes.cols) return r;
    auto label = [](const std::vector<std::string> & v, int i) { return size_t(i) < v.size() ? v[size_t(i)] : std::string("?"); };
    if (a.highlight_row >= 0 && a.highlight_row < m.rows && a.highlight_col >= 0 && a.highlight_col < m.cols)
        r.lines.push_back(printf_string(tr("Selected cell: %s → %s: %.2f"), label(*axes.rows, a.highlight_row).c_str(),
                                        label(*axes.cols, a.highlight_col).c_str(),
                                        double(m.values[size_t(a.highlight_row) * size_t(m.cols) + size_t(a.highlight_col)])));
    for (int row = 0; row < m.rows; row++)
        r.lines.push_back(label(*axes.rows, row) + ": " + top_attended(m.values + size_t(row) * size_t(m.cols), m.cols, *axes.cols, 3));
    return r;
}

// An RNNsearch's step-through row: its scores e_ij and the softmax of them.
void rnn_step_lines(const TranslationState & t, int query, std::vector<std::string> * lines) {
    const AttentionMap * energy = t.trace.find("alignment_energy", 0, 0);
    const AttentionAxes axes = attention_axes(t, AttentionKind::Cross);
    if (!energy || !axes.rows || !axes.cols) return;
    const AdditiveSteps st = compute_additive_steps(*energy, query);
    if (st.keys == 0) return;
    const std::string word = size_t(query) < axes.rows->size() ? (*axes.rows)[size_t(query)] : "?";
    lines->push_back(printf_string(tr("Output word \"%s\" (row %d) attends over %d source words (Bahdanau attention)."), word.c_str(),
                                   query, st.keys));
    std::string scores = tr("scores e_ij:"), weights = tr("softmax:");
    for (int j = 0; j < st.keys; j++) {
        const std::string key = size_t(j) < axes.cols->size() ? (*axes.cols)[size_t(j)] : "?";
        scores += printf_string(" %s %.2f", key.c_str(), double(st.energies[size_t(j)]));
        weights += printf_string(" %s %.2f", key.c_str(), double(st.weights[size_t(j)]));
        if (j + 1 < st.keys) scores += ",", weights += ",";
    }
    lines->push_back(scores);
    lines->push_back(weights);
}

// The step-through's row, with its numbers: the scaled scores q·k/√d_k and the softmax of them,
// per key (the pieces the step-through computes on).
ReaderSection step_section(const AppState & s) {
    const AttentionSelection & a = s.attention;
    const TranslationState & t = s.translation;
    ReaderSection r{tr("Step-through: one attention row, computed"), {}};
    if (t.rnn) {
        rnn_step_lines(t, a.query, &r.lines);
        return r;
    }
    const int head = std::max(a.head, 0);
    for (const QkvCapture & c : t.trace.qkv) {
        if (c.kind != attention_kind_id(a.kind) || c.layer != a.layer || c.head != head) continue;
        const AttentionSteps st = compute_attention_steps(c, a.query, mask_for_kind(c.kind));
        const AttentionAxes axes = attention_axes(t, a.kind);
        if (st.keys == 0 || !axes.rows || !axes.cols) break;
        const std::string query = size_t(a.query) < axes.rows->size() ? (*axes.rows)[size_t(a.query)] : "?";
        r.lines.push_back(printf_string(tr("%s, layer %d, head %d: the query \"%s\" (row %d) over %d keys; the scores are divided by √d_k = √%d = %.2f"),
                                        tr(attention_kind_label(a.kind)), a.layer, head, query.c_str(), a.query, st.keys,
                                        st.dh, double(st.sqrt_dk)));
        std::string scores = tr("scores q·k/√d_k:"), weights = tr("softmax:");
        for (int j = 0; j < st.keys; j++) {
            const std::string key = size_t(j) < axes.cols->size() ? (*axes.cols)[size_t(j)] : "?";
            const bool masked = std::isinf(st.masked[size_t(j)]);
            scores += " " + key + (masked ? std::string(" ") + tr("masked") : printf_string(" %.2f", double(st.scaled[size_t(j)])));
            weights += printf_string(" %s %.2f", key.c_str(), double(st.weights[size_t(j)]));
            if (j + 1 < st.keys) scores += ",", weights += ",";
        }
        r.lines.push_back(scores);
        r.lines.push_back(weights);
        break;
    }
    return r;
}

ReaderSection compare_section(const AppState & s) {
    ReaderSection r{tr("Compare: one sentence, three translators"), {}};
    for (int i = 0; i < kCompareModels; i++) {
        const ComparedTranslation & c = s.compare.models[i];
        r.lines.push_back(std::string(compare_title(CompareModel(i))) + ": " + (c.ok() ? c.display : tr_message(c.error)));
    }
    // What the panel draws as a strip: RNNencdec's single vector C (the panel's own words).
    if (s.compare[CompareModel::RnnEncDec].ok() && !s.compare.context_c.empty()) {
        r.lines.push_back(tr("The vector C: the only bridge between encoder and decoder"));
        r.lines.push_back(printf_string(tr("The encoder's last state, %zu numbers. The decoder sees nothing else of the sentence, "
                                           "however long it is."), s.compare.context_c.size()));
    }
    return r;
}

ReaderSection image_section(const AppState & s) {
    ReaderSection r{tr("Image: where a CNN looks"), {}};
    for (const ImageModelState & m : s.image.models) {
        if (!m.error.empty()) {
            r.lines.push_back(m.label + ": " + tr_message(m.error));
            continue;
        }
        if (!m.has_result) continue;
        std::vector<int> order(m.probabilities.size());
        std::iota(order.begin(), order.end(), 0);
        const size_t n = std::min<size_t>(3, order.size());
        std::partial_sort(order.begin(), order.begin() + long(n), order.end(),
                          [&](int a, int b) { return m.probabilities[size_t(a)] > m.probabilities[size_t(b)]; });
        std::string line = m.label + ":";
        for (size_t i = 0; i < n; i++)
            line += printf_string("%s %s %.0f%%", i ? "," : "", tr(fashion_class_name(order[i])), 100.0 * m.probabilities[size_t(order[i])]);
        if (m.cam_coverage.valid)
            line += printf_string(tr("; Grad-CAM lights %.0f%% of the item"), 100.0 * m.cam_coverage.coverage);
        r.lines.push_back(line);
    }
    return r;
}

// The Train panel as of its last held-out check, so that the text (and what a screen reader
// announces) changes every few seconds rather than every frame: the check's numbers, and from the
// timeline frame of that step, where each output position of the probe looks in the shown head.
ReaderSection train_section(const AppState & s) {
    const TrainState & t = s.train;
    ReaderSection r{tr("Train: watch attention learn"), {}};
    if (!t.message.empty()) r.lines.push_back(tr_message(t.message));
    if (!t.started || t.curves.eval_step.empty()) {
        r.lines.push_back(tr("Press Start: the model begins with random weights, so its cross-attention is spread evenly. Watch the map on the right sharpen into the pattern the task needs."));
        return r;
    }
    const TrainCurves & c = t.curves;
    const int64_t checked = int64_t(c.eval_step.back());
    r.lines.push_back(printf_string(tr("Step %lld of %d"), (long long)checked, t.run_setup.steps));
    r.lines.push_back(train_heldout_text(t, c.exact_match.back(), c.attention_follows.back(), c.bleu.empty() ? -1.0 : c.bleu.back()));
    const ProbeAttention & p = t.probe_maps;
    if (p.layers == 0) {  // RNNencdec: nothing to say where it looks
        r.lines.push_back(train_no_attention_text());
        return r;
    }
    const TimelineFrame * frame = nullptr;
    for (const TimelineFrame & f : t.timeline)
        if (f.step <= checked && f.maps.size() == p.maps.size()) frame = &f;
    if (!frame || p.rows == 0) return r;
    const int layer = t.layer < 0 || t.layer >= p.layers ? p.layers - 1 : t.layer;
    const int head = t.head < 0 || t.head >= p.heads ? std::max(0, std::min(t.best_head, p.heads - 1)) : t.head;
    r.lines.push_back(printf_string(tr("Where each output position looks: layer %d, head %d, at step %lld"), layer, head, (long long)frame->step));
    const float * map = frame->maps.data() + size_t(layer * p.heads + head) * size_t(p.rows * p.cols);
    for (int row = 0; row < p.rows; row++)
        r.lines.push_back(p.target_labels[size_t(row)] + ": " + top_attended(map + size_t(row) * size_t(p.cols), p.cols, p.source_labels, 2));
    return r;
}

} // namespace

std::vector<ReaderSection> screen_reader_text(const AppState & s) {
    std::vector<ReaderSection> out;
    const bool embed = s.share.embed;
    const std::string & panel = s.share.panel;
    const bool translating = s.share.shows_translation();
    if (translating) out.push_back(translation_section(s));
    if (translating && s.translation.ready) out.push_back(attention_section(s));
    if ((embed ? panel == "step" : s.show_step) && s.translation.ready) out.push_back(step_section(s));
    if ((embed ? panel == "compare" : s.show_compare) && s.compare.ready) out.push_back(compare_section(s));
    if (embed ? panel == "image" : s.show_image) out.push_back(image_section(s));
    if (embed ? panel == "train" : s.show_train) out.push_back(train_section(s));
    return out;
}

} // namespace attn

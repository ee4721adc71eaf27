// Train: a tiny Transformer learning a toy task in the page, to watch attention learn where to
// look. Left, the run's buttons and the setup (task, model, optimisation, every number with its
// range); right, what it does as it learns: the curves, the probe's cross-attention in any layer
// and head, redrawn as training goes, and the timeline to replay how the map formed.
#include "core/printf_string.h"
#include "text/vocab.h"
#include "train/mini_corpus.h"
#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/train_text.h"
#include "ui/ui.h"
#include "ui/widgets/heatmap.h"
#include "ui/widgets/line_plot.h"
#include "ui/widgets/text_width.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace attn {

namespace {

const ImVec4 kWarning(1.0f, 0.55f, 0.25f, 1.0f);
constexpr float kSetupWidth = 400.0f;
constexpr float kFieldWidth = 110.0f;
constexpr float kMapColumn = 440.0f;  // the probe's map beside the curves when the window is wide
constexpr size_t kChartPoints = 120;  // per curve: enough for its shape, few enough to read

const char * arch_label(ToyArch a) {
    switch (a) {
    case ToyArch::Transformer: return N_("a Transformer");
    case ToyArch::RnnSearch: return N_("RNNsearch: GRUs with Bahdanau attention");
    case ToyArch::RnnEncDec: return N_("RNNencdec: GRUs joined only by the vector C");
    }
    return "";
}

const char * task_label(ToyTask t) {
    switch (t) {
    case ToyTask::Copy: return N_("copy: 3 1 4 → 3 1 4");
    case ToyTask::Reverse: return N_("reverse: 3 1 4 → 4 1 3");
    case ToyTask::Sort: return N_("sort: 3 1 4 → 1 3 4");
    case ToyTask::MiniEnDe: return N_("translate English → German: the mini corpus");
    case ToyTask::MiniEnZh: return N_("translate English → Chinese (Taiwan): the mini corpus");
    }
    return "";
}

const SetupIntField & int_field(const char * key) {
    for (const SetupIntField & f : setup_int_fields())
        if (!std::strcmp(f.key, key)) return f;
    return setup_int_fields().front();
}

const SetupRealField & real_field(const char * key) {
    for (const SetupRealField & f : setup_real_fields())
        if (!std::strcmp(f.key, key)) return f;
    return setup_real_fields().front();
}

// A number field, then its name and range, the range in the warning colour while out of it.
void field_label(const char * label, bool in_range, const char * range) {
    ImGui::SameLine();
    ImGui::TextUnformatted(tr(label));
    ImGui::SameLine();
    ImGui::TextColored(in_range ? ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled) : kWarning, "%s", range);
}

void int_input(TrainSetup & s, const char * key) {
    const SetupIntField & f = int_field(key);
    int & v = s.*f.field;
    ImGui::SetNextItemWidth(text_width(kFieldWidth));
    ImGui::InputInt((std::string("##") + f.key).c_str(), &v, 1, 10);
    char range[48];
    std::snprintf(range, sizeof range, "%d–%d", f.min, f.max);
    field_label(f.label, v >= f.min && v <= f.max, range);
}

void real_input(TrainSetup & s, const char * key) {
    const SetupRealField & f = real_field(key);
    double & v = s.*f.field;
    ImGui::SetNextItemWidth(text_width(kFieldWidth));
    ImGui::InputDouble((std::string("##") + f.key).c_str(), &v, 0, 0, "%g");
    char range[48];
    std::snprintf(range, sizeof range, "%g–%g", f.min, f.max);
    field_label(f.label, v >= f.min && v <= f.max, range);
}

void draw_setup(TrainState & t) {
    TrainSetup & s = t.setup;
    ImGui::TextUnformatted(tr("Task"));
    for (ToyTask task : kToyTasks)
        if (ImGui::RadioButton(tr(task_label(task)), s.task == task) && s.task != task) {
            // Sentences and symbols need models of other sizes: a switch between them takes the
            // new kind's preset, keeping the model's kind and the seed.
            if (is_corpus_task(task) != is_corpus_task(s.task)) {
                TrainSetup preset = setup_preset(task);
                preset.arch = s.arch;
                preset.seed = s.seed;
                s = preset;
                t.probe.clear();  // the new task's default probe: symbols are no sentence
            }
            s.task = task;
        }
    if (is_corpus_task(s.task)) {
        static_assert(kMiniCorpusPairs == 30000, "the sentence below says how many");
        dim_text_wrapped(tr("30,000 sentence pairs drawn from the playground's grammar (the corpus's mini split); the held-out score is on its dev split, which training never sees."));
    } else {
        int_input(s, "min_len");
        int_input(s, "max_len");
        int_input(s, "alphabet");
    }
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("Model"));
    for (ToyArch arch : {ToyArch::Transformer, ToyArch::RnnSearch, ToyArch::RnnEncDec})
        if (ImGui::RadioButton(tr(arch_label(arch)), s.arch == arch)) s.arch = arch;
    if (s.arch == ToyArch::Transformer) {
        int_input(s, "layers");
        int_input(s, "d_model");
        int_input(s, "heads");
        int_input(s, "d_ff");
        ImGui::Checkbox(tr("pre-norm (the paper puts layer norm after each sublayer)"), &s.pre_norm);
        if (s.heads > 0 && s.d_model % s.heads == 0) {
            char note[160];
            std::snprintf(note, sizeof note, tr("d_k = d_model / heads = %d, so the scores are divided by √%d = %.2f"), s.d_model / s.heads,
                          s.d_model / s.heads, std::sqrt(double(s.d_model / s.heads)));
            dim_text_wrapped(note);
        }
    } else {
        int_input(s, "hidden");
        dim_text_wrapped(s.arch == ToyArch::RnnSearch
                             ? tr("A bidirectional GRU reads the source; at each step the decoder scores every source position against its state and reads their weighted sum (the alignment α).")
                             : tr("A GRU reads the source into one vector C, its last state; the decoder sees only C. Train RNNsearch on the same lengths to compare."));
    }
    ImGui::Spacing();
    ImGui::TextUnformatted(tr("Optimisation"));
    int schedule = int(s.schedule);
    ImGui::RadioButton(tr("constant learning rate"), &schedule, int(LrSchedule::Constant));
    ImGui::SameLine();
    ImGui::RadioButton(tr("Noam warm-up"), &schedule, int(LrSchedule::Noam));
    s.schedule = LrSchedule(schedule);
    if (s.schedule == LrSchedule::Constant) real_input(s, "lr");
    else {
        real_input(s, "noam");
        int_input(s, "warmup");
    }
    int_input(s, "batch");
    if (s.arch == ToyArch::Transformer) real_input(s, "dropout");  // the RNN trainer has none (train/rnn_train.h)
    real_input(s, "smoothing");
    int_input(s, "seed");
    int_input(s, "steps");
    if (ImGui::TreeNode(tr_id("More", "more"))) {
        int_input(s, "snapshot");
        int_input(s, "eval");
        int_input(s, "checkpoint");
        ImGui::TreePop();
    }
    const Status valid = validate_setup(s);
    if (!valid) {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
        text_wrapped(tr_message(valid.said));
        ImGui::PopStyleColor();
    }
    const bool fits = t.memory_estimate <= kTrainMemoryBudget;
    char memory[160];
    std::snprintf(memory, sizeof memory, tr("Memory to train: about %.1f MB (at most %lld MB)"), double(t.memory_estimate) / double(1 << 20),
                  (long long)(kTrainMemoryBudget >> 20));
    if (fits) dim_text_wrapped(memory);
    else {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
        text_wrapped(memory);
        ImGui::PopStyleColor();
    }
}

// A run kept from an earlier visit: continue it, or let it go.
void draw_saved_offer(TrainState & t) {
    if (!t.saved_offered) return;
    ImGui::TextColored(kWarning, tr("A run from your last visit is saved: %s, step %lld of %d."), tr(task_label(t.saved_setup.task)),
                       (long long)t.saved_step, t.saved_setup.steps);
    if (ImGui::Button(tr_id("Resume it", "resume_saved"))) t.resume_saved_requested = true;
    ImGui::SameLine();
    if (ImGui::Button(tr_id("Discard it", "discard_saved"))) t.discard_saved_requested = true;
    ImGui::Separator();
}

void draw_buttons(TrainState & t) {
    const bool same_setup = t.started && !t.finished && t.run_setup == t.setup;
    if (t.running) {
        if (ImGui::Button(tr_id("Pause", "pause"))) t.pause_requested = true;
    } else {
        const char * label = same_setup ? tr_id("Resume", "start") : t.started ? tr_id("Start again with these settings", "start") : tr_id("Start", "start");
        if (ImGui::Button(label)) t.start_requested = true;
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(t.running);
    if (ImGui::Button(tr_id("Step", "step"))) t.step_requested = true;
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!t.started);
    if (ImGui::Button(tr_id("Reset", "reset"))) t.reset_requested = true;
    ImGui::SameLine();
    if (ImGui::Button(tr_id("Export model", "export"))) t.export_requested = true;
    ImGui::SameLine();
    if (ImGui::Button(tr_id("Use in Translate", "use"))) t.use_requested = true;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("Opens the Translate, Attention and Step-through panels on this model, with the probe as the sentence"));
    ImGui::EndDisabled();
    if (!t.message.empty()) {
        if (t.message_is_error) ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
        text_wrapped(tr_message(t.message));
        if (t.message_is_error) ImGui::PopStyleColor();
    }
    // Import: a model file made by this project (the Train panel, attn train, the shipped ones).
#if defined(__EMSCRIPTEN__)
    if (ImGui::Button(tr_id("Import a model file…", "import"))) t.import_requested = true;
#else
    ImGui::SetNextItemWidth(std::max(text_width(120), ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(tr("Import")).x - 24));
    ImGui::InputTextWithHint("##import_path", tr("a .safetensors file made by this project"), &t.import_path);
    ImGui::SameLine();
    ImGui::BeginDisabled(t.import_path.empty());
    if (ImGui::Button(tr_id("Import", "import"))) t.import_requested = true;
    ImGui::EndDisabled();
#endif
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("Opens the Translate, Attention and Step-through panels on a model saved by this project"));
    if (!t.storage_message.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
        text_wrapped(tr_message(t.storage_message));
        ImGui::PopStyleColor();
    }
    if (t.throttled_seconds > 0)
        ImGui::TextColored(kWarning, tr("The browser paused this page's drawing for %.0f s (a hidden tab)."), t.throttled_seconds);
}

void draw_status(const TrainState & t) {
    if (!t.started) {
        text_wrapped(tr("Press Start: the model begins with random weights, so its cross-attention is spread evenly. Watch the map on the right sharpen into the pattern the task needs."));
        return;
    }
    ImGui::Text(tr("Step %lld of %d · loss %.4f · learning rate %.2e"), (long long)t.step, t.run_setup.steps, t.loss, t.lr);
    ImGui::Text(tr("%.1f steps/s · %.0f tokens/s"), t.steps_per_second, t.tokens_per_second);
    text_wrapped(train_heldout_text(t, t.exact_match, t.attention_follows, t.bleu));
}

// Up to kChartPoints evenly spaced points of (x, y), as a chart's categories and one series.
void thin_into(const std::vector<double> & x, const std::vector<double> & y, double scale, LineChart * chart, size_t series) {
    const size_t n = x.size(), k = std::min(n, kChartPoints);
    if (series == 0) chart->categories.clear();
    chart->series[series].values.clear();
    for (size_t i = 0; i < k; i++) {
        const size_t j = k == 1 ? n - 1 : i * (n - 1) / (k - 1);
        if (series == 0) chart->categories.push_back(std::to_string(int64_t(x[j])));
        chart->series[series].values.push_back(scale * y[j]);
    }
}

// One curve from 0 to its largest finite value, its values times `scale`.
LineChart curve_chart(const char * y_label, const char * label, const ThinnedSeries & curve, double scale, double * top) {
    LineChart chart;
    chart.x_label = N_("step");
    chart.y_label = tr(y_label);
    chart.series = {{tr(label), {}}};
    thin_into(curve.x(), curve.y(), scale, &chart, 0);
    *top = 0;
    for (double v : chart.series[0].values) *top = std::max(*top, std::isfinite(v) ? v : 0.0);
    chart.y_min = 0;
    return chart;
}

void draw_curves(const TrainState & t, float width) {
    const TrainCurves & c = t.curves;
    const float h = 170;
    if (!c.loss.x().empty()) {
        double top = 0;
        LineChart loss = curve_chart(N_("training loss (cross-entropy per token)"), N_("loss"), c.loss, 1.0, &top);
        loss.y_max = std::max(0.5, std::ceil(top * 2) / 2);
        draw_line_plot("##loss", loss, ImVec2(width, h));
        LineChart lr = curve_chart(N_("learning rate (× 1000)"), N_("learning rate"), c.lr, 1000.0, &top);
        lr.y_max = std::max(0.01, top * 1.1);
        draw_line_plot("##lr", lr, ImVec2(width, h * 0.8f));
    }
    if (c.eval_step.size() >= 1) {
        LineChart acc;
        acc.x_label = N_("step");
        acc.y_label = tr("held-out, %");
        const bool corpus = c.bleu.size() == c.eval_step.size();
        acc.series = {{corpus ? tr("BLEU") : tr("exactly right"), {}}};
        if (corpus) acc.y_label = tr("held-out BLEU, and %");
        thin_into(c.eval_step, corpus ? c.bleu : c.exact_match, corpus ? 1.0 : 100.0, &acc, 0);
        if (t.probe_maps.layers > 0) {  // a model without attention has no such curve
            acc.series.push_back({corpus ? tr("attention where the gold alignment says") : tr("attention where the task says"), {}});
            thin_into(c.eval_step, c.attention_follows, 100.0, &acc, 1);
        }
        acc.y_min = 0;
        acc.y_max = 100;
        draw_line_plot("##heldout", acc, ImVec2(width, h));
    }
    // The last check by sequence length: where a single vector C runs out of room. (Sentences of
    // one length are too few in a quick check of the corpus to say much.)
    if (t.bleu >= 0) return;
    LineChart by_length;
    by_length.x_label = N_("sequence length (symbols)");
    by_length.y_label = tr("held-out exactly right, %");
    by_length.series = {{tr("exactly right"), {}}};
    for (size_t n = 0; n < t.exact_by_length.size(); n++)
        if (t.exact_by_length[n] >= 0) {
            by_length.categories.push_back(std::to_string(n));
            by_length.series[0].values.push_back(100.0 * t.exact_by_length[n]);
        }
    if (by_length.categories.size() >= 2) {
        by_length.y_min = 0;
        by_length.y_max = 100;
        draw_line_plot("##by_length", by_length, ImVec2(width, h * 0.8f));
    }
}

void draw_probe(TrainState & t) {
    const ProbeAttention & p = t.probe_maps;
    ImGui::SetNextItemWidth(text_width(200));
    const bool corpus = is_corpus_task(t.started ? t.run_setup.task : t.setup.task);
    if (corpus) ImGui::SetNextItemWidth(std::max(text_width(200), ImGui::GetContentRegionAvail().x - text_width(110)));
    if (ImGui::InputText(corpus ? tr_id("Probe sentence", "probe") : tr_id("Probe sequence", "probe"), &t.probe)) t.probe_changed = true;
    if (!t.started || p.rows == 0) return;
    // As the model's own line is written (the last row writes </s>, which is left out).
    const std::string expected = join_for_display(p.target_labels, t.run_setup.task == ToyTask::MiniEnZh);
    const std::string written = t.probe_output.empty() ? "∅" : t.probe_output;
    if (!corpus) text_wrapped(printf_string(tr("Expected: %s · the model writes: %s"), expected.c_str(), written.c_str()));
    else if (t.probe_reference) text_wrapped(printf_string(tr("The corpus's translation: %s · the model writes: %s"), expected.c_str(), written.c_str()));
    else {
        text_wrapped(printf_string(tr("The model writes: %s"), written.c_str()));
        dim_text_wrapped(printf_string(tr("The corpus has no translation of this sentence, so the map's rows are what the model wrote when you typed it: %s"),
                                       expected.c_str()));
    }
    if (p.layers == 0) {
        ImGui::Spacing();
        text_wrapped(train_no_attention_text());
        return;
    }

    // Layer and head: the last layer and the best head by default, where the pattern forms.
    const int layer = t.layer < 0 || t.layer >= p.layers ? p.layers - 1 : t.layer;
    const int head = t.head < 0 || t.head >= p.heads ? std::max(0, std::min(t.best_head, p.heads - 1)) : t.head;
    if (p.layers > 1 || p.heads > 1) {  // RNNsearch has one alignment
        ImGui::SetNextItemWidth(text_width(120));
        if (ImGui::BeginCombo(tr_id("Layer", "layer"), std::to_string(layer).c_str())) {
            for (int l = 0; l < p.layers; l++)
                if (ImGui::Selectable(std::to_string(l).c_str(), l == layer)) t.layer = l;
            ImGui::EndCombo();
        }
        ImGui::SameLine();
        ImGui::SetNextItemWidth(text_width(120));
        if (ImGui::BeginCombo(tr_id("Head", "head"), std::to_string(head).c_str())) {
            for (int h = 0; h < p.heads; h++)
                if (ImGui::Selectable(std::to_string(h).c_str(), h == head)) t.head = h;
            ImGui::EndCombo();
        }
    }

    // The timeline: every snapshot of these maps, from the first step.
    const int frames = int(t.timeline.size());
    int shown = t.timeline_frame < 0 ? frames - 1 : t.timeline_frame;
    const float * values = p.map(layer, head);
    if (frames > 0) {
        ImGui::SetNextItemWidth(std::max(text_width(120), ImGui::GetContentRegionAvail().x - text_width(220)));
        char label[64];
        std::snprintf(label, sizeof label, tr("step %lld"), (long long)t.timeline[size_t(shown)].step);
        if (ImGui::SliderInt(tr_id("Timeline", "timeline"), &shown, 0, frames - 1, label))
            t.timeline_frame = shown == frames - 1 ? -1 : shown;
        ImGui::SameLine();
        ImGui::BeginDisabled(t.timeline_frame < 0);
        if (ImGui::Button(tr_id("Live", "live"))) t.timeline_frame = -1;
        ImGui::EndDisabled();
        const TimelineFrame & f = t.timeline[size_t(shown)];
        if (f.maps.size() == p.maps.size()) values = f.maps.data() + size_t(layer * p.heads + head) * size_t(p.rows * p.cols);
    }
    if (corpus)
        dim_text_wrapped(t.run_setup.arch == ToyArch::Transformer
                             ? tr("Cross-attention: each row is an output word (the translation above fed in, as in training), each column an English word.")
                             : tr("The alignment α: each row is an output word (the translation above fed in, as in training), each column an English word."));
    else
        dim_text_wrapped(t.run_setup.arch == ToyArch::Transformer
                             ? tr("Cross-attention: each row is an output position (the expected output fed in, as in training), each column a source symbol.")
                             : tr("The alignment α: each row is an output position (the expected output fed in, as in training), each column a source symbol."));
    HeatmapOptions o;
    o.cell = std::clamp((ImGui::GetContentRegionAvail().x - 60) / float(std::max(p.cols, 1)), 14.0f, 40.0f);
    o.show_values = o.cell >= 34;
    draw_heatmap("##train_cross", values, p.rows, p.cols, p.target_labels, p.source_labels, o);
    draw_color_legend("##train_legend", std::min(300.0f, ImGui::GetContentRegionAvail().x));
}

} // namespace

void draw_panel_train(AppState & s) {
    place_next_window(Panel::Train);
    ImGui::SetNextWindowBgAlpha(1.0f);  // it covers the other windows: their text must not show through
    if (!ImGui::Begin(panel_title("train"), &s.show_train)) { ImGui::End(); return; }
    TrainState & t = s.train;
    const bool side_by_side = ImGui::GetContentRegionAvail().x >= kSetupWidth + 360;
    if (side_by_side) ImGui::BeginChild("##setup", ImVec2(kSetupWidth + 40, 0), false);
    draw_saved_offer(t);
    draw_buttons(t);
    ImGui::Separator();
    draw_setup(t);
    if (side_by_side) {
        ImGui::EndChild();
        ImGui::SameLine();
        ImGui::BeginChild("##live", ImVec2(0, 0), false);
    }
    draw_status(t);
    // The map and the curves side by side where both fit, else the curves under the map.
    const bool map_beside_curves = ImGui::GetContentRegionAvail().x >= kMapColumn + 320;
    if (map_beside_curves) ImGui::BeginChild("##probe", ImVec2(kMapColumn, 0), false);
    draw_probe(t);
    if (map_beside_curves) {
        ImGui::EndChild();
        ImGui::SameLine();
        ImGui::BeginChild("##curves", ImVec2(0, 0), false);
    } else {
        ImGui::Spacing();
    }
    draw_curves(t, ImGui::GetContentRegionAvail().x);
    if (map_beside_curves) ImGui::EndChild();
    if (side_by_side) ImGui::EndChild();
    ImGui::End();
}

} // namespace attn

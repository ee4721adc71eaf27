#include "app/state_json.h"

#include "app/url_state_apply.h"

#include "core/parallel.h"
#include "nn/attention_steps.h"
#include "ui/attention_data.h"
#include "models/image_classifier.h"
#include "platform/fetch_file.h"
#include "ui/compare_data.h"
#include "ui/threads_text.h"
#include "ui/tour.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace attn {

// A message in the JSON is its English (nlohmann finds this by argument-dependent lookup).
void to_json(nlohmann::json & j, const Message & m) { j = english(m); }

namespace {

nlohmann::json chart_json(const LineChart & c) {
    nlohmann::json series = nlohmann::json::array();
    for (const LineSeries & s : c.series) {
        nlohmann::json values = nlohmann::json::array();
        for (double v : s.values) values.push_back(std::isfinite(v) ? nlohmann::json(v) : nlohmann::json());  // NaN: null
        series.push_back({{"label", s.label}, {"values", values}});
    }
    return {{"categories", c.categories}, {"series", series}};
}

// The Compare panel: per model its architecture, translation and timings, plus C, the RNNsearch
// alignment, the shown cross-attention map's shape and the BLEU-by-length lines.
nlohmann::json compare_json(const AppState & s) {
    const CompareState & v = s.compare;
    nlohmann::json models = nlohmann::json::array();
    for (int i = 0; i < kCompareModels; i++) {
        const ComparedTranslation & t = v.models[i];
        models.push_back({{"architecture", compare_architecture(CompareModel(i))}, {"title", compare_title(CompareModel(i))},
                          {"error", t.error}, {"parameters", t.parameters}, {"display", t.display}, {"outputs", t.outputs},
                          {"probabilities", t.probabilities}, {"encoder_ms", t.encoder_ms}, {"decoder_ms", t.decoder_ms},
                          {"encoder_step_ms", t.encoder_step_ms}});
    }
    std::vector<float> storage;
    const AttentionMatrix cross = compare_cross_matrix(v, &storage);
    nlohmann::json timing = nlohmann::json::array();
    for (const TimingLane & lane : compare_timing_lanes(v)) timing.push_back({{"label", lane.label}, {"ms", lane.ms}});
    const CompareBleu & b = v.bleu;
    return {{"open", s.show_compare}, {"ready", v.ready}, {"message", v.message}, {"sentence", v.sentence},
            {"language", v.language}, {"source", v.source}, {"models", models}, {"context_c", v.context_c},
            {"alignment", {{"rows", v.alignment.rows}, {"cols", v.alignment.cols}, {"values", v.alignment.values}}},
            {"cross", {{"layer", compare_cross_layer(v)}, {"head", v.cross_head}, {"rows", cross.rows}, {"cols", cross.cols}}},
            {"timing", timing},
            {"bleu", {{"shipped", chart_json(b.shipped)}, {"shipped_error", b.shipped_error}, {"recomputed", chart_json(b.recomputed)},
                      {"running", b.running}, {"progress", b.progress}, {"recompute_error", b.recompute_error}}}};
}

nlohmann::json setup_json(const TrainSetup & setup) {
    nlohmann::json j = nlohmann::json::object();
    for (const SetupChoiceField & f : setup_choice_fields()) j[f.key] = setup_choice_name(setup, f);
    for (const SetupIntField & f : setup_int_fields()) j[f.key] = setup.*f.field;
    for (const SetupRealField & f : setup_real_fields()) j[f.key] = setup.*f.field;
    return j;
}

// The Train panel: where the run is, its last held-out check, and the probe's cross-attention in
// the last layer's best head (the map the panel opens on), with the timeline's steps.
nlohmann::json train_json(const AppState & s) {
    const TrainState & t = s.train;
    const ProbeAttention & p = t.probe_maps;
    nlohmann::json probe = {{"text", t.probe}, {"output", t.probe_output}, {"reference", t.probe_reference},
                            {"source", p.source_labels}, {"target", p.target_labels},
                            {"layers", p.layers}, {"heads", p.heads}, {"rows", p.rows}, {"cols", p.cols}};
    if (p.rows > 0 && t.best_head >= 0 && t.best_head < p.heads) {
        const float * m = p.map(p.layers - 1, t.best_head);
        probe["best_head_map"] = std::vector<float>(m, m + p.rows * p.cols);
    }
    std::vector<int64_t> timeline_steps;
    for (const TimelineFrame & f : t.timeline) timeline_steps.push_back(f.step);
    return {{"open", s.show_train}, {"started", t.started}, {"running", t.running}, {"finished", t.finished},
            {"message", t.message}, {"step", t.step}, {"loss", std::isfinite(t.loss) ? nlohmann::json(t.loss) : nlohmann::json()},
            {"learning_rate", t.lr}, {"steps_per_second", t.steps_per_second}, {"tokens_per_second", t.tokens_per_second},
            {"heldout_exact_match", t.exact_match}, {"heldout_exact_by_length", t.exact_by_length},
            {"heldout_bleu", t.bleu >= 0 ? nlohmann::json(t.bleu) : nlohmann::json()},
            {"attention_follows_task", t.attention_follows}, {"best_head", t.best_head},
            {"throttled_seconds", t.throttled_seconds}, {"memory_estimate_bytes", t.memory_estimate},
            {"setup", setup_json(t.setup)}, {"run_setup", setup_json(t.run_setup)}, {"probe", probe},
            {"timeline_steps", timeline_steps}, {"curve_points", t.curves.loss.x().size()},
            {"saved_offered", t.saved_offered}, {"saved_step", t.saved_step}, {"storage_message", t.storage_message}};
}

nlohmann::json map_shape_json(const AttentionMap & m) {
    return {{"layer", m.layer}, {"rows", m.rows}, {"cols", m.cols}, {"min", map_min(m)}, {"max", map_max(m)}};
}

// How much of the item Grad-CAM lights, as fractions; null when it cannot be said (no item, a zero map).
nlohmann::json coverage_json(const CamCoverage & c) {
    if (!c.valid) return nullptr;
    return {{"covered", c.coverage}, {"off_item", c.spill}};
}

// The article's claim over the gallery (GalleryCoverage): per cell and model, and the tally.
nlohmann::json gallery_coverage_json(const GalleryCoverage & g) {
    return {{"running", g.running}, {"done", g.done}, {"cells", g.cells}, {"finished", g.finished()},
            {"covered", {g.covered[0], g.covered[1]}}, {"cbam_more", g.cbam_more}, {"cbam_less", g.cbam_less}, {"same", g.same},
            {"mean", {g.mean[0], g.mean[1]}}};
}

// The Image panel: the picture, its preprocessing stages, and each classifier's verdict with the
// shapes of its maps (Grad-CAM's values too: a test can check where it looked).
nlohmann::json image_json(const AppState & s) {
    const ImageState & v = s.image;
    nlohmann::json stages = nlohmann::json::array();
    for (const PreprocessStage & st : v.stages)
        stages.push_back({{"name", st.name}, {"note", st.note}, {"enabled", st.enabled}, {"width", st.width}, {"height", st.height},
                          {"channels", st.channels}});
    nlohmann::json models = nlohmann::json::array();
    for (int i = 0; i < kImageModels; i++) {
        const ImageModelState & m = v.models[i];
        nlohmann::json spatial = nlohmann::json::array(), channel = nlohmann::json::array();
        for (const AttentionMap & a : m.spatial) spatial.push_back(map_shape_json(a));
        for (const AttentionMap & a : m.channel) channel.push_back(map_shape_json(a));
        models.push_back({{"file", image_model_file(ImageModel(i))}, {"label", image_model_title(ImageModel(i))}, {"error", m.error},
                          {"test_accuracy", m.test_accuracy}, {"has_result", m.has_result}, {"probabilities", m.probabilities},
                          {"predicted", m.predicted}, {"predicted_class", m.predicted >= 0 ? fashion_class_name(m.predicted) : ""},
                          {"explained", m.explained}, {"grad_cam", map_shape_json(m.grad_cam)}, {"grad_cam_values", m.grad_cam.values},
                          {"grad_cam_coverage", coverage_json(m.cam_coverage)},
                          {"spatial", spatial}, {"channel", channel}, {"milliseconds", m.milliseconds}});
    }
    const PreprocessOptions & o = v.options;
    return {{"open", s.show_image}, {"message", v.message},
            {"error", v.error.empty() || v.error_file.empty() ? english(v.error) : v.error_file + ": " + english(v.error)}, {"warnings", v.warnings}, {"ready", v.ready},
            {"source", {{"name", v.source.name}, {"gallery_cell", v.source.gallery_cell}, {"true_label", v.source.true_label}}},
            {"options", {{"grayscale", o.grayscale}, {"crop", o.crop}, {"resize", o.resize}, {"invert", o.invert}}},
            {"stages", stages}, {"input_side", kModelImageSide}, {"input", v.input}, {"explain_class", v.explain_class}, {"models", models},
            {"gallery", {{"cells", v.gallery.cells()}, {"error", v.gallery.error}}},
            {"gallery_coverage", gallery_coverage_json(v.gallery_coverage)}};
}

// The compute backend: the selection (a stable id), what the last run used, why WebGL2 is off,
// the fallback notice, parity against the CPU reference (-1: none) and the per-op timing table.
nlohmann::json backend_json(const AppState & s) {
    const BackendStatus & b = s.backend_status;
    nlohmann::json rows = nlohmann::json::array();
    for (const OpTimingRow & r : b.timing.rows) rows.push_back({{"op", r.op}, {"calls", r.calls}, {"ms", r.ms}, {"share", r.share}});
    return {{"selected", compute_backend_id(s.backend)}, {"label", compute_backend_label(s.backend)},
            {"ran", compute_backend_id(b.ran)}, {"webgl2_available", b.gl_available}, {"webgl2_unavailable", b.gl_unavailable},
            {"notice", b.notice},
            {"parity", {{"logits_max_diff", b.logits_max_diff}, {"maps_max_diff", b.maps_max_diff}, {"same_tokens", b.same_tokens}}},
            {"timing", {{"method", b.timing.method}, {"total_ms", b.timing.total_ms}, {"rows", rows}, {"open", s.show_op_timing},
                        {"per_draw", b.ran != ComputeBackend::WebGL2 || b.gl_timed}}}};
}

} // namespace

std::string app_state_json(const AppState & s) {
    const TranslationState & t = s.translation;
    const AttentionSelection & a = s.attention;
    nlohmann::json j;
    j["ui_language"] = ui_language_id(s.ui_language);
    if (s.tour.step >= 0) {
        bool holds = false;
        const std::string measured = tour_check(s, s.tour.step, &holds);
        j["tour"] = s.tour.step + 1;
        j["tour_check"] = {{"text", measured}, {"holds", holds}};
    } else {
        j["tour"] = nullptr;
    }
    j["sentence"] = s.sentence;
    j["models"] = s.model_names;
    j["model"] = s.model;
    // The chosen translator while it downloads ("" once it is in) and how much has arrived.
    j["translator_loading"] = english(s.translator_loading);
    j["translator_progress"] = s.translator_progress;
    j["translator_can_retry"] = s.translator_can_retry;
    j["attention_palette"] = attention_palette_id(s.attention_palette);
    j["theme"] = s.light_theme ? "light" : "dark";
    j["ui_scale_percent"] = s.ui_scale_percent;
    j["threads"] = compute_threads();
    j["threads_build"] = threads_build();
    static const char * const kSources[] = {"downloaded", "from_cache", "stale_cache_replaced", "not_cached", "unverified"};
    j["model_fetches"] = nlohmann::json::array();
    for (const FetchRecord & r : fetch_records()) j["model_fetches"].push_back({{"file", r.file}, {"source", kSources[int(r.source)]}});
    j["beam"] = s.beam;
    j["pending"] = s.translate_requested;
    j["ready"] = t.ready;
    j["error"] = t.error;
    j["translation"] = t.sentences.size() > 1 ? t.paragraph_display : t.display;  // the whole text's
    j["sentences"] = t.sentences;
    j["sentence_index"] = t.sentence_index;            // the sentence the tokens and maps belong to
    j["sentence_translation"] = t.display;
    j["translated_sentence"] = t.sentence;
    j["outputs"] = t.outputs;
    j["source"] = t.encoder_tokens;
    j["unknown"] = t.unknown;
    j["notices"] = t.english_notices();
    j["stopped"] = decode_stop_name(t.stopped);
    j["repeats_avoided"] = t.repeats_avoided;
    j["sentence_cut"] = s.sentence_was_truncated;  // the text was cut to AppState::kMaxSentenceChars
    j["milliseconds"] = t.milliseconds;
    j["weights_storage"] = t.weights_storage;
    j["architecture"] = t.rnn ? t.rnn_config.architecture() : "transformer";
    if (t.rnn) j["context_c_size"] = t.context_c.size();
    j["selection"] = {{"kind", attention_kind_id(a.kind)}, {"layer", a.layer}, {"head", a.head}, {"query", a.query},
                      {"view", a.view}, {"words", a.words}};
    // A subword model: the words view's tokens, and the word of every piece.
    j["pieces"] = t.pieces;
    if (t.pieces) {
        const TranslationState & w = s.translation_words;
        j["words"] = {{"source", w.encoder_tokens}, {"outputs", w.outputs}, {"unknown", w.unknown},
                      {"source_word_of", t.encoder_word_of}, {"output_word_of", t.output_word_of}};
    }
    std::vector<float> storage;
    const AttentionMatrix m = attention_matrix(attention_view(s), a.kind, a.layer, a.head, &storage);
    j["map"] = {{"rows", m.rows}, {"cols", m.cols},
                {"values", m.values ? std::vector<float>(m.values, m.values + size_t(m.rows) * size_t(m.cols)) : std::vector<float>()}};
    j["heatmap"] = {{"x", s.heatmap_rect.x}, {"y", s.heatmap_rect.y}, {"w", s.heatmap_rect.w}, {"h", s.heatmap_rect.h},
                    {"rows", m.rows}, {"cols", m.cols},
                    {"visible", {{"x", s.heatmap_visible.x}, {"y", s.heatmap_visible.y}, {"w", s.heatmap_visible.w}, {"h", s.heatmap_visible.h}}}};
    for (const QkvCapture & c : t.trace.qkv) {
        if (c.kind != attention_kind_id(a.kind) || c.layer != a.layer || c.head != std::max(a.head, 0)) continue;
        if (a.query < 0 || a.query >= c.q_rows) break;
        const AttentionSteps st = compute_attention_steps(c, a.query, mask_for_kind(c.kind));
        j["step"] = {{"head", c.head}, {"query", a.query}, {"weights", st.weights}, {"sqrt_dk", st.sqrt_dk}};
    }
    if (const AttentionMap * energy = t.rnn ? t.trace.find("alignment_energy", 0, 0) : nullptr) {
        const AdditiveSteps st = compute_additive_steps(*energy, a.query);
        if (st.keys > 0) j["step"] = {{"query", a.query}, {"energies", st.energies}, {"weights", st.weights}};
    }
    j["backend"] = backend_json(s);
    j["share"] = {{"embed", s.share.embed}, {"panel", s.share.panel}, {"link_message", english_lines(s.share.link_message)},
                  {"notice", english_lines(s.share.notice)}, {"url", format_url_state(url_state_of(s))}};
    j["compare"] = compare_json(s);
    j["image"] = image_json(s);
    j["train"] = train_json(s);
    return j.dump();
}

} // namespace attn

#include "app/runners/compare_runner.h"

#include "platform/fetch_file.h"
#include "ui/i18n.h"

#include <algorithm>
#include <cmath>
#include <fstream>

namespace attn {

namespace {

// On the web the RNNs are not in index.data: CMake copies them into the site's models/ folder,
// beside index.html, and fetch_file downloads them from there.
const char * const kSiteModelsFolder = "models/";

std::string file_stem(const std::string & file) { return file.substr(0, file.rfind('.')); }

bool file_exists(const std::string & path) { return bool(std::ifstream(path)); }

// Best of kCompareTimingRuns: the fastest encoder pass and the fastest of each encoder step.
void keep_fastest(Translation * best, const Translation & again) {
    best->encoder_ms = std::min(best->encoder_ms, again.encoder_ms);
    if (again.encoder_step_ms.size() != best->encoder_step_ms.size()) return;
    for (size_t i = 0; i < again.encoder_step_ms.size(); i++)
        best->encoder_step_ms[i] = std::min(best->encoder_step_ms[i], again.encoder_step_ms[i]);
}

// The chart's frame, shared by the shipped and the recomputed numbers so both read the same.
LineChart bleu_chart(std::vector<std::string> buckets) {
    LineChart c;
    c.x_label = N_("source sentence length (words)");
    c.y_label = "BLEU";
    c.y_min = 0;
    c.y_max = 100;
    c.categories = std::move(buckets);
    return c;
}

} // namespace

std::string CompareRunner::model_file(CompareModel m, const std::string & language) {
    switch (m) {
        case CompareModel::RnnEncDec: return "rnn_encdec-en-" + language + ".safetensors";
        case CompareModel::RnnSearch: return "rnn_search-en-" + language + ".safetensors";
        default: return "en-" + language + ".safetensors";
    }
}

bool CompareRunner::load_rnns(const std::string & language) {
    Rnns & r = m_rnns[language];
    if (r.loaded) return true;
    // Both downloads are started before either is awaited, so on the web they run side by side.
    FetchState fetched[2];
    bool pending = false;
    for (int i = 0; i < 2; i++) {
        const std::string file = model_file(CompareModel(i), language);
        fetched[i] = fetch_file(kSiteModelsFolder + file, m_assets + "/models/" + file);
        pending |= fetched[i] == FetchState::Pending;
    }
    if (pending) return false;
    for (int i = 0; i < 2; i++) {
        const CompareModel m = CompareModel(i);
        const std::string file = model_file(m, language), path = m_assets + "/models/" + file;
        if (fetched[i] == FetchState::Failed || !file_exists(path)) {
            r.error[i] = fetched[i] == FetchState::Failed
                             ? Message{N_("{0} is not installed: the site did not serve {1}."), {compare_title(m), std::string(kSiteModelsFolder) + file}}
                             : Message{N_("{0} is not installed: {1} was not found."), {compare_title(m), path}};
            continue;
        }
        auto t = std::make_unique<Translator>();
        if (Status s = Translator::load(path, t.get()); !s) r.error[i] = {N_("{0} could not be loaded: {1}"), {compare_title(m), s.message}};
        else if (std::string(t->architecture()) != compare_architecture(m))
            r.error[i] = {N_("{0} holds a {1} model, not {2}."), {path, t->architecture(), compare_title(m)}};
        else r.model[i] = std::move(t);
    }
    r.loaded = true;
    return true;
}

const Translator * CompareRunner::translator(CompareModel m, const Translator * transformer, const std::string & language) const {
    if (m == CompareModel::Transformer) return transformer;
    const auto it = m_rnns.find(language);
    return it == m_rnns.end() ? nullptr : it->second.model[int(m)].get();
}

void CompareRunner::update(AppState & state, const TranslationRunner & translations, double now) {
    if (!state.show_compare) return;
    const bool stale = state.sentence != m_compared_sentence || state.model != m_compared_model;
    if (stale && now - state.edit_time >= TranslationRunner::kDebounceSeconds) run(state, translations);
    if (const Translator * transformer = translations.current(state)) advance_recompute(state, *transformer);
}

bool CompareRunner::busy(const AppState & state) const {
    if (!state.show_compare) return false;
    return state.sentence != m_compared_sentence || state.model != m_compared_model || m_recompute.running() ||
           state.compare.bleu.recompute_requested;
}

void CompareRunner::run(AppState & state, const TranslationRunner & translations) {
    CompareState & v = state.compare;
    const Translator * transformer = translations.current(state);
    if (!transformer && !state.translator_loading.empty()) {
        v.ready = false;
        v.message = {N_("Waiting for the Transformer to download…"), {}};
        return;  // update() tries again next frame
    }
    if (!transformer) {
        v = CompareState{};
        v.message = {N_("No translation model could be loaded, so there is nothing to compare."), {}};
    } else if (state.model >= TranslationRunner::kShippedModels) {
        v = CompareState{};
        v.message = {N_("Compare runs the shipped translators side by side: choose English → 中文 (台灣) or English → Deutsch in Translate."), {}};
    } else {
        const std::string & language = transformer->target_language();
        if (v.language != language) reset_bleu(state, language);
        if (!load_rnns(language)) {
            v.ready = false;
            v.message = {N_("Downloading the two RNN translators (a few MB, once)…"), {}};
            return;  // update() tries again next frame
        }
        compare(state, *transformer);
    }
    m_compared_sentence = state.sentence;
    m_compared_model = state.model;
}

void CompareRunner::compare(AppState & state, const Translator & transformer) {
    CompareState & v = state.compare;
    const std::string & language = transformer.target_language();
    v.ready = false;
    v.message.clear();
    v.sentence = state.sentence;
    v.source.clear();
    v.context_c.clear();
    v.alignment = AttentionMap{};
    v.cross.clear();
    for (int i = 0; i < kCompareModels; i++) {
        const CompareModel m = CompareModel(i);
        ComparedTranslation & out = v.models[i] = ComparedTranslation{};
        const Translator * t = translator(m, &transformer, language);
        if (!t) {
            out.error = m_rnns[language].error[i];
            continue;
        }
        // Greedy for all three: the RNNs decode greedily only (rnn_decode.h), and the comparison
        // is about what each decoder can see, not about search.
        AttentionTrace trace;
        Translation r = t->translate(m_compute, state.sentence, DecodeOptions{}, &trace);
        for (int run = 1; run < kCompareTimingRuns; run++) keep_fastest(&r, t->translate(m_compute, state.sentence, DecodeOptions{}, nullptr));
        out.parameters = t->parameter_count();
        out.display = r.display;
        for (int32_t id : r.decode.tokens) out.outputs.push_back(t->target_label(id));
        for (const StepCandidates & step : trace.steps) out.probabilities.push_back(step.chosen_prob);
        out.encoder_ms = r.encoder_ms;
        out.decoder_ms = r.decoder_ms;
        out.encoder_step_ms = r.encoder_step_ms;
        if (v.source.empty()) {
            v.source = r.source.words;
            v.source.push_back("</s>");
        }
        if (m == CompareModel::RnnEncDec) v.context_c = r.context_c;
        if (m == CompareModel::RnnSearch)
            if (const AttentionMap * a = trace.find("alignment", 0, 0)) v.alignment = *a;
        if (m == CompareModel::Transformer) {
            for (AttentionMap & map : trace.maps)
                if (map.kind == "cross") v.cross.push_back(std::move(map));
            v.transformer_layers = t->model().config().decoder_layers;
            v.transformer_heads = t->model().config().heads;
        }
    }
    v.ready = true;
}

void CompareRunner::reset_bleu(AppState & state, const std::string & language) {
    m_recompute.cancel();
    state.compare.language = language;
    CompareBleu & b = state.compare.bleu;
    b = CompareBleu{};
    if (!m_table_read) {
        m_table_error = read_bleu_csv(m_assets + "/models/bleu-by-length.csv", &m_table).message;
        m_table_read = true;
    }
    if (!m_table_error.empty()) {
        b.shipped_error = {N_("No shipped BLEU numbers: {0}"), {m_table_error}};
        return;
    }
    b.shipped = bleu_chart(m_table.buckets);
    std::string missing;
    for (int i = 0; i < kCompareModels; i++) {
        const std::string label = file_stem(model_file(CompareModel(i), language));
        const std::vector<double> * column = m_table.column(label);
        if (!column) missing += (missing.empty() ? "" : ", ") + label;
        b.shipped.series.push_back({compare_title(CompareModel(i)), column ? *column : std::vector<double>(m_table.buckets.size(), NAN)});
    }
    if (!missing.empty()) b.shipped_error = {N_("No shipped numbers for {0}"), {missing}};
}

void CompareRunner::advance_recompute(AppState & state, const Translator & transformer) {
    CompareBleu & b = state.compare.bleu;
    if (b.recompute_requested && !m_recompute.running()) {
        b.recompute_requested = false;
        b.recompute_error.clear();
        std::vector<const Translator *> models;
        for (int i = 0; i < kCompareModels; i++)
            if (const Translator * t = translator(CompareModel(i), &transformer, state.compare.language)) models.push_back(t);
        std::vector<EvalItem> items;
        if (models.size() != size_t(kCompareModels)) {
            b.recompute_error = {N_("Recomputing needs all three models."), {}};
        } else if (Status s = read_eval_items(m_assets + "/mini-test.tsv", state.compare.language, &items); !s) {
            b.recompute_error = {N_("No mini test set: {0}"), {s.message}};
        } else {
            b.sentences = int(items.size());
            m_recompute.start(std::move(items), std::move(models));
        }
    }
    if (m_recompute.running()) m_recompute.step(m_compute, kRecomputeBudgetMs);
    b.running = m_recompute.running();
    b.progress = m_recompute.progress();
    if (!m_recompute.finished()) return;
    std::vector<std::string> buckets;
    for (const LengthScore & s : m_recompute.scores()[0].buckets) buckets.push_back(s.range.label);
    b.recomputed = bleu_chart(buckets);
    for (int i = 0; i < kCompareModels; i++) {
        LineSeries series{compare_title(CompareModel(i)), {}};
        for (const LengthScore & s : m_recompute.scores()[size_t(i)].buckets) series.values.push_back(s.bleu);
        b.recomputed.series.push_back(std::move(series));
    }
    b.show_recomputed = true;
    m_recompute.cancel();
}

} // namespace attn

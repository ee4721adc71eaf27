#include "app/translation_runner.h"

#include "corpus/aligned_text.h"
#include "corpus/lexicon.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace attn {

namespace {

const char * const kModelFiles[] = {"en-zh_TW.safetensors", "en-de.safetensors"};
const char * const kModelNames[] = {"English → 中文 (台灣)", "English → Deutsch"};

std::vector<std::string> split_tab(const std::string & line) {
    std::vector<std::string> cells;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '\t')) cells.push_back(cell);
    return cells;
}

// assets/examples.tsv: tag, English, zh_TW, de, zh alignment, de alignment (scripts/make-examples).
std::vector<ExampleSentence> load_examples(const std::string & path) {
    std::vector<ExampleSentence> out;
    std::ifstream f(path);
    std::string line;
    while (std::getline(f, line)) {
        const auto c = split_tab(line);
        if (c.size() != 6) continue;
        out.push_back({c[0], c[1], {c[2], c[3]}, {c[4], c[5]}});
    }
    return out;
}

// The gold alignment of an example, when the typed sentence is that example and the output is its
// reference word for word (otherwise the gold links would describe other words).
void attach_gold(const AppState & state, TranslationView & t) {
    const std::vector<std::string> typed = tokenize_words(t.sentence);
    for (const ExampleSentence & e : state.examples) {
        if (tokenize_words(e.english) != typed) continue;
        if (t.outputs.empty() || t.outputs.back() != "</s>") return;
        const std::vector<std::string> out(t.outputs.begin(), t.outputs.end() - 1);  // without </s>
        if (corpus::split_tokens(e.reference[t.model]) != out) return;
        corpus::GoldAlignment gold;
        if (!corpus::parse_alignment(e.alignment[t.model], &gold)) return;
        t.gold_sure = gold.sure;
        for (const Link & l : gold.possible)  // the heatmap outlines possible-only links thinner
            if (std::find(gold.sure.begin(), gold.sure.end(), l) == gold.sure.end()) t.gold_possible.push_back(l);
        return;
    }
}

} // namespace

void TranslationRunner::load(const std::string & assets_dir, AppState & state) {
    m_translators.clear();
    state.model_names.clear();
    for (int i = 0; i < 2; i++) {
        Translator t;
        const std::string path = assets_dir + "/models/" + kModelFiles[i];
        if (Status s = Translator::load(path, &t); !s) {
            m_load_errors.push_back(s.message);
            continue;
        }
        m_translators.push_back(std::move(t));
        state.model_names.push_back(kModelNames[i]);
    }
    state.examples = load_examples(assets_dir + "/examples.tsv");
    if (m_translators.empty()) {
        state.translation = TranslationView{};
        state.translation.error = "No translation model could be loaded: " +
                                  (m_load_errors.empty() ? std::string("none found") : m_load_errors[0]);
    }
    state.model = 0;
    state.request_translation(-1e9);
}

const Translator * TranslationRunner::current(const AppState & state) const {
    if (m_translators.empty()) return nullptr;
    return &m_translators[size_t(state.model >= 0 && state.model < int(m_translators.size()) ? state.model : 0)];
}

void TranslationRunner::update(AppState & state, double now) {
    if (state.translate_requested && now - state.edit_time >= kDebounceSeconds) run(state);
}

void TranslationRunner::run(AppState & state) {
    state.translate_requested = false;
    if (m_translators.empty()) return;
    if (state.model < 0 || state.model >= int(m_translators.size())) state.model = 0;
    const Translator & tr = m_translators[size_t(state.model)];
    const TransformerConfig & c = tr.model().config();
    state.vocabulary = tr.source_vocab().tokens();
    state.vocabulary.erase(state.vocabulary.begin(), state.vocabulary.begin() + 4);  // the specials
    state.target_words = tr.target_vocab().tokens();

    AttentionSelection & sel = state.attention;
    const int layers = sel.kind == AttentionKind::EncoderSelf ? c.encoder_layers : c.decoder_layers;
    sel.layer = std::min(std::max(sel.layer, 0), layers - 1);
    sel.head = std::min(std::max(sel.head, -1), c.heads - 1);

    TranslationView t;
    t.sentence = state.sentence;
    t.model = state.model;
    t.config = c;
    t.trace.capture.push_back({attention_kind_id(sel.kind), sel.layer, std::max(sel.head, 0)});
    DecodeOptions opts;
    opts.beam = std::max(1, state.beam);
    const auto t0 = std::chrono::steady_clock::now();
    const Translation r = tr.translate(m_compute, state.sentence, opts, &t.trace);
    t.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

    t.encoder_tokens = r.source.words;
    t.encoder_tokens.push_back("</s>");
    t.unknown = r.source.unknown;
    t.truncated = r.truncated;
    t.decoder_inputs.push_back("<s>");
    for (int32_t id : r.decode.tokens) {
        t.outputs.push_back(tr.target_vocab().token(id));
        t.decoder_inputs.push_back(t.outputs.back());
    }
    t.decoder_inputs.pop_back();  // the last output is never fed back: one input per output
    t.display = r.display;
    t.ready = true;
    const auto & meta = tr.model().metadata();
    if (meta.count("guided_alignment_layer") && meta.count("guided_alignment_head")) {
        t.guided_layer = std::atoi(meta.at("guided_alignment_layer").c_str());
        t.guided_head = std::atoi(meta.at("guided_alignment_head").c_str());
    }
    attach_gold(state, t);
    sel.query = std::min(sel.query, int((sel.kind == AttentionKind::EncoderSelf ? t.encoder_tokens : t.outputs).size()) - 1);
    sel.query = std::max(sel.query, 0);
    state.translation = std::move(t);
}

} // namespace attn

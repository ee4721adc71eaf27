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

// The CPU backends' per-op rows, from Compute's own timing (one steady_clock pair per op call).
OpTimingTable cpu_timing(const Compute & cc, double wall_ms) {
    OpTimer timer;
    for (int i = 0; i < int(Op::Count); i++) {
        const OpStats & st = cc.stats(Op(i));
        if (st.calls) timer.add(op_name(Op(i)), st.ms, st.calls);
    }
    return timer.table(wall_ms, "CPU: steady_clock around each op call");
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
    refresh_backend_status(state);
    // WebGL2 selected but gone (context lost, or restored from a link on a browser without it):
    // switch now, with the notice, rather than at the next edit.
    BackendStatus & bs = state.backend_status;
    if (state.backend == ComputeBackend::WebGL2 && !bs.gl_available) {
        const BackendDecision d = decide_backend(state.backend, false, bs.gl_unavailable);
        state.backend = d.run_on;
        bs.notice = d.notice;
        state.request_translation(-1e9);
    }
    // The timing table shown after an untimed WebGL2 run: run again, timed, so it has rows.
    if (state.show_op_timing && bs.ran == ComputeBackend::WebGL2 && !bs.gl_timed && state.backend == ComputeBackend::WebGL2 &&
        !state.translate_requested)
        state.request_translation(-1e9);
    if (state.translate_requested && now - state.edit_time >= kDebounceSeconds) run(state);
}

void TranslationRunner::refresh_backend_status(AppState & state) const {
    BackendStatus & bs = state.backend_status;
    bs.gl_available = m_gpu && m_gpu->available();
    if (bs.gl_available) bs.gl_unavailable.clear();
    else if (m_gpu) bs.gl_unavailable = m_gpu->unavailable_reason();
    else bs.gl_unavailable = "the native app does not run the GL compute path (its kernels are tested headless: ctest -R native.gpu)";
}

void TranslationRunner::run(AppState & state) {
    state.translate_requested = false;
    if (m_translators.empty()) return;
    if (state.model < 0 || state.model >= int(m_translators.size())) state.model = 0;
    const Translator & tr = m_translators[size_t(state.model)];
    const TransformerConfig & c = tr.model().config();
    state.vocabulary = tr.source_vocab().tokens();
    state.vocabulary.erase(state.vocabulary.begin(), state.vocabulary.begin() + 4);  // the specials
    state.target_words.clear();
    for (int32_t id = 0; id < tr.target_vocab().size(); id++) state.target_words.push_back(tr.target_label(id));

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

    // The backend: WebGL2 when selected and possible, else a CPU backend; a GPU failure switches
    // the selection to the fast CPU path, says so, and this translation still comes out.
    refresh_backend_status(state);
    BackendStatus & bs = state.backend_status;
    const BackendDecision decision = decide_backend(state.backend, bs.gl_available, bs.gl_unavailable);
    if (decision.run_on != state.backend) {
        state.backend = decision.run_on;
        bs.notice = decision.notice;
    }
    bs.logits_max_diff = bs.maps_max_diff = -1;
    bs.same_tokens = false;
    Translation r;
    bool translated = false;
    if (decision.run_on == ComputeBackend::WebGL2) {
        GpuTranslation g;
        std::string error;
        if (m_gpu->translate(tr, state.model, state.sentence, opts, t.trace.capture, state.show_op_timing, &g, &error)) {
            r = std::move(g.translation);
            g.trace.capture = t.trace.capture;
            t.trace = std::move(g.trace);
            t.milliseconds = g.gpu_ms;
            bs.logits_max_diff = g.logits_max_diff;
            bs.maps_max_diff = g.maps_max_diff;
            bs.same_tokens = g.same_tokens;
            bs.timing = std::move(g.timing);
            bs.gl_timed = g.timed;
            bs.ran = ComputeBackend::WebGL2;
            translated = true;
        } else {
            state.backend = ComputeBackend::Cpu;
            bs.notice = gpu_failure_notice(error);
            refresh_backend_status(state);
        }
    }
    if (!translated) {
        const ComputeBackend cpu = decision.run_on == ComputeBackend::Reference ? ComputeBackend::Reference : ComputeBackend::Cpu;
        Compute & cc = cpu == ComputeBackend::Reference ? m_reference : m_compute;
        cc.set_timing(true);
        cc.reset_stats();
        const auto t0 = std::chrono::steady_clock::now();
        r = tr.translate(cc, state.sentence, opts, &t.trace);
        t.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        bs.timing = cpu_timing(cc, t.milliseconds);
        bs.ran = cpu;
    }

    t.encoder_tokens = r.source.words;
    t.encoder_tokens.push_back("</s>");
    t.unknown = r.source.unknown;
    t.truncated = r.truncated;
    t.notices = input_notices(tr, state.sentence, r);
    t.stopped = r.decode.stop;
    if (const std::string n = stop_notice(r.decode); !n.empty()) t.notices.push_back(n);
    t.decoder_inputs.push_back("<s>");
    for (int32_t id : r.decode.tokens) {
        t.outputs.push_back(tr.target_label(id));
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

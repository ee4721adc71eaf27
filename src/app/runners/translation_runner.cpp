#include "app/runners/translation_runner.h"

#include "core/clock.h"
#include "core/tsv.h"
#include "corpus/aligned_text.h"
#include "corpus/lexicon.h"
#include "models/model_file.h"
#include "nn/attention_merge.h"
#include "platform/fetch_file.h"
#include "text/sentences.h"
#include "ui/i18n.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>

namespace attn {

namespace {

const char * const kModelFiles[] = {"en-zh_TW.safetensors", "en-de.safetensors"};
const char * const kModelNames[] = {N_("English → 中文 (台灣)"), N_("English → Deutsch")};  // shown through tr()
const char * const kSiteModelsFolder = "models/";  // on the web, beside index.html

// assets/examples.tsv: tag, English, zh_TW, de, zh alignment, de alignment (scripts/make-examples).
std::vector<ExampleSentence> load_examples(const std::string & path) {
    std::vector<ExampleSentence> out;
    std::ifstream f(path);
    std::string line;
    while (std::getline(f, line)) {
        const auto c = split_tabs(line);
        if (c.size() != 6) continue;
        out.push_back({c[0], c[1], {c[2], c[3]}, {c[4], c[5]}});
    }
    return out;
}

// The sentence of pasted text that t's tokens and maps are for.
const std::string & picked_sentence(const TranslationState & t) {
    return t.sentences.empty() ? t.sentence : t.sentences[size_t(t.sentence_index)];
}

// The example the typed sentence is, if any (the examples are the shipped models' sentences).
const ExampleSentence * example_of(const AppState & state, const std::string & sentence) {
    if (state.model >= TranslationRunner::kShippedModels) return nullptr;
    const std::vector<std::string> typed = tokenize_words(sentence);
    for (const ExampleSentence & e : state.examples)
        if (tokenize_words(e.english) == typed) return &e;
    return nullptr;
}

// The gold alignment of an example, when the typed sentence is that example and the output is its
// reference word for word (otherwise the gold links would describe other words).
void attach_gold(const AppState & state, TranslationState & t) {
    if (const ExampleSentence * e = example_of(state, picked_sentence(t))) {
        if (t.outputs.empty() || t.outputs.back() != "</s>") return;
        const std::vector<std::string> out(t.outputs.begin(), t.outputs.end() - 1);  // without </s>
        if (corpus::split_tokens(e->reference[t.model]) != out) return;
        corpus::GoldAlignment gold;
        if (!corpus::parse_alignment(e->alignment[t.model], &gold)) return;
        t.gold_sure = gold.sure;
        for (const Link & l : gold.possible)  // the heatmap outlines possible-only links thinner
            if (std::find(gold.sure.begin(), gold.sure.end(), l) == gold.sure.end()) t.gold_possible.push_back(l);
    }
}

// Per output position of t (its tokens, the final </s> included when written), the word it
// belongs to: output_word_of, and one word more for </s>.
std::vector<int> output_words_of(const TranslationState & t, const std::vector<int> & output_word_of, int words) {
    std::vector<int> out;
    for (size_t i = 0; i < t.outputs.size(); i++) out.push_back(i < output_word_of.size() ? output_word_of[i] : words);
    return out;
}

// The words view of a subword model's translation: words along the axes and every map with each
// word's pieces merged. When the output is an example's reference piece for piece, its words are
// the reference's words, so the example's gold links apply to them.
TranslationState words_view(const AppState & state, const Translator & tr, const Translation & r, TranslationState & t) {
    TranslationState w;
    w.ready = true;
    w.sentence = t.sentence;
    w.sentences = t.sentences;
    w.sentence_translations = t.sentence_translations;
    w.sentence_index = t.sentence_index;
    w.paragraph_display = t.paragraph_display;
    w.model = t.model;
    w.truncated = t.truncated;
    w.notices = t.notices;
    w.display = t.display;
    w.stopped = t.stopped;
    w.repeats_avoided = t.repeats_avoided;
    w.config = t.config;
    w.rnn = t.rnn;
    w.rnn_config = t.rnn_config;
    w.context_c = t.context_c;
    w.milliseconds = t.milliseconds;
    w.guided_layer = t.guided_layer;
    w.guided_head = t.guided_head;
    std::vector<std::string> out_words = r.output_words;
    std::vector<int> out_word_of = r.output_word_of;
    if (const ExampleSentence * e = example_of(state, picked_sentence(t))) {
        const std::vector<std::string> ref = corpus::split_tokens(e->reference[t.model]);
        std::vector<int> ref_word_of;
        std::vector<int32_t> ids = tr.reference_ids(ref, &ref_word_of);
        ids.pop_back();  // </s>
        if (ids == r.output_ids) {
            out_words = ref;
            out_word_of = ref_word_of;
        }
    }
    const int n_src = int(r.source_words.size()) + 1, n_out = int(out_words.size());  // n_src counts </s>
    t.encoder_word_of = r.source_word_of;
    t.encoder_word_of.push_back(n_src - 1);
    t.output_word_of = output_words_of(t, out_word_of, n_out);
    w.encoder_tokens = r.source_words;
    w.encoder_tokens.push_back("</s>");
    w.unknown.assign(r.source_words.size(), false);
    for (size_t i = 0; i < r.source.unknown.size(); i++)
        if (r.source.unknown[i]) w.unknown[size_t(r.source_word_of[i])] = true;
    w.outputs = out_words;
    if (t.outputs.size() > out_word_of.size()) w.outputs.push_back("</s>");
    // The decoder's positions: <s>, then each output but the last; position j reads output j-1.
    std::vector<int> dec;
    if (!t.decoder_inputs.empty()) {
        dec.push_back(0);
        w.decoder_inputs.push_back("<s>");
    }
    for (size_t j = 1; j < t.decoder_inputs.size(); j++) {
        dec.push_back(1 + t.output_word_of[j - 1]);
        if (dec.back() != dec[j - 1]) w.decoder_inputs.push_back(w.outputs[size_t(dec.back() - 1)]);
    }
    const int n_dec = int(w.decoder_inputs.size()), n_rows = int(w.outputs.size());
    for (const AttentionMap & m : t.trace.maps) {
        if (m.kind == "encoder_self") w.trace.maps.push_back(merge_attention(m, t.encoder_word_of, n_src, t.encoder_word_of, n_src));
        else if (m.kind == "decoder_self") w.trace.maps.push_back(merge_attention(m, dec, n_dec, dec, n_dec));
        else if (m.kind == "cross" || m.kind == "alignment")
            w.trace.maps.push_back(merge_attention(m, t.output_word_of, n_rows, t.encoder_word_of, n_src));
    }
    attach_gold(state, w);
    return w;
}

// An RNN translator as the attention views see it: one layer of one head, its alignment.
TransformerConfig one_map_config(const RnnConfig & r) {
    TransformerConfig c;
    c.encoder_layers = 0;
    c.decoder_layers = 1;
    c.heads = 1;
    c.d_model = r.hidden;
    c.d_ff = 0;
    c.src_vocab = r.src_vocab;
    c.tgt_vocab = r.tgt_vocab;
    c.max_positions = r.max_positions;
    return c;
}

// The CPU backends' per-op rows, from Compute's own timing (one clock pair per op call).
OpTimingTable cpu_timing(const Compute & cc, double wall_ms) {
    OpTimer timer;
    for (int i = 0; i < int(Op::Count); i++) {
        const OpStats & st = cc.stats(Op(i));
        if (st.calls) timer.add(op_name(Op(i)), st.ms, st.calls);
    }
    return timer.table(wall_ms, "CPU: a clock read around each op call");
}

} // namespace

void TranslationRunner::load(const std::string & assets_dir, AppState & state) {
    m_assets = assets_dir;
    for (Slot & s : m_slots) s = Slot{};
    state.model_names.assign(std::begin(kModelNames), std::end(kModelNames));
    state.examples = load_examples(assets_dir + "/examples.tsv");
    state.model = 0;
    if (fetch_is_instant()) {  // natively: both files are on disk, load them now
        for (int i = 0; i < 2; i++) ensure_loaded(i);
        if (m_slots[0].failed && m_slots[1].failed) {
            state.model_names.clear();
            state.translation = TranslationState{};
            state.translation.error = Message{N_("No translation model could be loaded: {0}"), {english(m_slots[0].error)}};
        }
    }
    state.request_translation(-1e9);
}

std::string TranslationRunner::model_path(int model) const { return m_assets + "/models/" + kModelFiles[model]; }

const Translator * TranslationRunner::ensure_loaded(int model) {
    Slot & s = m_slots[model];
    if (s.translator || s.failed || model >= kShippedModels) return s.translator.get();
    const std::string file = kModelFiles[model], path = model_path(model);
    const FetchState fetched = fetch_file(std::string(kSiteModelsFolder) + file, path);
    if (fetched == FetchState::Pending) return nullptr;
    if (fetched == FetchState::Failed) {
        s.failed = s.download_failed = true;
        switch (fetch_failure(path)) {
            case FetchFailure::Offline:
                s.error = {N_("{0} has not been downloaded yet, and this browser is offline: connect, then try again."),
                           {kModelNames[model]}};
                break;
            case FetchFailure::Corrupt:
                s.error = {N_("{0} arrived damaged (its bytes do not match the published SHA-256 of {1}): try again."),
                           {kModelNames[model], file}};
                break;
            case FetchFailure::NotServed:
                s.error = {N_("{0} could not be downloaded: the site did not serve {1}."),
                           {kModelNames[model], std::string(kSiteModelsFolder) + file}};
                break;
        }
        return nullptr;
    }
    auto t = std::make_unique<Translator>();
    if (Status st = Translator::load(path, t.get()); !st) {
        s.failed = true;
        s.error = {N_("{0} could not be loaded: {1}"), {kModelNames[model], st.message}};
        return nullptr;
    }
    s.translator = std::move(t);
    return s.translator.get();
}

bool TranslationRunner::follow_loading(AppState & state) {
    if (state.model < 0 || state.model >= kSlots || (state.model >= kShippedModels && !m_slots[state.model].translator)) state.model = 0;
    Slot & s = m_slots[state.model];
    if (state.translator_retry_requested) {
        state.translator_retry_requested = false;
        if (s.download_failed) {
            fetch_forget(model_path(state.model));
            s = Slot{};
        }
    }
    const bool ready = ensure_loaded(state.model) != nullptr;
    state.translator_loading.clear();
    state.translator_can_retry = s.download_failed;
    if (!ready && !s.failed) {
        state.translator_loading = {N_("Downloading the translator {0} (once)…"), {kModelNames[state.model]}};
        state.translator_progress = fetch_progress(model_path(state.model));
    }
    return ready;
}

const Translator * TranslationRunner::current(const AppState & state) const {
    if (state.model < 0 || state.model >= kSlots) return nullptr;
    return m_slots[state.model].translator.get();
}

Status TranslationRunner::use_trained(const std::string & path, const std::string & name, AppState & state) {
    auto t = std::make_unique<Translator>();
    if (Status st = Translator::load(path, t.get()); !st) return st;
    m_slots[kTrainedModel] = Slot{};
    m_slots[kTrainedModel].translator = std::move(t);
    if (m_gpu) m_gpu->forget(kTrainedModel);  // its uploaded weights were the last model's
    state.model_names.resize(kSlots);
    state.model_names[kTrainedModel] = name;
    state.model = kTrainedModel;
    state.request_translation(-1e9);
    return Status::success();
}

void TranslationRunner::update(AppState & state, double now) {
    // An embedded panel that shows no translation (a figure of the Image panel, About) fetches
    // and loads no translator: a tutorial page with several embeds pays only for what each shows.
    if (!state.share.shows_translation()) return;
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
    // A download that ends translates the sentence at once, or (run()) says why it cannot.
    const bool was_loading = !state.translator_loading.empty();
    follow_loading(state);
    if (was_loading && state.translator_loading.empty()) state.request_translation(-1e9);
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
    if (!follow_loading(state)) {  // still downloading (update() translates when it is in), or failed
        const Slot & s = m_slots[state.model];
        state.translation = TranslationState{};
        if (s.failed) state.translation.error = s.error;
        return;
    }
    const Translator & tr = *m_slots[state.model].translator;
    const bool rnn = !tr.is_transformer();
    const TransformerConfig c = rnn ? one_map_config(tr.rnn().config()) : tr.model().config();
    // A word-level model's known words, for the vocabulary browser; a subword model reads any word.
    state.vocabulary.clear();
    if (!tr.has_pieces()) {
        state.vocabulary = tr.source_vocab().tokens();
        state.vocabulary.erase(state.vocabulary.begin(), state.vocabulary.begin() + 4);  // the specials
    }
    state.target_words.clear();
    for (int32_t id = 0; id < tr.target_vocab().size(); id++) state.target_words.push_back(tr.target_label(id));

    AttentionSelection & sel = state.attention;
    if (rnn) sel.kind = AttentionKind::Cross;  // its alignment is all the attention it has
    const int layers = sel.kind == AttentionKind::EncoderSelf ? c.encoder_layers : c.decoder_layers;
    sel.layer = std::min(std::max(sel.layer, 0), layers - 1);
    sel.head = std::min(std::max(sel.head, -1), c.heads - 1);

    TranslationState t;
    t.sentence = state.sentence;
    // Pasted text goes sentence by sentence (text/sentences.h); the maps are of the picked one.
    t.sentences = split_sentences(state.sentence);
    if (t.sentences.empty()) t.sentences.push_back(state.sentence);
    state.sentence_pick = std::clamp(state.sentence_pick, 0, int(t.sentences.size()) - 1);
    t.sentence_index = state.sentence_pick;
    const std::string & picked = t.sentences[size_t(t.sentence_index)];
    t.model = state.model;
    t.config = c;
    if (rnn) {
        t.rnn = true;
        t.rnn_config = tr.rnn().config();
    }
    t.trace.capture.push_back({attention_kind_id(sel.kind), sel.layer, std::max(sel.head, 0)});
    DecodeOptions opts;
    opts.beam = std::max(1, state.beam);

    // The backend: WebGL2 when selected and possible, else a CPU backend; a GPU failure switches
    // the selection to the fast CPU path, says so, and this translation still comes out.
    refresh_backend_status(state);
    BackendStatus & bs = state.backend_status;
    BackendDecision decision = decide_backend(state.backend, bs.gl_available, bs.gl_unavailable);
    if (decision.run_on != state.backend) {
        state.backend = decision.run_on;
        bs.notice = decision.notice;
    }
    if (rnn && decision.run_on == ComputeBackend::WebGL2) {  // the selection stays for the next Transformer
        decision.run_on = ComputeBackend::Cpu;
        bs.notice = {N_("The WebGL2 path runs Transformers: this RNN translator ran on the CPU."), {}};
    }
    bs.logits_max_diff = bs.maps_max_diff = -1;
    bs.same_tokens = false;
    Translation r;
    bool translated = false;
    if (decision.run_on == ComputeBackend::WebGL2) {
        GpuTranslation g;
        std::string error;
        if (m_gpu->translate(tr, state.model, picked, opts, t.trace.capture, state.show_op_timing, &g, &error)) {
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
        const double t0 = now_ms();
        r = tr.translate(cc, picked, opts, &t.trace);
        t.milliseconds = ms_since(t0);
        bs.timing = cpu_timing(cc, t.milliseconds);
        bs.ran = cpu;
    }
    if (rnn) {  // the panels read an RNNsearch's alignment as its one cross-attention map
        for (AttentionMap & m : t.trace.maps)
            if (m.kind == "alignment") m.kind = attention_kind_id(AttentionKind::Cross);
        t.context_c = r.context_c;
    }

    t.encoder_tokens = r.source.words;
    t.encoder_tokens.push_back("</s>");
    t.unknown = r.source.unknown;
    t.truncated = r.truncated;
    for (Message & m : translation_notices(tr, picked, r)) t.notices.push_back({0, std::move(m)});
    t.stopped = r.decode.stop;
    t.repeats_avoided = r.decode.repeats_avoided;
    t.decoder_inputs.push_back("<s>");
    for (int32_t id : r.decode.tokens) {
        t.outputs.push_back(tr.target_label(id));
        t.decoder_inputs.push_back(t.outputs.back());
    }
    t.decoder_inputs.pop_back();  // the last output is never fed back: one input per output
    t.display = r.display;
    // The other sentences, on the CPU and without maps, for the whole text's translation; what
    // the reader should know about them is said too, naming the sentence.
    for (size_t i = 0; i < t.sentences.size(); i++) {
        if (int(i) == t.sentence_index) {
            t.sentence_translations.push_back(r.display);
            continue;
        }
        const Translation other = tr.translate(m_compute, t.sentences[i], opts, nullptr);
        t.sentence_translations.push_back(other.display);
        for (Message & m : translation_notices(tr, t.sentences[i], other)) t.notices.push_back({int(i) + 1, std::move(m)});
    }
    t.paragraph_display = join_sentences(t.sentence_translations, tr.chinese());
    t.ready = true;
    const auto & meta = tr.metadata();
    if (meta.count("guided_alignment_layer") && meta.count("guided_alignment_head")) {
        t.guided_layer = std::atoi(meta.at("guided_alignment_layer").c_str());
        t.guided_head = std::atoi(meta.at("guided_alignment_head").c_str());
    }
    attach_gold(state, t);
    t.pieces = tr.has_pieces();
    if (auto it = meta.find(kLoadedStorageKey); it != meta.end()) t.weights_storage = it->second;
    state.translation_words = t.pieces ? words_view(state, tr, r, t) : TranslationState{};
    sel.query = std::min(sel.query, int((sel.kind == AttentionKind::EncoderSelf ? t.encoder_tokens : t.outputs).size()) - 1);
    sel.query = std::max(sel.query, 0);
    state.translation = std::move(t);
}

} // namespace attn

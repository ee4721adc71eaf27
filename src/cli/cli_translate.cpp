// `attn translate --model M "a sentence"`: translate text with a trained translator (the model file
// carries its vocabularies) and show, for every output word, the source words its cross-attention
// looks at. `--ids` runs any Transformer on token ids instead. --json prints the whole trace:
// tokens, per-step top-k probabilities and every attention map (encoder self S×S, decoder self
// T×T, cross T×S, per layer and head).
#include "cli/cli.h"
#include "share/export_files.h"
#include "models/translator.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

namespace attn {

static void usage() {
    std::fprintf(stderr,
                 "usage: attn translate --model M.safetensors \"a sentence\" [--beam N] [--alpha A]\n"
                 "                      [--max-len N] [--backend reference|eigen|simd] [--json]\n"
                 "       attn translate --model M.safetensors --ids \"1 17 42 2\" [...]\n"
                 "  --ids      source token ids, space or comma separated (any Transformer)\n"
                 "  --beam     beam size (default 1 = greedy); --alpha length penalty (default 0.6)\n"
                 "  --json     print tokens, top-5 alternatives per step and every attention map\n"
                 "  --sentence N  pasted text is translated sentence by sentence; show the tokens and\n"
                 "             maps of sentence N (default 1)\n"
                 "  --export-json F  write every attention map with its tokens to F\n"
                 "  --export-npz F   write every attention map to F, one (layers, heads, rows, cols)\n"
                 "                   float32 array per kind (np.load(F)[\"cross\"])\n"
                 "  --export-npy F   write one kind's maps as a (layers, heads, rows, cols) .npy\n"
                 "  --export-kind K  the kind --export-npy writes: cross (default), encoder_self, decoder_self\n");
}

static bool parse_ids(const std::string & text, std::vector<int32_t> * ids) {
    std::string s = text;
    for (char & ch : s)
        if (ch == ',') ch = ' ';
    std::istringstream in(s);
    long long v;
    while (in >> v) {
        if (v < 0 || v > (1 << 30)) return false;
        ids->push_back(int32_t(v));
    }
    return in.eof() && !ids->empty();
}

static nlohmann::json trace_json(const AttentionTrace & trace) {
    nlohmann::json maps = nlohmann::json::array();
    for (const AttentionMap & m : trace.maps) {
        nlohmann::json rows = nlohmann::json::array();
        for (int r = 0; r < m.rows; r++)
            rows.push_back(std::vector<float>(m.values.begin() + int64_t(r) * m.cols,
                                              m.values.begin() + int64_t(r + 1) * m.cols));
        maps.push_back({{"kind", m.kind}, {"layer", m.layer}, {"head", m.head}, {"rows", m.rows},
                        {"cols", m.cols}, {"values", rows}});
    }
    nlohmann::json steps = nlohmann::json::array();
    for (const StepCandidates & s : trace.steps) {
        nlohmann::json top = nlohmann::json::array();
        for (const TokenAlternative & a : s.top) top.push_back({{"id", a.id}, {"prob", a.prob}});
        steps.push_back({{"chosen", s.chosen}, {"prob", s.chosen_prob}, {"top", top}});
    }
    return {{"attention", maps}, {"steps", steps}};
}

static bool choose_backend(Compute & cc, const std::string & backend) {
    if (backend.empty()) return true;
    BackendKind kind;
    if (!parse_backend_kind(backend, &kind)) { std::fprintf(stderr, "attn translate: unknown backend %s\n", backend.c_str()); return false; }
    cc.use(kind);
    return true;
}

// Text in: the translation, unknown words, and per output word where the model looks: the
// cross-attention of the Transformer's last decoder layer (averaged over its heads), or
// RNNsearch's alignment. RNNencdec looks nowhere: its decoder only ever sees C.
static int translate_text(const Translator & t, const std::string & text, const DecodeOptions & opts,
                          const std::string & backend, bool json, const ExportPaths & exports, int pick) {
    Compute cc = Compute::fastest();
    if (!choose_backend(cc, backend)) return 2;
    AttentionTrace trace;
    // A paragraph is translated sentence by sentence; the maps and tokens are those of one of them.
    const ParagraphTranslation paragraph = t.translate_paragraph(cc, text, opts, size_t(pick), &trace);
    if (size_t(pick) >= paragraph.sentences.size()) {
        std::fprintf(stderr, "attn translate: --sentence %d: the text has %zu sentence(s)\n", pick, paragraph.sentences.size());
        return 2;
    }
    const Translation & r = paragraph.translations[size_t(pick)];
    const std::string & sentence = paragraph.sentences[size_t(pick)];
    if (exports.any()) {
        AttentionExportInfo info;
        info.sentence = sentence;
        info.translation = r.display;
        info.source_tokens = r.source.words;
        info.source_tokens.push_back("</s>");
        info.decoder_tokens.push_back("<s>");
        info.decoder_tokens.insert(info.decoder_tokens.end(), r.output.begin(), r.output.end());
        // One per decoder position (the maps' rows): <s>, then each word written but the last step's.
        for (const AttentionMap & m : trace.maps)
            if (m.kind == "cross" || m.kind == "decoder_self") { info.decoder_tokens.resize(size_t(m.rows), "</s>"); break; }
        if (Status s = write_attention_exports(trace, info, exports); !s) {
            std::fprintf(stderr, "attn translate: %s\n", s.message.c_str());
            return 1;
        }
    }
    if (json) {
        nlohmann::json out = trace_json(trace);
        out["source_words"] = r.source.words;
        out["source_unknown"] = r.source.unknown;
        out["source_ids"] = r.source_ids;
        out["output_tokens"] = r.output;
        out["output_ids"] = r.decode.tokens;
        // The words view (models/translator.h): for a subword model the tokens above are pieces.
        out["pieces"] = t.has_pieces();
        out["typed_words"] = r.source_words;
        out["source_word_of"] = r.source_word_of;
        out["output_words"] = r.output_words;
        out["output_word_of"] = r.output_word_of;
        out["translation"] = r.display;
        out["truncated"] = r.truncated;
        out["stopped"] = decode_stop_name(r.decode.stop);
        out["repeats_avoided"] = r.decode.repeats_avoided;
        out["confidence"] = output_confidence(r.decode);
        out["notices"] = english(translation_notices(t, sentence, r));
        out["sentences"] = paragraph.sentences;  // the text, sentence by sentence
        std::vector<std::string> each;
        for (const Translation & s : paragraph.translations) each.push_back(s.display);
        out["sentence_translations"] = each;
        out["sentence"] = pick;                  // the one the tokens and maps above belong to
        out["paragraph_translation"] = paragraph.display;
        out["architecture"] = t.architecture();
        out["config"] = nlohmann::json::parse(t.is_transformer() ? t.model().config().to_json() : t.rnn().config().to_json());
        if (!t.is_transformer()) out["context_c"] = r.context_c;
        std::printf("%s\n", out.dump().c_str());
        return 0;
    }
    std::string shown;
    for (size_t i = 0; i < r.source.words.size(); i++)
        shown += (i ? " " : "") + (r.source.unknown[i] ? "[" + r.source.words[i] + "?]" : r.source.words[i]);
    std::printf("source:      %s\n", shown.c_str());
    // Unknown words are [bracketed?] above; the notices say why the output may look odd.
    for (const Message & n : input_notices(t, sentence, r))
        std::printf("note:        %s\n", english(n).c_str());
    if (paragraph.sentences.size() > 1) {
        std::printf("paragraph:   %zu sentences, translated one by one: %s\n", paragraph.sentences.size(), paragraph.display.c_str());
        std::printf("sentence %d:  %s\n", pick + 1, sentence.c_str());
    }
    for (const Message & n : construction_notices(sentence)) std::printf("unlearned:   %s\n", english(n).c_str());
    std::printf("translation: %s\n", r.display.c_str());
    if (const Message n = stop_notice(r.decode); !n.text.empty()) std::printf("stopped:     %s\n", english(n).c_str());
    std::printf("confidence:  %.0f%% (the mean probability the model gave its own tokens)\n", 100 * output_confidence(r.decode));
    if (const Message n = confidence_notice(r.decode); !n.text.empty()) std::printf("unsure:      %s\n", english(n).c_str());
    if (t.kind() == Translator::Kind::RnnEncDec) {
        std::printf("no attention: the decoder saw only C, the encoder's last state (%zu numbers), at every step\n",
                    r.context_c.size());
        return 0;
    }
    std::vector<float> avg;
    int rows = 0, cols = 0;
    if (t.is_transformer()) {
        const TransformerConfig & c = t.model().config();
        std::printf("cross-attention, last decoder layer, average of %d heads (output word <- source words it attends to most):\n", c.heads);
        for (const AttentionMap & m : trace.maps) {
            if (m.kind != "cross" || m.layer != c.decoder_layers - 1) continue;
            rows = m.rows;
            cols = m.cols;
            avg.resize(m.values.size(), 0.0f);
            for (size_t i = 0; i < m.values.size(); i++) avg[i] += m.values[i] / float(c.heads);
        }
    } else if (const AttentionMap * m = trace.find("alignment", 0, 0)) {
        std::printf("Bahdanau alignment (output word <- source words it attends to most):\n");
        rows = m->rows, cols = m->cols, avg = m->values;
    }
    std::vector<std::string> src_words = r.source.words;
    src_words.push_back("</s>");
    for (int row = 0; row < rows && row < int(r.output.size()); row++) {
        std::vector<int> order(static_cast<size_t>(cols));
        for (int k = 0; k < cols; k++) order[size_t(k)] = k;
        std::sort(order.begin(), order.end(), [&](int a, int b) { return avg[size_t(row * cols + a)] > avg[size_t(row * cols + b)]; });
        // Pad by display width: CJK characters take two terminal columns.
        const std::string & w = r.output[size_t(row)];
        int width = 0;
        for (size_t i = 0; i < w.size(); i++)
            if ((uint8_t(w[i]) & 0xC0) != 0x80) width += uint8_t(w[i]) >= 0xE1 ? 2 : 1;
        std::printf("  %s%*s <-", w.c_str(), std::max(0, 14 - width), "");
        for (int k = 0; k < std::min(3, cols); k++)
            std::printf("  %s %.2f", src_words[size_t(order[size_t(k)])].c_str(), avg[size_t(row * cols + order[size_t(k)])]);
        std::printf("\n");
    }
    return 0;
}

int cli_translate(int argc, char ** argv) {
    std::string model_path, ids_text, text, backend = "";
    bool have_text = false;
    DecodeOptions opts;
    bool json = false;
    int sentence_pick = 1;  // of a paragraph, the sentence whose tokens and maps are shown
    ExportPaths exports;
    for (int i = 0; i < argc; i++) {
        const std::string a = argv[i];
        const bool has = i + 1 < argc;
        if (a == "--model" && has) model_path = argv[++i];
        else if (a == "--ids" && has) ids_text = argv[++i];
        else if (a == "--beam" && has) opts.beam = std::atoi(argv[++i]);
        else if (a == "--alpha" && has) opts.length_penalty = float(std::atof(argv[++i]));
        else if (a == "--max-len" && has) opts.max_length = std::atoi(argv[++i]);
        else if (a == "--backend" && has) backend = argv[++i];
        else if (a == "--json") json = true;
        else if (a == "--sentence" && has) sentence_pick = std::atoi(argv[++i]);
        else if (a == "--export-json" && has) exports.json = argv[++i];
        else if (a == "--export-npz" && has) exports.npz = argv[++i];
        else if (a == "--export-npy" && has) exports.npy = argv[++i];
        else if (a == "--export-kind" && has) exports.npy_kind = argv[++i];
        else if ((a.empty() || a[0] != '-') && !have_text) { text = a; have_text = true; }  // "" is an (empty) sentence
        else { usage(); return 2; }
    }
    if (model_path.empty() || (ids_text.empty() && !have_text)) { usage(); return 2; }
    if (sentence_pick < 1) { std::fprintf(stderr, "attn translate: --sentence counts from 1\n"); return 2; }
    if (opts.beam < 1 || opts.beam > 64) { std::fprintf(stderr, "attn translate: --beam must be 1..64\n"); return 2; }

    if (have_text) {
        Translator t;
        if (Status st = Translator::load(model_path, &t); !st) {
            // The --ids hint only helps a good model that lacks vocabularies, not a damaged file.
            const bool no_vocab = st.message.find("not a translator") != std::string::npos;
            std::fprintf(stderr, "attn translate: %s%s\n", st.message.c_str(),
                         no_vocab ? " (use --ids for a model without vocabularies)" : "");
            return 1;
        }
        return translate_text(t, text, opts, backend, json, exports, sentence_pick - 1);
    }
    Transformer model;
    if (Status st = Transformer::load(model_path, &model); !st) {
        std::fprintf(stderr, "attn translate: %s\n", st.message.c_str());
        return 1;
    }
    std::vector<int32_t> src;
    if (!parse_ids(ids_text, &src)) {
        std::fprintf(stderr, "attn translate: --ids must be non-negative integers\n");
        return 2;
    }
    const TransformerConfig & c = model.config();
    for (int32_t id : src)
        if (id >= c.src_vocab) {
            std::fprintf(stderr, "attn translate: id %d is outside the source vocabulary (%d ids)\n", id, c.src_vocab);
            return 2;
        }
    if (int(src.size()) > c.max_positions) {
        std::fprintf(stderr, "attn translate: %zu source tokens; this model takes at most %d\n", src.size(),
                     c.max_positions);
        return 2;
    }
    Compute cc = Compute::fastest();
    if (!choose_backend(cc, backend)) return 2;
    AttentionTrace trace;
    const DecodeResult r = translate(cc, model, src, opts, json || exports.any() ? &trace : nullptr);
    if (exports.any()) {  // token ids stand in for words: this model has no vocabularies
        AttentionExportInfo info;
        for (int32_t id : src) info.source_tokens.push_back(std::to_string(id));
        for (int32_t id : r.tokens) info.decoder_tokens.push_back(std::to_string(id));
        if (Status s = write_attention_exports(trace, info, exports); !s) {
            std::fprintf(stderr, "attn translate: %s\n", s.message.c_str());
            return 1;
        }
    }
    if (!json) {
        for (size_t i = 0; i < r.tokens.size(); i++) std::printf("%s%d", i ? " " : "", r.tokens[i]);
        std::printf("\n");
        return 0;
    }
    nlohmann::json out = trace_json(trace);
    out["source_ids"] = src;
    out["output_ids"] = r.tokens;
    out["log_prob"] = r.log_prob;
    out["score"] = r.score;
    out["finished"] = r.finished;
    out["stopped"] = decode_stop_name(r.stop);
    out["repeats_avoided"] = r.repeats_avoided;
    out["beam"] = opts.beam;
    out["config"] = nlohmann::json::parse(c.to_json());
    std::printf("%s\n", out.dump().c_str());
    return 0;
}

} // namespace attn

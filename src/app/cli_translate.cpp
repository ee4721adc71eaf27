// `attn translate`: run a Transformer on token ids (a tokenizer arrives with the corpus issue) and
// print the output ids, or with --json the whole trace: tokens, per-step top-k probabilities and
// every attention map (encoder self S×S, decoder self T×T, cross T×S, per layer and head).
#include "app/cli.h"
#include "models/decode.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

namespace attn {

static void usage() {
    std::fprintf(stderr,
                 "usage: attn translate --model M.safetensors --ids \"1 17 42 2\" [--beam N] [--alpha A]\n"
                 "                      [--max-len N] [--backend reference|eigen|simd] [--json]\n"
                 "  --ids      source token ids, space or comma separated (until tokenizers exist)\n"
                 "  --beam     beam size (default 1 = greedy); --alpha length penalty (default 0.6)\n"
                 "  --json     print tokens, top-5 alternatives per step and every attention map\n");
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

int cli_translate(int argc, char ** argv) {
    std::string model_path, ids_text, backend = "";
    DecodeOptions opts;
    bool json = false;
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
        else { usage(); return 2; }
    }
    if (model_path.empty() || ids_text.empty()) { usage(); return 2; }
    if (opts.beam < 1 || opts.beam > 64) { std::fprintf(stderr, "attn translate: --beam must be 1..64\n"); return 2; }

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
    if (!backend.empty()) {
        BackendKind kind;
        if (!parse_backend_kind(backend, &kind)) { std::fprintf(stderr, "attn translate: unknown backend %s\n", backend.c_str()); return 2; }
        cc.use(kind);
    }
    AttentionTrace trace;
    const DecodeResult r = translate(cc, model, src, opts, json ? &trace : nullptr);
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
    out["beam"] = opts.beam;
    out["config"] = nlohmann::json::parse(c.to_json());
    std::printf("%s\n", out.dump().c_str());
    return 0;
}

} // namespace attn

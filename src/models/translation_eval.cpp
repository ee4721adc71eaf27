#include "models/translation_eval.h"

#include "corpus/aligned_text.h"
#include "corpus/lexicon.h"
#include "text/aer.h"
#include "text/bleu.h"

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <sstream>

namespace attn {

namespace {

// The rows × cols corner of a map (dropping the </s> row and column).
std::vector<float> corner(const AttentionMap & m, int rows, int cols) {
    std::vector<float> out(size_t(rows) * size_t(cols));
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) out[size_t(r) * size_t(cols) + size_t(c)] = m.at(r, c);
    return out;
}

} // namespace

TranslationEval evaluate_translator(Compute & cc, const Translator & t, const std::vector<EvalItem> & items,
                                    const DecodeOptions & opts, bool with_alignment) {
    TranslationEval e;
    const TransformerConfig & cfg = t.model().config();
    const int heads = cfg.decoder_layers * cfg.heads;
    // Per head (and one more for the average): Σ over sentences of the AER counts, so the result
    // is the corpus-level AER, not a mean of sentence AERs.
    std::vector<double> hit_sure(size_t(heads) + 1), hit_possible(size_t(heads) + 1), predicted(size_t(heads) + 1);
    double gold_sure = 0;
    std::vector<std::string> hyps, refs;
    int exact = 0;
    long words = 0, unknown = 0;
    for (const EvalItem & item : items) {
        const Translation tr = t.translate(cc, item.source, opts, nullptr);
        const std::vector<std::string> ref = corpus::split_tokens(item.reference);
        exact += tr.output == ref;
        hyps.push_back(tr.display);
        refs.push_back(join_for_display(ref, t.chinese()));
        words += long(tr.source.words.size());
        unknown += tr.source.unknown_count;
        if (!with_alignment || item.gold_alignment.empty()) continue;

        corpus::GoldAlignment gold;
        if (!corpus::parse_alignment(item.gold_alignment, &gold)) continue;
        const std::vector<Link> & sure = gold.sure, & possible = gold.possible;
        std::vector<int32_t> forced;
        for (const std::string & w : ref) forced.push_back(t.target_vocab().id(w));
        forced.push_back(Vocabulary::kEos);
        EncoderOutput enc;
        t.model().encode(cc, tr.source_ids, &enc, nullptr);
        AttentionTrace trace;
        record_forced_trace(cc, t.model(), enc, forced, &trace);
        const int rows = int(ref.size()), cols = int(tr.source_ids.size()) - 1;
        const int variant = std::getenv("ATTN_AER_VARIANT") ? std::atoi(std::getenv("ATTN_AER_VARIANT")) : 1;
        // Rows: reference word t is written at decoder position t (variant 2: read at t + 1, where
        // it is the input). Columns: source words plus </s>; a row whose strongest column is </s>
        // links nothing (variant 0 forces a link among the words).
        const int shift = variant == 2 ? 1 : 0, width = variant == 0 ? cols : cols + 1;
        auto score = [&](size_t h, const float * map, int map_cols) {
            for (int r = 0; r < rows; r++) {
                const float * row = map + size_t(r + shift) * size_t(map_cols);
                int best = 0;
                for (int c = 1; c < width; c++) if (row[c] > row[best]) best = c;
                if (best >= cols) continue;  // attends to </s>: no link
                const Link l{r, best};
                if (std::getenv("ATTN_AER_DEBUG") && int(h) == std::atoi(std::getenv("ATTN_AER_DEBUG")) &&
                    !std::count(possible.begin(), possible.end(), l))
                    std::fprintf(stderr, "WRONG %s -> %s\n", ref[size_t(r)].c_str(), tr.source.words[size_t(best)].c_str());
                predicted[h]++;
                hit_sure[h] += std::count(sure.begin(), sure.end(), l) > 0;
                hit_possible[h] += std::count(possible.begin(), possible.end(), l) > 0;
            }
        };
        std::vector<float> average;
        for (const AttentionMap & m : trace.maps) {
            if (m.kind != "cross") continue;
            if (average.empty()) average.assign(m.values.size(), 0.0f);
            for (size_t i = 0; i < m.values.size(); i++) average[i] += m.values[i] / float(heads);
            score(size_t(m.layer * cfg.heads + m.head), m.values.data(), m.cols);
        }
        if (!average.empty()) score(size_t(heads), average.data(), cols + 1);
        gold_sure += double(sure.size());
        e.has_alignment = true;
    }
    e.sentences = int(items.size());
    e.bleu = corpus_bleu(hyps, refs, t.chinese() ? BleuTokenizer::Zh : BleuTokenizer::Tok13a).bleu;
    e.exact_match = items.empty() ? 0 : double(exact) / double(items.size());
    e.unknown_word_rate = words ? double(unknown) / double(words) : 0;
    e.hypotheses = std::move(hyps);
    if (e.has_alignment) {
        // AER = 1 − (|A∩S| + |A∩P|) / (|A| + |S|)  (Och & Ney 2003)
        auto aer = [&](size_t h) { return 1.0 - (hit_sure[h] + hit_possible[h]) / (predicted[h] + gold_sure); };
        for (int h = 0; h < heads; h++) {
            e.aer_by_head.push_back(aer(size_t(h)));
            if (e.aer_by_head.back() < e.aer_best) {
                e.aer_best = e.aer_by_head.back();
                e.best_layer = h / cfg.heads;
                e.best_head = h % cfg.heads;
            }
        }
        e.aer_head_average = aer(size_t(heads));
    }
    return e;
}

} // namespace attn

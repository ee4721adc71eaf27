#include "models/translation_eval.h"

#include "corpus/aligned_text.h"
#include "corpus/lexicon.h"
#include "nn/attention_merge.h"
#include "text/aer.h"
#include "text/bleu.h"

#include <algorithm>
#include <sstream>

namespace attn {

double reference_bleu(const std::vector<std::string> & hypotheses, const std::vector<EvalItem> & items, bool chinese) {
    std::vector<std::string> refs;
    refs.reserve(items.size());
    // The reference as a translator would display it, so both sides went through the same joining.
    for (const EvalItem & item : items) refs.push_back(join_for_display(corpus::split_tokens(item.reference), chinese));
    return corpus_bleu(hypotheses, refs, chinese ? BleuTokenizer::Zh : BleuTokenizer::Tok13a).bleu;
}

TranslationEval evaluate_translator(Compute & cc, const Translator & t, const std::vector<EvalItem> & items,
                                    const DecodeOptions & opts, bool with_alignment) {
    TranslationEval e;
    // The maps AER reads: every cross-attention head of the Transformer, RNNsearch's one
    // alignment; RNNencdec has none.
    const bool transformer = t.is_transformer();
    const int heads_per_layer = transformer ? t.model().config().heads : 1;
    const int heads = transformer ? t.model().config().decoder_layers * heads_per_layer
                    : t.kind() == Translator::Kind::RnnSearch ? 1 : 0;
    with_alignment = with_alignment && heads > 0;
    const char * map_kind = transformer ? "cross" : "alignment";
    // Per head (and one more for the average): Σ over sentences of the AER counts, so the result
    // is the corpus-level AER, not a mean of sentence AERs.
    std::vector<double> hit_sure(size_t(heads) + 1), hit_possible(size_t(heads) + 1), predicted(size_t(heads) + 1);
    double gold_sure = 0;
    std::vector<std::string> hyps;
    int exact = 0;
    long words = 0, unknown = 0;
    for (const EvalItem & item : items) {
        const Translation tr = t.translate(cc, item.source, opts, nullptr);
        const std::vector<std::string> ref = corpus::split_tokens(item.reference);
        exact += t.has_pieces() ? tr.display == join_for_display(ref, t.chinese()) : tr.output == ref;
        hyps.push_back(tr.display);
        words += long(tr.source.words.size());
        unknown += tr.source.unknown_count;
        if (!with_alignment || item.gold_alignment.empty()) continue;

        corpus::GoldAlignment gold;
        if (!corpus::parse_alignment(item.gold_alignment, &gold)) continue;
        const std::vector<Link> & sure = gold.sure, & possible = gold.possible;
        // The forced pass writes the reference's tokens (pieces, for a subword model); the maps
        // are then read as word maps (nn/attention_merge.h), since the gold links join words.
        std::vector<int> target_word_of;
        const std::vector<int32_t> forced = t.reference_ids(ref, &target_word_of);
        AttentionTrace trace = t.forced_cross_attention(cc, tr.source_ids, forced);
        const int rows = int(ref.size()), cols = int(tr.source_words.size());
        if (t.has_pieces()) {
            std::vector<int> row_word = target_word_of, col_word = tr.source_word_of;
            row_word.push_back(rows);  // </s> rows and columns: a word of their own
            col_word.push_back(cols);
            for (AttentionMap & m : trace.maps) m = merge_attention(m, row_word, rows + 1, col_word, cols + 1);
        }
        // Row r: the weights while writing reference word r. Columns: source words plus </s>; a row
        // whose strongest column is </s> links nothing.
        auto score = [&](size_t h, const float * map, int map_cols) {
            for (int r = 0; r < rows; r++) {
                const float * row = map + size_t(r) * size_t(map_cols);
                int best = 0;
                for (int c = 1; c <= cols; c++) if (row[c] > row[best]) best = c;
                if (best >= cols) continue;  // attends to </s>: no link
                const Link l{r, best};
                predicted[h]++;
                hit_sure[h] += std::count(sure.begin(), sure.end(), l) > 0;
                hit_possible[h] += std::count(possible.begin(), possible.end(), l) > 0;
            }
        };
        std::vector<float> average;
        for (const AttentionMap & m : trace.maps) {
            if (m.kind != map_kind) continue;
            if (average.empty()) average.assign(m.values.size(), 0.0f);
            for (size_t i = 0; i < m.values.size(); i++) average[i] += m.values[i] / float(heads);
            score(size_t(m.layer * heads_per_layer + m.head), m.values.data(), m.cols);
        }
        if (!average.empty()) score(size_t(heads), average.data(), cols + 1);
        gold_sure += double(sure.size());
        e.has_alignment = true;
    }
    e.sentences = int(items.size());
    e.bleu = reference_bleu(hyps, items, t.chinese());
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
                e.best_layer = h / heads_per_layer;
                e.best_head = h % heads_per_layer;
            }
        }
        e.aer_head_average = aer(size_t(heads));
    }
    return e;
}

} // namespace attn

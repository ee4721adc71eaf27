#include "models/translation_eval.h"

#include "text/aer.h"
#include "text/bleu.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace attn {

namespace {

std::vector<std::string> split_spaces(const std::string & s) {
    std::vector<std::string> v;
    std::stringstream ss(s);
    std::string w;
    while (ss >> w) v.push_back(w);
    return v;
}

// "3-4 5p6" (source-target) → sure and possible (target, source) links.
void parse_gold(const std::string & text, std::vector<Link> * sure, std::vector<Link> * possible) {
    std::stringstream ss(text);
    std::string item;
    while (ss >> item) {
        const size_t sep = item.find_first_of("-p");
        if (sep == std::string::npos || sep == 0) continue;
        const int s = std::atoi(item.c_str()), t = std::atoi(item.c_str() + sep + 1);
        if (item[sep] == '-') sure->push_back({t, s});
        possible->push_back({t, s});
    }
}

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
        const std::vector<std::string> ref = split_spaces(item.reference);
        exact += tr.output == ref;
        hyps.push_back(tr.display);
        refs.push_back(join_for_display(ref, t.chinese()));
        words += long(tr.source.words.size());
        unknown += tr.source.unknown_count;
        if (!with_alignment || item.gold_alignment.empty()) continue;

        std::vector<Link> sure, possible;
        parse_gold(item.gold_alignment, &sure, &possible);
        std::vector<int32_t> forced;
        for (const std::string & w : ref) forced.push_back(t.target_vocab().id(w));
        forced.push_back(Vocabulary::kEos);
        EncoderOutput enc;
        t.model().encode(cc, tr.source_ids, &enc, nullptr);
        AttentionTrace trace;
        record_forced_trace(cc, t.model(), enc, forced, &trace);
        const int rows = int(ref.size()), cols = int(tr.source_ids.size()) - 1;
        std::vector<float> average(size_t(rows) * size_t(cols), 0.0f);
        for (const AttentionMap & m : trace.maps) {
            if (m.kind != "cross") continue;
            const std::vector<float> c = corner(m, rows, cols);
            for (size_t i = 0; i < c.size(); i++) average[i] += c[i] / float(heads);
            const size_t h = size_t(m.layer * cfg.heads + m.head);
            for (const Link & l : links_from_attention(c.data(), rows, cols)) {
                predicted[h]++;
                hit_sure[h] += std::count(sure.begin(), sure.end(), l) > 0;
                hit_possible[h] += std::count(possible.begin(), possible.end(), l) > 0;
            }
        }
        for (const Link & l : links_from_attention(average.data(), rows, cols)) {
            predicted[size_t(heads)]++;
            hit_sure[size_t(heads)] += std::count(sure.begin(), sure.end(), l) > 0;
            hit_possible[size_t(heads)] += std::count(possible.begin(), possible.end(), l) > 0;
        }
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

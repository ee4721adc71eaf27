#include "train/toy_score.h"

#include "corpus/lexicon.h"
#include "text/bleu.h"

#include <algorithm>

namespace attn {

int toy_attention_target(ToyTask task, int source_symbols, int row) {
    switch (task) {
    case ToyTask::Copy: return row;
    case ToyTask::Reverse: return source_symbols - 1 - row;
    case ToyTask::Sort:
    case ToyTask::MiniEnDe:
    case ToyTask::MiniEnZh: return -1;
    }
    return -1;
}

namespace {

// Tallies of one held-out check.
struct Tally {
    std::vector<int> hits;  // per head of the last attention layer
    int correct = 0;
    std::vector<int> seen_by_length, correct_by_length;

    void sequence(int length, bool right) {
        correct += right;
        if (size_t(length) >= seen_by_length.size()) seen_by_length.resize(size_t(length) + 1), correct_by_length.resize(size_t(length) + 1);
        seen_by_length[size_t(length)]++;
        correct_by_length[size_t(length)] += right;
    }
    // Each head's map of the last layer, `rows` rows scored of a rows_total × cols map.
    template <class RowIsRight>
    void attention(const ToyModel & model, const std::vector<float> & maps, int rows, int rows_total, int cols, RowIsRight is_right) {
        const int heads = model.attention_heads(), last = model.attention_layers() - 1;
        if (last < 0) return;
        hits.resize(size_t(heads));
        for (int h = 0; h < heads; h++) {
            const float * map = maps.data() + size_t(last * heads + h) * size_t(rows_total) * size_t(cols);
            for (int r = 0; r < rows; r++) {
                const float * row = map + size_t(r * cols);
                hits[size_t(h)] += is_right(r, int(std::max_element(row, row + cols) - row));
            }
        }
    }
    ToyScore score(size_t examples, int rows) const {
        ToyScore s;
        s.rows = rows;
        s.exact_match = examples ? double(correct) / double(examples) : 0.0;
        for (size_t n = 0; n < seen_by_length.size(); n++)
            s.exact_by_length.push_back(seen_by_length[n] ? double(correct_by_length[n]) / seen_by_length[n] : -1.0);
        for (size_t h = 0; h < hits.size(); h++) {
            s.head_follows.push_back(rows ? double(hits[h]) / rows : 0.0);
            if (s.best_head < 0 || hits[h] > hits[size_t(s.best_head)]) s.best_head = int(h);
        }
        return s;
    }
};

} // namespace

ToyScore score_toy_task(Compute & cc, const ToyModel & model, ToyTask task, const std::vector<Example> & heldout,
                        size_t limit) {
    const size_t n_examples = limit > 0 ? std::min(limit, heldout.size()) : heldout.size();
    Tally tally;
    int rows = 0;
    for (size_t i = 0; i < n_examples; i++) {
        const Example & e = heldout[i];
        std::vector<int32_t> want = e.tgt;
        want.push_back(kToyEos);
        const ToyReading reading = model.read(cc, e.src, want, int(want.size()) + 2);
        const int n = int(e.src.size()) - 1;  // symbols; the source ends with EOS
        tally.sequence(n, reading.answer == want);
        rows += n;
        tally.attention(model, reading.maps, n, int(want.size()), int(e.src.size()), [&](int r, int argmax) {
            const int target = toy_attention_target(task, n, r);
            return target >= 0 ? argmax == target : argmax < n && e.src[size_t(argmax)] == e.tgt[size_t(r)];
        });
    }
    return tally.score(n_examples, rows);
}

ToyScore score_corpus_task(Compute & cc, const ToyModel & model, const MiniCorpus & corpus, size_t limit) {
    const ParallelData & heldout = corpus.heldout;
    const size_t n_examples = limit > 0 ? std::min(limit, heldout.examples.size()) : heldout.examples.size();
    const bool chinese = corpus.lang == "zh_TW";
    Tally tally;
    int rows = 0;
    std::vector<std::string> hypotheses, references;
    for (size_t i = 0; i < n_examples; i++) {
        const Example & e = heldout.examples[i];
        std::vector<int32_t> want = e.tgt;
        want.push_back(Vocabulary::kEos);
        // Room for a translation somewhat longer than the reference, as a wrong one may be.
        const ToyReading reading = model.read(cc, e.src, want, 2 * int(want.size()) + 4);
        const int n = int(e.src.size()) - 1;  // words; the source ends with </s>
        tally.sequence(n, reading.answer == want);
        // The gold links of each output word to English words (not to </s>).
        std::vector<std::vector<int>> links(e.tgt.size());
        for (const auto & [t, s] : e.alignment)
            if (t < int(e.tgt.size()) && s < n) links[size_t(t)].push_back(s);
        int linked = 0;
        for (const auto & l : links) linked += !l.empty();
        rows += linked;
        tally.attention(model, reading.maps, int(e.tgt.size()), int(want.size()), int(e.src.size()), [&](int r, int argmax) {
            const auto & l = links[size_t(r)];
            return !l.empty() && std::find(l.begin(), l.end(), argmax) != l.end();
        });
        std::vector<std::string> words;
        for (int32_t t : reading.answer) words.push_back(heldout.tgt_vocab.token(t));
        hypotheses.push_back(join_for_display(words, chinese));
        // The corpus's own words: one the mini split never uses is still in the reference.
        references.push_back(join_for_display(corpus::split_tokens(target_text(heldout.rows[i], corpus.lang)), chinese));
    }
    ToyScore score = tally.score(n_examples, rows);
    score.bleu = corpus_bleu(hypotheses, references, chinese ? BleuTokenizer::Zh : BleuTokenizer::Tok13a).bleu;
    return score;
}

} // namespace attn

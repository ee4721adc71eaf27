#include "train/toy_score.h"

#include "models/decode.h"

#include <algorithm>

namespace attn {

int toy_attention_target(ToyTask task, int source_symbols, int row) {
    switch (task) {
    case ToyTask::Copy: return row;
    case ToyTask::Reverse: return source_symbols - 1 - row;
    case ToyTask::Sort: return -1;
    }
    return -1;
}

ToyScore score_toy_task(Compute & cc, const Transformer & model, ToyTask task, const std::vector<Example> & heldout,
                        size_t limit) {
    const TransformerConfig & c = model.config();
    const size_t n_examples = limit > 0 ? std::min(limit, heldout.size()) : heldout.size();
    ToyScore score;
    std::vector<int> hits(size_t(c.heads), 0);
    int correct = 0;
    for (size_t i = 0; i < n_examples; i++) {
        const Example & e = heldout[i];
        std::vector<int32_t> want = e.tgt;
        want.push_back(c.eos_id);
        EncoderOutput enc;
        model.encode(cc, e.src, &enc, nullptr);
        // Symbol answers repeat ("3 3 3"), so no repetition is turned down.
        correct += greedy_decode(cc, model, enc, int(want.size()) + 2, RepeatRule::off()).tokens == want;

        AttentionTrace trace;
        record_forced_trace(cc, model, enc, want, &trace);
        const int n = int(e.src.size()) - 1;  // symbols; the source ends with EOS
        for (int h = 0; h < c.heads; h++) {
            const AttentionMap * map = trace.find("cross", c.decoder_layers - 1, h);
            if (!map) continue;
            for (int r = 0; r < std::min(n, map->rows); r++) {
                int argmax = 0;
                for (int col = 1; col < map->cols; col++)
                    if (map->at(r, col) > map->at(r, argmax)) argmax = col;
                const int target = toy_attention_target(task, n, r);
                hits[size_t(h)] += target >= 0 ? argmax == target : argmax < n && e.src[size_t(argmax)] == e.tgt[size_t(r)];
            }
        }
        score.rows += n;
    }
    score.exact_match = n_examples ? double(correct) / double(n_examples) : 0.0;
    for (int h = 0; h < c.heads; h++) {
        score.head_follows.push_back(score.rows ? double(hits[size_t(h)]) / score.rows : 0.0);
        if (score.best_head < 0 || hits[size_t(h)] > hits[size_t(score.best_head)]) score.best_head = h;
    }
    return score;
}

} // namespace attn

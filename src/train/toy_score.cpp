#include "train/toy_score.h"

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

ToyScore score_toy_task(Compute & cc, const ToyModel & model, ToyTask task, const std::vector<Example> & heldout,
                        size_t limit) {
    const size_t n_examples = limit > 0 ? std::min(limit, heldout.size()) : heldout.size();
    const int heads = model.attention_heads(), last = model.attention_layers() - 1;
    ToyScore score;
    std::vector<int> hits(size_t(heads), 0);
    int correct = 0;
    std::vector<int> seen_by_length, correct_by_length;
    for (size_t i = 0; i < n_examples; i++) {
        const Example & e = heldout[i];
        std::vector<int32_t> want = e.tgt;
        want.push_back(kToyEos);
        const ToyReading reading = model.read(cc, e.src, want, int(want.size()) + 2);
        const bool right = reading.answer == want;
        const int n = int(e.src.size()) - 1;  // symbols; the source ends with EOS
        correct += right;
        if (size_t(n) >= seen_by_length.size()) seen_by_length.resize(size_t(n) + 1), correct_by_length.resize(size_t(n) + 1);
        seen_by_length[size_t(n)]++;
        correct_by_length[size_t(n)] += right;
        score.rows += n;
        if (last < 0) continue;
        const std::vector<float> & maps = reading.maps;
        const int cols = int(e.src.size());
        for (int h = 0; h < heads; h++) {
            const float * map = maps.data() + size_t(last * heads + h) * want.size() * size_t(cols);
            for (int r = 0; r < n; r++) {
                const float * row = map + size_t(r * cols);
                const int argmax = int(std::max_element(row, row + cols) - row);
                const int target = toy_attention_target(task, n, r);
                hits[size_t(h)] += target >= 0 ? argmax == target : argmax < n && e.src[size_t(argmax)] == e.tgt[size_t(r)];
            }
        }
    }
    score.exact_match = n_examples ? double(correct) / double(n_examples) : 0.0;
    for (size_t n = 0; n < seen_by_length.size(); n++)
        score.exact_by_length.push_back(seen_by_length[n] ? double(correct_by_length[n]) / seen_by_length[n] : -1.0);
    for (int h = 0; h < heads; h++) {
        score.head_follows.push_back(score.rows ? double(hits[size_t(h)]) / score.rows : 0.0);
        if (score.best_head < 0 || hits[size_t(h)] > hits[size_t(score.best_head)]) score.best_head = h;
    }
    return score;
}

} // namespace attn

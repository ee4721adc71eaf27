// Re-scores translators by source length (models/length_buckets.h) on a small sample, a few
// sentences per call, so the UI stays responsive while it runs: the app calls step() once per
// frame with a time budget and shows progress(). Each (sentence, model) pair is translated once,
// greedily, then each model's hypotheses are scored per bucket.
#pragma once
#include "models/length_buckets.h"

#include <string>
#include <vector>

namespace attn {

// The sample file (assets/mini-test.tsv, corpus row format) as evaluation items for one target
// language ("zh_TW" or "de").
Status read_eval_items(const std::string & path, const std::string & language, std::vector<EvalItem> * out);

class BleuRecompute {
public:
    // The translators must stay alive until the job finishes or is cancelled.
    void start(std::vector<EvalItem> items, std::vector<const Translator *> models);
    void cancel() { *this = BleuRecompute{}; }
    bool running() const { return !m_models.empty() && !m_finished; }
    bool finished() const { return m_finished; }
    // Translates pairs until budget_ms has passed (always at least one); scores after the last.
    void step(Compute & cc, double budget_ms);
    float progress() const;                              // 0…1
    const std::vector<LengthBleu> & scores() const { return m_scores; }  // per model, once finished()

private:
    std::vector<EvalItem> m_items;
    std::vector<const Translator *> m_models;
    std::vector<std::vector<std::string>> m_hypotheses;  // [model][item]
    size_t m_next = 0;                                   // pair index: item-major, so every model advances together
    bool m_finished = false;
    std::vector<LengthBleu> m_scores;
};

} // namespace attn

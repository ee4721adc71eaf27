// What the Compare panel shows: one sentence through the three translators of the attention story
// (Bahdanau et al. 2015, then Vaswani et al. 2017), side by side. Filled by app/runners/compare_runner.h,
// read by ui/panels/panel_compare.cpp and app/state_json.cpp; plain data, no ImGui.
#pragma once
#include "core/message.h"
#include "nn/attention_trace.h"
#include "train/line_chart.h"  // LineChart: categories (length buckets) × one series per model

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

// The three architectures, in the order the story (and the panel) tells it.
enum class CompareModel : int { RnnEncDec = 0, RnnSearch = 1, Transformer = 2 };
constexpr int kCompareModels = 3;
// The timings are the best of this many runs: one run of a fraction of a millisecond on a busy
// machine measures the scheduler as much as the encoder.
constexpr int kCompareTimingRuns = 3;
const char * compare_architecture(CompareModel m);  // "rnn_encdec", "rnn_search", "transformer"
const char * compare_title(CompareModel m);         // "RNNencdec", "RNNsearch", "Transformer"
const char * compare_subtitle(CompareModel m);      // what the decoder sees of the sentence

// One model's run on the sentence.
struct ComparedTranslation {
    Message error;                          // why there is no translation (model file missing, ...)
    int64_t parameters = 0;
    std::string display;                    // the translation as text
    std::vector<std::string> outputs;       // output tokens, ending in </s>
    std::vector<float> probabilities;       // the probability the model gave each output token
    double encoder_ms = 0, decoder_ms = 0;
    std::vector<double> encoder_step_ms;    // RNNs: one per source token, in reading order
    bool ok() const { return error.empty(); }
};

// BLEU per 5-word source-length bucket, one series per model (labels: compare_title).
struct CompareBleu {
    Message shipped_error;                  // why the shipped numbers are missing
    LineChart shipped;                      // assets/models/bleu-by-length.csv, this language's columns
    LineChart recomputed;                   // from the mini test set; empty until recomputed
    bool recompute_requested = false;       // set by the panel's button
    Message recompute_error;                // why it could not start
    bool running = false;
    float progress = 0;                     // 0…1 while running
    int sentences = 0;                      // in the mini test set
    bool show_recomputed = false;           // which of the two the chart shows
};

struct CompareState {
    bool ready = false;                     // the fields below describe `sentence`
    Message message;                        // loading, or why nothing can be compared
    std::string sentence, language;         // what was compared ("zh_TW" / "de")
    std::vector<std::string> source;        // the English tokens (words, or pieces) as the models read them, then </s>
    ComparedTranslation models[kCompareModels];
    std::vector<float> context_c;           // RNNencdec's C: the encoder's last state, n values
    AttentionMap alignment;                 // RNNsearch: output tokens × source tokens, rows sum to 1
    std::vector<AttentionMap> cross;        // the Transformer's cross-attention, every layer and head
    int transformer_layers = 0, transformer_heads = 0;
    int cross_layer = -1, cross_head = -1;  // the map shown: layer -1 = the last, head -1 = mean of heads
    CompareBleu bleu;

    const ComparedTranslation & operator[](CompareModel m) const { return models[int(m)]; }
    ComparedTranslation & operator[](CompareModel m) { return models[int(m)]; }
};

} // namespace attn

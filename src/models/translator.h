// A trained translator: a Transformer or an RNN translator (RNNencdec / RNNsearch) with its
// source and target vocabularies, read from one model file (the vocabularies travel in its
// metadata), and text in, text out: the typed sentence is tokenised, unknown words are flagged
// (and become <unk>), and the output is joined for display.
#pragma once
#include "models/decode.h"
#include "models/rnn_decode.h"
#include "text/vocab.h"

#include <string>
#include <string_view>
#include <vector>

namespace attn {

struct Translation {
    EncodedText source;                    // the words, their ids and which are unknown
    std::vector<int32_t> source_ids;       // as the encoder saw them: words, then </s>
    std::vector<std::string> output;       // output tokens without </s>
    std::string display;                   // joined for reading (Chinese without spaces)
    DecodeResult decode;
    bool truncated = false;                // the input had more words than the model takes
    // Timing for the Compare panel's strip: the encoder's wall time (one parallel pass for the
    // Transformer; for an RNN also each sequential step) and the decoder's. RNNs also give C.
    double encoder_ms = 0.0, decoder_ms = 0.0;
    std::vector<double> encoder_step_ms;   // RNN only
    std::vector<float> context_c;          // RNN only: the encoder's last forward state
};

// What to tell the reader when decoding did not end with </s> (empty when it did): the output hit
// the length cap, or it began repeating itself and was cut. Either way it is unreliable.
std::string stop_notice(const DecodeResult & r);

class Translator {
public:
    enum class Kind { Transformer, RnnEncDec, RnnSearch };

    // Either architecture, told apart by the file's "format" metadata.
    static Status load(const std::string & path, Translator * out);
    // From a loaded model whose metadata holds "src_vocab", "tgt_vocab" and "target_language".
    static Status from_model(Transformer model, Translator * out);
    static Status from_model(RnnModel model, Translator * out);

    // Empty or all-unknown input is not an error: it translates to whatever the model says for
    // it, and the flags say why. Input longer than the model's positions is cut (truncated).
    // RNNs decode greedily whatever opts.beam says (rnn_decode.h).
    Translation translate(Compute & cc, std::string_view text, const DecodeOptions & opts, AttentionTrace * trace) const;

    // Cross-attention maps of a teacher-forced pass over `output` (reference ids ending in </s>):
    // the Transformer's "cross" maps for every layer and head, RNNsearch's "alignment" map,
    // nothing for RNNencdec (it has no attention).
    AttentionTrace forced_cross_attention(Compute & cc, const std::vector<int32_t> & source_ids,
                                          const std::vector<int32_t> & output) const;

    Kind kind() const { return m_kind; }
    bool is_transformer() const { return m_kind == Kind::Transformer; }
    const char * architecture() const;     // "transformer", "rnn_encdec", "rnn_search"
    const Transformer & model() const { return m_model; }  // is_transformer() only
    const RnnModel & rnn() const { return m_rnn; }         // RNNs only
    const std::map<std::string, std::string> & metadata() const;
    int64_t parameter_count() const;
    const Vocabulary & source_vocab() const { return m_src; }
    const Vocabulary & target_vocab() const { return m_tgt; }
    const std::string & target_language() const { return m_target; }  // "zh_TW" or "de"
    bool chinese() const { return m_target.rfind("zh", 0) == 0; }
    int max_source_words() const;

private:
    Status read_vocabularies(const std::map<std::string, std::string> & meta, int src_size, int tgt_size);

    Kind m_kind = Kind::Transformer;
    Transformer m_model;
    RnnModel m_rnn;
    Vocabulary m_src, m_tgt;
    std::string m_target;
};

} // namespace attn

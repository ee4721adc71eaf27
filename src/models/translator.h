// A trained translator: the Transformer with its source and target vocabularies, read from one
// model file (the vocabularies travel in its metadata), and text in, text out: the typed sentence
// is tokenised, unknown words are flagged (and become <unk>), and the output is joined for display.
#pragma once
#include "models/decode.h"
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
};

class Translator {
public:
    static Status load(const std::string & path, Translator * out);
    // From a loaded model whose metadata holds "src_vocab", "tgt_vocab" and "target_language".
    static Status from_model(Transformer model, Translator * out);

    // Empty or all-unknown input is not an error: it translates to whatever the model says for
    // it, and the flags say why. Input longer than the model's positions is cut (truncated).
    Translation translate(Compute & cc, std::string_view text, const DecodeOptions & opts, AttentionTrace * trace) const;

    const Transformer & model() const { return m_model; }
    const Vocabulary & source_vocab() const { return m_src; }
    const Vocabulary & target_vocab() const { return m_tgt; }
    const std::string & target_language() const { return m_target; }  // "zh_TW" or "de"
    bool chinese() const { return m_target.rfind("zh", 0) == 0; }
    int max_source_words() const { return m_model.config().max_positions - 1; }

private:
    Transformer m_model;
    Vocabulary m_src, m_tgt;
    std::string m_target;
};

} // namespace attn

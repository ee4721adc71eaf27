// A trained translator: a Transformer or an RNN translator (RNNencdec / RNNsearch) with its
// source and target vocabularies, read from one model file (the vocabularies travel in its
// metadata), and text in, text out: the typed sentence is tokenised, and the output is joined for
// display.
//
// Two kinds of model file: word-level (unknown words are flagged and become <unk>), and subword
// (metadata "pieces": one SentencePiece model for both sides, text/subword.h). A subword model
// reads and writes pieces; nothing becomes <unk>, because characters the pieces lack fall back to
// bytes. Its Translation keeps both views: the pieces the model saw and wrote (source.words and
// output, as labels) and the words the reader typed and reads (source_words, output_words), with
// the word each piece belongs to. For a word-level model both views are the same.
#pragma once
#include "core/message.h"
#include "models/decode.h"
#include "models/rnn_decode.h"
#include "text/subword.h"
#include "text/vocab.h"

#include <string>
#include <string_view>
#include <vector>

namespace attn {

struct Translation {
    EncodedText source;                    // the tokens the encoder saw (words, or pieces as labels),
                                           // their ids and which are unknown (pieces: never seen in training)
    std::vector<int32_t> source_ids;       // as the encoder saw them: words, then </s>
    std::vector<std::string> output;       // output tokens without </s> (pieces: their labels)
    std::vector<int32_t> output_ids;       // the same as ids
    // The words view: the typed words, and for every source token the word it belongs to; the
    // output's words as displayed, and for every output token its word. Chinese output has no
    // spaces to go by, so each of its pieces is a word of its own.
    std::vector<std::string> source_words, output_words;
    std::vector<int> source_word_of, output_word_of;
    std::string display;                   // joined for reading (Chinese without spaces)
    DecodeResult decode;
    bool truncated = false;                // the input had more words than the model takes
    // Timing for the Compare panel's strip: the encoder's wall time (one parallel pass for the
    // Transformer; for an RNN also each sequential step) and the decoder's. RNNs also give C.
    double encoder_ms = 0.0, decoder_ms = 0.0;
    std::vector<double> encoder_step_ms;   // RNN only
    std::vector<float> context_c;          // RNN only: the encoder's last forward state
};

// Pasted text, sentence by sentence (text/sentences.h): each sentence translated on its own, so
// the model's length limit applies per sentence.
struct ParagraphTranslation {
    std::vector<std::string> sentences;    // the text's sentences as typed
    std::vector<Translation> translations; // one per sentence
    std::string display;                   // the translations joined as the target language writes them
};

class Translator;
// What to tell the reader about the sentence itself (text/sentence_notice.h): empty, repaired
// bytes, words out of the vocabulary (a subword model: words with pieces no training sentence
// had), cut at the model's limit.
std::vector<Message> input_notices(const Translator & t, std::string_view text, const Translation & r);

// What to tell the reader when decoding did not end with </s> (no text when it did): the output
// hit the length cap, so it is unreliable.
Message stop_notice(const DecodeResult & r);
// What to tell the reader when the decoder turned down a repetition the model wanted
// (repeating_tokens in decode.h); no text when it did not.
Message repeat_notice(const DecodeResult & r);

// How sure the model was of what it wrote: the geometric mean of the probabilities it gave its
// own output tokens, </s> included (exp of the mean log-probability); 1 for no tokens.
double output_confidence(const DecodeResult & r);
// Below this, a finished translation is flagged as a guess. Trained with label smoothing 0.1, a
// model sure of a token gives it about 0.9, and on sentences like those it learned the mean stays
// near there (the shipped Transformer: never under 0.89 on its test sentences); 0.7 is well below.
constexpr double kLowConfidence = 0.7;
// The notice for a finished translation under kLowConfidence; no text otherwise (a stopped one
// has its stop_notice).
Message confidence_notice(const DecodeResult & r);

// A notice for each construction of English the translators' grammar does not make
// (corpus/unlearned_constructions.h): the passive, the conditional, have to …, each named with the
// typed words that show it.
std::vector<Message> construction_notices(std::string_view text);

// Everything to tell the reader about one sentence's translation: input_notices, the construction
// notice, then the stop or low-confidence notice and the repetition notice.
std::vector<Message> translation_notices(const Translator & t, std::string_view text, const Translation & r);

class Translator {
public:
    enum class Kind { Transformer, RnnEncDec, RnnSearch };

    // Either architecture, told apart by the file's "format" metadata.
    // keep_compact: a Transformer's F16/I8 matrices stay as stored and the kernels widen them as
    // they read (half or a quarter of the memory). Off by default because it is slower today:
    // one decoder step of the everyday translator takes 1.3x (F16) and 1.2x (I8) as long natively,
    // 2.2x and 3.7x under node's wasm (docs/models.md).
    static Status load(const std::string & path, Translator * out, bool keep_compact = false);
    // From a loaded model whose metadata holds "src_vocab", "tgt_vocab" and "target_language".
    static Status from_model(Transformer model, Translator * out);
    static Status from_model(RnnModel model, Translator * out);

    // Empty or all-unknown input is not an error: it translates to whatever the model says for
    // it, and the flags say why. Input longer than the model's positions is cut (truncated).
    // RNNs decode greedily whatever opts.beam says (rnn_decode.h).
    Translation translate(Compute & cc, std::string_view text, const DecodeOptions & opts, AttentionTrace * trace) const;
    // The options this model decodes with: `requested`, with its repeat rule: digits are never
    // turned down (numbers repeat them), and a model of a symbol task (the Train panel's copy,
    // reverse, sort: metadata "task") turns nothing down, since its right answers repeat symbols
    // ("3 3 3"). translate() applies it; so must any other decoder.
    DecodeOptions decode_options(const DecodeOptions & requested) const;
    // Every sentence of the text; the maps (trace) of sentence `traced` only. Text without any
    // sentence is translated as one (empty) sentence, so there is always at least one.
    ParagraphTranslation translate_paragraph(Compute & cc, std::string_view text, const DecodeOptions & opts,
                                             size_t traced, AttentionTrace * trace) const;

    // Fills t's output fields (output_ids, output, output_words, output_word_of, display) from
    // t->decode: translate() does it, and so does any other decoder (the GPU path).
    void fill_output(Translation * t) const;

    // A reference translation (target words, as the corpus writes them) as the ids the decoder
    // would write, ending in </s>; with pieces, *word_of gets the word of each id (</s> not counted).
    std::vector<int32_t> reference_ids(const std::vector<std::string> & words, std::vector<int> * word_of) const;

    // How a token is shown on a map's axis: the vocabulary's word, or a piece without its ▁, a
    // piece inside a word of the source (English) or German written "##tion" as BERT's tools do.
    std::string source_label(int32_t id) const;
    std::string target_label(int32_t id) const;
    // Output ids (</s> and anything after it ignored) as the reader sees them: decoded pieces, or
    // words joined by join_for_display.
    std::string display(const std::vector<int32_t> & ids) const;

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
    bool has_pieces() const { return m_pieces.size() > 0; }
    const SubwordModel & pieces() const { return m_pieces; }
    int max_source_words() const;  // tokens (words or pieces) the encoder takes, </s> aside

private:
    Status read_vocabularies(const std::map<std::string, std::string> & meta, int src_size, int tgt_size);
    std::string piece_label(int32_t id, bool spaced) const;

    Kind m_kind = Kind::Transformer;
    Transformer m_model;
    RnnModel m_rnn;
    Vocabulary m_src, m_tgt;
    SubwordModel m_pieces;                 // empty for a word-level model
    std::vector<bool> m_unseen_source;     // pieces: ids the training data's source never had
    RepeatRule m_repeats;                  // what decoding may turn down (decode_options)
    std::string m_target;
};

} // namespace attn

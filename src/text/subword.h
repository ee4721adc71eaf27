// Subword units for the translators: a SentencePiece BPE model, encoded and decoded by our own code
// so that no word a user types reaches a model as <unk> (characters the vocabulary lacks become
// UTF-8 byte pieces), without compiling libsentencepiece and protobuf into the wasm build.
//
// The encoder gives exactly the ids SentencePiece 0.1.97 gives (tests/text/test_subword.cpp checks
// it on golden encodings made by python3-sentencepiece) for models trained with these spm_train
// flags, and only for those (scripts/spm-export refuses a model trained otherwise):
//
//   spm_train --input=CORPUS --model_prefix=NAME --vocab_size=N
//     --model_type=bpe --normalization_rule_name=identity
//     --byte_fallback=true --split_digits=true
//     --add_dummy_prefix=true --remove_extra_whitespaces=true
//     --pad_id=0 --bos_id=1 --eos_id=2 --unk_id=3
//     --character_coverage=1.0      (English, German; 0.9995 for Chinese)
//   scripts/spm-export NAME.model -o NAME.vocab.tsv
//
// With the identity rule nothing is rewritten except whitespace, and only the ASCII space counts as
// whitespace: leading and trailing spaces go, runs of spaces become one, each space becomes ▁
// (U+2581) and one ▁ is put in front ("the dog" → "▁the▁dog"). Tabs, newlines and other spaces
// stay as they are (the project's tokenizer, tokenize_words in text/vocab.h, has already turned
// them into single spaces). A ▁ typed by the user is indistinguishable from a space afterwards.
// --split_digits and --character_coverage only shape training; encoding needs no flag of its own.
//
// Ids 0..3 are <pad> <s> </s> <unk>, as for every model in this project (text/vocab.h); the
// loader insists on it.
#pragma once
#include "core/status.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace attn {

// SentencePiece's piece types. Normal pieces come from training; user_defined pieces are never
// split (the text is cut around them first); unused pieces take part in merging but are split back
// into the two pieces they were made of; byte pieces are <0x00>..<0xFF>.
enum class PieceType : uint8_t { Normal, Unknown, Control, UserDefined, Byte, Unused };

class SubwordModel {
public:
    static constexpr int32_t kPad = 0, kBos = 1, kEos = 2, kUnk = 3;

    SubwordModel();  // no pieces: encodes everything to nothing, until parse() fills it

    // The text scripts/spm-export writes: one line per piece in id order, "piece\tscore\ttype\n",
    // type one of normal unknown control user_defined byte unused, score a finite decimal float.
    // Validates everything and reports the first problem with its line: UTF-8, no empty or
    // duplicate pieces, no space in a piece, no piece longer than kMaxPieceBytes, known types, ids
    // 0..3 as above, exactly one unknown piece, the byte pieces spelled <0xXX> and either all 256 or
    // none, at most max_pieces lines, and a newline after the last (so a cut file is noticed).
    static constexpr size_t kMaxPieceBytes = 1024;
    static Status parse(std::string_view text, SubwordModel * out, int32_t max_pieces = 1 << 20);
    // Reads a file of at most max_bytes and parses it; the message names the file.
    static Status load(const std::string & path, SubwordModel * out, size_t max_bytes = 64u << 20);
    std::string serialize() const;  // parse(serialize()) gives this model back

    // Ids of any bytes, as SentencePiece's EncodeAsIds gives them (no <s> or </s> added). Invalid
    // UTF-8 bytes are read as U+FFFD first, as SentencePiece does. Empty or all-space text gives
    // no ids. Time O(n log n) in the length of the text. (One case no trained model has: were a
    // control piece a single character, SentencePiece would fail on text holding that character;
    // here the character is encoded like any other.)
    std::vector<int32_t> encode(std::string_view text) const;
    // Text of ids, as SentencePiece's DecodeIds gives it: pieces joined, every ▁ a space, except
    // that a piece decoded while the text is still empty loses its leading ▁ (the dummy prefix);
    // control pieces dropped, <unk> shown as " ⁇ ", runs of byte pieces read as UTF-8 with U+FFFD
    // for each byte that is not part of a valid character. An id outside [0, size()) is shown like
    // <unk> (SentencePiece refuses the whole list instead).
    std::string decode(const std::vector<int32_t> & ids) const;

    // For merging pieces back into words on screen: for each id, the index of the word it belongs
    // to, counting from 0. A piece that begins with ▁ starts a new word, so does the first piece;
    // other pieces (continuations, byte pieces, <unk>) belong to the word before them. Control
    // pieces (<pad>, <s>, </s>) and ids out of range belong to no word: -1.
    std::vector<int> word_of_piece(const std::vector<int32_t> & ids) const;
    bool starts_word(int32_t id) const;  // the piece begins with ▁

    int32_t size() const { return int32_t(m_pieces.size()); }
    const std::string & piece(int32_t id) const;  // "<unk>" for an id out of range
    PieceType type(int32_t id) const;             // Unknown for an id out of range
    float score(int32_t id) const;                // 0 for an id out of range
    int32_t id(std::string_view piece) const;     // -1 when no piece is spelled so
    bool has_byte_fallback() const { return m_byte_ids[0] >= 0; }

private:
    struct Symbol;
    struct Candidate;
    std::vector<Symbol> split_into_symbols(const std::string & normalized) const;
    int32_t mergeable_id(const std::string & piece) const;  // normal, user_defined or unused; else -1
    void append_ids(const std::string & piece, std::vector<int32_t> * ids, bool * previous_unknown,
                    const std::unordered_map<std::string, std::pair<std::string, std::string>> & unmerge) const;
    size_t user_defined_prefix(std::string_view text) const;  // bytes of the longest one at the start, or 0

    std::vector<std::string> m_pieces;
    std::vector<float> m_scores;
    std::vector<PieceType> m_types;
    std::unordered_map<std::string, int32_t> m_ids;        // every piece
    std::unordered_map<std::string, int32_t> m_mergeable;  // the pieces encoding may produce by merging
    std::vector<std::vector<int32_t>> m_user_defined_by_first_byte;  // longest first
    std::array<int32_t, 256> m_byte_ids;  // id of <0xXX> for each byte, -1 without byte fallback
};

// The project's normalization of text before BPE (see the top of this file): "  the  dog " →
// "▁the▁dog". Exposed for tests and for showing what the model sees.
std::string normalize_for_subwords(std::string_view text);

} // namespace attn

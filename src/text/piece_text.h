// Words as subword pieces: the words are joined the way their language is written, the text is
// encoded by a SubwordModel, and every piece remembers which words its bytes cover. Training data
// turns word-level gold alignments into piece-level ones with it, and the playground shows a
// word split into pieces as one word.
//
//   English source: words joined by single spaces ("hello , how are you ?"), as the tokenizer
//     gives typed text;
//   Chinese: no spaces ("你好嗎？"); German: spaces except before closing punctuation
//     ("Wie geht es dir?"), as join_for_display writes them (text/vocab.h).
#pragma once
#include "text/aer.h"
#include "text/subword.h"

#include <string>
#include <vector>

namespace attn {

enum class WordJoin { Spaces, Chinese, Display };

struct PieceText {
    std::string text;                     // the joined words, as encoded
    std::vector<int32_t> ids;             // the pieces (no <s> or </s>)
    std::vector<std::vector<int>> words;  // per piece, the words its bytes cover (one or more); a
                                          // piece of only ▁ belongs to the word that follows it
};

PieceText encode_word_pieces(const SubwordModel & model, const std::vector<std::string> & words, WordJoin join);

// Word links (target word, source word) as piece links: each target piece of a linked target word
// with each source piece of its source word; sorted, without duplicates.
std::vector<Link> piece_links(const std::vector<Link> & word_links, const PieceText & source, const PieceText & target);

} // namespace attn

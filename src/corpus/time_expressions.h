// Clock times and dates for the everyday grammar, as time adverbials the realisers already place
// (Lexicon::adverbs of kind Clock): "at 7 o'clock" (七 點, um 7 Uhr), "at 9 : 30" (9 點 半,
// um 9:30 Uhr), "on october 12" (10 月 12 日, am 12. Oktober). English is written as the
// tokenizer reads typed text: "9:30" is three tokens, 9 : 30. Numbers stay digits wherever people
// write them as digits, so a subword model learns to copy them through.
#pragma once
#include "corpus/lexicon.h"

#include <vector>

namespace attn::corpus {

std::vector<Adverb> clock_and_date_adverbs();
void add_clock_and_date_adverbs(Lexicon * lex);  // appends them to lex->adverbs

} // namespace attn::corpus

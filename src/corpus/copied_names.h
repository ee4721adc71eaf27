// Made-up names for the everyday grammar, which every translation copies as they are: "i met
// kowalski" → 我 見到 了 Kowalski / Ich habe Kowalski getroffen. The lexicon's fifteen names each
// have a Chinese form to learn (anna: 安娜); a name a reader types is most often none of them, and
// a model that has only seen those guesses one (kowalski → 京都). Drawn a thousand times from a
// syllable table, each rare, the made-up names teach the model to copy a name it has never seen,
// piece by piece, and its cross-attention then shows where each copied piece came from.
#pragma once
#include "corpus/lexicon.h"

#include <cstdint>

namespace attn::corpus {

// Appends `count` names (Category::Name, copied = true) that are no word of `lex` already:
// English in lower case as the tokenizer reads it, Chinese and German capitalised.
void add_copied_names(Lexicon * lex, uint64_t seed, int count);

} // namespace attn::corpus

// What the corpus and parallel-data tests share: the hand lexicon of assets/lexicon, loaded once,
// and the options of a corpus small enough to generate in a test.
#pragma once
#include "corpus/corpus.h"
#include "corpus/lexicon.h"

#include <gtest/gtest.h>

namespace attn::corpus::test_support {

inline const Lexicon & shipped_lexicon() {
    static Lexicon lex;
    static const bool loaded = [] {
        const Status s = Lexicon::load(ATTN_LEXICON_DIR, &lex);
        EXPECT_TRUE(s.ok) << s.message;
        return true;
    }();
    (void)loaded;
    return lex;
}

inline CorpusOptions small_options(uint64_t seed) {
    CorpusOptions o;
    o.seed = seed;
    o.train = 400;
    o.mini = 100;
    o.dev = 50;
    o.test = 160;
    o.challenge = 5;
    o.compositional = 10;
    return o;
}

} // namespace attn::corpus::test_support

// The shipped translators (assets/models/en-*.safetensors) against the quality gates of their
// model card, on a committed 300-sentence sample of the test split (every 10th sentence, so all
// length buckets are in it): a regression in the model, decoder, tokeniser or kernels fails here.
// Also: the sentences they were trained on regenerate byte-identically from the seed, and hostile
// input gives a translation or a flag, never a crash.
#include "models/length_buckets.h"
#include "translation_sample.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace attn;

namespace {

const std::string kModels = std::string(ATTN_SOURCE_DIR) + "/assets/models/";

void check_gates(const std::string & lang, double aer_limit) {
#ifdef __EMSCRIPTEN__
    GTEST_SKIP() << "600 translations take minutes under node; the native run checks the gates";
#endif
    Translator t;
    const Status s = Translator::load(kModels + "en-" + lang + ".safetensors", &t);
    ASSERT_TRUE(s.ok) << s.message;
    const std::vector<EvalItem> items = translation_sample(lang);
    ASSERT_EQ(items.size(), 300u);
    Compute cc = Compute::fastest();
    const TranslationEval e = evaluate_translator(cc, t, items, DecodeOptions{}, true);
    std::printf("en-%s: BLEU %.2f, exact %.1f%%, best head AER %.3f (layer %d head %d), head average %.3f\n", lang.c_str(),
                e.bleu, 100 * e.exact_match, e.aer_best, e.best_layer, e.best_head, e.aer_head_average);
    EXPECT_GE(e.bleu, 90.0);
    EXPECT_GE(e.exact_match, 0.80);
    EXPECT_LE(e.aer_best, aer_limit);
    EXPECT_EQ(e.unknown_word_rate, 0.0);
}

// The corpus issue's gates: BLEU ≥ 90, exact match ≥ 80%, best cross-attention head AER ≤ 0.15.
TEST(ShippedTranslators, EnglishToChineseMeetsTheGates) { check_gates("zh_TW", 0.15); }
TEST(ShippedTranslators, EnglishToGermanMeetsTheGates) { check_gates("de", 0.15); }

TEST(ShippedTranslators, TrainingCorpusRegeneratesByteIdentically) {
#ifdef __EMSCRIPTEN__
    GTEST_SKIP() << "the 100k-sentence corpus is generated natively";
#endif
    corpus::Lexicon lex;
    const std::string lexicon_dir = std::string(ATTN_SOURCE_DIR) + "/assets/lexicon";
    ASSERT_TRUE(corpus::Lexicon::load(lexicon_dir, &lex).ok);
    corpus::CorpusOptions o;  // the defaults: seed 1, as in assets/models/README.md
    corpus::Corpus c;
    ASSERT_TRUE(corpus::generate_corpus(lex, o, &c).ok);
    for (const char * lang : {"zh_TW", "de"}) {
        const std::string text = corpus::train_text_fingerprint(c.train, lang);
        Transformer m;
        ASSERT_TRUE(Transformer::load(kModels + "en-" + lang + ".safetensors", &m).ok);
        ASSERT_TRUE(m.metadata().count("corpus_train_text_sha256"));
        EXPECT_EQ(m.metadata().at("corpus_train_text_sha256"), text)
            << "the lexicon or grammar changed the sentences since en-" << lang
            << " was trained: retrain it (assets/models/README.md)";
    }
}

TEST(ShippedTranslators, HostileInputNeverCrashes) {
    Translator t;
    ASSERT_TRUE(Translator::load(kModels + "en-zh_TW.safetensors", &t).ok);
    Compute cc = Compute::fastest();
    DecodeOptions o;
    o.max_length = 20;  // keeps the test fast; the output for junk is junk
    const Translation empty = t.translate(cc, "", o, nullptr);
    EXPECT_TRUE(empty.source.words.empty());
    const Translation junk = t.translate(cc, std::string("\xff\xfe\x00zz\x01 \xe4\xb8", 9) + " qwxz 🙂 dog", o, nullptr);
    EXPECT_GE(junk.source.unknown_count, 2);
    EXPECT_FALSE(junk.source.unknown.back());  // "dog" is known
    std::string huge;
    for (int i = 0; i < 5000; i++) huge += "the dog ";
    AttentionTrace trace;
    const Translation cut = t.translate(cc, huge, o, &trace);
    EXPECT_TRUE(cut.truncated);
    EXPECT_EQ(int(cut.source.words.size()), t.max_source_words());
    EXPECT_FALSE(trace.maps.empty());
}

} // namespace

// Bahdanau et al.'s Fig. 2 on the shipped RNNs (the model card has the full test split): on the
// 300-sentence sample, RNNencdec loses long sentences and RNNsearch does not. The targets:
// a drop of at least 30 BLEU from 1-10 words to 31-40 words without attention, at most 10 with it.
// German's RNNencdec drops 35 on the full test split but only 30.9 on this sample, so its guard
// is 25: other backends' rounding may flip a few greedy choices.
void check_length_drop(const std::string & lang, double min_encdec_drop) {
    const std::vector<EvalItem> items = translation_sample(lang);
    Compute cc = Compute::fastest();
    double drop[2] = {0, 0};
    for (int attention = 0; attention < 2; attention++) {
        Translator t;
        const std::string file = kModels + (attention ? "rnn_search-en-" : "rnn_encdec-en-") + lang + ".safetensors";
        const Status s = Translator::load(file, &t);
        ASSERT_TRUE(s.ok) << s.message;
        const TranslationEval e = evaluate_translator(cc, t, items, DecodeOptions{}, false);
        const LengthBleu by_length = bleu_by_source_length(items, e.hypotheses, t.chinese());
        drop[attention] = by_length.drop;
        std::printf("%s: BLEU %.2f (1-10 words %.2f, 31-40 words %.2f)\n", file.c_str(), e.bleu,
                    by_length.short_group.bleu, by_length.long_group.bleu);
    }
    EXPECT_GE(drop[0], min_encdec_drop) << "RNNencdec should lose long sentences";
    EXPECT_LE(drop[1], 10.0) << "RNNsearch should keep them";
}

TEST(ShippedRnnTranslators, ChineseEncDecFallsWithLengthSearchHolds) { check_length_drop("zh_TW", 30.0); }
TEST(ShippedRnnTranslators, GermanEncDecFallsWithLengthSearchHolds) { check_length_drop("de", 25.0); }

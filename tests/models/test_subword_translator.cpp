// A translator whose model file carries subword pieces: what the encoder reads, how pieces are
// labelled and grouped into words, the notices, and the word view of attention maps.
#include "models/translator.h"
#include "nn/attention_merge.h"
#include "text/piece_text.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

namespace attn {
namespace {

std::string read_text(const std::string & path) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// A tiny random Transformer over the test pieces (tests/fixtures/spm_bpe_small, 2,000 pieces).
Translator subword_translator(const std::string & target, const std::string & unseen = "") {
    const std::string pieces = read_text(std::string(ATTN_FIXTURES_DIR) + "/spm_bpe_small.vocab.tsv");
    SubwordModel sp;
    EXPECT_TRUE(SubwordModel::parse(pieces, &sp).ok);
    Vocabulary v;
    for (int32_t id = 4; id < sp.size(); id++) v.add(sp.piece(id));
    TransformerConfig c;
    c.encoder_layers = c.decoder_layers = 1;
    c.d_model = 16;
    c.d_ff = 32;
    c.heads = 2;
    c.src_vocab = c.tgt_vocab = sp.size();
    c.max_positions = 24;
    Transformer m;
    EXPECT_TRUE(Transformer::create(c, Transformer::random_weights(c, 3), &m).ok);
    m.set_metadata("src_vocab", v.serialize());
    m.set_metadata("tgt_vocab", v.serialize());
    m.set_metadata("target_language", target);
    m.set_metadata("pieces", pieces);
    if (!unseen.empty()) m.set_metadata("unseen_source_pieces", unseen);
    Translator t;
    const Status s = Translator::from_model(std::move(m), &t);
    EXPECT_TRUE(s.ok) << s.message;
    return t;
}

TEST(SubwordTranslator, ReadsPiecesOfTheTypedWordsAndNeverUnk) {
    const Translator t = subword_translator("de");
    ASSERT_TRUE(t.has_pieces());
    Compute cc(BackendKind::Reference);
    DecodeOptions opts;
    opts.max_length = 6;
    const Translation r = t.translate(cc, "Attention, Anna\xE2\x80\x99s \xE6\xB3\xA8\xE6\x84\x8F!", opts, nullptr);
    const std::vector<std::string> words = {"attention", ",", "anna's", "\xE6\xB3\xA8\xE6\x84\x8F", "!"};
    EXPECT_EQ(r.source_words, words);
    const PieceText want = encode_word_pieces(t.pieces(), words, WordJoin::Spaces);
    EXPECT_EQ(r.source.ids, want.ids);
    ASSERT_EQ(r.source_word_of.size(), r.source.ids.size());
    for (size_t i = 0; i < want.ids.size(); i++) {
        EXPECT_NE(r.source.ids[i], Vocabulary::kUnk);
        EXPECT_EQ(r.source_word_of[i], want.words[i].front());
        EXPECT_EQ(r.source.words[i], t.source_label(r.source.ids[i]));
    }
    EXPECT_EQ(r.source_ids.back(), Vocabulary::kEos);
    EXPECT_EQ(r.source.unknown_count, 0);
    // The output: labels, words and the display all from the same ids.
    EXPECT_EQ(r.output.size(), r.output_ids.size());
    EXPECT_EQ(r.output_word_of.size(), r.output_ids.size());
    EXPECT_EQ(r.display, t.pieces().decode(r.output_ids));
    std::string joined;
    for (const std::string & w : r.output_words) joined += (joined.empty() ? "" : " ") + w;
    EXPECT_EQ(joined, r.display);  // German words are the display's space-separated parts
    EXPECT_TRUE(input_notices(t, "attention", r).empty());
}

TEST(SubwordTranslator, LabelsMarkPiecesInsideAWord) {
    const Translator de = subword_translator("de"), zh = subword_translator("zh_TW");
    const SubwordModel & sp = de.pieces();
    for (int32_t id = 4; id < sp.size(); id++) {
        const std::string & p = sp.piece(id);
        if (sp.type(id) != PieceType::Normal || p.size() < 4) continue;
        if (p.rfind("\xE2\x96\x81", 0) == 0) {
            EXPECT_EQ(de.source_label(id), p.substr(3));  // a word's first piece: without ▁
        } else {
            EXPECT_EQ(de.source_label(id), "##" + p);      // inside a word, in a spaced language
            EXPECT_EQ(de.target_label(id), "##" + p);
            EXPECT_EQ(zh.target_label(id), p);              // Chinese has no spaces to be inside of
        }
    }
    EXPECT_EQ(de.source_label(Vocabulary::kEos), "</s>");
}

TEST(SubwordTranslator, OutputWordsAndReferences) {
    const Translator de = subword_translator("de");
    Translation t;
    std::vector<int> ref_words;
    const std::vector<std::string> ref = {"Der", "Hund", "schl\xC3\xA4""ft", "."};
    t.decode.tokens = de.reference_ids(ref, &ref_words);
    ASSERT_EQ(t.decode.tokens.back(), Vocabulary::kEos);
    ASSERT_EQ(ref_words.size() + 1, t.decode.tokens.size());
    EXPECT_EQ(ref_words.front(), 0);
    EXPECT_EQ(ref_words.back(), 3);
    de.fill_output(&t);
    EXPECT_EQ(t.display, "Der Hund schl\xC3\xA4""ft.");
    // German words by their ▁: the full stop stays with the word before it, as written.
    const std::vector<std::string> words = {"Der", "Hund", "schl\xC3\xA4""ft."};
    EXPECT_EQ(t.output_words, words);
    // Chinese: each piece a word, but the bytes of one character stay together.
    const Translator zh = subword_translator("zh_TW");
    Translation c;
    c.decode.tokens = zh.pieces().encode("\xE4\xBD\xA0\xE5\xA5\xBD");  // 你好: bytes in these English pieces
    c.decode.tokens.push_back(Vocabulary::kEos);
    zh.fill_output(&c);
    EXPECT_EQ(c.display, "\xE4\xBD\xA0\xE5\xA5\xBD");
    const std::vector<std::string> chars = {"\xE4\xBD\xA0", "\xE5\xA5\xBD"};
    EXPECT_EQ(c.output_words, chars);
}

TEST(SubwordTranslator, NoticesNamePiecesNeverSeenInTraining) {
    const Translator plain = subword_translator("de");
    const std::vector<int32_t> ids = encode_word_pieces(plain.pieces(), {"zebra"}, WordJoin::Spaces).ids;
    std::string unseen;
    for (int32_t id : ids) unseen += std::to_string(id) + " ";
    const Translator t = subword_translator("de", unseen);
    Compute cc(BackendKind::Reference);
    DecodeOptions opts;
    opts.max_length = 3;
    const Translation r = t.translate(cc, "the zebra", opts, nullptr);
    EXPECT_EQ(r.source.unknown_count, int(ids.size()));
    const std::vector<std::string> notes = english(input_notices(t, "the zebra", r));
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_NE(notes[0].find("\"zebra\""), std::string::npos) << notes[0];
    EXPECT_EQ(notes[0].find("\"the\""), std::string::npos) << notes[0];
    // Cut at the model's positions: the notice counts the words that fit.
    std::string longer;
    for (int i = 0; i < 40; i++) longer += "dog ";
    const Translation cut = t.translate(cc, longer, opts, nullptr);
    EXPECT_TRUE(cut.truncated);
    EXPECT_EQ(int(cut.source.ids.size()), t.max_source_words());
    EXPECT_EQ(cut.source_words.size(), size_t(cut.source_word_of.back()) + 1);
}

// Hand-computed: rows (queries) of a word are averaged, columns (keys) of a word are summed.
TEST(AttentionMerge, AveragesQueriesAndSumsKeys) {
    AttentionMap m;
    m.kind = "cross";
    m.rows = 3;
    m.cols = 3;
    m.values = {0.5f, 0.25f, 0.25f,   // piece 0 of word 0
                0.1f, 0.3f, 0.6f,     // piece 1 of word 0
                0.0f, 1.0f, 0.0f};    // word 1
    const AttentionMap w = merge_attention(m, {0, 0, 1}, 2, {0, 0, 1}, 2);
    ASSERT_EQ(w.rows, 2);
    ASSERT_EQ(w.cols, 2);
    EXPECT_FLOAT_EQ(w.at(0, 0), (0.75f + 0.4f) / 2);
    EXPECT_FLOAT_EQ(w.at(0, 1), (0.25f + 0.6f) / 2);
    EXPECT_FLOAT_EQ(w.at(1, 0), 1.0f);
    EXPECT_FLOAT_EQ(w.at(1, 1), 0.0f);
    EXPECT_EQ(w.kind, "cross");
    // A word without pieces gets a zero row; pieces of words out of range are dropped.
    const AttentionMap z = merge_attention(m, {0, 2, 5}, 3, {0, 1, -1}, 2);
    EXPECT_FLOAT_EQ(z.at(0, 0), 0.5f);
    EXPECT_FLOAT_EQ(z.at(1, 0), 0.0f);
    EXPECT_FLOAT_EQ(z.at(1, 1), 0.0f);
    EXPECT_FLOAT_EQ(z.at(2, 0), 0.1f);
    EXPECT_FLOAT_EQ(z.at(2, 1), 0.3f);
}

} // namespace
} // namespace attn

// The low-confidence notice: the geometric mean of the output tokens' probabilities, flagged
// under kLowConfidence for a finished translation only (a stopped one has its stop notice).
TEST(TranslationNotices, LowConfidenceIsFlaggedOnlyForFinishedOutput) {
    attn::DecodeResult r;
    r.tokens = {5, 6, 2};
    r.log_prob = std::log(0.9) + std::log(0.2) + std::log(0.5);
    r.stop = attn::DecodeStop::Eos;
    EXPECT_NEAR(attn::output_confidence(r), std::cbrt(0.9 * 0.2 * 0.5), 1e-9);
    const std::string n = attn::english(attn::confidence_notice(r));
    EXPECT_NE(n.find("unsure"), std::string::npos);
    EXPECT_NE(n.find("45%"), std::string::npos) << n;
    r.log_prob = 3 * std::log(0.8);
    EXPECT_TRUE(attn::confidence_notice(r).text.empty());
    r.log_prob = 3 * std::log(0.1);
    r.stop = attn::DecodeStop::LengthCap;
    EXPECT_TRUE(attn::confidence_notice(r).text.empty()) << "a stopped translation has its stop notice instead";
    EXPECT_DOUBLE_EQ(attn::output_confidence(attn::DecodeResult{}), 1.0);
}

// English the grammar lacks is named, with the words that show it, a notice each; the name is an
// arg of its own, so the interface can translate it.
TEST(TranslationNotices, ConstructionsTheGrammarLacksAreNamed) {
    const std::vector<attn::Message> n = attn::construction_notices("This book was written by my mother, wasn't it?");
    ASSERT_EQ(n.size(), 2u);
    EXPECT_NE(attn::english(n[0]).find("uses the passive (\"was written by\")"), std::string::npos) << attn::english(n[0]);
    EXPECT_NE(attn::english(n[1]).find("uses a tag question (\", wasn't it ?\")"), std::string::npos) << attn::english(n[1]);
    EXPECT_EQ(n[0].args[0], "the passive");
    EXPECT_TRUE(attn::construction_notices("My mother is cooking in the kitchen.").empty());
}

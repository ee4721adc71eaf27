// The generator on the shipped lexicon: determinism, split rules, and invariants every one of
// thousands of random sentences must satisfy (alignments in range, every English content word
// aligned, no empty tokens, Chinese without Latin letters).
#include "core/sha256.h"
#include "corpus/copied_names.h"
#include "corpus/corpus.h"
#include "corpus/phrasebook.h"
#include "corpus/realize.h"
#include "corpus/time_expressions.h"
#include "corpus/unlearned_constructions.h"
#include "small_corpus.h"
#include "text/vocab.h"

#include <gtest/gtest.h>

#include <cctype>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace attn::corpus;

namespace {

const Lexicon & shipped() { return test_support::shipped_lexicon(); }

std::vector<std::string> split(const std::string & s) {
    std::vector<std::string> v;
    std::stringstream ss(s);
    std::string w;
    while (ss >> w) v.push_back(w);
    return v;
}

TEST(Sha256, KnownVectors) {
    EXPECT_EQ(attn::sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(attn::sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(attn::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    attn::Sha256 h;  // fed in pieces across block boundaries
    const std::string a(1000, 'a');
    for (int i = 0; i < 1000; i++) h.update(a);
    EXPECT_EQ(h.hex_digest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");  // 10^6 × 'a'
}

TEST(Lexicon, ErrorsNameFileAndLine) {
    Lexicon lex;
    const std::string verb = "sleep\tsleeps\tslept\tslept\tintr\tperson\t-\t睡覺\t了\tschlafen\ta|b|c|d|e|f\tgeschlafen\thaben\t-\t-\n";
    attn::Status s = Lexicon::parse("# c\ngirl\tgirls\tperson\t0\t女孩\t個\tMädchen\tMädchen\tx\t0\t-\t-\t-\n", verb, "", "", &lex);
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("nouns.tsv:2"), std::string::npos) << s.message;
    EXPECT_NE(s.message.find("gender"), std::string::npos);
    s = Lexicon::parse("girl\tgirls\tperson\t0\t女孩\n", verb, "", "", &lex);
    EXPECT_NE(s.message.find("expected 13"), std::string::npos) << s.message;
    s = Lexicon::parse("girl\tgirls\tperson\t0\t女孩\t個\tMädchen\tMädchen\tn\t0\t-\t-\t-\n",
                       "sleep\tsleeps\tslept\tslept\tintr\tperson\t-\t睡覺\t了\tschlafen\ta|b\tgeschlafen\thaben\t-\t-\n", "", "", &lex);
    EXPECT_NE(s.message.find("six forms"), std::string::npos) << s.message;
    s = Lexicon::parse("girl\tgirls\tperson\t0\t女孩\t個\tMädchen\tMädchen\tn\t0\t-\t-\t-\n", verb, "", "", &lex);
    EXPECT_TRUE(s.ok) << s.message;
}

TEST(Lexicon, ShippedTablesHaveTheAgreedSize) {
    const Lexicon & lex = shipped();
    EXPECT_EQ(lex.nouns.size(), 300u);
    EXPECT_EQ(lex.verbs.size(), 150u);
    EXPECT_EQ(lex.adjectives.size(), 100u);
    EXPECT_EQ(lex.adverbs.size(), 60u);
    int fashion = 0;
    for (const Noun & n : lex.nouns)
        for (const char * c : {"t-shirt", "pair of trousers", "pullover", "dress", "coat", "sandal", "shirt", "sneaker", "bag", "ankle boot"})
            fashion += attn::corpus::Tokens(split(c)) == n.en_sg;
    EXPECT_EQ(fashion, 10) << "the ten Fashion-MNIST classes are nouns, so the two demos meet";
    int separable = 0;
    for (const Verb & v : lex.verbs) separable += !v.de_sep.empty();
    EXPECT_GE(separable, 15);
}

// The generated lexicon (assets/lexicon/generated/): at least 5,000 lemmas by frequency, the hand
// entries among them unchanged, the new categories and frames read, and the everyday grammar over
// it writes no empty or missing ("-") word in any language.
TEST(Lexicon, GeneratedTablesLoadWithTheHandEntries) {
    Lexicon gen;
    const attn::Status s = Lexicon::load(std::string(ATTN_SOURCE_DIR) + "/assets/lexicon/generated", &gen);
    ASSERT_TRUE(s.ok) << s.message;
    const size_t lemmas = gen.nouns.size() + gen.verbs.size() + gen.adjectives.size() + gen.adverbs.size();
    EXPECT_GE(lemmas, 5000u);
    const Lexicon & hand = shipped();
    auto has_noun = [&](const Noun & h) {
        for (const Noun & n : gen.nouns)
            if (n.en_sg == h.en_sg) return n.zh == h.zh && n.de_sg == h.de_sg;
        return false;
    };
    int hand_kept = 0;
    for (const Noun & h : hand.nouns) hand_kept += has_noun(h);
    EXPECT_EQ(hand_kept, int(hand.nouns.size())) << "every hand noun is in the generated table, unchanged";
    int abstract = 0, checked = 0, infinitive = 0, ranked = 0;
    for (const Noun & n : gen.nouns) { abstract += n.cat == Category::Abstract; checked += n.checked; ranked += n.rank > 0; }
    for (const Verb & v : gen.verbs) infinitive += v.takes_infinitive;
    EXPECT_GT(abstract, 100);
    EXPECT_GT(checked, 700);
    EXPECT_GT(infinitive, 10);
    EXPECT_GT(ranked, 2000);
    for (const Noun & n : gen.nouns) ASSERT_FALSE(n.zh.empty() || n.zh[0] == "-" || n.de_sg == "-") << n.en_sg[0];

    Grammar g(gen, GrammarOptions{true});
    attn::Rng rng(3);
    for (int i = 0; i < 1500; i++) {
        const Sentence sent = g.sample(rng, rng.uniform() * 1.5f);
        const AlignedText en = realize_english(gen, sent), zh = realize_chinese(gen, sent), de = realize_german(gen, sent);
        for (const AlignedText * t : {&en, &zh, &de}) {
            ASSERT_GT(t->size(), 0u);
            for (const Word & w : t->words()) ASSERT_FALSE(w.text.empty() || w.text == "-") << realize_example(gen, sent).en;
        }
    }
}

// A second sense joins a word the table has: refused when the word is not there, when it repeats
// a translation, or when it would give one English sentence two translations.
TEST(Lexicon, SecondSensesJoinTheirWord) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "attn_lexicon_senses";
    std::filesystem::create_directories(dir);
    auto write = [&](const char * name, const std::string & text) { std::ofstream(dir / name, std::ios::binary) << text; };
    write("nouns.tsv", "bus\tbuses\tvehicle\t0\t公車\t輛\tBus\tBusse\tm\t0\t-\t-\t-\n"
                       "book\tbooks\treadable\t0\t書\t本\tBuch\tBücher\tn\t0\t-\t-\t-\n");
    const std::string forms = "\tnehmen\tnehme|nimmst|nimmt|nehmen|nehmt|nehmen\tgenommen\thaben\t-\tacc\n";
    write("verbs.tsv", "take\ttakes\ttook\ttaken\ttr\tperson\treadable\t拿\t了" + forms);
    write("adjectives.tsv", "");
    write("adverbs.tsv", "");
    auto load_with = [&](const std::string & sense) {
        write("senses-verbs.tsv", sense);
        Lexicon lex;
        const attn::Status s = Lexicon::load(dir.string(), &lex);
        return std::make_pair(s, lex);
    };
    auto [ok, lex] = load_with("take\ttakes\ttook\ttaken\ttr\tperson\tvehicle\t搭\t了" + forms);
    ASSERT_TRUE(ok.ok) << ok.message;
    ASSERT_EQ(lex.verbs.size(), 2u);
    EXPECT_EQ(lex.verbs[1].zh, Tokens{"搭"});
    EXPECT_TRUE(in_set(lex.verbs[1].obj, Category::Vehicle));
    const auto unknown = load_with("ride\trides\trode\tridden\ttr\tperson\tvehicle\t騎\t了" + forms).first;
    EXPECT_NE(unknown.message.find("not in the main table"), std::string::npos) << unknown.message;
    const auto same = load_with("take\ttakes\ttook\ttaken\ttr\tperson\tvehicle\t拿\t了" + forms).first;
    EXPECT_NE(same.message.find("has this sense already"), std::string::npos) << same.message;
    const auto overlap = load_with("take\ttakes\ttook\ttaken\ttr\tperson\treadable,vehicle\t搭\t了" + forms).first;
    EXPECT_NE(overlap.message.find("same arguments"), std::string::npos) << overlap.message;
    const auto noun = [&] {
        write("senses-verbs.tsv", "");
        write("senses-nouns.tsv", "book\tbooks\treadable\t0\t帳本\t本\tBuch\tBücher\tn\t0\t-\t-\t-\n");
        Lexicon l;
        return Lexicon::load(dir.string(), &l);
    }();
    EXPECT_NE(noun.message.find("same arguments"), std::string::npos) << noun.message;
    // A field term is a new noun: "machine translation" joins, "book" is one already.
    write("senses-nouns.tsv", "");
    auto load_terms = [&](const std::string & terms) {
        write("added_nouns.tsv", terms);
        Lexicon l;
        const attn::Status s = Lexicon::load(dir.string(), &l);
        return std::make_pair(s, l);
    };
    auto [terms_ok, with_terms] = load_terms("machine translation\t-\tabstract\t1\t機器翻譯\t-\tMaschinenübersetzung\t-\tf\t0\t-\t-\t-\n");
    ASSERT_TRUE(terms_ok.ok) << terms_ok.message;
    ASSERT_EQ(with_terms.nouns.size(), 3u);
    EXPECT_EQ(with_terms.nouns[2].en_sg, (Tokens{"machine", "translation"}));
    const auto known = load_terms("book\tbooks\treadable\t0\t書本\t本\tBuch\tBücher\tn\t0\t-\t-\t-\n").first;
    EXPECT_NE(known.message.find("book is a noun already"), std::string::npos) << known.message;
    std::filesystem::remove_all(dir);

    // The shipped senses: take the book (拿) and take the bus (搭) over disjoint objects.
    Lexicon gen;
    ASSERT_TRUE(Lexicon::load(std::string(ATTN_SOURCE_DIR) + "/assets/lexicon/generated", &gen).ok);
    std::vector<const Verb *> take;
    for (const Verb & v : gen.verbs)
        if (v.en_base == Tokens{"take"}) take.push_back(&v);
    ASSERT_EQ(take.size(), 2u);
    EXPECT_EQ(take[0]->zh, Tokens{"拿"});
    EXPECT_EQ(take[1]->zh, Tokens{"搭"});
    EXPECT_EQ(take[0]->obj & take[1]->obj, 0u);
}

// Made-up names: new words, each once, the same for a seed; a sentence that names one copies it into
// both translations, capitalised, linked to the English name.
TEST(CopiedNames, EveryLanguageCopiesThem) {
    Lexicon lex;
    ASSERT_TRUE(Lexicon::load(std::string(ATTN_SOURCE_DIR) + "/assets/lexicon/generated", &lex).ok);
    const size_t before = lex.nouns.size();
    std::set<std::string> words;
    for (const Noun & n : lex.nouns) words.insert(n.en_sg.begin(), n.en_sg.end());
    for (const Verb & v : lex.verbs) words.insert(v.en_base.begin(), v.en_base.end());
    Lexicon again = lex;
    add_copied_names(&lex, 7, 300);
    add_copied_names(&again, 7, 300);
    ASSERT_EQ(lex.nouns.size(), before + 300);
    std::set<std::string> made;
    for (size_t i = before; i < lex.nouns.size(); i++) {
        const Noun & n = lex.nouns[i];
        EXPECT_TRUE(n.copied && n.cat == Category::Name);
        EXPECT_EQ(n.en_sg, again.nouns[i].en_sg) << "the same names for the same seed";
        EXPECT_FALSE(words.count(n.en_sg[0])) << n.en_sg[0] << " is a word already";
        EXPECT_TRUE(made.insert(n.en_sg[0]).second) << n.en_sg[0] << " twice";
        EXPECT_EQ(n.zh, Tokens{n.de_sg});
        EXPECT_EQ(n.de_sg, char(n.en_sg[0][0] - 'a' + 'A') + n.en_sg[0].substr(1));
    }
    Grammar g(lex, GrammarOptions{true});
    attn::Rng rng(5);
    int seen = 0;
    for (int i = 0; i < 3000; i++) {
        const Sentence s = g.sample(rng, rng.uniform());
        const AlignedText en = realize_english(lex, s), zh = realize_chinese(lex, s);
        const GoldAlignment links = align(en, zh);
        for (size_t k = 0; k < en.size(); k++) {
            if (!made.count(en.words()[k].text)) continue;
            const std::string copy = char(en.words()[k].text[0] - 'a' + 'A') + en.words()[k].text.substr(1);
            bool linked = false;
            for (const auto & [t, e] : links.sure) linked |= size_t(e) == k && zh.words()[size_t(t)].text == copy;
            EXPECT_TRUE(linked) << realize_example(lex, s).en << " / " << realize_example(lex, s).zh;
            EXPECT_NE(realize_example(lex, s).de.find(copy), std::string::npos);
            seen++;
        }
    }
    EXPECT_GT(seen, 20) << "the grammar names made-up people";
}

std::string join(const Tokens & t, const char * sep) {
    std::string out;
    for (const std::string & w : t) out += (out.empty() ? "" : sep) + w;
    return out;
}

// Clock times and dates as the three languages write them, numbers as digits where people use them.
TEST(TimeExpressions, ClockTimesAndDatesInEachLanguage) {
    auto find = [](const std::string & en) -> const Adverb * {
        static const std::vector<Adverb> all = clock_and_date_adverbs();
        for (const Adverb & a : all)
            if (join(a.en, " ") == en) return &a;
        return nullptr;
    };
    const Adverb * half = find("at 9 : 30");
    ASSERT_NE(half, nullptr);
    EXPECT_EQ(join(half->zh, " "), "9 點 半");
    EXPECT_EQ(join(half->de, " "), "um 9:30 Uhr");
    const Adverb * seven = find("at 7 o'clock");
    ASSERT_NE(seven, nullptr);
    EXPECT_EQ(join(seven->zh, " "), "七 點");
    EXPECT_EQ(join(find("at 2 o'clock")->zh, " "), "兩 點");
    EXPECT_EQ(join(find("at 4 : 15")->zh, " "), "4 點 15 分");
    const Adverb * date = find("on october 12");
    ASSERT_NE(date, nullptr);
    EXPECT_EQ(join(date->zh, " "), "10 月 12 日");
    EXPECT_EQ(join(date->de, " "), "am 12. Oktober");
    EXPECT_EQ(find("on february 30"), nullptr);
    // Clock times in words: German counts the half and the last quarter towards the next hour.
    const Adverb * half_nine = find("at half past nine");
    ASSERT_NE(half_nine, nullptr);
    EXPECT_EQ(join(half_nine->zh, " "), "九 點 半");
    EXPECT_EQ(join(half_nine->de, " "), "um halb zehn");
    EXPECT_EQ(join(find("at half past twelve")->de, " "), "um halb eins");
    EXPECT_EQ(join(find("at a quarter to one")->de, " "), "um Viertel vor eins");
    EXPECT_EQ(join(find("at a quarter to one")->zh, " "), "十二 點 四十五 分");
    EXPECT_EQ(join(find("at one o'clock")->de, " "), "um ein Uhr");
    EXPECT_EQ(join(find("at 7 pm")->zh, " "), "晚上 七 點");
    EXPECT_EQ(join(find("at 7 pm")->de, " "), "um 7 Uhr abends");
    EXPECT_EQ(join(find("at 3 pm")->zh, " "), "下午 三 點");
    EXPECT_EQ(find("at 12 pm"), nullptr);
    // Each date is written one way: as digits, with an ordinal suffix, or as an ordinal word.
    const Adverb * first_of_may = find("on the first of may");
    ASSERT_NE(first_of_may, nullptr);
    EXPECT_EQ(join(first_of_may->zh, " "), "5 月 1 日");
    EXPECT_EQ(join(first_of_may->de, " "), "am ersten Mai");
    EXPECT_EQ(find("on may 1"), nullptr);
    int suffixed = 0;
    for (const Adverb & a : clock_and_date_adverbs()) suffixed += a.en.size() == 3 && a.en[0] == "on" && a.en[2].size() > 2 &&
                                                                  std::isalpha(static_cast<unsigned char>(a.en[2].back()));
    EXPECT_GT(suffixed, 30);
    for (const Adverb & a : clock_and_date_adverbs()) EXPECT_EQ(a.kind, AdverbKind::Clock);
}

class GrammarCoverage : public ::testing::TestWithParam<bool> {};

TEST_P(GrammarCoverage, RandomSentencesAreWellFormed) {
    const bool everyday = GetParam();
    // The everyday grammar over what it is trained with: the generated lexicon (its adjectives
    // compare), the phrasebook, clock times and dates.
    Lexicon lex = shipped();
    if (everyday) {
        ASSERT_TRUE(Lexicon::load(std::string(ATTN_SOURCE_DIR) + "/assets/lexicon/generated", &lex).ok);
        ASSERT_TRUE(load_phrasebook(std::string(ATTN_SOURCE_DIR) + "/assets/lexicon/phrases.tsv", &lex.phrases).ok);
        add_clock_and_date_adverbs(&lex);
        add_copied_names(&lex, 42, 1000);
    }
    Grammar g(lex, GrammarOptions{everyday});
    attn::Rng rng(42);
    std::set<std::string> tags;
    for (int i = 0; i < 10000; i++) {
        const Sentence s = g.sample(rng, rng.uniform() * 1.5f);
        const AlignedText en = realize_english(lex, s), zh = realize_chinese(lex, s), de = realize_german(lex, s);
        for (const AlignedText * t : {&en, &zh, &de}) {
            ASSERT_GT(t->size(), 0u);
            for (const Word & w : t->words()) ASSERT_FALSE(w.text.empty() || w.text.find(' ') != std::string::npos);
        }
        // No reflexive objects in the everyday grammar ("we require us"): it does not build "ourselves".
        const Clause & m = s.main;
        if (everyday && m.subject.kind == NounPhrase::Kind::Pronoun && m.object && m.object->kind == NounPhrase::Kind::Pronoun &&
            m.subject.pronoun != Pronoun::It) {
            EXPECT_NE(m.object->pronoun, m.subject.pronoun) << realize_example(lex, s).en;
        }
        const bool phrase = std::find(s.tags.begin(), s.tags.end(), "phrase") != s.tags.end();  // may say Wi-Fi
        std::set<std::string> copied;  // a made-up name, written as English writes it (without 's or '), capitalised
        for (const Word & w : en.words()) {
            std::string name = w.text;
            if (name.size() > 2 && name.compare(name.size() - 2, 2, "'s") == 0) name.resize(name.size() - 2);
            else if (name.size() > 1 && name.back() == '\'') name.pop_back();  // braitles' fur
            if (!name.empty()) name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
            copied.insert(name);
        }
        for (const Word & w : zh.words())
            for (char ch : w.text)
                ASSERT_FALSE((ch >= 'a' && ch <= 'z') && w.text != "t恤" && !phrase && !copied.count(w.text))
                    << w.text << " in " << realize_example(lex, s).en << " / " << realize_example(lex, s).zh;
        for (const Word & w : de.words()) ASSERT_EQ(w.text.find(".."), std::string::npos);
        // Nothing the grammar makes is reported as a construction it lacks (its fixed phrases aside).
        if (!phrase) {
            std::vector<std::string> en_words;
            for (const Word & w : en.words()) en_words.push_back(w.text);
            const std::vector<UnlearnedConstruction> found = unlearned_constructions(en_words);
            EXPECT_TRUE(found.empty()) << realize_example(lex, s).en << ": " << found[0].name << " (" << found[0].words << ")";
        }
        for (const AlignedText * t : {&zh, &de}) {
            const GoldAlignment a = align(en, *t);
            for (const attn::Link & l : a.possible) {
                ASSERT_LT(size_t(l.first), t->size());
                ASSERT_LT(size_t(l.second), en.size());
            }
            // Every English word except the article "the" (no Chinese article) and do-support
            // has a link.
            std::vector<bool> linked(en.size(), false);
            for (const attn::Link & l : a.possible) linked[size_t(l.second)] = true;
            for (size_t k = 0; k < en.size(); k++) {
                const std::string & w = en.words()[k].text;
                if (t == &zh && (w == "the" || w == "that" || w == "who" || w == "," || w == "to")) continue;
                const bool weather = std::find(s.tags.begin(), s.tags.end(), "weather") != s.tags.end();
                if (t == &zh && w == "it" && weather) continue;  // 下雨: no subject
                if (t == &de && (w == ",")) continue;
                EXPECT_TRUE(linked[k]) << "unaligned '" << w << "' in: " << realize_example(lex, s).en << " / "
                                       << (t == &zh ? realize_example(lex, s).zh : realize_example(lex, s).de);
            }
        }
        tags.insert(s.tags.begin(), s.tags.end());
    }
    for (const std::string & t : phenomenon_tags(everyday)) EXPECT_TRUE(tags.count(t)) << "never generated: " << t;
}

INSTANTIATE_TEST_SUITE_P(CoreAndEveryday, GrammarCoverage, ::testing::Bool());

// Typed sentences with a construction the grammar lacks, each found by name with the words that
// show it; sentences the grammar does make are not flagged.
TEST(UnlearnedConstructions, FoundByTheirFunctionWords) {
    struct Case { const char * text, * name, * words; };
    const Case cases[] = {
        {"this book was written by my mother .", "the passive", "was written by"},
        {"the car has been stolen .", "the perfect of be (has been …)", "been stolen"},
        {"i would go if i had time .", "the conditional (would)", "would go"},
        {"if i were you , i'd stay .", "the conditional (would)", "if i were"},
        {"we will have finished by noon .", "the future perfect", "will have finished"},
        {"the man whose car was stolen is here .", "a relative clause with whose or whom", "whose"},
        {"how long does it take to get there ?", "it takes (a time)", "it take"},
        {"i am too tired to work .", "too … to", "too tired to"},
        {"it is cold , isn't it ?", "a tag question", ", isn't it ?"},
    };
    for (const Case & c : cases) {
        const std::vector<UnlearnedConstruction> found = unlearned_constructions(attn::tokenize_words(c.text));
        bool match = false;
        for (const UnlearnedConstruction & f : found) match |= f.name == c.name && f.words == c.words;
        EXPECT_TRUE(match) << c.text << ": " << (found.empty() ? "nothing found" : found[0].name + " (" + found[0].words + ")");
    }
    for (const char * learned : {"i would like to eat .", "would you like some tea ?", "the film was boring .", "it was nothing .",
                                 "have you been to taiwan ?", "how have you been ?", "i am cooking dinner .",
                                 "we are going to visit my grandmother .", "she has bought a car .", "can i pay by card ?",
                                 "you don't have to come .", "she needs to sleep .",
                                 "she is as tall as her brother .", "how long have you lived in taipei ?",
                                 "we waited for ten minutes .", "she was reading a book when i called .",
                                 "i've been waiting for an hour .",
                                 "we will have seven guests .", "did it take off ?", "i had to wait .", "he used to play the piano .", "the children were seen in the garden ."})
        EXPECT_TRUE(unlearned_constructions(attn::tokenize_words(learned)).empty()) << learned;
}

using test_support::small_options;

std::vector<std::string> lines(const std::vector<CorpusExample> & v) {
    std::vector<std::string> out;
    for (const CorpusExample & e : v) out.push_back(example_tsv_line(e));
    return out;
}

TEST(Corpus, DeterministicSplitsWithTheirRules) {
    const Lexicon & lex = shipped();
    Corpus a, b, c;
    ASSERT_TRUE(generate_corpus(lex, small_options(7), &a).ok);
    ASSERT_TRUE(generate_corpus(lex, small_options(7), &b).ok);
    const attn::Status s8 = generate_corpus(lex, small_options(8), &c);
    ASSERT_TRUE(s8.ok) << s8.message;
    EXPECT_EQ(lines(a.train), lines(b.train));
    EXPECT_EQ(lines(a.test), lines(b.test));
    EXPECT_NE(lines(a.train), lines(c.train));

    // English is unique across splits.
    std::set<std::string> seen;
    size_t total = 0;
    for (const auto * split : {&a.train, &a.dev, &a.test, &a.compositional}) {
        for (const CorpusExample & e : *split) {
            std::string k = e.en;
            if (k.size() > 2 && (k.substr(k.size() - 2) == " ." || k.substr(k.size() - 2) == " ?")) k.resize(k.size() - 2);
            seen.insert(k);
            total++;
        }
    }
    for (const auto & [tag, rows] : a.challenge) {
        EXPECT_EQ(rows.size(), 5u);
        for (const CorpusExample & e : rows) {
            EXPECT_NE(std::find(e.tags.begin(), e.tags.end(), tag), e.tags.end());
            std::string k = e.en;
            if (k.size() > 2 && (k.substr(k.size() - 2) == " ." || k.substr(k.size() - 2) == " ?")) k.resize(k.size() - 2);
            seen.insert(k);
            total++;
        }
    }
    EXPECT_EQ(seen.size(), total);

    // The test split is stratified: 20 in each 5-word bucket.
    int per_bucket[8] = {};
    for (const CorpusExample & e : a.test) {
        ASSERT_GE(e.en_words, 1);
        ASSERT_LE(e.en_words, 40);
        per_bucket[(e.en_words - 1) / 5]++;
    }
    for (int b = 0; b < 8; b++) EXPECT_EQ(per_bucket[b], 20) << "bucket " << b;

    // TSV lines round-trip.
    CorpusExample back;
    ASSERT_TRUE(parse_example_tsv_line(example_tsv_line(a.train[0]), &back));
    EXPECT_EQ(example_tsv_line(back), example_tsv_line(a.train[0]));
    EXPECT_EQ(back.en_words, a.train[0].en_words);
}

// The everyday test set is never training data: any sentence on the held-out list, however it
// is typed, is left out of every split.
TEST(Corpus, HeldOutEnglishIsInNoSplit) {
    const Lexicon & lex = shipped();
    Corpus plain;
    ASSERT_TRUE(generate_corpus(lex, small_options(7), &plain).ok);
    // Two sentences the generator writes, typed as a person would: capitals, "!" for ".".
    auto typed = [](std::string en) {
        en[0] = char(std::toupper(uint8_t(en[0])));
        if (en.size() > 2 && en.substr(en.size() - 2) == " .") en = en.substr(0, en.size() - 2) + "!";
        return en;
    };
    const std::string from_train = plain.train[3].en, from_test = plain.test[5].en;
    CorpusOptions o = small_options(7);
    o.held_out_english = {held_out_key(typed(from_train)), held_out_key(typed(from_test))};
    EXPECT_EQ(held_out_key(typed(from_train)), held_out_key(from_train));
    Corpus kept_out;
    ASSERT_TRUE(generate_corpus(lex, o, &kept_out).ok);
    size_t total = 0;
    auto check = [&](const std::vector<CorpusExample> & split) {
        for (const CorpusExample & e : split) {
            total++;
            EXPECT_FALSE(o.held_out_english.count(held_out_key(e.en))) << e.en;
        }
    };
    for (const auto * split : {&kept_out.train, &kept_out.dev, &kept_out.test, &kept_out.compositional}) check(*split);
    for (const auto & [tag, rows] : kept_out.challenge) check(rows);
    EXPECT_EQ(kept_out.train.size(), plain.train.size());  // the splits keep their sizes
    EXPECT_EQ(kept_out.test.size(), plain.test.size());
    EXPECT_GT(total, 0u);

    std::set<std::string> everyday;
    ASSERT_TRUE(load_held_out_english(std::string(ATTN_SOURCE_DIR) + "/assets/everyday/everyday.tsv", &everyday).ok);
    EXPECT_EQ(everyday.size(), 338u);
    EXPECT_TRUE(everyday.count("hello , how are you"));
    EXPECT_TRUE(everyday.count("attention is all you need"));
    EXPECT_FALSE(load_held_out_english(std::string(ATTN_SOURCE_DIR) + "/assets/everyday/no-such-file.tsv", &everyday).ok);
}

TEST(Corpus, WrittenFilesHaveAStableFingerprint) {
    const Lexicon & lex = shipped();
    Corpus a;
    ASSERT_TRUE(generate_corpus(lex, small_options(3), &a).ok);
    std::string f1, f2;
    const std::string dir1 = std::string(ATTN_TEST_OUT_DIR) + "/corpus1", dir2 = std::string(ATTN_TEST_OUT_DIR) + "/corpus2";
    ASSERT_TRUE(write_corpus(a, small_options(3), "lexicon", dir1, &f1).ok);
    ASSERT_TRUE(write_corpus(a, small_options(3), "lexicon", dir2, &f2).ok);
    EXPECT_EQ(f1, f2);
    std::ifstream manifest(dir1 + "/MANIFEST");
    std::stringstream ss;
    ss << manifest.rdbuf();
    EXPECT_EQ(attn::sha256_hex(ss.str()), f1);
    EXPECT_NE(ss.str().find("mini.tsv 100 "), std::string::npos) << ss.str();
}

} // namespace

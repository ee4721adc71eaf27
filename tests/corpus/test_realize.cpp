// The realisers on hand-built derivations, against translations written and checked by hand:
// German case, adjective endings, V2/verb-final order, separable verbs, kein; Chinese relative
// clauses, 了/沒/嗎, wh-in-situ; English do-support. A small inline lexicon keeps the expected
// strings independent of the shipped tables.
#include "corpus/corpus.h"
#include "corpus/german_morphology.h"
#include "corpus/phrasebook.h"
#include "corpus/realize.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace attn::corpus;

namespace {

// Columns as in assets/lexicon/FORMAT.md.
const char * kNouns =
    "girl\tgirls\tperson\t0\t女孩\t個\tMädchen\tMädchen\tn\t0\t-\t-\t-\n"            // 0
    "dress\tdresses\tclothing\t0\t洋裝\t件\tKleid\tKleider\tn\t0\t-\t-\t-\n"          // 1
    "sister\tsisters\tperson\t0\t姊姊\t個\tSchwester\tSchwestern\tf\t0\t-\t-\t-\n"   // 2
    "park\tparks\tplace\t0\t公園\t座\tPark\tParks\tm\t0\tin\tin\t-\n"                 // 3
    "teacher\tteachers\tperson\t0\t老師\t位\tLehrer\tLehrer\tm\t0\t-\t-\t-\n"         // 4
    "boy\tboys\tperson\t0\t男孩\t個\tJunge\tJungen\tm\t1\t-\t-\t-\n"                  // 5
    "shirt\tshirts\tclothing\t0\t襯衫\t件\tHemd\tHemden\tn\t0\t-\t-\t-\n"             // 6
    "anna\tanna\tname\t0\t安娜\t個\tAnna\tAnna\tf\t0\t-\t-\t-\n"                    // 7
    "taipei\t-\tplace_name\t0\t台北\t-\tTaipeh\t-\tn\t0\tin\tin\t-\n"                  // 8
    "station\tstations\tplace\t0\t車站\t個\tBahnhof\tBahnhöfe\tm\t0\tat\tan\t-\n"       // 9
    "dollar\tdollars\tobject\t0\t美元\t個\tDollar\tDollar\tm\t0\t-\t-\t-\n"           // 10
    "horse\thorses\tanimal\t0\t馬\t匹\tPferd\tPferde\tn\t0\t-\t-\t-\n";                // 11
const char * kVerbs =
    "buy\tbuys\tbought\tbought\ttr\tperson\tclothing\t買\t了\tkaufen\tkaufe|kaufst|kauft|kaufen|kauft|kaufen\tgekauft\thaben\t-\tacc\n"  // 0
    "meet\tmeets\tmet\tmet\ttr\tperson\tperson\t遇見\t了\ttreffen\ttreffe|triffst|trifft|treffen|trefft|treffen\tgetroffen\thaben\t-\tacc\n"  // 1
    "call\tcalls\tcalled\tcalled\ttr\tperson\tperson\t打電話 給 O\t了\tanrufen\trufe|rufst|ruft|rufen|ruft|rufen\tangerufen\thaben\tan\tacc\n"  // 2
    "help\thelps\thelped\thelped\ttr\tperson\tperson\t幫助\t了\thelfen\thelfe|hilfst|hilft|helfen|helft|helfen\tgeholfen\thaben\t-\tdat\n"  // 3
    "sleep\tsleeps\tslept\tslept\tintr\tperson\t-\t睡覺\t了\tschlafen\tschlafe|schläfst|schläft|schlafen|schlaft|schlafen\tgeschlafen\thaben\t-\t-\n"  // 4
    "like\tlikes\tliked\tliked\ttr\tperson\tclothing\t喜歡\t-\tmögen\tmag|magst|mag|mögen|mögt|mögen\tgemocht\thaben\t-\tacc\n"  // 5
    "go\tgoes\twent\tgone\tintr\tperson\t-\t走\t了\tgehen\tgehe|gehst|geht|gehen|geht|gehen\tgegangen\tsein\t-\t-\n"  // 6
    "cost\tcosts\tcost\tcost\ttr\tclothing\tobject\t要價\t-\tkosten\tkoste|kostest|kostet|kosten|kostet|kosten\tgekostet\thaben\t-\tacc\n"  // 7
    "try\ttries\ttried\ttried\tintr\tperson\t-\t嘗試\t了\tversuchen\tversuche|versuchst|versucht|versuchen|versucht|versuchen\tversucht\thaben\t-\t-\n"  // 8
    "ride\trides\trode\tridden\ttr\tperson\tanimal\t騎\t了\treiten\treite|reitest|reitet|reiten|reitet|reiten\tgeritten\tsein\t-\tacc\n"  // 9
    "remember\tremembers\tremembered\tremembered\ttr\tperson\tperson,clothing\t記得\t-\terinnern\terinnere|erinnerst|erinnert|erinnern|erinnert|erinnern\terinnert\thaben\t-\trefl+an\n"  // 10
    "relax\trelaxes\trelaxed\trelaxed\tintr\tperson\t-\t放鬆\t了\tentspannen\tentspanne|entspannst|entspannt|entspannen|entspannt|entspannen\tentspannt\thaben\t-\trefl\n"  // 11
    "imagine\timagines\timagined\timagined\ttr\tperson\tclothing\t想像\t-\tvorstellen\tstelle|stellst|stellt|stellen|stellt|stellen\tvorgestellt\thaben\tvor\trefl+dat\n"  // 12
    "feel\tfeels\tfelt\tfelt\tintr,link\tperson\t-\t覺得\t-\tfühlen\tfühle|fühlst|fühlt|fühlen|fühlt|fühlen\tgefühlt\thaben\t-\trefl\n"  // 13
    "look\tlooks\tlooked\tlooked\tintr,link\tperson\t-\t看起來\t-\taussehen\tsehe|siehst|sieht|sehen|seht|sehen\tausgesehen\thaben\taus\t-\n";  // 14
const char * kAdjectives =
    "red\t紅色\t是 紅色 的\trot\trot\tclothing\tcolor\n"                   // 0
    "expensive\t昂貴\t很 貴\tteur\tteuer\tclothing\tquality\n"              // 1
    "old\t老\t很 老\talt\talt\tperson\tquality\n"                           // 2
    "tired\t累\t很 累\tmüde\tmüde\tperson\tfeeling\n";                      // 3
const char * kAdverbs =
    "yesterday\t昨天\tgestern\ttime\tpast\n"   // 0
    "tomorrow\t明天\tmorgen\ttime\tfuture\n";  // 1

struct Fixture : ::testing::Test {
    Lexicon lex;
    int next_id = 16;
    void SetUp() override { ASSERT_TRUE(Lexicon::parse(kNouns, kVerbs, kAdjectives, kAdverbs, &lex).ok); }

    NounPhrase noun(int n, Det det = Det::The) {
        NounPhrase np;
        np.noun = n;
        np.det = det;
        np.id = next_id;
        next_id += 16;
        return np;
    }
    NounPhrase pronoun(Pronoun p) {
        NounPhrase np;
        np.kind = NounPhrase::Kind::Pronoun;
        np.pronoun = p;
        np.id = next_id;
        next_id += 16;
        return np;
    }
    NounPhrase name(int n) {  // a person's or a place's name: no article
        NounPhrase np = noun(n, Det::None);
        np.kind = NounPhrase::Kind::Name;
        return np;
    }
    Clause existential() {  // "there is …"
        Clause c;
        c.kind = ClauseKind::Existential;
        c.id = next_id;
        next_id += 16;
        return c;
    }
    Clause clause(int verb, Tense t) {
        Clause c;
        c.verb = verb;
        c.tense = t;
        c.id = next_id;
        next_id += 16;
        return c;
    }
    Sentence sentence(Clause c) {
        Sentence s;
        s.main = std::move(c);
        s.link_id = next_id;
        s.punct_id = next_id + 16;
        next_id += 32;
        return s;
    }
    template <class T> static std::shared_ptr<T> share(T v) { return std::make_shared<T>(std::move(v)); }
    std::shared_ptr<Duration> span(int count, TimeUnit unit) {  // "two hours", "ten years (old)"
        Duration d;
        d.count = count;
        d.unit = unit;
        d.id = next_id;
        next_id += 16;
        return share(d);
    }

    void expect(const Sentence & s, const std::string & en, const std::string & zh, const std::string & de) {
        const CorpusExample e = realize_example(lex, s);
        EXPECT_EQ(e.en, en);
        EXPECT_EQ(e.zh, zh);
        EXPECT_EQ(e.de, de);
    }
};

TEST_F(Fixture, RelativeClauseAndCopula) {
    // the girl [who bought a red dress yesterday] is my sister
    Clause rel = clause(0, Tense::Past);
    rel.gap = Role::Subject;
    NounPhrase dress = noun(1, Det::A);
    dress.adjectives = {0};
    rel.object = share(dress);
    rel.time = 0;
    NounPhrase girl = noun(0);
    girl.relative = share(rel);
    Clause main = clause(-1, Tense::Present);
    main.subject = girl;
    NounPhrase sister = noun(2, Det::Poss);
    sister.possessor = Pronoun::I;
    main.predicate = share(sister);
    expect(sentence(main), "the girl who bought a red dress yesterday is my sister .",
           "昨天 買 一 件 紅色 的 洋裝 的 那 個 女孩 是 我 的 姊姊 。",
           "Das Mädchen , das gestern ein rotes Kleid gekauft hat , ist meine Schwester .");
}

TEST_F(Fixture, FrontedTimeAndPlace) {
    // yesterday i met him in the park: V2 inversion, 在 + place before the verb, 了 after it
    Clause c = clause(1, Tense::Past);
    c.subject = pronoun(Pronoun::I);
    c.object = share(pronoun(Pronoun::He));
    c.time = 0;
    c.time_fronted = true;
    c.place = share(noun(3));
    expect(sentence(c), "yesterday i met him in the park .", "昨天 我 在 公園 遇見 了 他 。",
           "Gestern habe ich ihn im Park getroffen .");
}

TEST_F(Fixture, SeparableVerbPresentAndFuture) {
    Clause c = clause(2, Tense::Present);
    c.subject = pronoun(Pronoun::She);
    c.object = share(noun(4));
    expect(sentence(c), "she calls the teacher .", "她 打電話 給 老師 。", "Sie ruft den Lehrer an .");
    Clause f = clause(2, Tense::Future);
    f.subject = pronoun(Pronoun::I);
    f.object = share(pronoun(Pronoun::She));
    f.time = 1;
    expect(sentence(f), "i will call her tomorrow .", "我 明天 會 打電話 給 她 。", "Ich werde sie morgen anrufen .");
}

TEST_F(Fixture, SubordinateFirstDativeWeakNounAndKein) {
    // because he helped the boy, we did not buy a dress
    Clause because = clause(3, Tense::Past);
    because.subject = pronoun(Pronoun::He);
    because.object = share(noun(5));
    Clause main = clause(0, Tense::Past);
    main.subject = pronoun(Pronoun::We);
    main.object = share(noun(1, Det::A));
    main.negated = true;
    Sentence s = sentence(main);
    s.link = Connective::Because;
    s.second = share(because);
    s.subordinate_first = true;
    expect(s, "because he helped the boy , we did not buy a dress .",
           "因為 他 幫助 了 男孩 ， 我們 沒 買 一 件 洋裝 。",
           "Weil er dem Jungen geholfen hat , haben wir kein Kleid gekauft .");
}

TEST_F(Fixture, Questions) {
    Clause wh = clause(0, Tense::Past);
    wh.subject = pronoun(Pronoun::You);
    wh.object = share(noun(1));
    wh.mood = Mood::Wh;
    wh.gap = Role::Object;
    expect(sentence(wh), "what did you buy ?", "你 買 了 什麼 ？", "Was hast du gekauft ?");
    Clause yn = clause(4, Tense::Past);
    yn.subject = noun(0);
    yn.mood = Mood::YesNo;
    expect(sentence(yn), "did the girl sleep ?", "女孩 睡覺 了 嗎 ？", "Hat das Mädchen geschlafen ?");
    Clause who = clause(3, Tense::Past);
    who.subject = pronoun(Pronoun::You);
    who.object = share(noun(4));
    who.mood = Mood::Wh;
    who.gap = Role::Object;
    expect(sentence(who), "who did you help ?", "你 幫助 了 誰 ？", "Wem hast du geholfen ?");
    who.object = share(noun(4, Det::HowMany));  // a dative object: wie vielen
    expect(sentence(who), "how many teachers did you help ?", "你 幫助 了 幾 位 老師 ？", "Wie vielen Lehrern hast du geholfen ?");
}

TEST_F(Fixture, ObjectRelativeClause) {
    // she likes the shirt [that i bought yesterday]: stative 喜歡 takes no 了
    Clause rel = clause(0, Tense::Past);
    rel.gap = Role::Object;
    rel.subject = pronoun(Pronoun::I);
    rel.time = 0;
    NounPhrase shirt = noun(6);
    rel.object = share(shirt);
    shirt.relative = share(rel);
    Clause main = clause(5, Tense::Present);
    main.subject = pronoun(Pronoun::She);
    main.object = share(shirt);
    expect(sentence(main), "she likes the shirt that i bought yesterday .", "她 喜歡 我 昨天 買 的 那 件 襯衫 。",
           "Sie mag das Hemd , das ich gestern gekauft habe .");
}

TEST_F(Fixture, ContractionAndMissingFullStop) {
    Clause c = clause(4, Tense::Present);
    c.subject = pronoun(Pronoun::He);
    c.negated = true;
    c.contracted = true;
    Sentence s = sentence(c);
    s.en_final_punct = false;
    expect(s, "he doesn't sleep", "他 不 睡覺 。", "Er schläft nicht .");
}

TEST_F(Fixture, GoldAlignmentLinksTheSameMeaning) {
    Clause c = clause(1, Tense::Past);
    c.subject = pronoun(Pronoun::I);
    c.object = share(pronoun(Pronoun::He));
    c.time = 0;
    c.time_fronted = true;
    c.place = share(noun(3));
    const Sentence s = sentence(c);
    const AlignedText en = realize_english(lex, s), de = realize_german(lex, s);
    // en: yesterday i met him in the park .      de: Gestern habe ich ihn im Park getroffen .
    const GoldAlignment a = align(en, de);
    auto sure = [&](int t, int src) { return std::count(a.sure.begin(), a.sure.end(), attn::Link{t, src}) == 1; };
    auto possible = [&](int t, int src) { return std::count(a.possible.begin(), a.possible.end(), attn::Link{t, src}) == 1; };
    EXPECT_TRUE(sure(0, 0));   // Gestern – yesterday
    EXPECT_TRUE(sure(2, 1));   // ich – i
    EXPECT_TRUE(sure(3, 3));   // ihn – him
    EXPECT_TRUE(sure(4, 4));   // im – in
    EXPECT_TRUE(sure(4, 5));   // im – the
    EXPECT_TRUE(sure(5, 6));   // Park – park
    EXPECT_TRUE(sure(6, 2));   // getroffen – met
    EXPECT_TRUE(possible(1, 2) && !sure(1, 2));  // habe – met: only the tense
    EXPECT_TRUE(sure(7, 7));   // . – .
    EXPECT_FALSE(possible(0, 2));
    // The text format round-trips.
    GoldAlignment back;
    ASSERT_TRUE(parse_alignment(format_alignment(a), &back));
    EXPECT_EQ(format_alignment(back), format_alignment(a));
    EXPECT_EQ(back.sure.size(), a.sure.size());
}

// The everyday constructions (GrammarOptions::everyday), each against a hand-checked translation.
TEST_F(Fixture, ProgressiveAndGoingTo) {
    Clause c = clause(0, Tense::Present);
    c.progressive = true;
    c.subject = pronoun(Pronoun::She);
    NounPhrase dress = noun(1, Det::A);
    dress.adjectives = {0};
    c.object = share(dress);
    c.place = share(noun(3));
    expect(sentence(c), "she is buying a red dress in the park .", "她 正 在 公園 買 一 件 紅色 的 洋裝 。",
           "Sie kauft ein rotes Kleid im Park .");
    Clause s = clause(4, Tense::Present);
    s.progressive = true;
    s.subject = pronoun(Pronoun::He);
    s.negated = s.contracted = true;
    expect(sentence(s), "he isn't sleeping .", "他 沒 在 睡覺 。", "Er schläft nicht .");
    Clause q = clause(4, Tense::Present);
    q.progressive = true;
    q.subject = pronoun(Pronoun::I);
    q.mood = Mood::YesNo;
    expect(sentence(q), "am i sleeping ?", "我 在 睡覺 嗎 ？", "Schlafe ich ?");
    Clause g = clause(2, Tense::Future);
    g.going_to = true;
    g.subject = pronoun(Pronoun::We);
    g.object = share(noun(4));
    g.time = 1;
    expect(sentence(g), "we are going to call the teacher tomorrow .", "我們 明天 要 打電話 給 老師 。",
           "Wir werden morgen den Lehrer anrufen .");
}

// The past progressive: was/were + -ing, 在 as in the present, the German simple past with a
// separable prefix split off (rief … an) or joined at the end of a subordinate clause (als … anrief).
TEST_F(Fixture, PastProgressive) {
    Clause c = clause(4, Tense::Past);
    c.progressive = true;
    c.subject = pronoun(Pronoun::They);
    c.time = 0;
    expect(sentence(c), "they were sleeping yesterday .", "他們 昨天 在 睡覺 。", "Sie schliefen gestern .");

    Clause main = clause(0, Tense::Past);
    main.progressive = true;
    main.subject = pronoun(Pronoun::She);
    main.object = share(noun(1, Det::A));
    main.place = share(noun(3));
    Clause called = clause(2, Tense::Past);
    called.subject = pronoun(Pronoun::I);
    called.object = share(pronoun(Pronoun::He));
    Sentence s = sentence(main);
    s.link = Connective::When;
    s.second = share(called);
    const CorpusExample e = realize_example(lex, s);
    EXPECT_EQ(e.en, "she was buying a dress in the park when i called him .");
    EXPECT_EQ(e.de, "Sie kaufte ein Kleid im Park , als ich ihn angerufen habe .");
    EXPECT_NE(e.zh.find("正 在 公園 買"), std::string::npos) << e.zh;

    Clause denied = clause(2, Tense::Past);
    denied.progressive = true;
    denied.negated = denied.contracted = true;
    denied.subject = pronoun(Pronoun::We);
    denied.object = share(pronoun(Pronoun::She));
    expect(sentence(denied), "we weren't calling her .", "我們 沒 在 打電話 給 她 。", "Wir riefen sie nicht an .");
}

// A thing's or a building's side: the relation replaces the noun's own preposition and locative
// (桌子 下面, not 桌子 上 下面), with the dative; "in der Nähe von" fuses with the article (vom).
TEST_F(Fixture, SpatialRelations) {
    ASSERT_TRUE(Lexicon::parse(std::string(kNouns) + "table\ttables\tobject\t0\t桌子\t張\tTisch\tTische\tm\t0\ton\tauf\t上\n",
                               kVerbs, kAdjectives, kAdverbs, &lex).ok);  // 12
    auto side = [&](int noun, const char * en) {
        NounPhrase np = this->noun(noun);
        for (size_t r = 0; r < spatial_relations().size(); r++)
            if (std::string(spatial_relations()[r].en) == en) np.spatial = int(r);
        return share(np);
    };
    Clause c = clause(-1, Tense::Present);
    c.subject = noun(1);
    c.place = side(12, "under");
    expect(sentence(c), "the dress is under the table .", "洋裝 在 桌子 下面 。", "Das Kleid ist unter dem Tisch .");
    Clause e = existential();
    e.subject = noun(0, Det::A);
    e.place = side(12, "in front of");
    expect(sentence(e), "there is a girl in front of the table .", "桌子 前面 有 一 個 女孩 。",
           "Vor dem Tisch gibt es ein Mädchen .");
    Clause w = clause(4, Tense::Present);
    w.subject = pronoun(Pronoun::We);
    w.place = side(9, "near");
    expect(sentence(w), "we sleep near the station .", "我們 在 車站 附近 睡覺 。", "Wir schlafen in der Nähe vom Bahnhof .");

    // A place that picks a thing or a person out: after the noun in English and German, before it
    // with 的 in Chinese (a place without a locative takes 裡 there).
    Clause red = clause(-1, Tense::Present);
    NounPhrase dress = noun(1);
    dress.located = share(noun(12));
    red.subject = dress;
    red.predicate_adjective = 0;
    expect(sentence(red), "the dress on the table is red .", "桌子 上 的 洋裝 是 紅色 的 。", "Das Kleid auf dem Tisch ist rot .");
    Clause met = clause(1, Tense::Past);
    met.subject = pronoun(Pronoun::I);
    NounPhrase girl = noun(0);
    girl.located = side(3, "in front of");
    met.object = share(girl);
    expect(sentence(met), "i met the girl in front of the park .", "我 遇見 了 公園 前面 的 女孩 。",
           "Ich habe das Mädchen vor dem Park getroffen .");
    NounPhrase in_park = noun(0);
    in_park.located = share(noun(3));
    met.object = share(in_park);
    expect(sentence(met), "i met the girl in the park .", "我 遇見 了 公園 裡 的 女孩 。", "Ich habe das Mädchen im Park getroffen .");
}

// Gone somewhere as an experience: been to / 去 過 / in … gewesen; "never" of the past is 從來 沒.
TEST_F(Fixture, BeenTo) {
    ASSERT_TRUE(Lexicon::parse(kNouns, kVerbs, kAdjectives,
                               std::string(kAdverbs) + "ever\t曾經\tjemals\tfreq\tany\nnever\t從不\tnie\tfreq\tany\n", &lex).ok);
    Clause c = clause(6, Tense::Perfect);
    c.subject = pronoun(Pronoun::You);
    c.destination = share(name(8));
    c.mood = Mood::YesNo;
    c.frequency = 2;
    expect(sentence(c), "have you ever been to taipei ?", "你 曾經 去 過 台北 嗎 ？", "Bist du jemals in Taipeh gewesen ?");
    Clause n = clause(6, Tense::Perfect);
    n.subject = pronoun(Pronoun::She);
    n.destination = share(noun(3));
    n.frequency = 3;
    expect(sentence(n), "she has never been to the park .", "她 從來 沒 去 過 公園 。", "Sie ist nie im Park gewesen .");
    n.perfect_done = true;  // not an experience: she went and is there
    n.frequency = -1;
    expect(sentence(n), "she has gone to the park .", "她 去 了 公園 。", "Sie ist in den Park gegangen .");
}

// "must not" forbids: 不 可以, nicht dürfen; "don't have to" says it is not needed: 不用, nicht müssen.
TEST_F(Fixture, MustNot) {
    Clause c = clause(2, Tense::Present);
    c.subject = pronoun(Pronoun::You);
    c.object = share(pronoun(Pronoun::She));
    c.modal = Modal::Must;
    c.negated = true;
    expect(sentence(c), "you must not call her .", "你 不 可以 打電話 給 她 。", "Du darfst sie nicht anrufen .");
    c.contracted = true;
    expect(sentence(c), "you mustn't call her .", "你 不 可以 打電話 給 她 。", "Du darfst sie nicht anrufen .");
    c.contracted = false;
    c.obligation = Obligation::HaveTo;
    expect(sentence(c), "you do not have to call her .", "你 不用 打電話 給 她 。", "Du musst sie nicht anrufen .");
    c.tense = Tense::Past;  // had to / needed to: musste
    expect(sentence(c), "you did not have to call her .", "你 不用 打電話 給 她 。", "Du musstest sie nicht anrufen .");
    c.negated = false;
    c.obligation = Obligation::NeedTo;
    c.subject = pronoun(Pronoun::We);
    expect(sentence(c), "we needed to call her .", "我們 需要 打電話 給 她 。", "Wir mussten sie anrufen .");
}

// Home takes no article or preposition of its own: at home / 在 家 / zu Hause; go home / 回 家 /
// nach Hause, whatever the verb's own pattern (去 D, 回到 D).
TEST_F(Fixture, Home) {
    ASSERT_TRUE(Lexicon::parse(std::string(kNouns) + "home\t-\tplace\t1\t家\t個\tZuhause\t-\tn\t0\t-\t-\t-\n", kVerbs,
                               kAdjectives, kAdverbs, &lex).ok);  // 12
    Clause at = clause(-1, Tense::Present);
    at.subject = pronoun(Pronoun::I);
    at.place = share(noun(12, Det::None));
    expect(sentence(at), "i am at home .", "我 在 家 。", "Ich bin zu Hause .");
    at.negated = true;
    at.subject = pronoun(Pronoun::She);
    expect(sentence(at), "she is not at home .", "她 不 在 家 。", "Sie ist nicht zu Hause .");
    Clause go = clause(6, Tense::Past);
    go.subject = pronoun(Pronoun::We);
    go.destination = share(noun(12, Det::None));
    go.time = 0;
    expect(sentence(go), "we went home yesterday .", "我們 昨天 回 了 家 。", "Wir sind gestern nach Hause gegangen .");
}

// A past habit: used to / 以前 常 without 了 / the perfect with früher.
TEST_F(Fixture, UsedTo) {
    Clause c = clause(0, Tense::Past);
    c.used_to = true;
    c.subject = pronoun(Pronoun::She);
    c.object = share(noun(1, Det::A));
    c.place = share(noun(3));
    expect(sentence(c), "she used to buy a dress in the park .", "她 以前 常 在 公園 買 一 件 洋裝 。",
           "Sie hat früher ein Kleid im Park gekauft .");
}

// The time as the copula's predicate: after 是 in Chinese (會議 是 明天, asked 是 什麼時候).
TEST_F(Fixture, TimePredicate) {
    ASSERT_TRUE(Lexicon::parse(std::string(kNouns) + "meeting\tmeetings\tactivity\t0\t會議\t場\tTreffen\tTreffen\tn\t0\t-\t-\t-\n",
                               kVerbs, kAdjectives, kAdverbs, &lex).ok);  // 12
    Clause c = clause(-1, Tense::Present);
    c.subject = noun(12);
    c.time = 1;
    c.time_predicate = true;
    expect(sentence(c), "the meeting is tomorrow .", "會議 是 明天 。", "Das Treffen ist morgen .");
    c.mood = Mood::Wh;
    c.gap = Role::Time;
    expect(sentence(c), "when is the meeting ?", "會議 是 什麼時候 ？", "Wann ist das Treffen ?");
}

// "what time" asks the clock: 幾 點 where "when" is 什麼時候; um wie viel Uhr before the verb.
TEST_F(Fixture, WhatTime) {
    Clause c = clause(2, Tense::Past);
    c.subject = pronoun(Pronoun::You);
    c.object = share(pronoun(Pronoun::She));
    c.time = 0;
    c.mood = Mood::Wh;
    c.gap = Role::Time;
    expect(sentence(c), "when did you call her ?", "你 什麼時候 打電話 給 她 了 ？", "Wann hast du sie angerufen ?");
    c.what_time = true;
    expect(sentence(c), "what time did you call her ?", "你 幾 點 打電話 給 她 了 ？", "Um wie viel Uhr hast du sie angerufen ?");
}

// A person's age: years are the Chinese predicate (十 歲, no 是), zehn Jahre alt; an old person is
// 很 老, never 舊; digits above twenty.
TEST_F(Fixture, Ages) {
    Clause c = clause(-1, Tense::Present);
    NounPhrase sister = noun(2, Det::Poss);
    sister.possessor = Pronoun::I;
    c.subject = sister;
    c.predicate_adjective = 2;
    c.age = span(10, TimeUnit::Year);
    expect(sentence(c), "my sister is ten years old .", "我 的 姊姊 十 歲 。", "Meine Schwester ist zehn Jahre alt .");
    Clause q = clause(-1, Tense::Present);
    q.subject = pronoun(Pronoun::She);
    q.predicate_adjective = 2;
    q.mood = Mood::YesNo;
    q.age = span(25, TimeUnit::Year);
    expect(sentence(q), "is she 25 years old ?", "她 25 歲 嗎 ？", "Ist sie 25 Jahre alt ?");
    Clause plain = clause(-1, Tense::Present);
    plain.subject = noun(4);
    plain.predicate_adjective = 2;
    expect(sentence(plain), "the teacher is old .", "老師 很 老 。", "Der Lehrer ist alt .");
}

// The German simple past: weak and mixed verbs from the participle, strong ones from their root.
TEST(GermanPreterite, WeakMixedStrongAndPrefixed) {
    using german::preterite;
    EXPECT_EQ(preterite("kochen", "gekocht", "", 2), "kochte");
    EXPECT_EQ(preterite("arbeiten", "gearbeitet", "", 3), "arbeiteten");
    EXPECT_EQ(preterite("besuchen", "besucht", "", 1), "besuchtest");
    EXPECT_EQ(preterite("bringen", "gebracht", "", 0), "brachte");
    EXPECT_EQ(preterite("aufräumen", "aufgeräumt", "auf", 2), "räumte");
    EXPECT_EQ(preterite("gehören", "gehört", "", 2), "gehörte");
    EXPECT_EQ(preterite("haben", "gehabt", "", 5), "hatten");
    EXPECT_EQ(preterite("lesen", "gelesen", "", 2), "las");
    EXPECT_EQ(preterite("lesen", "gelesen", "", 1), "lasest");
    EXPECT_EQ(preterite("finden", "gefunden", "", 4), "fandet");
    EXPECT_EQ(preterite("schreien", "geschrien", "", 3), "schrien");
    EXPECT_EQ(preterite("anrufen", "angerufen", "an", 2), "rief");
    EXPECT_EQ(preterite("bekommen", "bekommen", "", 2), "bekam");
    EXPECT_EQ(preterite("verstehen", "verstanden", "", 3), "verstanden");
    EXPECT_EQ(preterite("vergessen", "vergessen", "", 0), "vergaß");
    EXPECT_EQ(preterite("fernsehen", "ferngesehen", "fern", 2), "sah");
    EXPECT_EQ(preterite("backen", "gebacken", "", 2), "backte");
    EXPECT_EQ(preterite("quelzen", "gequolzen", "", 2), "");  // a strong verb outside the table
}

// A place by its name: no article or locative (在 台北, 台北 有, not 台北 裡 有); a plan denied is
// 不 會, never 不 要 ("don't").
TEST_F(Fixture, PlaceNamesAndDeniedPlans) {
    Clause c = existential();
    c.subject = noun(0, Det::A);
    NounPhrase taipei = name(8);
    c.place = share(taipei);
    expect(sentence(c), "there is a girl in taipei .", "台北 有 一 個 女孩 。", "In Taipeh gibt es ein Mädchen .");
    Clause g = clause(4, Tense::Future);
    g.going_to = true;
    g.negated = true;
    g.subject = pronoun(Pronoun::She);
    g.place = share(taipei);
    expect(sentence(g), "she is not going to sleep in taipei .", "她 不 會 在 台北 睡覺 。",
           "Sie wird in Taipeh nicht schlafen .");
}

// Going somewhere: to → 去 (了 before the place), nach with a name, in + accusative, zu for a place
// one is "at"; nicht before the destination; going there now is 要 去.
TEST_F(Fixture, Destinations) {
    Clause c = clause(6, Tense::Past);
    c.subject = pronoun(Pronoun::We);
    c.destination = share(noun(3));
    c.time = 0;
    expect(sentence(c), "we went to the park yesterday .", "我們 昨天 去 了 公園 。", "Wir sind gestern in den Park gegangen .");
    Clause p = clause(6, Tense::Present);
    p.progressive = true;
    p.subject = pronoun(Pronoun::She);
    NounPhrase taipei = name(8);
    p.destination = share(taipei);
    expect(sentence(p), "she is going to taipei .", "她 要 去 台北 。", "Sie geht nach Taipeh .");
    Clause n = clause(6, Tense::Present);
    n.negated = true;
    n.subject = pronoun(Pronoun::I);
    n.destination = share(noun(9));
    expect(sentence(n), "i do not go to the station .", "我 不 去 車站 。", "Ich gehe nicht zum Bahnhof .");
}

// "let's": we as the subject of an imperative (我們 … 吧; the wir form first in German).
TEST_F(Fixture, LetUs) {
    Clause c = clause(6, Tense::Present);
    c.mood = Mood::Imperative;
    c.lets = true;
    c.subject = pronoun(Pronoun::We);
    c.destination = share(noun(3));
    expect(sentence(c), "let's go to the park .", "我們 去 公園 吧 。", "Gehen wir in den Park .");
    Clause n = c;
    n.negated = true;
    NounPhrase taipei = name(8);
    n.destination = share(taipei);
    expect(sentence(n), "let's not go to taipei .", "我們 不要 去 台北 吧 。", "Gehen wir nicht nach Taipeh .");
    Clause o = clause(2, Tense::Present);
    o.mood = Mood::Imperative;
    o.lets = true;
    o.subject = pronoun(Pronoun::We);
    o.object = share(noun(4));
    expect(sentence(o), "let's call the teacher .", "我們 打電話 給 老師 吧 。", "Rufen wir den Lehrer an .");
}

// "how" + adjective: 有 多 貴, a person's age 幾 歲; wie teuer, wie alt.
TEST_F(Fixture, HowAdjective) {
    Clause c;
    c.id = next_id;
    next_id += 16;
    c.subject = noun(1);
    c.predicate_adjective = 1;
    c.mood = Mood::Wh;
    c.gap = Role::Degree;
    expect(sentence(c), "how expensive is the dress ?", "洋裝 有 多 貴 ？", "Wie teuer ist das Kleid ?");
    Clause a = c;
    NounPhrase anna = name(7);
    a.subject = anna;
    a.predicate_adjective = 2;
    expect(sentence(a), "how old is anna ?", "安娜 幾 歲 ？", "Wie alt ist Anna ?");
}

// "how often": 多 常 where a frequency adverb goes (and no 了: a habit), wie oft.
TEST_F(Fixture, HowOften) {
    Clause c = clause(0, Tense::Present);
    c.subject = noun(0);
    c.object = share(noun(1, Det::A));
    c.mood = Mood::Wh;
    c.gap = Role::Frequency;
    expect(sentence(c), "how often does the girl buy a dress ?", "女孩 多 常 買 一 件 洋裝 ？",
           "Wie oft kauft das Mädchen ein Kleid ?");
    Clause p = clause(4, Tense::Past);
    p.subject = pronoun(Pronoun::You);
    p.mood = Mood::Wh;
    p.gap = Role::Frequency;
    expect(sentence(p), "how often did you sleep ?", "你 多 常 睡覺 ？", "Wie oft hast du geschlafen ?");
}

// "which": 哪 + classifier (哪些 in the plural) in place; welch- with dieser's endings, first.
TEST_F(Fixture, Which) {
    Clause c = clause(0, Tense::Past);
    c.subject = noun(0);
    c.object = share(noun(1, Det::Which));
    c.mood = Mood::Wh;
    c.gap = Role::Object;
    expect(sentence(c), "which dress did the girl buy ?", "女孩 買 了 哪 件 洋裝 ？", "Welches Kleid hat das Mädchen gekauft ?");
    Clause p = clause(0, Tense::Present);
    p.subject = pronoun(Pronoun::You);
    NounPhrase shirts = noun(6, Det::Which);
    shirts.plural = true;
    p.object = share(shirts);
    p.mood = Mood::Wh;
    p.gap = Role::Object;
    expect(sentence(p), "which shirts do you buy ?", "你 買 哪些 襯衫 ？", "Welche Hemden kaufst du ?");
}

// A to-infinitive: its subject unsaid; 試著 without 了; German ", … zu", zu inside a separable verb.
TEST_F(Fixture, ToInfinitive) {
    Clause inner = clause(2, Tense::Present);
    inner.to_infinitive = true;
    inner.subject = pronoun(Pronoun::I);
    inner.object = share(pronoun(Pronoun::She));
    Clause c = clause(8, Tense::Past);
    c.subject = inner.subject;
    c.complement = share(inner);
    expect(sentence(c), "i tried to call her .", "我 試著 打電話 給 她 。", "Ich habe versucht , sie anzurufen .");
    Clause buy = clause(0, Tense::Present);
    buy.to_infinitive = true;
    buy.subject = noun(0);
    buy.object = share(noun(1, Det::A));
    Clause p = clause(8, Tense::Present);
    p.subject = buy.subject;
    p.complement = share(buy);
    expect(sentence(p), "the girl tries to buy a dress .", "女孩 試著 買 一 件 洋裝 。",
           "Das Mädchen versucht , ein Kleid zu kaufen .");
}

// A verb of motion with sein takes haben with an accusative object; a counted thing that is not
// there: nicht before the number.
TEST_F(Fixture, HabenWithAnObjectAndNichtBeforeANumber) {
    Clause c = clause(9, Tense::Past);
    c.subject = pronoun(Pronoun::She);
    c.object = share(noun(11));
    expect(sentence(c), "she rode the horse .", "她 騎 了 馬 。", "Sie hat das Pferd geritten .");
    Clause e = existential();
    e.tense = Tense::Past;
    e.negated = true;
    e.subject = noun(0, Det::Number);
    e.subject.number = 15;
    e.subject.plural = true;
    e.place = share(noun(3));
    expect(sentence(e), "there were not fifteen girls in the park .", "公園 裡 沒有 十五 個 女孩 。",
           "Im Park gab es nicht fünfzehn Mädchen .");
}

// A price is asked with "how much": 多少 錢, wie viel; the money noun unsaid.
TEST_F(Fixture, HowMuch) {
    Clause c = clause(7, Tense::Present);
    c.subject = noun(6);
    c.object = share(noun(10, Det::HowMuch));
    c.mood = Mood::Wh;
    c.gap = Role::Object;
    expect(sentence(c), "how much does the shirt cost ?", "襯衫 要價 多少 錢 ？", "Wie viel kostet das Hemd ?");
}

// "might": 可能 before the negation, könnte in German.
TEST_F(Fixture, Might) {
    Clause c = clause(4, Tense::Present);
    c.modal = Modal::Might;
    c.subject = pronoun(Pronoun::She);
    c.negated = true;
    expect(sentence(c), "she might not sleep .", "她 可能 不 睡覺 。", "Sie könnte nicht schlafen .");
    Clause b = clause(0, Tense::Present);
    b.modal = Modal::Might;
    b.subject = noun(0);
    b.object = share(noun(1, Det::A));
    expect(sentence(b), "the girl might buy a dress .", "女孩 可能 買 一 件 洋裝 。", "Das Mädchen könnte ein Kleid kaufen .");
}

// The perfect in Chinese: 了 when it says something is now done, 過 when it asks about an
// experience; 了 closes a verb phrase with its object inside (打電話 給 他 了).
TEST_F(Fixture, PerfectDoneOrExperienced) {
    Clause done = clause(0, Tense::Perfect);
    done.perfect_done = true;
    done.subject = pronoun(Pronoun::She);
    done.object = share(noun(1, Det::A));
    expect(sentence(done), "she has bought a dress .", "她 買 了 一 件 洋裝 。", "Sie hat ein Kleid gekauft .");
    Clause asked = clause(0, Tense::Perfect);
    asked.mood = Mood::YesNo;
    asked.subject = pronoun(Pronoun::She);
    asked.object = share(noun(1, Det::A));
    expect(sentence(asked), "has she bought a dress ?", "她 買 過 一 件 洋裝 嗎 ？", "Hat sie ein Kleid gekauft ?");
    Clause called = clause(2, Tense::Perfect);
    called.perfect_done = true;
    called.subject = pronoun(Pronoun::She);
    called.object = share(pronoun(Pronoun::He));
    expect(sentence(called), "she has called him .", "她 打電話 給 他 了 。", "Sie hat ihn angerufen .");
}

// "have to" and "need to": 必須 / 需要 and müssen; denied, not needed (不用, muss nicht).
TEST_F(Fixture, HaveToAndNeedTo) {
    Clause c = clause(4, Tense::Present);
    c.modal = Modal::Must;
    c.obligation = Obligation::HaveTo;
    c.subject = pronoun(Pronoun::She);
    expect(sentence(c), "she has to sleep .", "她 必須 睡覺 。", "Sie muss schlafen .");
    c.subject = pronoun(Pronoun::You);
    c.negated = c.contracted = true;
    expect(sentence(c), "you don't have to sleep .", "你 不用 睡覺 。", "Du musst nicht schlafen .");
    Clause q = clause(0, Tense::Present);
    q.modal = Modal::Must;
    q.obligation = Obligation::NeedTo;
    q.mood = Mood::YesNo;
    q.subject = noun(0);
    q.object = share(noun(1, Det::A));
    expect(sentence(q), "does the girl need to buy a dress ?", "女孩 需要 買 一 件 洋裝 嗎 ？", "Muss das Mädchen ein Kleid kaufen ?");
    Clause n = clause(4, Tense::Present);
    n.modal = Modal::Must;
    n.obligation = Obligation::NeedTo;
    n.subject = pronoun(Pronoun::I);
    n.negated = true;
    expect(sentence(n), "i do not need to sleep .", "我 不 需要 睡覺 。", "Ich muss nicht schlafen .");
}

// Pronoun + be/will contracted as typed ("i'm", "it's", "we'll"), the one word linked to both
// concepts; never at a clause's end.
TEST_F(Fixture, EnglishContractions) {
    Clause c = clause(0, Tense::Present);
    c.progressive = true;
    c.subject = pronoun(Pronoun::I);
    c.object = share(noun(1, Det::A));
    Sentence s = sentence(c);
    s.en_contracted = true;
    const CorpusExample e = realize_example(lex, s);
    EXPECT_EQ(e.en, "i'm buying a dress .");
    EXPECT_EQ(e.de, "Ich kaufe ein Kleid .");
    // "i'm" (source 0) is linked to 我 / Ich, as "i" alone would be.
    GoldAlignment gold;
    ASSERT_TRUE(parse_alignment(e.align_de, &gold));
    EXPECT_NE(std::find(gold.sure.begin(), gold.sure.end(), attn::Link{0, 0}), gold.sure.end()) << e.align_de;

    Clause rain;
    rain.kind = ClauseKind::Weather;
    rain.id = next_id;
    next_id += 16;
    for (size_t i = 0; i < weather_conditions().size(); i++)
        if (std::string(weather_conditions()[i].en) == "rain") rain.weather = int(i);
    rain.progressive = true;
    rain.subject = pronoun(Pronoun::It);
    Sentence r = sentence(rain);
    r.en_contracted = true;
    EXPECT_EQ(realize_example(lex, r).en, "it's raining .");

    Clause g = clause(2, Tense::Future);
    g.subject = pronoun(Pronoun::We);
    g.object = share(noun(4));
    Sentence w = sentence(g);
    w.en_contracted = true;
    EXPECT_EQ(realize_example(lex, w).en, "we'll call the teacher .");

    Clause where = clause(-1, Tense::Present);
    where.subject = noun(4);
    where.place = share(noun(3));
    where.mood = Mood::Wh;
    where.gap = Role::Place;
    Sentence q = sentence(where);
    q.en_contracted = true;
    EXPECT_EQ(realize_example(lex, q).en, "where's the teacher ?");
    rain.mood = Mood::YesNo;  // "is it raining ?": the verb comes first, nothing to contract
    Sentence yn = sentence(rain);
    yn.en_contracted = true;
    EXPECT_EQ(realize_example(lex, yn).en, "is it raining ?");
}

// A person's thing: 's in English, 的 in Chinese, a name's genitive or von + dative in German.
TEST_F(Fixture, Possessives) {
    auto owned = [&](NounPhrase owner, int noun, std::vector<int> adjectives = {}) {
        NounPhrase np = this->noun(noun, Det::Owner);
        np.owner = share(std::move(owner));
        np.adjectives = std::move(adjectives);
        return share(std::move(np));
    };
    NounPhrase anna = name(7);
    Clause c = clause(0, Tense::Present);
    c.subject = noun(0);
    c.object = owned(anna, 1, {0});
    expect(sentence(c), "the girl buys anna's red dress .", "女孩 買 安娜 的 紅色 的 洋裝 。",
           "Das Mädchen kauft Annas rotes Kleid .");
    NounPhrase sister = noun(2, Det::Poss);
    sister.possessor = Pronoun::I;
    Clause l = clause(5, Tense::Present);
    l.subject = noun(4);
    l.object = owned(sister, 6);
    expect(sentence(l), "the teacher likes my sister's shirt .", "老師 喜歡 我 的 姊姊 的 襯衫 。",
           "Der Lehrer mag das Hemd von meiner Schwester .");
    NounPhrase boys = noun(5);
    boys.plural = true;
    l.object = owned(boys, 6);
    expect(sentence(l), "the teacher likes the boys' shirt .", "老師 喜歡 男孩 的 襯衫 。",
           "Der Lehrer mag das Hemd von den Jungen .");
    l.object = owned(noun(5), 6);  // von dem → vom; Junge is a weak noun: dem Jungen
    EXPECT_EQ(realize_example(lex, sentence(l)).de, "Der Lehrer mag das Hemd vom Jungen .");
}

// Comparatives and superlatives of a predicate adjective.
TEST_F(Fixture, ComparativesAndSuperlatives) {
    Adjective & expensive = lex.adjectives[1];
    expensive.en_comp = {"more", "expensive"};
    expensive.en_sup = {"most", "expensive"};
    expensive.de_comp = "teurer";
    expensive.de_sup = "teuerst";
    Clause c = clause(-1, Tense::Present);
    c.subject = noun(1);
    c.predicate_adjective = 1;
    c.compare = Compare::Comparative;
    c.standard = share(noun(6));
    expect(sentence(c), "the dress is more expensive than the shirt .", "洋裝 比 襯衫 貴 。",
           "Das Kleid ist teurer als das Hemd .");
    c.tense = Tense::Past;
    c.mood = Mood::YesNo;
    expect(sentence(c), "was the dress more expensive than the shirt ?", "洋裝 比 襯衫 貴 嗎 ？",
           "War das Kleid teurer als das Hemd ?");
    Clause s = clause(-1, Tense::Present);
    s.subject = noun(1);
    s.predicate_adjective = 1;
    s.compare = Compare::Superlative;
    expect(sentence(s), "the dress is the most expensive .", "洋裝 最 貴 。", "Das Kleid ist am teuersten .");
    Clause e = clause(-1, Tense::Present);
    e.subject = noun(1);
    e.predicate_adjective = 1;
    e.compare = Compare::Equal;
    e.standard = share(noun(6));
    expect(sentence(e), "the dress is as expensive as the shirt .", "洋裝 跟 襯衫 一樣 貴 。",
           "Das Kleid ist so teuer wie das Hemd .");
    // than – 比 – als share one concept: a sure link each way.
    const GoldAlignment a = align(realize_english(lex, sentence(c)), realize_german(lex, sentence(c)));
    EXPECT_NE(std::find(a.sure.begin(), a.sure.end(), attn::Link{4, 5}), a.sure.end()) << format_alignment(a);
}

TEST_F(Fixture, ImperativesAndRequests) {
    Clause c = clause(2, Tense::Present);
    c.mood = Mood::Imperative;
    c.subject = pronoun(Pronoun::You);
    c.object = share(pronoun(Pronoun::I));
    c.please = true;
    expect(sentence(c), "please call me .", "請 打電話 給 我 。", "Ruf mich bitte an .");
    Clause d = clause(0, Tense::Present);
    d.mood = Mood::Imperative;
    d.subject = pronoun(Pronoun::You);
    d.object = share(noun(6));
    d.negated = d.contracted = true;
    expect(sentence(d), "don't buy the shirt .", "不要 買 襯衫 。", "Kauf das Hemd nicht .");
    Clause r = clause(3, Tense::Present);
    r.mood = Mood::YesNo;
    r.modal = Modal::Could;
    r.please = true;
    r.subject = pronoun(Pronoun::You);
    r.object = share(pronoun(Pronoun::I));
    expect(sentence(r), "could you please help me ?", "可以 請 你 幫助 我 嗎 ？", "Könntest du mir bitte helfen ?");
    r.modal = Modal::Can;  // the request's 可以 says "can": no second 能
    expect(sentence(r), "can you please help me ?", "可以 請 你 幫助 我 嗎 ？", "Kannst du mir bitte helfen ?");
}

TEST_F(Fixture, ThereIsAndHowMany) {
    Clause c = existential();
    c.subject = noun(0, Det::A);
    c.place = share(noun(3));
    expect(sentence(c), "there is a girl in the park .", "公園 裡 有 一 個 女孩 。", "Im Park gibt es ein Mädchen .");
    Clause n = c;
    n.subject = noun(1, Det::A);
    n.negated = true;
    expect(sentence(n), "there is not a dress in the park .", "公園 裡 沒有 洋裝 。", "Im Park gibt es kein Kleid .");
    Clause h = c;
    h.mood = Mood::Wh;
    h.gap = Role::Subject;
    h.subject.det = Det::HowMany;
    h.subject.plural = true;
    expect(sentence(h), "how many girls are there in the park ?", "公園 裡 有 幾 個 女孩 ？",
           "Wie viele Mädchen gibt es im Park ?");
    Clause o = clause(0, Tense::Past);
    o.mood = Mood::Wh;
    o.gap = Role::Object;
    o.subject = pronoun(Pronoun::You);
    NounPhrase shirts = noun(6, Det::HowMany);
    shirts.plural = true;
    o.object = share(shirts);
    expect(sentence(o), "how many shirts did you buy ?", "你 買 了 幾 件 襯衫 ？", "Wie viele Hemden hast du gekauft ?");
}

TEST_F(Fixture, WeatherDegreeAndCopulaPlace) {
    auto weather = [&](const char * en, Tense t) {
        Clause c;
        c.kind = ClauseKind::Weather;
        c.id = next_id;
        next_id += 16;
        for (size_t i = 0; i < weather_conditions().size(); i++)
            if (std::string(weather_conditions()[i].en) == en) c.weather = int(i);
        c.tense = t;
        c.subject = pronoun(Pronoun::It);
        return c;
    };
    Clause rain = weather("rain", Tense::Present);
    rain.progressive = true;
    expect(sentence(rain), "it is raining .", "正在 下雨 。", "Es regnet .");
    Clause cold = weather("cold", Tense::Past);
    cold.degree = Degree::Very;
    cold.time = 0;
    expect(sentence(cold), "it was very cold yesterday .", "昨天 天氣 非常 冷 。", "Es war gestern sehr kalt .");
    Clause windy = weather("windy", Tense::Present);
    windy.mood = Mood::YesNo;
    expect(sentence(windy), "is it windy ?", "風 很 大 嗎 ？", "Ist es windig ?");

    Clause too = clause(-1, Tense::Present);
    too.subject = noun(1);
    too.predicate_adjective = 1;
    too.degree = Degree::Too;
    expect(sentence(too), "the dress is too expensive .", "洋裝 太 貴 了 。", "Das Kleid ist zu teuer .");
    Clause where = clause(-1, Tense::Present);
    where.subject = noun(4);
    where.place = share(noun(3));
    expect(sentence(where), "the teacher is in the park .", "老師 在 公園 。", "Der Lehrer ist im Park .");
    where.mood = Mood::Wh;
    where.gap = Role::Place;
    expect(sentence(where), "where is the teacher ?", "老師 在 哪裡 ？", "Wo ist der Lehrer ?");
    Clause absent = clause(-1, Tense::Present);
    absent.subject = noun(5);
    absent.place = share(noun(3));
    absent.negated = true;
    expect(sentence(absent), "the boy is not in the park .", "男孩 不 在 公園 。", "Der Junge ist nicht im Park .");

    // Gold links of a weather clause: it – Es, raining – regnet (sure), is – regnet (possible).
    const AlignedText en = realize_english(lex, sentence(rain)), de = realize_german(lex, sentence(rain));
    const GoldAlignment a = align(en, de);
    auto has = [](const std::vector<attn::Link> & v, int t, int s) { return std::count(v.begin(), v.end(), attn::Link{t, s}) == 1; };
    EXPECT_TRUE(has(a.sure, 0, 0));
    EXPECT_TRUE(has(a.sure, 1, 2));
    EXPECT_TRUE(has(a.possible, 1, 1) && !has(a.sure, 1, 1));
}

TEST_F(Fixture, LikeToAndWouldLike) {
    Clause c = clause(4, Tense::Present);
    c.modal = Modal::Like;
    c.subject = pronoun(Pronoun::She);
    expect(sentence(c), "she likes to sleep .", "她 喜歡 睡覺 。", "Sie schläft gern .");
    Clause g = clause(0, Tense::Present);
    g.modal = Modal::Like;
    g.gerund = true;
    g.subject = pronoun(Pronoun::I);
    g.object = share(noun(6, Det::None));
    g.object->plural = true;
    g.negated = g.contracted = true;
    expect(sentence(g), "i don't like buying shirts .", "我 不 喜歡 買 襯衫 。", "Ich kaufe nicht gern Hemden .");
    Clause w = clause(0, Tense::Present);
    w.modal = Modal::WouldLike;
    w.subject = pronoun(Pronoun::I);
    NounPhrase dress = noun(1);
    dress.adjectives = {0};
    w.object = share(dress);
    expect(sentence(w), "i would like to buy the red dress .", "我 想要 買 紅色 的 洋裝 。", "Ich möchte das rote Kleid kaufen .");
}

// Phrasebook expressions alone, opening a sentence (German goes on in its own case) and after one.
TEST_F(Fixture, PhrasesAloneBeforeAndAfter) {
    // The fixture's nouns and one more name (noun 12) for the slot.
    ASSERT_TRUE(Lexicon::parse(std::string(kNouns) + "tom\t-\tname\t0\t湯姆\t-\tTom\t-\tm\t0\t-\t-\t-\n", kVerbs, kAdjectives,
                               kAdverbs, &lex).ok);
    ASSERT_TRUE(parse_phrasebook("greeting\thello , NAME !\t你好 ， NAME ！\tHallo , NAME !\t0-0 1-1 2-2 3-3\t0-0 1-1 2-2 3-3\tname,first\n"
                                 "thanks\tthank you very much .\t非常 謝謝 你 。\tVielen Dank .\t0-1 1-2 2-0 3-0 4-3\t0-1 1p1 2-0 3-0 4-2\tlast\n",
                                 &lex.phrases).ok);
    Clause c = clause(4, Tense::Present);
    c.subject = pronoun(Pronoun::I);
    Sentence s = sentence(c);
    s.phrase = 0;
    s.phrase_noun = 12;
    s.phrase_id = next_id;
    next_id += 32;
    s.phrase_use = Sentence::PhraseUse::Alone;
    expect(s, "hello , tom !", "你好 ， 湯姆 ！", "Hallo , Tom !");
    s.phrase_use = Sentence::PhraseUse::Before;
    expect(s, "hello , tom , i sleep .", "你好 ， 湯姆 ， 我 睡覺 。", "Hallo , Tom , ich schlafe .");
    s.phrase = 1;
    s.phrase_use = Sentence::PhraseUse::After;
    s.en_final_punct = false;  // a sentence before a phrase always ends with its stop
    expect(s, "i sleep . thank you very much .", "我 睡覺 。 非常 謝謝 你 。", "Ich schlafe . Vielen Dank .");
    // The phrase's own links: thank–謝謝, you–你, very much–非常.
    const AlignedText en = realize_english(lex, s), zh = realize_chinese(lex, s);
    const GoldAlignment a = align(en, zh);
    auto sure = [&](int t, int src) { return std::count(a.sure.begin(), a.sure.end(), attn::Link{t, src}) == 1; };
    EXPECT_TRUE(sure(4, 3));  // 謝謝 – thank
    EXPECT_TRUE(sure(5, 4));  // 你 – you
    EXPECT_TRUE(sure(3, 5) && sure(3, 6));  // 非常 – very much
    EXPECT_FALSE(parse_phrasebook("greeting\thello NAME\t你好\tHallo\t0-0\t0-0\tname\n", &lex.phrases).ok);  // NAME only in English
    EXPECT_FALSE(parse_phrasebook("greeting\thi\t嗨\tHi\t0-5\t0-0\talone\n", &lex.phrases).ok);  // link outside the row
}

// What something pointed at is: this/that, 這/那, das (the verb agreeing with the predicate).
TEST_F(Fixture, Demonstratives) {
    auto pointing = [&](NounPhrase thing, bool far) {
        Clause c = clause(-1, Tense::Present);
        c.kind = ClauseKind::Demonstrative;
        c.far = far;
        c.subject = pronoun(Pronoun::It);
        c.predicate = share(thing);
        return c;
    };
    NounPhrase mine = noun(1, Det::Poss);
    mine.possessor = Pronoun::I;
    expect(sentence(pointing(mine, false)), "this is my dress .", "這 是 我 的 洋裝 。", "Das ist mein Kleid .");
    NounPhrase yours = noun(1, Det::Poss);
    yours.possessor = Pronoun::You;
    Clause asked = pointing(yours, true);
    asked.mood = Mood::YesNo;
    expect(sentence(asked), "is that your dress ?", "那 是 你 的 洋裝 嗎 ？", "Ist das dein Kleid ?");
    NounPhrase shirts = noun(6, Det::Poss);
    shirts.plural = true;
    expect(sentence(pointing(shirts, false)), "these are my shirts .", "這些 是 我 的 襯衫 。", "Das sind meine Hemden .");
    Clause denied = pointing(noun(1, Det::A), true);
    denied.negated = true;
    expect(sentence(denied), "that is not a dress .", "那 不 是 一 件 洋裝 。", "Das ist kein Kleid .");
    Clause what = pointing(noun(1, Det::None), false);
    what.mood = Mood::Wh;
    what.gap = Role::Object;
    expect(sentence(what), "what is this ?", "這 是 什麼 ？", "Was ist das ?");
    Clause who = pointing(noun(4, Det::None), true);
    who.mood = Mood::Wh;
    who.gap = Role::Object;
    expect(sentence(who), "who is that ?", "那 是 誰 ？", "Wer ist das ?");
}

// A German object after a preposition of its own: warten auf + accusative, sprechen mit + dative;
// English keeps its preposition in the verb (wait for, talk to), Chinese has none.
TEST_F(Fixture, PrepositionalObjects) {
    ASSERT_TRUE(Lexicon::parse(kNouns,
                               std::string(kVerbs) +
                                   "wait for\twaits for\twaited for\twaited for\ttr\tperson\tperson,place\t等\t了\twarten\t"
                                   "warte|wartest|wartet|warten|wartet|warten\tgewartet\thaben\t-\tauf\n"  // 15
                                   "talk to\ttalks to\ttalked to\ttalked to\ttr\tperson\tperson\t跟 O 說話\t了\tsprechen\t"
                                   "spreche|sprichst|spricht|sprechen|sprecht|sprechen\tgesprochen\thaben\t-\tmit\n",  // 16
                               kAdjectives, kAdverbs, &lex).ok);
    Clause w = clause(15, Tense::Present);
    w.progressive = true;
    w.subject = pronoun(Pronoun::I);
    w.object = share(noun(4));
    expect(sentence(w), "i am waiting for the teacher .", "我 在 等 老師 。", "Ich warte auf den Lehrer .");
    Clause t = clause(16, Tense::Past);
    t.subject = pronoun(Pronoun::She);
    t.object = share(noun(2));
    expect(sentence(t), "she talked to the sister .", "她 跟 姊姊 說話 了 。", "Sie hat mit der Schwester gesprochen .");
    Clause n = clause(16, Tense::Present);
    n.subject = pronoun(Pronoun::We);
    n.negated = true;
    n.object = share(noun(4, Det::A));
    expect(sentence(n), "we do not talk to a teacher .", "我們 不 跟 一 位 老師 說話 。", "Wir sprechen nicht mit einem Lehrer .");
    // Asked about: English strands its preposition, German fronts it (auf wen, worauf, mit wem).
    Clause who = clause(15, Tense::Present);
    who.progressive = true;
    who.subject = pronoun(Pronoun::You);
    who.object = share(noun(4));
    who.mood = Mood::Wh;
    who.gap = Role::Object;
    expect(sentence(who), "who are you waiting for ?", "你 在 等 誰 ？", "Auf wen wartest du ?");
    who.object = share(noun(3));
    expect(sentence(who), "what are you waiting for ?", "你 在 等 什麼 ？", "Worauf wartest du ?");
    Clause with = clause(16, Tense::Past);
    with.subject = pronoun(Pronoun::She);
    with.object = share(noun(2));
    with.mood = Mood::Wh;
    with.gap = Role::Object;
    expect(sentence(with), "who did she talk to ?", "她 跟 誰 說話 了 ？", "Mit wem hat sie gesprochen ?");
    EXPECT_FALSE(Lexicon::parse(kNouns, "wait\twaits\twaited\twaited\tintr\tperson\t-\t等\t了\twarten\t"
                                        "warte|wartest|wartet|warten|wartet|warten\tgewartet\thaben\t-\tauf\n",
                                kAdjectives, kAdverbs, &lex).ok);  // a preposition needs an object
}

// A noun German has only in the plural (gender p) makes German plural and leaves English singular.
TEST_F(Fixture, GermanPluralOnlyNouns) {
    ASSERT_TRUE(Lexicon::parse(std::string(kNouns) + "furniture\t-\tobject\t1\t家具\t件\tMöbel\t-\tp\t0\t-\t-\t-\n", kVerbs,
                               kAdjectives, kAdverbs, &lex).ok);
    Clause c = clause(-1, Tense::Present);
    c.subject = noun(12, Det::This);
    c.predicate_adjective = 1;
    expect(sentence(c), "this furniture is expensive .", "這 件 家具 很 貴 。", "Diese Möbel sind teuer .");
    Clause bought = clause(0, Tense::Past);
    bought.subject = pronoun(Pronoun::I);
    bought.object = share(noun(12));
    expect(sentence(bought), "i bought the furniture .", "我 買 了 家具 。", "Ich habe die Möbel gekauft .");
    Clause helped = clause(3, Tense::Present);  // a dative object: den Möbeln
    helped.subject = pronoun(Pronoun::We);
    helped.object = share(noun(12));
    expect(sentence(helped), "we help the furniture .", "我們 幫助 家具 。", "Wir helfen den Möbeln .");
    EXPECT_FALSE(Lexicon::parse(std::string(kNouns) + "chair\tchairs\tobject\t0\t椅子\t張\tStühle\t-\tp\t0\t-\t-\t-\n", kVerbs,
                                kAdjectives, kAdverbs, &lex).ok);  // p only for a mass noun
}

// THING takes a mass noun, with the noun's own word in each language: "attention is all you need".
TEST_F(Fixture, ThingSlotTakesAMassNoun) {
    ASSERT_TRUE(Lexicon::parse(std::string(kNouns) + "attention\t-\tabstract\t1\t注意力\t-\tAufmerksamkeit\t-\tf\t0\t-\t-\t-\n", kVerbs,
                               kAdjectives, kAdverbs, &lex).ok);
    ASSERT_TRUE(parse_phrasebook("other\tTHING is all you need .\tTHING 就是 你 需要 的 一切 。\tTHING ist alles , was du brauchst .\t"
                                 "0-0 1-1 2-5 3-2 4-3 4p4 5-6\t0-0 1-1 2-2 2p4 3-5 4-6 5-7\tthing,alone\n",
                                 &lex.phrases).ok);
    Sentence s = sentence(clause(4, Tense::Present));
    s.phrase = 0;
    s.phrase_noun = 12;
    s.phrase_id = next_id;
    s.phrase_use = Sentence::PhraseUse::Alone;
    expect(s, "attention is all you need .", "注意力 就是 你 需要 的 一切 。", "Aufmerksamkeit ist alles , was du brauchst .");
    const GoldAlignment zh = align(realize_english(lex, s), realize_chinese(lex, s));
    EXPECT_EQ(std::count(zh.sure.begin(), zh.sure.end(), attn::Link{0, 0}), 1);  // 注意力 – attention
    EXPECT_EQ(std::count(zh.sure.begin(), zh.sure.end(), attn::Link{5, 2}), 1);  // 一切 – all
    // One slot, in all three languages, said in the combine column.
    EXPECT_FALSE(parse_phrasebook("other\tTHING is good .\tTHING 很 好 。\tEs ist gut .\t0-0 1p1 2-2 3-3\t0-0 1-1 2-2 3-3\tthing,alone\n",
                                  &lex.phrases).ok);
    EXPECT_FALSE(parse_phrasebook("other\tTHING is good .\tTHING 很 好 。\tTHING ist gut .\t0-0 1p1 2-2 3-3\t0-0 1-1 2-2 3-3\talone\n",
                                  &lex.phrases).ok);
    EXPECT_FALSE(parse_phrasebook("other\tNAME likes THING .\tNAME 喜歡 THING 。\tNAME mag THING .\t0-0 1-1 2-2 3-3\t0-0 1-1 2-2 3-3\t"
                                  "name,thing,alone\n",
                                  &lex.phrases).ok);
    // PLACE takes a place's name (noun 8, taipei).
    ASSERT_TRUE(parse_phrasebook("other\ti am from PLACE .\t我 來自 PLACE 。\tIch komme aus PLACE .\t0-0 1p1 2-1 3-2 4-3\t"
                                 "0-0 1p1 2-1 2-2 3-3 4-4\tplace,alone\n",
                                 &lex.phrases).ok);
    EXPECT_EQ(lex.phrases[0].slot, PhraseSlot::Place);
    s.phrase_noun = 8;
    expect(s, "i am from taipei .", "我 來自 台北 。", "Ich komme aus Taipeh .");
}

// Two phrases joined: the lead loses its stop, a comma joins them, and the German question goes
// on in lower case ("Hallo , wie …"), while a noun keeps its capital.
TEST_F(Fixture, JoinedPhrases) {
    ASSERT_TRUE(parse_phrasebook("greeting\thello !\t你好 ！\tHallo !\t0-0 1-1\t0-0 1-1\tfirst\n"
                                 "greeting\thow are you ?\t你 好 嗎 ？\tWie geht es dir ?\t0-1 0p2 1p1 2-0 3-3\t0-0 1-1 1p2 2-3 3-4\talone\n"
                                 "other\tcongratulations !\t恭喜 ！\tGlückwunsch !\t0-0 1-1\t0-0 1-1\talone\n",
                                 &lex.phrases).ok);
    Sentence s = sentence(clause(4, Tense::Present));
    s.phrase_use = Sentence::PhraseUse::Alone;
    s.phrase = 1;
    s.phrase_id = next_id;
    s.lead_phrase = 0;
    s.lead_id = next_id + 32;
    next_id += 64;
    expect(s, "hello , how are you ?", "你好 ， 你 好 嗎 ？", "Hallo , wie geht es dir ?");
    const AlignedText en = realize_english(lex, s), de = realize_german(lex, s);
    const GoldAlignment a = align(en, de);
    auto sure = [&](int t, int src) { return std::count(a.sure.begin(), a.sure.end(), attn::Link{t, src}) == 1; };
    EXPECT_TRUE(sure(0, 0) && sure(1, 1));  // Hallo – hello, the joining commas
    EXPECT_TRUE(sure(2, 2) && sure(5, 4));  // wie – how, dir – you
    s.phrase = 2;
    expect(s, "hello , congratulations !", "你好 ， 恭喜 ！", "Hallo , Glückwunsch !");
    EXPECT_TRUE(german_phrase_start_lowers("Wie"));
    EXPECT_FALSE(german_phrase_start_lowers("Sie"));
}

// A span of time: after the verb in Chinese (a verb–object word says its verb again), a bare
// accusative in German; with the perfect of a verb that goes on it runs up to now (了 … 了,
// German present with schon seit), and "how long" asks for it (多久, wie lange).
TEST_F(Fixture, Durations) {
    ASSERT_TRUE(Lexicon::parse(kNouns, std::string(kVerbs) +
                               "wait\twaits\twaited\twaited\tintr\tperson\t-\t等\t了\twarten\twarte|wartest|wartet|warten|wartet|warten\tgewartet\thaben\t-\t-\n",  // 15
                               kAdjectives, kAdverbs, &lex).ok);
    Clause slept = clause(4, Tense::Past);
    slept.subject = pronoun(Pronoun::I);
    slept.duration = span(2, TimeUnit::Hour);
    expect(sentence(slept), "i slept for two hours .", "我 睡 了 兩 個 小時 。", "Ich habe zwei Stunden geschlafen .");

    Clause waited = clause(15, Tense::Perfect);
    waited.subject = pronoun(Pronoun::She);
    waited.place = share(noun(9));
    waited.duration = span(1, TimeUnit::Hour);
    expect(sentence(waited), "she has waited at the station for an hour .", "她 在 車站 等 了 一 個 小時 了 。",
           "Sie wartet schon seit einer Stunde am Bahnhof .");

    Clause asked = clause(15, Tense::Perfect);
    asked.subject = pronoun(Pronoun::You);
    asked.duration = span(3, TimeUnit::Day);
    asked.mood = Mood::Wh;
    asked.gap = Role::Duration;
    expect(sentence(asked), "how long have you waited ?", "你 等 了 多久 了 ？", "Wie lange wartest du schon ?");
    // Said as English mostly says it, the same span in the other two.
    waited.continuous = asked.continuous = true;
    expect(sentence(waited), "she has been waiting at the station for an hour .", "她 在 車站 等 了 一 個 小時 了 。",
           "Sie wartet schon seit einer Stunde am Bahnhof .");
    expect(sentence(asked), "how long have you been waiting ?", "你 等 了 多久 了 ？", "Wie lange wartest du schon ?");

    // The verb does not match the table's Chinese: no entry, so the grammar never gives it a span.
    EXPECT_NE(duration_verb(lex.verbs[4]), nullptr);
    EXPECT_EQ(duration_verb(lex.verbs[0]), nullptr);
}

} // namespace

// German reflexive verbs: the pronoun agrees with the subject and opens the middle field after the
// subject and a pronoun object (weil das Mädchen sich entspannt, sie stellt es sich vor); a
// prepositional object comes last, after nicht, and takes kein inside.
TEST_F(Fixture, GermanReflexiveVerbs) {
    Clause c = clause(10, Tense::Present);
    c.subject = pronoun(Pronoun::I);
    c.object = share(noun(4));
    c.time = 0;
    c.tense = Tense::Past;
    expect(sentence(c), "i remembered the teacher yesterday .", "我 昨天 記得 老師 。",
           "Ich habe mich gestern an den Lehrer erinnert .");
    Clause n = clause(10, Tense::Present);
    n.subject = pronoun(Pronoun::We);
    n.object = share(noun(4, Det::A));
    n.negated = true;
    expect(sentence(n), "we do not remember a teacher .", "我們 不 記得 一 位 老師 。", "Wir erinnern uns an keinen Lehrer .");
    n.object = share(pronoun(Pronoun::He));
    expect(sentence(n), "we do not remember him .", "我們 不 記得 他 。", "Wir erinnern uns nicht an ihn .");
    Clause q = clause(10, Tense::Present);
    q.mood = Mood::YesNo;
    q.subject = pronoun(Pronoun::You);
    q.object = share(name(7));
    expect(sentence(q), "do you remember anna ?", "你 記得 安娜 嗎 ？", "Erinnerst du dich an Anna ?");
    Clause i = clause(10, Tense::Present);
    i.mood = Mood::Imperative;
    i.subject = pronoun(Pronoun::You);
    i.object = share(noun(0));
    expect(sentence(i), "remember the girl .", "記得 女孩 。", "Erinnere dich an das Mädchen .");
    Clause r = clause(11, Tense::Future);
    r.subject = pronoun(Pronoun::They);
    r.time = 1;
    expect(sentence(r), "they will relax tomorrow .", "他們 明天 會 放鬆 。", "Sie werden sich morgen entspannen .");
    Clause because = clause(11, Tense::Present);
    because.subject = noun(0);
    Clause main = clause(6, Tense::Present);
    main.subject = pronoun(Pronoun::She);
    Sentence s = sentence(main);
    s.link = Connective::Because;
    s.second = share(because);
    expect(s, "she goes because the girl relaxes .", "她 走 ， 因為 女孩 放鬆 。", "Sie geht , weil das Mädchen sich entspannt .");
    Clause d = clause(12, Tense::Present);
    d.subject = pronoun(Pronoun::She);
    d.object = share(noun(1));
    expect(sentence(d), "she imagines the dress .", "她 想像 洋裝 。", "Sie stellt sich das Kleid vor .");
    d.object = share(pronoun(Pronoun::It));
    expect(sentence(d), "she imagines it .", "她 想像 它 。", "Sie stellt es sich vor .");
}

// Feel and look + a state: English a verb with do-support, Chinese the verb before the state (denied
// at the state: 看起來 不 累), German fühlen with its reflexive, aussehen with its prefix last.
TEST_F(Fixture, LinkingVerbs) {
    Clause c = clause(13, Tense::Present);
    c.subject = pronoun(Pronoun::I);
    c.predicate_adjective = 3;
    c.degree = Degree::Very;
    expect(sentence(c), "i feel very tired .", "我 覺得 非常 累 。", "Ich fühle mich sehr müde .");
    Clause q = clause(13, Tense::Present);
    q.mood = Mood::YesNo;
    q.subject = pronoun(Pronoun::You);
    q.predicate_adjective = 3;
    expect(sentence(q), "do you feel tired ?", "你 覺得 很 累 嗎 ？", "Fühlst du dich müde ?");
    Clause l = clause(14, Tense::Present);
    l.subject = name(7);
    l.predicate_adjective = 3;
    l.negated = true;
    expect(sentence(l), "anna does not look tired .", "安娜 看起來 不 累 。", "Anna sieht nicht müde aus .");
    Clause p = clause(14, Tense::Perfect);
    p.subject = pronoun(Pronoun::She);
    p.predicate_adjective = 3;
    p.time = 0;
    p.tense = Tense::Past;
    expect(sentence(p), "she looked tired yesterday .", "她 昨天 看起來 很 累 。", "Sie hat gestern müde ausgesehen .");
}

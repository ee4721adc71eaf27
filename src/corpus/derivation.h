// One derivation of the synchronous grammar: a language-neutral description of a sentence (who
// does what to whom, when, where, in which tense, mood and polarity), from which the realisers
// write English, Chinese and German. Because all three come from the same derivation, every word
// knows which part of the meaning it expresses, and that is where the gold alignments come from.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

namespace attn::corpus {

// Concept ids: each part of the meaning that words can express has one. Words of different
// languages that carry the same id are aligned. Ids are allocated per phrase in blocks.
using ConceptId = int;

enum class Pronoun : uint8_t { I, You, He, She, It, We, They };
// HowMany: the object of a how-many question ("how many apples", 幾 個 蘋果, wie viele Äpfel).
// Owner: a noun's possessor ("anna's dog", "my father's car"; 安娜 的 狗; Annas Hund, das Auto
// von meinem Vater), NounPhrase::owner.
// HowMuch: the price a how-much question asks for ("how much does it cost", 多少 錢, wie viel),
// its money noun unsaid. Which: the object a which-question asks for ("which book", 哪 本 書,
// welches Buch).
enum class Det : uint8_t { None, A, The, This, That, Poss, Number, HowMany, Owner, HowMuch, Which };

struct Clause;

struct NounPhrase {
    enum class Kind : uint8_t { Pronoun, Noun, Name } kind = Kind::Noun;
    Pronoun pronoun = Pronoun::I;
    int noun = -1;              // index into Lexicon::nouns (Noun and Name kinds)
    Det det = Det::The;
    Pronoun possessor = Pronoun::I;  // Det::Poss
    int number = 0;             // Det::Number: 2..20 in words, or with digits 2..99
    bool digits = false;        // Det::Number written as digits ("25 cats", 25 隻 貓, 25 Katzen)
    bool plural = false;
    std::vector<int> adjectives;     // indices into Lexicon::adjectives, outermost first
    std::shared_ptr<Clause> relative;  // "the girl [who bought a dress]"; its gap is filled by this NP
    std::shared_ptr<NounPhrase> coordinated;  // "an apple [and a pear]"
    std::shared_ptr<NounPhrase> owner;        // Det::Owner: a name, or a person noun with my/the
    std::shared_ptr<NounPhrase> located;      // where it is, picking it out: "the book [on the
                                              // table]" (桌子 上 的 書, das Buch auf dem Tisch)
    int spatial = -1;           // a place by one of its sides: an index into spatial_relations()
                                // ("under the table": 在 桌子 下面, unter dem Tisch)
    // Ids: +0 head word, +1 determiner, +2 number, +3 relative pronoun, +4 preposition (places),
    // +5 conjunction ("and"), +6 the possessive marker ('s, 的, von), +8.. adjectives.
    ConceptId id = 0;
};

enum class Tense : uint8_t { Present, Past, Perfect, Future };
// Like: "like to eat" / "like eating" (German "isst gern"); WouldLike: "would like to" (möchte);
// Might: "she might come" (可能, könnte).
enum class Modal : uint8_t { None, Can, Must, Want, Should, Could, May, Like, WouldLike, Might };
// How English says Modal::Must: "must", "have to" or "need to". Denied, the last two say it is not
// needed ("you don't have to come": 你 不用 來, du musst nicht kommen); "must not" forbids ("you
// must not smoke here": 你 不 可以 在 這裡 抽菸, du darfst hier nicht rauchen).
enum class Obligation : uint8_t { Must, HaveTo, NeedTo };
// Imperative: "(please) open the door", "don't worry"; the subject is the listener, unsaid, or
// with Clause::lets "we" ("let's go").
enum class Mood : uint8_t { Statement, YesNo, Wh, Imperative };
// What a clause says: an event (a verb, or the copula), that something exists ("there is a cat
// in the garden"), the weather ("it is raining", "it is cold"), or what something pointed at is
// ("this is my book", "is that your car", "what is this": Demonstrative, the copula's predicate in
// Clause::predicate and "this"/"that" in the subject's id).
enum class ClauseKind : uint8_t { Event, Existential, Weather, Demonstrative };
// Before a predicate adjective: "very", "too", "really".
enum class Degree : uint8_t { None, Very, Too, Really };
// A predicate adjective compared: "bigger than the dog" (比 狗 大, größer als der Hund), "the
// biggest" (最 大, am größten), or "as big as the dog" (跟 狗 一樣 大, so groß wie der Hund).
enum class Compare : uint8_t { None, Comparative, Superlative, Equal };
// The role a wh-word asks about, or the role a relative clause's head fills.
// Degree: "how" + the predicate adjective ("how tall is he": 他 有 多 高, wie groß ist er);
// Frequency: "how often" (多 常, wie oft); Duration: "how long" (多久, wie lange).
enum class Role : uint8_t { None, Subject, Object, Place, Time, Reason, Degree, Frequency, Duration };

// How long something lasts: "for two hours" (兩 個 小時, zwei Stunden). With the perfect of a verb
// that goes on ("have lived here for two years") it runs up to now: 住 了 兩 年 了, German
// present with seit (wohnt schon seit zwei Jahren hier).
// Ids: +0 "for"/seit, +1 the number, +2 the unit.
enum class TimeUnit : uint8_t { Minute, Hour, Day, Week, Month, Year };
struct Duration {
    int count = 1;
    TimeUnit unit = TimeUnit::Hour;
    ConceptId id = 0;
};

struct Clause {
    int verb = -1;              // index into Lexicon::verbs; -1: the copula "be"
    Tense tense = Tense::Present;
    Modal modal = Modal::None;
    bool negated = false;
    Mood mood = Mood::Statement;
    Role gap = Role::None;      // wh-questions and relative clauses
    bool time_fronted = false;  // "yesterday I met him"
    bool contracted = false;    // English "didn't" rather than "did not"
    bool that_dropped = false;  // complement clauses: "i think [that] he is tired"
    ClauseKind kind = ClauseKind::Event;
    bool progressive = false;   // present progressive: "is cooking" (在 煮; German simple present)
    bool continuous = false;    // a perfect with a span said as English does: "have been waiting for an
                                // hour"; the others say the perfect's span (等 了 一 個 小時 了, wartet seit)
    bool going_to = false;      // the future as "be going to" rather than "will"
    Obligation obligation = Obligation::Must;  // with Modal::Must
    bool gerund = false;        // Modal::Like as "like eating" rather than "like to eat"
    bool please = false;        // an imperative or request with "please" (請, bitte)
    bool lets = false;          // an imperative for us: "let's go" (我們 走 吧, gehen wir)
    bool to_infinitive = false; // a complement said as an infinitive, its subject the main clause's,
                                // unsaid: "(i tried) to call her" (試著 打電話 給 她, , sie anzurufen)
    bool what_time = false;     // Role::Time asked as "what time" (幾 點, um wie viel Uhr), not "when"
    bool time_predicate = false;  // the copula says when: "the meeting is tomorrow" (會議 是 明天)
    bool used_to = false;       // a past habit: "i used to play the piano" (以前 常 彈, früher gespielt)
    bool perfect_done = false;  // a perfect saying something is now done ("she has bought a car":
                                // 她 買 了 車) rather than an experience ("have you seen it": 看 過)
    Degree degree = Degree::None;
    Compare compare = Compare::None;
    int weather = -1;           // ClauseKind::Weather: index into weather_conditions()
    bool far = false;           // ClauseKind::Demonstrative: "that" (那, das) rather than "this" (這, das)

    NounPhrase subject;
    std::shared_ptr<NounPhrase> object, indirect, place, predicate;  // predicate: copula + NP
    std::shared_ptr<NounPhrase> destination;  // verbs of motion: "go to the park", "fly to tokyo"
    std::shared_ptr<NounPhrase> standard;  // Compare::Comparative: what the subject is compared with
    int predicate_adjective = -1;  // copula + adjective
    std::shared_ptr<Clause> complement;  // clause-taking verbs: that-clause
    int time = -1, frequency = -1, manner = -1;  // indices into Lexicon::adverbs
    std::shared_ptr<Duration> duration;  // a verb of duration_verb(): "waited for ten minutes"
    // A person's age, with the copula and "old": "is ten years old" (十 歲, zehn Jahre alt). Its ids
    // are a Duration's: +1 the number, +2 "years"; "old" is the predicate adjective's.
    std::shared_ptr<Duration> age;

    // Ids: +0 verb, +1 tense/aspect/auxiliary, +2 negation, +3 modal, +4 question, +5 complementiser
    // ("that"), +6 wh-word, +7 predicate adjective, +8 time, +9 frequency, +10 manner, +11 degree,
    // +12 "please", +13 "there"/"es gibt" (existential) or "let's"/吧 (imperative), +14 "than"/比/als (the second "as"/跟/wie),
    // +15 superlative "the"/最/am (the first "as"/一樣/so).
    ConceptId id = 0;
};

enum class Connective : uint8_t { None, And, But, Because, When, If, Although };

struct Sentence {
    Clause main;
    Connective link = Connective::None;
    std::shared_ptr<Clause> second;  // coordinated (And, But) or subordinate clause
    bool subordinate_first = false;  // "because it rained, we stayed home"
    bool en_final_punct = true;      // typed input often has no full stop; the source sometimes omits it
    bool en_contracted = false;      // everyday: "i'm", "it's", "you're", "we'll" as people type them
    // A phrasebook expression (everyday grammar): alone, before the sentence ("hello , the ..."),
    // or after it ("... ? thank you ."). English token i of the phrase expresses phrase_id + i,
    // the comma that joins it phrase_id + 31.
    enum class PhraseUse : uint8_t { None, Alone, Before, After };
    PhraseUse phrase_use = PhraseUse::None;
    int phrase = -1;                 // index into Lexicon::phrases
    int phrase_noun = -1;            // the noun (Lexicon::nouns) that fills its slot
    ConceptId phrase_id = 0;
    // A greeting or apology that opens an Alone phrase: "hello , how are you ?", "excuse me ,
    // where is the toilet ?". Its ids work as phrase_id's do, the joining comma at lead_id + 31.
    int lead_phrase = -1, lead_name = -1;
    ConceptId lead_id = 0;
    ConceptId link_id = 0, punct_id = 0;  // link_id + 1: the comma after a fronted subordinate clause
    std::vector<std::string> tags;   // the phenomena it shows (see grammar.h)
};

} // namespace attn::corpus

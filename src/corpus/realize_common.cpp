#include "corpus/realize.h"

#include <algorithm>
#include <cstring>

namespace attn::corpus {

const std::vector<WeatherCondition> & weather_conditions() {
    // is_verb, en, en_3sg, en_past, en_ing, zh, de, de_pp, de_inf, de_past
    static const std::vector<WeatherCondition> table = {
        {true, "rain", "rains", "rained", "raining", "下雨", "regnet", "geregnet", "regnen", "regnete"},
        {true, "snow", "snows", "snowed", "snowing", "下雪", "schneit", "geschneit", "schneien", "schneite"},
        {false, "hot", "", "", "", "熱", "heiß", "", "", ""},
        {false, "cold", "", "", "", "冷", "kalt", "", "", ""},
        {false, "warm", "", "", "", "暖和", "warm", "", "", ""},
        {false, "cool", "", "", "", "涼快", "kühl", "", "", ""},
        {false, "sunny", "", "", "", "晴朗", "sonnig", "", "", ""},
        {false, "windy", "", "", "", "風 大", "windig", "", "", ""},
    };
    return table;
}

bool is_final_punct(const std::string & t) {
    return t == "." || t == "?" || t == "!" || t == "。" || t == "？" || t == "！";
}

namespace {
AlignedText phrase_words(const Lexicon & lex, int phrase, int slot_noun, ConceptId id, const std::string & language,
                         bool drop_final_punct) {
    const Phrase & p = lex.phrases[size_t(phrase)];
    const Tokens & words = language == "en" ? p.en : language == "zh" ? p.zh : p.de;
    const GoldAlignment * links = language == "zh" ? &p.zh_links : language == "de" ? &p.de_links : nullptr;
    const Noun * filler = slot_noun >= 0 ? &lex.nouns[size_t(slot_noun)] : nullptr;
    AlignedText out;
    const size_t n = drop_final_punct && is_final_punct(words.back()) ? words.size() - 1 : words.size();
    for (size_t j = 0; j < n; j++) {
        Tokens texts{words[j]};
        if ((words[j] == "NAME" || words[j] == "THING" || words[j] == "PLACE") && filler)
            texts = language == "en" ? filler->en_sg : language == "zh" ? filler->zh : split_tokens(filler->de_sg);
        for (const std::string & t : texts) {
            Word w{t, {}, {}};
            if (!links) w.sure.push_back(id + int(j));
            else {
                for (const attn::Link & l : links->sure)
                    if (size_t(l.first) == j) w.sure.push_back(id + l.second);
                for (const attn::Link & l : links->possible)
                    if (size_t(l.first) == j && std::find(w.sure.begin(), w.sure.end(), id + l.second) == w.sure.end())
                        w.possible.push_back(id + l.second);
            }
            out.words().push_back(std::move(w));
        }
    }
    return out;
}
} // namespace

AlignedText realize_phrase(const Lexicon & lex, const Sentence & s, const std::string & language, bool drop_final_punct) {
    return phrase_words(lex, s.phrase, s.phrase_noun, s.phrase_id, language, drop_final_punct);
}

bool german_phrase_start_lowers(const std::string & word) {
    static const char * const lowers[] = {
        "Ich", "Wie", "Das", "Was", "Wo", "Woher", "Wohin", "Es", "Ist", "Kann", "Hast", "Kannst", "Mir", "Darf",
        "Bitte", "Danke", "Bist", "Wer", "Wann", "Du", "Sprichst", "Welches", "Welcher", "Welche", "Warum", "Mein",
        "Könntest", "Ja", "Nein", "Heute", "Wir", "Gibt", "Haben", "Hat", "Sind", "Weißt", "Magst", "Möchtest"};
    for (const char * w : lowers)
        if (word == w) return true;
    return false;
}

AlignedText realize_phrases_alone(const Lexicon & lex, const Sentence & s, const std::string & language) {
    AlignedText phrase = realize_phrase(lex, s, language, false);
    if (s.lead_phrase < 0) return phrase;
    AlignedText out = phrase_words(lex, s.lead_phrase, s.lead_name, s.lead_id, language, true);
    out.add_punct(language == "zh" ? "，" : ",", s.lead_id + 31);
    std::string & first = phrase.words()[0].text;  // English phrases are lower case already
    if (language == "de" && german_phrase_start_lowers(first)) first[0] = char(first[0] - 'A' + 'a');  // "Hallo , wie …"
    out.append(phrase);
    return out;
}

namespace {
bool is_vowel(char c) { return std::strchr("aeiou", c) != nullptr; }
} // namespace

Tokens english_ing(const Tokens & base) {
    if (base.empty()) return {};
    std::string w = base[0];
    const size_t n = w.size();
    std::string ing;
    if (w == "be") ing = "being";
    else if (n >= 2 && w.compare(n - 2, 2, "ie") == 0) ing = w.substr(0, n - 2) + "ying";
    else if (n >= 2 && w[n - 1] == 'e' && (w[n - 2] == 'e' || w[n - 2] == 'y' || w[n - 2] == 'o')) ing = w + "ing";
    else if (n >= 2 && w[n - 1] == 'e') ing = w.substr(0, n - 1) + "ing";
    else {
        // Double a final consonant after a single stressed vowel: run → running, begin → beginning.
        int vowel_groups = 0;
        for (size_t i = 0; i < n; i++)
            if (is_vowel(w[i]) && (i == 0 || !is_vowel(w[i - 1]))) vowel_groups++;
        const bool cvc = n >= 3 && !is_vowel(w[n - 1]) && std::strchr("wxy", w[n - 1]) == nullptr && is_vowel(w[n - 2]) &&
                         !is_vowel(w[n - 3]);
        static const char * const stressed_last[] = {"begin", "forget", "prefer", "admit", "occur", "refer", "permit",
                                                     "regret", "control", "commit", "upset", "omit", "transfer"};
        bool stressed = vowel_groups == 1;
        for (const char * s : stressed_last) stressed |= w == s;
        ing = cvc && stressed ? w + w[n - 1] + "ing" : w + "ing";
    }
    Tokens out = base;
    out[0] = ing;
    return out;
}

bool is_plural(const NounPhrase & np) {
    if (np.kind == NounPhrase::Kind::Pronoun) return np.pronoun == Pronoun::We || np.pronoun == Pronoun::They;
    return np.plural;
}

int person_index(const NounPhrase & np) {
    if (np.kind != NounPhrase::Kind::Pronoun) return np.plural ? 5 : 2;
    switch (np.pronoun) {
        case Pronoun::I: return 0;
        case Pronoun::You: return 1;
        case Pronoun::We: return 3;
        case Pronoun::They: return 5;
        default: return 2;
    }
}

namespace {

using VerbTable = std::vector<std::pair<Tokens, const char *>>;  // English base form → Chinese

const char * look_up(const VerbTable & table, const Verb & v) {
    for (const auto & [en, zh] : table)
        if (v.en_base == en) return zh;
    return nullptr;
}

} // namespace

const char * infinitive_verb_zh(const Verb & v) {
    static const VerbTable table = {
        {{"start"}, "開始"}, {{"begin"}, "開始"}, {{"try"}, "試著"}, {{"learn"}, "學"}, {{"plan"}, "打算"},
        {{"hope"}, "希望"}, {{"forget"}, "忘記"}, {{"promise"}, "答應"}};
    return look_up(table, v);
}

const char * destination_pattern_zh(const Verb & v) {
    if (v.frame != Frame::Intransitive) return nullptr;  // return a book (還) is another sense than return home
    static const VerbTable table = {
        {{"go"}, "去 D"}, {{"come"}, "來 D"}, {{"return"}, "回到 D"}, {{"come", "back"}, "回到 D"},
        {{"fly"}, "飛 去 D"}, {{"travel"}, "去 D 旅行"}};
    return look_up(table, v);
}

bool is_person(const Lexicon & lex, const NounPhrase & np) {
    if (np.kind == NounPhrase::Kind::Pronoun) return np.pronoun != Pronoun::It;
    const Category c = lex.nouns[size_t(np.noun)].cat;
    return c == Category::Person || c == Category::Name;
}

const Verb * verb_of(const Lexicon & lex, const Clause & c) { return c.verb < 0 ? nullptr : &lex.verbs[size_t(c.verb)]; }

const char * number_word_en(int n) {
    static const char * const words[] = {"zero", "one", "two", "three", "four", "five", "six", "seven",
                                         "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
                                         "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"};
    return n >= 0 && n <= 20 ? words[n] : "?";
}

bool person_is_old(const Lexicon & lex, const Clause & c) {
    return c.verb < 0 && c.predicate_adjective >= 0 && lex.adjectives[size_t(c.predicate_adjective)].en == Tokens{"old"} &&
           is_person(lex, c.subject);
}

bool is_home(const Lexicon & lex, const NounPhrase & np) {
    return np.kind == NounPhrase::Kind::Noun && np.det == Det::None && np.noun >= 0 && lex.nouns[size_t(np.noun)].en_sg == Tokens{"home"};
}

bool been_to(const Lexicon & lex, const Clause & c) {
    const Verb * v = verb_of(lex, c);
    return v && v->en_base == Tokens{"go"} && c.tense == Tense::Perfect && !c.perfect_done && c.destination &&
           !is_home(lex, *c.destination);
}

std::string count_en(int n) { return n <= 20 ? number_word_en(n) : std::to_string(n); }

const DurationVerb * duration_verb(const Verb & v) {
    constexpr unsigned min = 1u << int(TimeUnit::Minute), hour = 1u << int(TimeUnit::Hour), day = 1u << int(TimeUnit::Day),
                       week = 1u << int(TimeUnit::Week), month = 1u << int(TimeUnit::Month), year = 1u << int(TimeUnit::Year);
    static const DurationVerb table[] = {
        {"live", "住", "住", month | year, true, true, false},
        {"work", "工作", "工作", hour | year, true, false, false},
        {"study", "念書", "念書 念", hour | year, true, false, false},
        {"learn", "學習", "學習", month | year, true, false, false},
        {"wait", "等", "等", min | hour, true, false, true},
        {"sleep", "睡覺", "睡", hour, false, false, true},
        {"stay", "留下", "待", day | week | month, false, false, true},
        {"travel", "旅行", "旅行", day | week | month, false, false, false},
        {"walk", "散步", "散步 散", min | hour, false, false, false},
        {"run", "跑步", "跑步 跑", min | hour, false, false, false},
        {"swim", "游泳", "游泳 游", min | hour, false, false, false},
        {"dance", "跳舞", "跳舞 跳", min | hour, false, false, false},
        {"sing", "唱歌", "唱歌 唱", min | hour, false, false, false},
        {"cry", "哭", "哭", min | hour, false, false, false},
        {"teach", "教書", "教書 教", month | year, true, false, false},
        {"read", "看書", "看書 看", min | hour, false, false, false},
        {"cook", "做飯", "做飯 做", min | hour, false, false, false},
        {"drive", "開車", "開車 開", hour, false, false, false},
        {"play", "玩", "玩", min | hour, false, false, false},
    };
    if (v.en_base.size() != 1 || v.zh.size() != 1) return nullptr;
    for (const DurationVerb & d : table)
        if (v.en_base[0] == d.en && v.zh[0] == d.zh) return &d;
    return nullptr;
}

const std::vector<SpatialRelation> & spatial_relations() {
    static const std::vector<SpatialRelation> table = {
        {"under", "下面", "unter", false},
        {"next to", "旁邊", "neben", true},
        {"behind", "後面", "hinter", true},
        {"in front of", "前面", "vor", true},
        {"near", "附近", "in der Nähe von", true},
    };
    return table;
}

const TimeUnitWords & time_unit_words(TimeUnit unit) {
    static const TimeUnitWords table[] = {
        {"minute", "minutes", "分鐘", "", "Minute", "Minuten", "Minuten", 'f'},
        {"hour", "hours", "小時", "個", "Stunde", "Stunden", "Stunden", 'f'},
        {"day", "days", "天", "", "Tag", "Tage", "Tagen", 'm'},
        {"week", "weeks", "星期", "個", "Woche", "Wochen", "Wochen", 'f'},
        {"month", "months", "月", "個", "Monat", "Monate", "Monaten", 'm'},
        {"year", "years", "年", "", "Jahr", "Jahre", "Jahren", 'n'},
    };
    return table[int(unit)];
}

} // namespace attn::corpus

#include "corpus/time_expressions.h"

#include "corpus/german_morphology.h"
#include "corpus/realize.h"

#include <string>

namespace attn::corpus {

namespace {

// 1..12 as the hour of a clock in Chinese: 一 點, 兩 點 (not 二 點), 十二 點.
std::string hour_zh(int h) {
    static const char * const names[] = {"", "一", "兩", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"};
    return names[h];
}

Adverb clock_adverb(Tokens en, Tokens zh, Tokens de) {
    Adverb a;
    a.en = std::move(en);
    a.zh = std::move(zh);
    a.de = std::move(de);
    a.kind = AdverbKind::Clock;
    a.tenses = kAnyTense;
    return a;
}

// 1..12 before "Uhr": "um ein Uhr" (but "halb eins", "Viertel nach eins").
std::string hour_de(int h) { return h == 1 ? "ein" : german::number_word(h); }

// The part of the day an "am"/"pm" hour falls in: 早上 七 點 (um 7 Uhr morgens), 下午 三 點
// (nachmittags), 晚上 八 點 (abends).
struct DayPart { const char * zh; const char * de; };
DayPart day_part(int h, bool pm) {
    if (!pm) return h <= 4 ? DayPart{"凌晨", "nachts"} : DayPart{"早上", "morgens"};
    return h <= 5 ? DayPart{"下午", "nachmittags"} : DayPart{"晚上", "abends"};
}

// Clock times as people type them: "at 9 : 30" and "at half past nine", "at 7 pm", "at midnight".
void add_clock_times(std::vector<Adverb> & out) {
    for (int h = 1; h <= 12; h++) {
        const std::string hh = std::to_string(h), word = number_word_en(h), next = german::number_word(h % 12 + 1);
        out.push_back(clock_adverb({"at", hh, "o'clock"}, {hour_zh(h), "點"}, {"um", hh, "Uhr"}));
        out.push_back(clock_adverb({"at", word, "o'clock"}, {hour_zh(h), "點"}, {"um", hour_de(h), "Uhr"}));
        for (int m : {15, 30, 45}) {
            const std::string mm = std::to_string(m);
            Tokens zh = m == 30 ? Tokens{hh, "點", "半"} : Tokens{hh, "點", mm, "分"};
            out.push_back(clock_adverb({"at", hh, ":", mm}, zh, {"um", hh + ":" + mm, "Uhr"}));
        }
        // German counts the half and three quarters towards the next hour: halb zehn is 9:30.
        out.push_back(clock_adverb({"at", "half", "past", word}, {hour_zh(h), "點", "半"}, {"um", "halb", next}));
        out.push_back(clock_adverb({"at", "a", "quarter", "past", word}, {hour_zh(h), "點", "十五", "分"},
                                   {"um", "Viertel", "nach", german::number_word(h)}));
        out.push_back(clock_adverb({"at", "a", "quarter", "to", number_word_en(h % 12 + 1)}, {hour_zh(h), "點", "四十五", "分"},
                                   {"um", "Viertel", "vor", next}));
        if (h == 12) continue;  // 12 am / 12 pm are read both ways
        for (bool pm : {false, true}) {
            const DayPart part = day_part(h, pm);
            out.push_back(clock_adverb({"at", hh, pm ? "pm" : "am"}, {part.zh, hour_zh(h), "點"}, {"um", hh, "Uhr", part.de}));
        }
    }
    out.push_back(clock_adverb({"at", "midnight"}, {"半夜"}, {"um", "Mitternacht"}));  // "at noon" is a time adverb of the lexicon
}

// A day of the month as an English ordinal ("5th", "fifth") and a German one after "am" (fünften).
struct DayOfMonth { int day; const char * en_suffix; const char * en_word; const char * de_word; };
constexpr DayOfMonth kDays[] = {
    {1, "st", "first", "ersten"},          {3, "rd", "third", "dritten"},
    {5, "th", "fifth", "fünften"},         {8, "th", "eighth", "achten"},
    {12, "th", "twelfth", "zwölften"},     {14, "th", "fourteenth", "vierzehnten"},
    {17, "th", "seventeenth", "siebzehnten"}, {20, "th", "twentieth", "zwanzigsten"},
    {23, "rd", "twenty-third", "dreiundzwanzigsten"}, {25, "th", "twenty-fifth", "fünfundzwanzigsten"},
    {28, "th", "twenty-eighth", "achtundzwanzigsten"}, {30, "th", "thirtieth", "dreißigsten"},
};

// Dates: "on october 12", "on october 12th" or "on the twelfth of october" (10 月 12 日, am 12.
// Oktober / am zwölften Oktober), one way for each date so that dates do not crowd out clock times.
void add_dates(std::vector<Adverb> & out) {
    static const char * const months_en[] = {"january", "february", "march", "april", "may", "june", "july",
                                             "august", "september", "october", "november", "december"};
    static const char * const months_de[] = {"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli",
                                             "August", "September", "Oktober", "November", "Dezember"};
    for (int month = 0; month < 12; month++)
        for (const DayOfMonth & day : kDays) {
            if (month == 1 && day.day > 28) continue;
            const std::string d = std::to_string(day.day);
            const Tokens zh = {std::to_string(month + 1), "月", d, "日"};
            switch ((month * 7 + day.day) % 3) {
                case 0: out.push_back(clock_adverb({"on", months_en[month], d}, zh, {"am", d + ".", months_de[month]})); break;
                case 1: out.push_back(clock_adverb({"on", months_en[month], d + day.en_suffix}, zh, {"am", d + ".", months_de[month]})); break;
                default: out.push_back(clock_adverb({"on", "the", day.en_word, "of", months_en[month]}, zh, {"am", day.de_word, months_de[month]}));
            }
        }
}

} // namespace

std::vector<Adverb> clock_and_date_adverbs() {
    std::vector<Adverb> out;
    add_clock_times(out);
    add_dates(out);
    return out;
}

void add_clock_and_date_adverbs(Lexicon * lex) {
    for (Adverb & a : clock_and_date_adverbs()) lex->adverbs.push_back(std::move(a));
}

} // namespace attn::corpus

#include "corpus/time_expressions.h"

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

} // namespace

std::vector<Adverb> clock_and_date_adverbs() {
    std::vector<Adverb> out;
    for (int h = 1; h <= 12; h++) {
        const std::string hh = std::to_string(h);
        out.push_back(clock_adverb({"at", hh, "o'clock"}, {hour_zh(h), "點"}, {"um", hh, "Uhr"}));
        for (int m : {15, 30, 45}) {
            const std::string mm = std::to_string(m);
            Tokens zh = m == 30 ? Tokens{hh, "點", "半"} : Tokens{hh, "點", mm, "分"};
            out.push_back(clock_adverb({"at", hh, ":", mm}, zh, {"um", hh + ":" + mm, "Uhr"}));
        }
    }
    static const char * const months_en[] = {"january", "february", "march", "april", "may", "june", "july",
                                             "august", "september", "october", "november", "december"};
    static const char * const months_de[] = {"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli",
                                             "August", "September", "Oktober", "November", "Dezember"};
    for (int month = 0; month < 12; month++)
        for (int day : {1, 3, 5, 8, 12, 14, 17, 20, 23, 25, 28, 30}) {
            if (month == 1 && day > 28) continue;
            const std::string d = std::to_string(day);
            out.push_back(clock_adverb({"on", months_en[month], d}, {std::to_string(month + 1), "月", d, "日"},
                                       {"am", d + ".", months_de[month]}));
        }
    return out;
}

void add_clock_and_date_adverbs(Lexicon * lex) {
    for (Adverb & a : clock_and_date_adverbs()) lex->adverbs.push_back(std::move(a));
}

} // namespace attn::corpus

#include "corpus/german_morphology.h"

namespace attn::corpus::german {

namespace {
bool ends_with(const std::string & s, const char * suffix) {
    const std::string t = suffix;
    return s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

// Strong roots and their simple past stem; a verb with a prefix takes its root's (verstehen →
// verstand). Weak past stems stand here only where the participle is strong (backen: gebacken, backte).
struct StrongRoot { const char * infinitive; const char * past; };
constexpr StrongRoot kStrongRoots[] = {
    {"backen", "backte"}, {"befehlen", "befahl"}, {"beginnen", "begann"}, {"beißen", "biss"}, {"biegen", "bog"},
    {"bieten", "bot"}, {"binden", "band"}, {"blasen", "blies"}, {"bleiben", "blieb"}, {"bleichen", "blich"},
    {"brechen", "brach"}, {"dringen", "drang"}, {"empfehlen", "empfahl"}, {"essen", "aß"}, {"fahren", "fuhr"},
    {"fallen", "fiel"}, {"fangen", "fing"}, {"fechten", "focht"}, {"finden", "fand"}, {"fliegen", "flog"},
    {"fliehen", "floh"}, {"fließen", "floss"}, {"frieren", "fror"}, {"geben", "gab"}, {"gehen", "ging"},
    {"genießen", "genoss"}, {"geschehen", "geschah"}, {"gewinnen", "gewann"}, {"gleichen", "glich"},
    {"graben", "grub"}, {"greifen", "griff"}, {"halten", "hielt"}, {"hängen", "hing"}, {"heben", "hob"},
    {"helfen", "half"}, {"kommen", "kam"}, {"kriechen", "kroch"}, {"laden", "lud"}, {"lassen", "ließ"},
    {"laufen", "lief"}, {"leiden", "litt"}, {"leihen", "lieh"}, {"lesen", "las"}, {"liegen", "lag"},
    {"lieren", "lor"}, {"mahlen", "mahlte"}, {"messen", "maß"}, {"nehmen", "nahm"}, {"pfeifen", "pfiff"},
    {"raten", "riet"}, {"reiben", "rieb"}, {"reißen", "riss"}, {"reiten", "ritt"}, {"riechen", "roch"},
    {"rufen", "rief"}, {"schaffen", "schuf"}, {"scheiden", "schied"}, {"scheinen", "schien"}, {"schieben", "schob"},
    {"schießen", "schoss"}, {"schlafen", "schlief"}, {"schlagen", "schlug"}, {"schleichen", "schlich"},
    {"schließen", "schloss"}, {"schmelzen", "schmolz"}, {"schneiden", "schnitt"}, {"schreiben", "schrieb"},
    {"schreien", "schrie"}, {"schreiten", "schritt"}, {"schwellen", "schwoll"}, {"schwimmen", "schwamm"},
    {"schwinden", "schwand"}, {"schwingen", "schwang"}, {"schwören", "schwor"}, {"sehen", "sah"}, {"singen", "sang"},
    {"sinken", "sank"}, {"sitzen", "saß"}, {"sprechen", "sprach"}, {"springen", "sprang"}, {"stechen", "stach"},
    {"stehen", "stand"}, {"stehlen", "stahl"}, {"steigen", "stieg"}, {"sterben", "starb"}, {"stieben", "stob"},
    {"stoßen", "stieß"}, {"streichen", "strich"}, {"streiten", "stritt"}, {"tragen", "trug"}, {"treffen", "traf"},
    {"treiben", "trieb"}, {"treten", "trat"}, {"trinken", "trank"}, {"trügen", "trog"}, {"tun", "tat"},
    {"verderben", "verdarb"}, {"wachsen", "wuchs"}, {"waschen", "wusch"}, {"weichen", "wich"}, {"weisen", "wies"},
    {"werben", "warb"}, {"werden", "wurde"}, {"werfen", "warf"}, {"wiegen", "wog"}, {"winden", "wand"},
    {"zeihen", "zieh"}, {"ziehen", "zog"}, {"zwingen", "zwang"},
};

bool starts_with(const std::string & s, const std::string & prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

// The ich/er form: kochte, las, verstand; "" when unknown.
std::string preterite_stem(const std::string & infinitive, const std::string & participle) {
    if (infinitive == "haben") return "hatte";
    if (ends_with(participle, "t")) {  // weak or mixed: (ge)koch-t → kochte, (ge)brach-t → brachte
        std::string stem = participle.substr(0, participle.size() - 1);
        if (starts_with(stem, "ge") && !starts_with(infinitive, "ge")) stem = stem.substr(2);
        return stem + "te";
    }
    const StrongRoot * best = nullptr;
    size_t best_size = 0;
    for (const StrongRoot & r : kStrongRoots) {
        const size_t n = std::string(r.infinitive).size();
        if (n > best_size && ends_with(infinitive, r.infinitive)) best = &r, best_size = n;
    }
    return best ? infinitive.substr(0, infinitive.size() - best_size) + best->past : std::string();
}

} // namespace

std::string preterite(const std::string & infinitive, const std::string & participle, const std::string & separable, int person) {
    // The prefix goes its own way (rief … an), so the forms are of the rest: rufen, gerufen.
    const bool split = !separable.empty() && starts_with(infinitive, separable) && starts_with(participle, separable);
    const std::string stem = split ? preterite_stem(infinitive.substr(separable.size()), participle.substr(separable.size()))
                                   : preterite_stem(infinitive, participle);
    if (stem.empty()) return stem;
    const bool weak = ends_with(stem, "te");
    const bool sibilant = ends_with(stem, "s") || ends_with(stem, "ß") || ends_with(stem, "z");
    const bool dental = ends_with(stem, "t") || ends_with(stem, "d");
    switch (person) {
        case 1: return stem + (weak ? "st" : sibilant || dental ? "est" : "st");   // du kochtest, last → lasest, fandest
        case 3: case 5: return stem + (weak || ends_with(stem, "e") ? "n" : "en");  // wir kochten, lasen, schrien
        case 4: return stem + (weak ? "t" : dental ? "et" : "t");                  // ihr kochtet, fandet, last
        default: return stem;                                                       // ich/er kochte, las
    }
}

const char * definite_article(Case c, Slot s) {
    static const char * const t[3][4] = {{"der", "die", "das", "die"}, {"den", "die", "das", "die"}, {"dem", "der", "dem", "den"}};
    return t[c][s];
}

const char * ein_ending(Case c, Slot s) {
    static const char * const t[3][4] = {{"", "e", "", "e"}, {"en", "e", "", "e"}, {"em", "er", "em", "en"}};
    return t[c][s];
}

const char * dieser_ending(Case c, Slot s) {
    static const char * const t[3][4] = {{"er", "e", "es", "e"}, {"en", "e", "es", "e"}, {"em", "er", "em", "en"}};
    return t[c][s];
}

const char * adjective_ending(Declension d, Case c, Slot s) {
    static const char * const weak[3][4] = {{"e", "e", "e", "en"}, {"en", "e", "e", "en"}, {"en", "en", "en", "en"}};
    static const char * const mixed[3][4] = {{"er", "e", "es", "en"}, {"en", "e", "es", "en"}, {"en", "en", "en", "en"}};
    static const char * const strong[3][4] = {{"er", "e", "es", "e"}, {"en", "e", "es", "e"}, {"em", "er", "em", "en"}};
    return d == Declension::Weak ? weak[c][s] : d == Declension::Mixed ? mixed[c][s] : strong[c][s];
}

const char * relative_pronoun(Case c, Slot s) {
    static const char * const t[3][4] = {{"der", "die", "das", "die"}, {"den", "die", "das", "die"}, {"dem", "der", "dem", "denen"}};
    return t[c][s];
}

const char * personal_pronoun(int p, Case c) {
    static const char * const t[7][3] = {{"ich", "mich", "mir"}, {"du", "dich", "dir"}, {"er", "ihn", "ihm"},
                                         {"sie", "sie", "ihr"},  {"es", "es", "ihm"},   {"wir", "uns", "uns"},
                                         {"sie", "sie", "ihnen"}};
    return t[p][c];
}

const char * possessive_stem(int p) {
    static const char * const t[7] = {"mein", "dein", "sein", "ihr", "sein", "unser", "ihr"};
    return t[p];
}

std::string noun_form(const std::string & singular, const std::string & plural, bool weak, bool is_plural, Case c) {
    if (is_plural) {
        // Dative plural adds -n unless the plural already ends in -n or -s (Kindern, Frauen, Autos).
        if (c == Dat && !ends_with(plural, "n") && !ends_with(plural, "s")) return plural + "n";
        return plural;
    }
    if (weak && c != Nom) {  // n-declension: den Jungen, dem Studenten, den Herrn
        if (ends_with(singular, "e") || ends_with(singular, "ar") || ends_with(singular, "err")) return singular + "n";
        return singular + "en";
    }
    return singular;
}

const char * number_word(int n) {
    static const char * const t[21] = {"null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben",
                                       "acht", "neun", "zehn", "elf", "zwölf", "dreizehn", "vierzehn",
                                       "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn", "zwanzig"};
    return n >= 0 && n <= 20 ? t[n] : "?";
}

const char * reflexive_pronoun(int p, bool dative) {
    static const char * const acc[6] = {"mich", "dich", "sich", "uns", "euch", "sich"};
    static const char * const dat[6] = {"mir", "dir", "sich", "uns", "euch", "sich"};
    return dative ? dat[p] : acc[p];
}
const char * haben(int p) { static const char * const t[6] = {"habe", "hast", "hat", "haben", "habt", "haben"}; return t[p]; }
const char * sein(int p) { static const char * const t[6] = {"bin", "bist", "ist", "sind", "seid", "sind"}; return t[p]; }
const char * sein_past(int p) { static const char * const t[6] = {"war", "warst", "war", "waren", "wart", "waren"}; return t[p]; }
const char * werden(int p) { static const char * const t[6] = {"werde", "wirst", "wird", "werden", "werdet", "werden"}; return t[p]; }

const char * modal(int which, int p) {
    static const char * const t[7][6] = {{"kann", "kannst", "kann", "können", "könnt", "können"},
                                         {"muss", "musst", "muss", "müssen", "müsst", "müssen"},
                                         {"will", "willst", "will", "wollen", "wollt", "wollen"},
                                         {"sollte", "solltest", "sollte", "sollten", "solltet", "sollten"},
                                         {"könnte", "könntest", "könnte", "könnten", "könntet", "könnten"},
                                         {"darf", "darfst", "darf", "dürfen", "dürft", "dürfen"},
                                         {"möchte", "möchtest", "möchte", "möchten", "möchtet", "möchten"}};
    return t[which][p];
}

const char * muessen_past(int p) {
    static const char * const t[6] = {"musste", "musstest", "musste", "mussten", "musstet", "mussten"};
    return t[p];
}

std::string imperative(const std::string & infinitive, const std::string & du_form) {
    if (infinitive == "sein") return "sei";
    if (infinitive == "haben") return "hab";
    auto has_suffix = [&](const char * e) {
        const size_t n = std::char_traits<char>::length(e);
        return infinitive.size() > n && infinitive.compare(infinitive.size() - n, n, e) == 0;
    };
    if (has_suffix("ern")) return infinitive.substr(0, infinitive.size() - 1) + "e";            // füttern → füttere
    if (has_suffix("eln")) return infinitive.substr(0, infinitive.size() - 3) + "le";           // sammeln → sammle
    std::string stem = infinitive;
    if (stem.size() > 2 && stem.compare(stem.size() - 2, 2, "en") == 0) stem.resize(stem.size() - 2);
    else if (stem.size() > 1 && stem.back() == 'n') stem.pop_back();
    auto ends_with = [](const std::string & s, const char * e) {
        const size_t n = std::char_traits<char>::length(e);
        return s.size() >= n && s.compare(s.size() - n, n, e) == 0;
    };
    // du liest → lies, du isst → iss (the stem ends in s, ß, z, x: du adds only -t); else du
    // gibst → gib, du arbeitest → arbeite.
    const bool sibilant = ends_with(stem, "s") || ends_with(stem, "ß") || ends_with(stem, "z") || ends_with(stem, "x");
    std::string form = du_form;
    if (sibilant && ends_with(form, "t")) form.pop_back();
    else if (ends_with(form, "st")) form.resize(form.size() - 2);
    // The du form's umlaut (du fährst, du läufst) is not in the imperative: fahr, lauf.
    for (const char * u : {"ä", "ö", "ü"})
        if (form.find(u) != std::string::npos && stem.find(u) == std::string::npos) return stem;
    return form;
}

std::string contraction(const std::string & prep, Case c, Slot s) {
    if (c == Acc && s == N) return prep == "in" ? "ins" : prep == "an" ? "ans" : "";
    if (c != Dat || s == Pl) return {};
    if (s == F) return prep == "zu" ? "zur" : "";
    if (prep == "in") return "im";
    if (prep == "an") return "am";
    if (prep == "bei") return "beim";
    if (prep == "zu") return "zum";
    if (prep == "von") return "vom";
    return {};
}

} // namespace attn::corpus::german

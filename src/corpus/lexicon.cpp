#include "corpus/lexicon.h"

#include "core/utf8.h"

#include <fstream>
#include <set>
#include <sstream>

namespace attn::corpus {

namespace {

const char * const kCategoryNames[] = {"person", "name", "animal", "food", "drink", "clothing", "vehicle", "place", "readable",
                                       "object", "plant", "instrument", "abstract", "activity", "body", "time", "group"};

bool parse_category(const std::string & s, Category * out) {
    for (int i = 0; i < int(Category::Count); i++)
        if (s == kCategoryNames[i]) { *out = Category(i); return true; }
    return false;
}

// "food,drink" → bits; "any" → all; "-" → none.
bool parse_category_set(const std::string & s, CategorySet * out) {
    *out = 0;
    if (s == "-") return true;
    if (s == "any") { *out = (1u << unsigned(Category::Count)) - 1u; return true; }
    std::stringstream ss(s);
    std::string part;
    while (std::getline(ss, part, ',')) {
        Category c;
        if (!parse_category(part, &c)) return false;
        *out |= 1u << unsigned(c);
    }
    return *out != 0;
}

// Rows of a TSV file: comments and blank lines skipped, each row with its line number.
struct Row { int line; std::vector<std::string> cells; };

std::vector<Row> rows_of(const std::string & text) {
    std::vector<Row> rows;
    std::stringstream ss(text);
    std::string line;
    for (int n = 1; std::getline(ss, line); n++) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        Row r{n, {}};
        size_t start = 0;
        for (;;) {
            size_t tab = line.find('\t', start);
            r.cells.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
            if (tab == std::string::npos) break;
            start = tab + 1;
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

// Per-file error reporting: the first problem wins, with file and line.
struct Checker {
    std::string file;
    Status status = Status::success();
    bool fail(int line, const std::string & what) {
        if (status) status = Status::error(file + ":" + std::to_string(line) + ": " + what);
        return false;
    }
    bool columns(const Row & r, size_t n) {
        if (r.cells.size() != n)
            return fail(r.line, "expected " + std::to_string(n) + " tab-separated columns, found " + std::to_string(r.cells.size()));
        for (const std::string & c : r.cells) {
            if (c.empty()) return fail(r.line, "empty cell (write - for none)");
            if (!utf8_is_valid(c)) return fail(r.line, "invalid UTF-8");
            if (c.front() == ' ' || c.back() == ' ' || c.find("  ") != std::string::npos)
                return fail(r.line, "stray spaces in \"" + c + "\"");
        }
        return true;
    }
};

std::string opt(const std::string & cell) { return cell == "-" ? std::string() : cell; }

// The generated tables' trailing columns: a rank ("-" or 1..10^7) and checked (0 or 1).
bool parse_rank(const std::string & cell, int * out) {
    *out = 0;
    if (cell == "-") return true;
    if (cell.empty() || cell.size() > 7 || cell.find_first_not_of("0123456789") != std::string::npos) return false;
    *out = std::stoi(cell);
    return *out > 0;
}
bool parse_flag(const std::string & cell, bool * out) {
    if (cell != "0" && cell != "1") return false;
    *out = cell == "1";
    return true;
}

// `senses`: a senses-*.tsv file, whose English repeats (add_senses checks it instead).
Status parse_nouns(const std::string & text, std::vector<Noun> * out, bool senses = false) {
    Checker ck{senses ? "senses-nouns.tsv" : "nouns.tsv"};
    std::set<std::string> seen;
    for (const Row & r : rows_of(text)) {
        const bool generated = r.cells.size() == 17;  // + rank wn src checked
        if (!ck.columns(r, generated ? 17 : 13)) break;
        const auto & c = r.cells;
        Noun n;
        if (generated && (!parse_rank(c[13], &n.rank) || !parse_flag(c[16], &n.checked))) {
            ck.fail(r.line, "rank must be - or a positive number, checked 0 or 1");
            break;
        }
        if (generated && (c[4] == "-" || c[6] == "-")) continue;  // no translation found: left out
        n.en_sg = split_tokens(c[0]);
        n.en_pl = split_tokens(opt(c[1]));
        n.proper = c[2] == "place_name";
        if (n.proper) n.cat = Category::Place;
        else if (!parse_category(c[2], &n.cat)) { ck.fail(r.line, "unknown category " + c[2]); break; }
        if (c[3] != "0" && c[3] != "1") { ck.fail(r.line, "mass must be 0 or 1"); break; }
        n.mass = c[3] == "1";
        n.zh = split_tokens(c[4]);
        n.zh_cl = opt(c[5]);
        n.de_sg = c[6];
        n.de_pl = opt(c[7]);
        if (c[8] != "m" && c[8] != "f" && c[8] != "n" && c[8] != "p") { ck.fail(r.line, "gender must be m, f, n or p"); break; }
        n.de_gender = c[8][0];
        if (n.de_gender == 'p' && !n.mass) { ck.fail(r.line, "gender p (German plural only) is for mass nouns"); break; }
        if (c[9] != "0" && c[9] != "1") { ck.fail(r.line, "de_weak must be 0 or 1"); break; }
        n.de_weak = c[9] == "1";
        n.en_prep = opt(c[10]);
        n.de_prep = opt(c[11]);
        n.zh_loc = opt(c[12]);
        if (n.en_prep.empty() != n.de_prep.empty()) { ck.fail(r.line, "en_prep and de_prep must both be set or both be -"); break; }
        if (n.countable() && (n.en_pl.empty() || n.de_pl.empty())) { ck.fail(r.line, "a countable noun needs both plurals"); break; }
        // The generated tables leave out the classifier where CC-CEDICT gives none: 個, the general
        // one, unless the word counts itself (三 天, 一 年, 五 分鐘, 300 美元).
        static const std::set<std::string> self_counting = {"天", "年", "分鐘", "秒", "秒鐘", "歲", "世紀", "次", "週",
                                                            "美元", "元", "歐元", "日圓"};
        if (generated && n.zh_cl.empty() && n.countable() && !(n.zh.size() == 1 && self_counting.count(n.zh[0]))) n.zh_cl = "個";
        const bool counts_itself = generated && n.zh.size() == 1 && self_counting.count(n.zh[0]);
        if (!n.named() && n.zh_cl.empty() && !n.mass && !counts_itself) { ck.fail(r.line, "a countable noun needs a classifier"); break; }
        if (!senses && !seen.insert(c[0]).second) { ck.fail(r.line, "duplicate noun " + c[0]); break; }
        out->push_back(std::move(n));
    }
    return ck.status;
}

Status parse_verbs(const std::string & text, std::vector<Verb> * out, bool senses = false) {
    Checker ck{senses ? "senses-verbs.tsv" : "verbs.tsv"};
    std::set<std::string> seen;
    for (const Row & raw : rows_of(text)) {
        // The generated table has en_ing after en_pp and rank wn src checked at the end: read it as
        // the hand table's 15 columns plus those.
        const bool generated = raw.cells.size() == 20;
        if (!ck.columns(raw, generated ? 20 : 15)) break;
        Row r = raw;
        Verb v;
        if (generated) {
            v.en_ing = split_tokens(r.cells[4]);
            if (!parse_rank(r.cells[16], &v.rank) || !parse_flag(r.cells[19], &v.checked)) {
                ck.fail(r.line, "rank must be - or a positive number, checked 0 or 1");
                break;
            }
            r.cells.erase(r.cells.begin() + 4);
            r.cells.resize(15);
        }
        const auto & c = r.cells;
        if (generated && (c[7] == "-" || c[9] == "-")) continue;  // no translation found: left out
        v.en_base = split_tokens(c[0]);
        v.en_3sg = split_tokens(c[1]);
        v.en_past = split_tokens(c[2]);
        v.en_pp = split_tokens(c[3]);
        // A comma list, the main frame first; inf (want to go) and ing (enjoy going) are extras.
        std::stringstream frames(c[4]);
        std::string f;
        bool main_frame = false, bad_frame = false, any_object_frame = false;
        while (std::getline(frames, f, ',')) {
            Frame fr;
            if (f == "intr") fr = Frame::Intransitive;
            else if (f == "tr") fr = Frame::Transitive;
            else if (f == "ditr") fr = Frame::Ditransitive;
            else if (f == "clause") fr = Frame::Clause;
            else if (f == "inf") { v.takes_infinitive = true; continue; }
            else if (f == "ing") { v.takes_gerund = true; continue; }
            else if (f == "link") { v.linking = true; continue; }
            else { bad_frame = true; break; }
            any_object_frame |= fr == Frame::Transitive || fr == Frame::Ditransitive;
            if (!main_frame) { v.frame = fr; main_frame = true; }
        }
        // A verb that only takes a verb ("try to go") stands alone as intransitive ("i will try").
        if (!main_frame && (v.takes_infinitive || v.takes_gerund)) main_frame = true;
        if (bad_frame || !main_frame) { ck.fail(r.line, "frame must be a list of intr, tr, ditr, clause, inf, ing, link"); break; }
        if (v.linking && v.frame != Frame::Intransitive) { ck.fail(r.line, "link (feel tired) goes with intr"); break; }
        if (!parse_category_set(c[5], &v.subj) || v.subj == 0) { ck.fail(r.line, "bad subject categories " + c[5]); break; }
        if (!parse_category_set(c[6], &v.obj)) { ck.fail(r.line, "bad object categories " + c[6]); break; }
        const bool takes_object = v.frame == Frame::Transitive || v.frame == Frame::Ditransitive;
        if (takes_object && v.obj == 0) { ck.fail(r.line, "a tr or ditr verb needs object categories"); break; }
        if (!any_object_frame && v.obj != 0) { ck.fail(r.line, "object categories are only for tr and ditr"); break; }
        v.zh = split_tokens(c[7]);
        v.zh_asp = opt(c[8]);
        v.de_inf = c[9];
        std::stringstream forms(c[10]);
        std::string form;
        int k = 0;
        while (std::getline(forms, form, '|') && k < 7) { if (k < 6) v.de_pres[size_t(k)] = form; k++; }
        if (k != 6) { ck.fail(r.line, "de_pres needs six forms separated by |"); break; }
        bool empty_form = false;
        for (const auto & f : v.de_pres) empty_form |= f.empty();
        if (empty_form) { ck.fail(r.line, "empty de_pres form"); break; }
        v.de_pp = c[11];
        if (c[12] != "haben" && c[12] != "sein") { ck.fail(r.line, "de_aux must be haben or sein"); break; }
        v.de_sein = c[12] == "sein";
        v.de_sep = opt(c[13]);
        if (!v.de_sep.empty() && (v.de_inf.rfind(v.de_sep, 0) != 0 || v.de_pp.rfind(v.de_sep, 0) != 0)) {
            ck.fail(r.line, "de_inf and de_pp must start with the separable prefix");
            break;
        }
        // refl: sich beeilen; refl+an (um, auf, über): sich erinnern an + accusative; refl+dat: sich
        // (dative) vorstellen + accusative; an (auf, über, um, für): warten auf + accusative; mit:
        // sprechen mit + dative.
        const std::string & de_case = c[14];
        auto accusative_prep = [](const std::string & p) { return p == "an" || p == "um" || p == "auf" || p == "über" || p == "für"; };
        if (de_case == "dat") v.de_dative = true;
        else if (de_case == "refl" && v.frame == Frame::Intransitive && !any_object_frame) v.de_reflexive = Reflexive::Accusative;
        else if (de_case == "refl+dat" && v.frame == Frame::Transitive) v.de_reflexive = Reflexive::Dative;
        else if (de_case.rfind("refl+", 0) == 0 && accusative_prep(de_case.substr(5)) && v.frame == Frame::Transitive) {
            v.de_reflexive = Reflexive::Accusative;
            v.de_prep = de_case.substr(5);
        } else if ((accusative_prep(de_case) || de_case == "mit") && v.frame == Frame::Transitive) {
            v.de_prep = de_case;
            v.de_dative = de_case == "mit";
        } else if (de_case != "acc" && de_case != "-") {
            ck.fail(r.line, "de_case must be acc, dat, -, refl (intransitive), refl+dat, refl+an/um/auf/über/für or an/um/auf/über/für/mit (transitive)");
            break;
        }
        if (!senses && !seen.insert(c[0]).second) { ck.fail(r.line, "duplicate verb " + c[0]); break; }
        out->push_back(std::move(v));
    }
    return ck.status;
}

Status parse_adjectives(const std::string & text, std::vector<Adjective> * out) {
    Checker ck{"adjectives.tsv"};
    std::set<std::string> seen;
    for (const Row & raw : rows_of(text)) {
        // The generated table: en en_comp en_sup zh zh_pred de_attr de_pred de_comp de_sup applies kind
        // rank wn src checked; read as the hand table's 7 columns plus those.
        const bool generated = raw.cells.size() == 15;
        if (!ck.columns(raw, generated ? 15 : 7)) break;
        Row r = raw;
        Adjective a;
        if (generated) {
            const auto & g = raw.cells;
            a.en_comp = split_tokens(opt(g[1]));
            a.en_sup = split_tokens(opt(g[2]));
            a.de_comp = opt(g[7]);
            a.de_sup = opt(g[8]);
            if (!parse_rank(g[11], &a.rank) || !parse_flag(g[14], &a.checked)) {
                ck.fail(r.line, "rank must be - or a positive number, checked 0 or 1");
                break;
            }
            if (a.en_comp.empty() != a.de_comp.empty()) {  // comparable in one language only: not compared
                a.en_comp.clear();
                a.en_sup.clear();
                a.de_comp.clear();
                a.de_sup.clear();
            }
            r.cells = {g[0], g[3], g[4], g[5], g[6], g[9], g[10]};
            if (g[3] == "-" || g[4] == "-" || g[5] == "-" || g[6] == "-") continue;  // no translation found: left out
        }
        const auto & c = r.cells;
        a.en = split_tokens(c[0]);
        a.zh = split_tokens(c[1]);
        a.zh_pred = split_tokens(c[2]);
        a.de_attr = c[3];
        a.de_pred = c[4];
        if (!parse_category_set(c[5], &a.applies) || a.applies == 0) { ck.fail(r.line, "bad categories " + c[5]); break; }
        if (c[6] == "color") a.kind = AdjectiveKind::Color;
        else if (c[6] == "size") a.kind = AdjectiveKind::Size;
        else if (c[6] == "age") a.kind = AdjectiveKind::Age;
        else if (c[6] == "quality") a.kind = AdjectiveKind::Quality;
        else if (c[6] == "feeling") a.kind = AdjectiveKind::Feeling;
        else if (c[6] == "other") a.kind = AdjectiveKind::Other;
        else { ck.fail(r.line, "unknown adjective kind " + c[6]); break; }
        if (!seen.insert(c[0]).second) { ck.fail(r.line, "duplicate adjective " + c[0]); break; }
        out->push_back(std::move(a));
    }
    return ck.status;
}

Status parse_adverbs(const std::string & text, std::vector<Adverb> * out) {
    Checker ck{"adverbs.tsv"};
    std::set<std::string> seen;
    for (const Row & r : rows_of(text)) {
        const bool generated = r.cells.size() == 8;  // + rank src checked
        if (!ck.columns(r, generated ? 8 : 5)) break;
        const auto & c = r.cells;
        Adverb a;
        if (generated && (!parse_rank(c[5], &a.rank) || !parse_flag(c[7], &a.checked))) {
            ck.fail(r.line, "rank must be - or a positive number, checked 0 or 1");
            break;
        }
        if (generated && (c[1] == "-" || c[2] == "-")) continue;  // no translation found: left out
        a.en = split_tokens(c[0]);
        a.zh = split_tokens(c[1]);
        a.de = split_tokens(c[2]);
        if (c[3] == "time") a.kind = AdverbKind::Time;
        else if (c[3] == "freq") a.kind = AdverbKind::Frequency;
        else if (c[3] == "manner") a.kind = AdverbKind::Manner;
        else if (c[3] == "other") a.kind = AdverbKind::Other;
        else { ck.fail(r.line, "kind must be time, freq, manner or other"); break; }
        if (c[4] == "past") a.tenses = kPastOk;
        else if (c[4] == "present") a.tenses = kPresentOk;
        else if (c[4] == "future") a.tenses = kFutureOk;
        else if (c[4] == "any") a.tenses = kAnyTense;
        else { ck.fail(r.line, "tense must be past, present, future or any"); break; }
        if (!seen.insert(c[0]).second) { ck.fail(r.line, "duplicate adverb " + c[0]); break; }
        out->push_back(std::move(a));
    }
    return ck.status;
}

Status read_file(const std::string & path, std::string * out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return Status::error("cannot read " + path);
    std::stringstream ss;
    ss << f.rdbuf();
    *out = ss.str();
    return Status::success();
}

// A second sense of a word the table has already: the same English, another translation. Each
// file row is an entry in the main table's format; its English must be in `entries`, and no entry
// there may have both of its translations or share its arguments (`overlap`), so that one English
// sentence never has two translations to learn.
template <typename Entry, typename English, typename Same, typename Overlap>
Status add_senses(const std::string & path, const std::vector<Entry> & senses, English english, Same same_translation,
                  Overlap overlap, std::vector<Entry> * entries) {
    for (const Entry & sense : senses) {
        bool known = false;
        for (const Entry & e : *entries) {
            if (english(e) != english(sense)) continue;
            known = true;
            if (same_translation(e, sense))
                return Status::error(path + ": " + english(sense)[0] + " has this sense already (same Chinese and German)");
            if (overlap(e, sense))
                return Status::error(path + ": " + english(sense)[0] + " has another sense for the same arguments");
        }
        if (!known) return Status::error(path + ": " + english(sense)[0] + " is not in the main table");
        entries->push_back(sense);
    }
    return Status::success();
}

// Two senses of a verb with the same main frame must take different objects (or, without an
// object, different subjects): "take the bus" is 搭, "take the book" 拿.
bool verb_senses_overlap(const Verb & a, const Verb & b) {
    if (a.frame != b.frame || a.linking != b.linking) return false;  // look (看) and look tired (看起來) are apart
    const bool object = a.frame == Frame::Transitive || a.frame == Frame::Ditransitive;
    return object ? (a.obj & b.obj) != 0 : (a.subj & b.subj) != 0;
}

// New entries from an optional file of the folder, each one the table lacks: place names, and
// the hand-written nouns and verbs that no dictionary row gave.
template <class Entry>
Status add_new(const std::string & path, Status (*parse)(const std::string &, std::vector<Entry> *, bool), Tokens Entry::*english,
               const char * kind, std::vector<Entry> * table) {
    std::string text;
    if (!std::ifstream(path)) return Status::success();
    if (Status s = read_file(path, &text); !s) return s;
    std::vector<Entry> added;
    if (Status s = parse(text, &added, false); !s) return s;
    std::set<Tokens> known;
    for (const Entry & e : *table) known.insert(e.*english);
    for (Entry & e : added) {
        if (known.count(e.*english)) return Status::error(path + ": " + join_tokens(e.*english) + " is a " + kind + " already");
        table->push_back(std::move(e));
    }
    return Status::success();
}

} // namespace

const char * category_name(Category c) { return unsigned(c) < unsigned(Category::Count) ? kCategoryNames[int(c)] : "?"; }

std::string join_tokens(const Tokens & tokens, const char * sep) {
    std::string s;
    for (size_t i = 0; i < tokens.size(); i++) s += (i ? sep : "") + tokens[i];
    return s;
}

Tokens split_tokens(const std::string & cell) {
    Tokens t;
    std::stringstream ss(cell);
    std::string w;
    while (ss >> w) t.push_back(w);
    return t;
}

bool Verb::en_particle_split() const {
    // Particles move after a pronoun object ("pick her up"); prepositions do not ("look at her").
    if (en_base.size() < 2) return false;
    const std::string & last = en_base.back();
    return last == "up" || last == "on" || last == "back" || last == "out" || last == "off" || last == "down" ||
           last == "away";
}

Status Lexicon::parse(const std::string & nouns, const std::string & verbs, const std::string & adjectives,
                      const std::string & adverbs, Lexicon * out) {
    Lexicon lex;
    if (Status s = parse_nouns(nouns, &lex.nouns); !s) return s;
    if (Status s = parse_verbs(verbs, &lex.verbs); !s) return s;
    if (Status s = parse_adjectives(adjectives, &lex.adjectives); !s) return s;
    if (Status s = parse_adverbs(adverbs, &lex.adverbs); !s) return s;
    if (lex.nouns.empty() || lex.verbs.empty()) return Status::error("the lexicon needs nouns and verbs");
    *out = std::move(lex);
    return Status::success();
}

// The generated folder may also hold place_names.tsv (countries and cities, in the nouns' format)
// and added_nouns.tsv (machine translation, language model): they join the nouns, and an English
// name may not be a noun already; added_verbs.tsv likewise (wait for, pay attention to). senses-nouns.tsv and senses-verbs.tsv give everyday words a
// second sense (take the book: 拿, take the bus: 搭; a light: 光, 燈): the grammar draws each sense
// on its own, with its own restrictions.
Status Lexicon::load(const std::string & dir, Lexicon * out) {
    std::string files[4];
    const char * names[4] = {"nouns.tsv", "verbs.tsv", "adjectives.tsv", "adverbs.tsv"};
    for (int i = 0; i < 4; i++)
        if (Status s = read_file(dir + "/" + names[i], &files[i]); !s) return s;
    if (Status s = parse(files[0], files[1], files[2], files[3], out); !s) return s;
    if (std::string path = dir + "/senses-nouns.tsv", text; std::ifstream(path)) {
        std::vector<Noun> senses;
        if (Status s = read_file(path, &text); !s) return s;
        if (Status s = parse_nouns(text, &senses, true); !s) return s;
        Status s = add_senses(path, senses, [](const Noun & n) { return n.en_sg; },
                              [](const Noun & a, const Noun & b) { return a.zh == b.zh && a.de_sg == b.de_sg; },
                              [](const Noun & a, const Noun & b) { return a.cat == b.cat; }, &out->nouns);
        if (!s) return s;
    }
    if (std::string path = dir + "/senses-verbs.tsv", text; std::ifstream(path)) {
        std::vector<Verb> senses;
        if (Status s = read_file(path, &text); !s) return s;
        if (Status s = parse_verbs(text, &senses, true); !s) return s;
        Status s = add_senses(path, senses, [](const Verb & v) { return v.en_base; },
                              [](const Verb & a, const Verb & b) { return a.zh == b.zh && a.de_inf == b.de_inf && a.linking == b.linking; },
                              verb_senses_overlap,
                              &out->verbs);
        if (!s) return s;
    }
    const size_t known_nouns = out->nouns.size();
    if (Status s = add_new(dir + "/place_names.tsv", parse_nouns, &Noun::en_sg, "noun", &out->nouns); !s) return s;
    for (size_t i = known_nouns; i < out->nouns.size(); i++)
        if (!out->nouns[i].proper) return Status::error(dir + "/place_names.tsv: every entry must be a place_name");
    if (Status s = add_new(dir + "/added_nouns.tsv", parse_nouns, &Noun::en_sg, "noun", &out->nouns); !s) return s;
    return add_new(dir + "/added_verbs.tsv", parse_verbs, &Verb::en_base, "verb", &out->verbs);
}

} // namespace attn::corpus

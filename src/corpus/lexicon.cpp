#include "corpus/lexicon.h"

#include "core/utf8.h"

#include <fstream>
#include <set>
#include <sstream>

namespace attn::corpus {

namespace {

const char * const kCategoryNames[] = {"person", "name", "animal", "food", "drink", "clothing",
                                       "vehicle", "place", "readable", "object", "plant", "instrument"};

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

Status parse_nouns(const std::string & text, std::vector<Noun> * out) {
    Checker ck{"nouns.tsv"};
    std::set<std::string> seen;
    for (const Row & r : rows_of(text)) {
        if (!ck.columns(r, 13)) break;
        const auto & c = r.cells;
        Noun n;
        n.en_sg = split_tokens(c[0]);
        n.en_pl = split_tokens(opt(c[1]));
        if (!parse_category(c[2], &n.cat)) { ck.fail(r.line, "unknown category " + c[2]); break; }
        if (c[3] != "0" && c[3] != "1") { ck.fail(r.line, "mass must be 0 or 1"); break; }
        n.mass = c[3] == "1";
        n.zh = split_tokens(c[4]);
        n.zh_cl = opt(c[5]);
        n.de_sg = c[6];
        n.de_pl = opt(c[7]);
        if (c[8] != "m" && c[8] != "f" && c[8] != "n") { ck.fail(r.line, "gender must be m, f or n"); break; }
        n.de_gender = c[8][0];
        if (c[9] != "0" && c[9] != "1") { ck.fail(r.line, "de_weak must be 0 or 1"); break; }
        n.de_weak = c[9] == "1";
        n.en_prep = opt(c[10]);
        n.de_prep = opt(c[11]);
        n.zh_loc = opt(c[12]);
        if (n.en_prep.empty() != n.de_prep.empty()) { ck.fail(r.line, "en_prep and de_prep must both be set or both be -"); break; }
        if (n.countable() && (n.en_pl.empty() || n.de_pl.empty())) { ck.fail(r.line, "a countable noun needs both plurals"); break; }
        if (n.cat != Category::Name && n.zh_cl.empty() && !n.mass) { ck.fail(r.line, "a countable noun needs a classifier"); break; }
        if (!seen.insert(c[0]).second) { ck.fail(r.line, "duplicate noun " + c[0]); break; }
        out->push_back(std::move(n));
    }
    return ck.status;
}

Status parse_verbs(const std::string & text, std::vector<Verb> * out) {
    Checker ck{"verbs.tsv"};
    std::set<std::string> seen;
    for (const Row & r : rows_of(text)) {
        if (!ck.columns(r, 15)) break;
        const auto & c = r.cells;
        Verb v;
        v.en_base = split_tokens(c[0]);
        v.en_3sg = split_tokens(c[1]);
        v.en_past = split_tokens(c[2]);
        v.en_pp = split_tokens(c[3]);
        if (c[4] == "intr") v.frame = Frame::Intransitive;
        else if (c[4] == "tr") v.frame = Frame::Transitive;
        else if (c[4] == "ditr") v.frame = Frame::Ditransitive;
        else if (c[4] == "clause") v.frame = Frame::Clause;
        else { ck.fail(r.line, "frame must be intr, tr, ditr or clause"); break; }
        if (!parse_category_set(c[5], &v.subj) || v.subj == 0) { ck.fail(r.line, "bad subject categories " + c[5]); break; }
        if (!parse_category_set(c[6], &v.obj)) { ck.fail(r.line, "bad object categories " + c[6]); break; }
        const bool takes_object = v.frame == Frame::Transitive || v.frame == Frame::Ditransitive;
        if (takes_object != (v.obj != 0)) { ck.fail(r.line, "object categories must be set exactly for tr and ditr"); break; }
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
        if (c[14] == "dat") v.de_dative = true;
        else if (c[14] != "acc" && c[14] != "-") { ck.fail(r.line, "de_case must be acc, dat or -"); break; }
        if (!seen.insert(c[0]).second) { ck.fail(r.line, "duplicate verb " + c[0]); break; }
        out->push_back(std::move(v));
    }
    return ck.status;
}

Status parse_adjectives(const std::string & text, std::vector<Adjective> * out) {
    Checker ck{"adjectives.tsv"};
    std::set<std::string> seen;
    for (const Row & r : rows_of(text)) {
        if (!ck.columns(r, 7)) break;
        const auto & c = r.cells;
        Adjective a;
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
        if (!ck.columns(r, 5)) break;
        const auto & c = r.cells;
        Adverb a;
        a.en = split_tokens(c[0]);
        a.zh = split_tokens(c[1]);
        a.de = split_tokens(c[2]);
        if (c[3] == "time") a.kind = AdverbKind::Time;
        else if (c[3] == "freq") a.kind = AdverbKind::Frequency;
        else if (c[3] == "manner") a.kind = AdverbKind::Manner;
        else { ck.fail(r.line, "kind must be time, freq or manner"); break; }
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

} // namespace

const char * category_name(Category c) { return unsigned(c) < unsigned(Category::Count) ? kCategoryNames[int(c)] : "?"; }

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

Status Lexicon::load(const std::string & dir, Lexicon * out) {
    std::string files[4];
    const char * names[4] = {"nouns.tsv", "verbs.tsv", "adjectives.tsv", "adverbs.tsv"};
    for (int i = 0; i < 4; i++)
        if (Status s = read_file(dir + "/" + names[i], &files[i]); !s) return s;
    return parse(files[0], files[1], files[2], files[3], out);
}

} // namespace attn::corpus

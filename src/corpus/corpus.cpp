#include "corpus/corpus.h"

#include "corpus/copied_names.h"
#include "corpus/time_expressions.h"

#include "core/sha256.h"
#include "corpus/realize.h"
#include "text/vocab.h"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <sys/stat.h>

namespace attn::corpus {

namespace {

int words_without_final_punct(const AlignedText & en) {
    int n = int(en.size());
    if (n > 0) {
        const std::string & last = en.words().back().text;
        if (last == "." || last == "?") n--;
    }
    return n;
}

// The English sentence without its optional full stop: two sentences that differ only there are
// the same sentence for deduplication.
std::string dedup_key(const CorpusExample & e) {
    std::string k = e.en;
    if (k.size() >= 2 && (k.compare(k.size() - 2, 2, " .") == 0 || k.compare(k.size() - 2, 2, " ?") == 0)) k.resize(k.size() - 2);
    return k;
}

} // namespace

std::string held_out_key(std::string_view english) {
    std::vector<std::string> words = tokenize_words(english);
    while (!words.empty() && (words.back() == "." || words.back() == "?" || words.back() == "!")) words.pop_back();
    std::string key;
    for (const std::string & w : words) key += (key.empty() ? "" : " ") + w;
    return key;
}

Status load_held_out_english(const std::string & path, std::set<std::string> * out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return Status::error("cannot read " + path);
    std::string line;
    for (int number = 1; std::getline(f, line); number++) {
        const size_t a = line.find('\t'), b = a == std::string::npos ? a : line.find('\t', a + 1);
        const size_t c = b == std::string::npos ? b : line.find('\t', b + 1);
        if (c == std::string::npos) return Status::error(path + ":" + std::to_string(number) + ": no English column");
        out->insert(held_out_key(std::string_view(line).substr(b + 1, c - b - 1)));
    }
    return Status::success();
}

namespace {

struct LengthBucket { int lo, hi; double share; float richness_lo, richness_hi; };
// The training mix, with the richness range that tends to produce each length.
const LengthBucket kTrainMix[] = {{3, 5, 0.08, 0.0f, 0.15f},   {6, 10, 0.35, 0.0f, 0.45f},  {11, 15, 0.30, 0.25f, 0.75f},
                                  {16, 20, 0.15, 0.5f, 1.0f}, {21, 30, 0.09, 0.8f, 1.4f},  {31, 40, 0.03, 1.2f, 2.0f}};
// Made-up names in the everyday corpus: enough that each is rare and the model learns to copy.
constexpr int kCopiedNames = 1000;
// With the everyday constructions: shorter, as typed sentences are (the everyday test set's
// average is under 9 words), with long ones kept so length still has something to show.
const LengthBucket kEverydayMix[] = {{3, 5, 0.15, 0.0f, 0.15f},  {6, 10, 0.42, 0.0f, 0.45f}, {11, 15, 0.25, 0.25f, 0.75f},
                                     {16, 20, 0.10, 0.5f, 1.0f}, {21, 30, 0.06, 0.8f, 1.4f}, {31, 40, 0.02, 1.2f, 2.0f}};

class Drawer {
public:
    Drawer(const Lexicon & lex, Grammar & g, uint64_t seed, const std::set<std::string> & held_out, bool everyday)
        : m_lex(lex), m_grammar(g), m_rng(seed), m_held_out(held_out),
          m_mix(everyday ? std::begin(kEverydayMix) : std::begin(kTrainMix)),
          m_mix_end(everyday ? std::end(kEverydayMix) : std::end(kTrainMix)) {}
    std::set<std::string> used;  // dedup keys across all splits
    // A phrase on its own ("thank you .") is training data only, up to kPhraseCopies times: one
    // copy in a test split would keep it out of training, and a single copy is too little to learn.
    // Two joined phrases ("hello , how are you ?") are a sentence like any other: the test splits
    // may hold them, since each phrase is also learned alone.
    static constexpr int kPhraseCopies = 3;
    bool phrases_alone_ok = false;
    std::map<std::string, int> phrase_copies;

    // A new sentence with English length in [lo, hi] satisfying `accept`; false when none was
    // found in the attempt budget.
    template <class Accept>
    bool draw(int lo, int hi, float richness_lo, float richness_hi, Accept accept, CorpusExample * out, int attempts = 4000) {
        for (int a = 0; a < attempts; a++) {
            const float richness = richness_lo + (richness_hi - richness_lo) * m_rng.uniform();
            const Sentence s = m_grammar.sample(m_rng, richness);
            const AlignedText en = realize_english(m_lex, s);
            const int n = words_without_final_punct(en);
            if (n < lo || n > hi || !accept(s)) continue;
            const bool phrase_alone = s.phrase_use == Sentence::PhraseUse::Alone && s.lead_phrase < 0;
            if (phrase_alone && !phrases_alone_ok) continue;
            CorpusExample e = realize_example(m_lex, s);
            if (!m_held_out.empty() && m_held_out.count(held_out_key(e.en))) continue;
            if (phrase_alone ? ++phrase_copies[dedup_key(e)] > kPhraseCopies : !used.insert(dedup_key(e)).second) continue;
            *out = std::move(e);
            return true;
        }
        return false;
    }

    const LengthBucket & mix_bucket() {
        double r = double(m_rng.uniform()), acc = 0;
        for (const LengthBucket * b = m_mix; b != m_mix_end; b++) {
            acc += b->share;
            if (r < acc) return *b;
        }
        return m_mix_end[-1];
    }

    Rng & rng() { return m_rng; }

private:
    const Lexicon & m_lex;
    Grammar & m_grammar;
    Rng m_rng;
    const std::set<std::string> & m_held_out;
    const LengthBucket * m_mix;  // the training mix: kTrainMix, or kEverydayMix
    const LengthBucket * m_mix_end;
};

// Richness range for an arbitrary length band: that of the mix bucket it overlaps most.
void richness_for(int lo, int hi, float * rlo, float * rhi) {
    *rlo = 0.0f;
    *rhi = 2.0f;
    for (const LengthBucket & b : kTrainMix)
        if (lo <= b.hi && hi >= b.lo) { *rlo = b.richness_lo; *rhi = b.richness_hi; }
}

// mkdir -p: the output folder's parents may not exist yet (a fresh build tree).
Status make_dir(const std::string & dir) {
    for (size_t i = 1; i <= dir.size(); i++) {
        if (i < dir.size() && dir[i] != '/') continue;
        const std::string part = dir.substr(0, i);
        if (mkdir(part.c_str(), 0755) != 0 && errno != EEXIST) return Status::error("cannot create " + part);
    }
    return Status::success();
}

Status write_text(const std::string & path, const std::string & text) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f) return Status::error("cannot write " + path);
    return Status::success();
}

} // namespace

CorpusExample realize_example(const Lexicon & lex, const Sentence & s) {
    const AlignedText en = realize_english(lex, s), zh = realize_chinese(lex, s), de = realize_german(lex, s);
    CorpusExample e;
    e.en = join_tokens(en.texts());
    e.zh = join_tokens(zh.texts());
    e.de = join_tokens(de.texts());
    e.tags = s.tags;
    e.align_zh = format_alignment(align(en, zh));
    e.align_de = format_alignment(align(en, de));
    e.en_words = words_without_final_punct(en);
    return e;
}

Status generate_corpus(const Lexicon & base, const CorpusOptions & o, Corpus * out) {
    // The everyday grammar also says when (clock times and dates, made here rather than listed)
    // and names people it has no word for, which every language copies (corpus/copied_names.h).
    Lexicon lex = base;
    if (o.everyday) {
        add_clock_and_date_adverbs(&lex);
        add_copied_names(&lex, o.seed, kCopiedNames);
    }
    Grammar grammar(lex, GrammarOptions{o.everyday});
    Rng holdout_rng(o.seed * 0x9E3779B97F4A7C15ull + 7);
    grammar.hold_out(holdout_rng, o.heldout_adjective_noun, o.heldout_verb_object);
    Drawer drawer(lex, grammar, o.seed, o.held_out_english, o.everyday);
    Corpus c;
    auto clean = [&](const Sentence & s) { return !grammar.uses_held_out_pair(s); };

    // The compositional split first: it needs the rarest sentences.
    for (int i = 0; i < o.compositional; i++) {
        CorpusExample e;
        const LengthBucket & b = drawer.mix_bucket();
        if (!drawer.draw(b.lo, b.hi, b.richness_lo, b.richness_hi, [&](const Sentence & s) { return grammar.uses_held_out_pair(s); }, &e, 20000))
            return Status::error("could not draw a compositional sentence; is the lexicon too small?");
        c.compositional.push_back(std::move(e));
    }
    // Test: stratified by 5-word buckets up to 40.
    const int buckets = 8, per_bucket = (o.test + buckets - 1) / buckets;
    for (int b = 0; b < buckets && int(c.test.size()) < o.test; b++) {
        const int lo = std::max(1, 5 * b + 1), hi = 5 * b + 5;
        float rlo, rhi;
        richness_for(lo, hi, &rlo, &rhi);
        for (int i = 0; i < per_bucket && int(c.test.size()) < o.test; i++) {
            CorpusExample e;
            if (!drawer.draw(lo, hi, rlo, rhi, clean, &e, 20000))
                return Status::error("could not draw a test sentence of " + std::to_string(lo) + "-" + std::to_string(hi) + " words");
            c.test.push_back(std::move(e));
        }
    }
    // Challenge sets, one per phenomenon.
    for (const std::string & tag : phenomenon_tags(o.everyday)) {
        auto has_tag = [&](const Sentence & s) {
            return clean(s) && std::find(s.tags.begin(), s.tags.end(), tag) != s.tags.end();
        };
        auto & set = c.challenge[tag];
        for (int i = 0; i < o.challenge; i++) {
            CorpusExample e;
            const LengthBucket & b = drawer.mix_bucket();
            // A long bucket may hold no sentence of the phenomenon (a 35-word wh-question): then any length up to 20.
            if (!drawer.draw(b.lo, std::max(b.hi, 20), b.richness_lo, std::max(b.richness_hi, 1.0f), has_tag, &e, 20000) &&
                !drawer.draw(3, 20, 0.0f, 1.0f, has_tag, &e, 20000))
                return Status::error("could not draw a challenge sentence for " + tag);
            set.push_back(std::move(e));
        }
    }
    auto natural = [&](int count, std::vector<CorpusExample> * dst) -> Status {
        for (int i = 0; i < count; i++) {
            CorpusExample e;
            const LengthBucket & b = drawer.mix_bucket();
            if (!drawer.draw(b.lo, b.hi, b.richness_lo, b.richness_hi, clean, &e))
                return Status::error("could not draw a sentence of " + std::to_string(b.lo) + "-" + std::to_string(b.hi) + " words");
            dst->push_back(std::move(e));
        }
        return Status::success();
    };
    if (Status s = natural(o.dev, &c.dev); !s) return s;
    drawer.phrases_alone_ok = true;
    if (Status s = natural(o.train, &c.train); !s) return s;
    *out = std::move(c);
    return Status::success();
}

std::string example_tsv_line(const CorpusExample & e) {
    return e.en + "\t" + e.zh + "\t" + e.de + "\t" + (e.tags.empty() ? "-" : join_tokens(e.tags, ",")) + "\t" + e.align_zh + "\t" +
           e.align_de;
}

bool parse_example_tsv_line(const std::string & line, CorpusExample * out) {
    std::vector<std::string> cells;
    size_t start = 0;
    for (;;) {
        const size_t tab = line.find('\t', start);
        cells.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
        if (tab == std::string::npos) break;
        start = tab + 1;
    }
    if (cells.size() != 6 || cells[0].empty()) return false;
    CorpusExample e;
    e.en = cells[0];
    e.zh = cells[1];
    e.de = cells[2];
    if (cells[3] != "-") {
        std::stringstream ss(cells[3]);
        std::string t;
        while (std::getline(ss, t, ',')) e.tags.push_back(t);
    }
    e.align_zh = cells[4];
    e.align_de = cells[5];
    std::stringstream words(e.en);
    std::string w, last;
    while (words >> w) { e.en_words++; last = w; }
    if (last == "." || last == "?") e.en_words--;
    *out = std::move(e);
    return true;
}

std::string train_text_fingerprint(const std::vector<CorpusExample> & train, const std::string & lang) {
    Sha256 h;
    for (const CorpusExample & e : train) h.update(e.en + "\t" + (lang == "de" ? e.de : e.zh) + "\n");
    return h.hex_digest();
}

Status lexicon_fingerprint(const std::string & dir, std::string * out) {
    Sha256 h;
    for (const char * name : {"nouns.tsv", "verbs.tsv", "adjectives.tsv", "adverbs.tsv"}) {
        std::ifstream f(dir + "/" + name, std::ios::binary);
        if (!f) return Status::error("cannot read " + dir + "/" + name);
        std::stringstream ss;
        ss << f.rdbuf();
        h.update(ss.str());
    }
    *out = h.hex_digest();
    return Status::success();
}

Vocabulary frequency_vocabulary(const std::vector<CorpusExample> & rows, const std::string & lang) {
    std::map<std::string, long> counts;
    for (const CorpusExample & e : rows) {
        std::stringstream ss(lang == "en" ? e.en : lang == "de" ? e.de : e.zh);
        std::string w;
        while (ss >> w) counts[w]++;
    }
    std::vector<std::pair<long, std::string>> order;
    for (const auto & [w, n] : counts) order.push_back({-n, w});
    std::sort(order.begin(), order.end());
    Vocabulary v;
    for (const auto & [n, w] : order) v.add(w);
    return v;
}

Status write_corpus(const Corpus & c, const CorpusOptions & o, const std::string & lexicon_hash, const std::string & dir,
                    std::string * fingerprint) {
    if (Status s = make_dir(dir); !s) return s;
    std::ostringstream manifest;
    manifest << "attention-playground corpus 1\nseed " << o.seed << "\nlexicon " << lexicon_hash << "\n";
    if (o.everyday) manifest << "grammar everyday\n";
    auto write_split = [&](const std::string & name, const std::vector<CorpusExample> & rows, size_t limit) -> Status {
        std::string text;
        for (size_t i = 0; i < rows.size() && i < limit; i++) text += example_tsv_line(rows[i]) + "\n";
        if (Status s = write_text(dir + "/" + name, text); !s) return s;
        manifest << name << " " << std::min(rows.size(), limit) << " " << sha256_hex(text) << "\n";
        return Status::success();
    };
    for (const char * lang : {"zh_TW", "de"}) manifest << "train-text-" << lang << " " << train_text_fingerprint(c.train, lang) << "\n";
    const size_t all = size_t(-1);
    for (Status s : {write_split("train.tsv", c.train, all), write_split("mini.tsv", c.train, size_t(o.mini)),
                     write_split("dev.tsv", c.dev, all), write_split("test.tsv", c.test, all),
                     write_split("compositional.tsv", c.compositional, all)})
        if (!s) return s;
    for (const auto & [tag, rows] : c.challenge)
        if (Status s = write_split("challenge-" + tag + ".tsv", rows, all); !s) return s;
    for (const char * lang : {"en", "zh_TW", "de"}) {
        const Vocabulary v = frequency_vocabulary(c.train, lang);
        const std::string text = v.serialize(), name = std::string("vocab.") + lang;
        if (Status s = write_text(dir + "/" + name, text); !s) return s;
        manifest << name << " " << v.size() << " " << sha256_hex(text) << "\n";
    }
    const std::string m = manifest.str();
    if (Status s = write_text(dir + "/MANIFEST", m); !s) return s;
    *fingerprint = sha256_hex(m);
    return Status::success();
}

} // namespace attn::corpus

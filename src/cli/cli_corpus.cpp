// `attn corpus [--seed S] [--out DIR] [--lexicon DIR] [--held-out FILE] [--show N]`: generates the
// parallel corpus (corpus/corpus.h) into DIR and prints its fingerprint; the same seed and lexicon
// always give byte-identical files. No split contains an English sentence of the held-out file
// (default assets/everyday/everyday.tsv, the everyday test set). --everyday adds the everyday
// constructions to the grammar (GrammarOptions) and the phrasebook (--phrases, default
// assets/lexicon/phrases.tsv). --train N sets the training split's size (default 100,000).
// --show N prints N random sentences with their
// translations instead.
#include "cli/cli.h"
#include "core/clock.h"
#include "corpus/corpus.h"
#include "corpus/phrasebook.h"
#include "corpus/realize.h"
#include "corpus/time_expressions.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace attn {

int cli_corpus(int argc, char ** argv) {
    corpus::CorpusOptions o;
    std::string out = "build/corpus", lexicon_dir = "assets/lexicon", held_out = "assets/everyday/everyday.tsv";
    std::string phrases = "assets/lexicon/phrases.tsv";
    int show = 0;
    float richness = -1;
    for (int i = 0; i < argc; i++) {
        const std::string a = argv[i];
        const bool has_value = i + 1 < argc;
        if (a == "--seed" && has_value) o.seed = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--out" && has_value) out = argv[++i];
        else if (a == "--lexicon" && has_value) lexicon_dir = argv[++i];
        else if (a == "--held-out" && has_value) held_out = argv[++i];
        else if (a == "--everyday") o.everyday = true;
        else if (a == "--train" && has_value) o.train = std::max(1, std::atoi(argv[++i]));
        else if (a == "--phrases" && has_value) phrases = argv[++i];
        else if (a == "--show" && has_value) show = std::atoi(argv[++i]);
        else if (a == "--richness" && has_value) richness = float(std::atof(argv[++i]));
        else {
            std::fprintf(stderr, "usage: attn corpus [--seed S] [--out DIR] [--lexicon DIR] [--held-out FILE] [--everyday [--phrases FILE]] [--train N] [--show N [--richness R]]\n");
            return 2;
        }
    }
    corpus::Lexicon lex;
    if (Status s = corpus::Lexicon::load(lexicon_dir, &lex); !s) { std::fprintf(stderr, "attn corpus: %s\n", s.message.c_str()); return 1; }
    // The everyday grammar mixes in the phrasebook's fixed expressions.
    if (o.everyday)
        if (Status s = corpus::load_phrasebook(phrases, &lex.phrases); !s) { std::fprintf(stderr, "attn corpus: %s\n", s.message.c_str()); return 1; }
    if (show > 0) {
        if (o.everyday) corpus::add_clock_and_date_adverbs(&lex);  // as generate_corpus does
        corpus::Grammar g(lex, corpus::GrammarOptions{o.everyday});
        Rng rng(o.seed);
        for (int i = 0; i < show; i++) {
            const corpus::Sentence s = g.sample(rng, richness >= 0 ? richness : rng.uniform());
            const corpus::CorpusExample e = corpus::realize_example(lex, s);
            std::string tags;
            for (const std::string & t : e.tags) tags += (tags.empty() ? "" : " ") + t;
            std::printf("%s\n  %s\n  %s\n  [%s]\n", e.en.c_str(), e.zh.c_str(), e.de.c_str(), tags.c_str());
        }
        return 0;
    }
    // A corpus without its held-out list could quietly train on the test set: no file, no corpus.
    if (Status s = corpus::load_held_out_english(held_out, &o.held_out_english); !s) {
        std::fprintf(stderr, "attn corpus: %s (the held-out test sentences; --held-out FILE)\n", s.message.c_str());
        return 1;
    }
    const double t0 = now_ms();
    corpus::Corpus c;
    if (Status s = corpus::generate_corpus(lex, o, &c); !s) { std::fprintf(stderr, "attn corpus: %s\n", s.message.c_str()); return 1; }
    std::string lexicon_hash, fingerprint;
    if (Status s = corpus::lexicon_fingerprint(lexicon_dir, &lexicon_hash); !s) { std::fprintf(stderr, "attn corpus: %s\n", s.message.c_str()); return 1; }
    if (Status s = corpus::write_corpus(c, o, lexicon_hash, out, &fingerprint); !s) { std::fprintf(stderr, "attn corpus: %s\n", s.message.c_str()); return 1; }
    const double seconds = ms_since(t0) / 1000.0;
    std::printf("corpus seed %llu -> %s: train %zu, dev %zu, test %zu, compositional %zu, %zu challenge sets (%.1f s)\n"
                "kept out: the %zu English sentences of %s\nfingerprint %s\n",
                (unsigned long long)o.seed, out.c_str(), c.train.size(), c.dev.size(), c.test.size(), c.compositional.size(),
                c.challenge.size(), seconds, o.held_out_english.size(), held_out.c_str(), fingerprint.c_str());
    return 0;
}

} // namespace attn

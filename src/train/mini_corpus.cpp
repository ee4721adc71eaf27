#include "train/mini_corpus.h"

#include "corpus/corpus.h"

#include <map>
#include <mutex>

namespace attn {

namespace {

// The generated rows, kept for the process: a second run (or the other language) reuses them.
struct Drawn {
    std::string assets_dir;
    std::vector<corpus::CorpusExample> train, dev;  // the other splits are dropped
    std::map<std::string, std::shared_ptr<const MiniCorpus>> by_lang;
};

Status draw(const std::string & assets_dir, Drawn * out) {
    corpus::Lexicon lex;
    if (Status s = corpus::Lexicon::load(assets_dir + "/lexicon", &lex); !s) return s;
    corpus::CorpusOptions o;  // seed 1 and every split as `attn corpus` draws them ...
    o.train = kMiniCorpusPairs;  // ... but training rows only as far as the mini split (drawn last)
    if (Status s = corpus::load_held_out_english(assets_dir + "/everyday/everyday.tsv", &o.held_out_english); !s) return s;
    corpus::Corpus c;
    if (Status s = corpus::generate_corpus(lex, o, &c); !s) return s;
    out->train = std::move(c.train);
    out->dev = std::move(c.dev);
    return Status::success();
}

} // namespace

const corpus::CorpusExample * MiniCorpus::find(std::string_view english) const {
    const auto it = by_english.find(corpus::held_out_key(english));
    return it == by_english.end() ? nullptr : it->second;
}

Status load_mini_corpus(const std::string & assets_dir, const std::string & lang, std::shared_ptr<const MiniCorpus> * out) {
    if (!valid_target_language(lang)) return Status::error("target language must be zh_TW or de, not " + lang);
    static std::mutex mutex;
    static Drawn drawn;
    std::lock_guard<std::mutex> lock(mutex);
    if (drawn.train.empty() || drawn.assets_dir != assets_dir) {
        Drawn fresh;
        if (Status s = draw(assets_dir, &fresh); !s) return s;  // what was drawn before stays
        fresh.assets_dir = assets_dir;
        drawn = std::move(fresh);
    }
    std::shared_ptr<const MiniCorpus> & kept = drawn.by_lang[lang];
    if (!kept) {
        auto m = std::make_shared<MiniCorpus>();
        m->lang = lang;
        m->train.src_vocab = corpus::frequency_vocabulary(drawn.train, "en");
        m->train.tgt_vocab = corpus::frequency_vocabulary(drawn.train, lang);
        m->heldout.src_vocab = m->train.src_vocab;
        m->heldout.tgt_vocab = m->train.tgt_vocab;
        add_parallel_rows(drawn.train, lang, &m->train);
        add_parallel_rows(drawn.dev, lang, &m->heldout);
        for (const ParallelData * d : {&m->train, &m->heldout})
            for (const corpus::CorpusExample & e : d->rows) m->by_english.emplace(corpus::held_out_key(e.en), &e);
        kept = std::move(m);
    }
    *out = kept;
    return Status::success();
}

} // namespace attn

// The Train panel's mini corpus task (train/mini_corpus.h): the corpus is drawn as `attn corpus`
// draws it, its held-out sentences stay out of training, a run on it scores BLEU and how well its
// attention follows the gold alignment, its probe is an English sentence, and the trained model
// is an English translator file.
#include "corpus/corpus.h"
#include "models/translator.h"
#include "train/live_training.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <set>

using namespace attn;

namespace {

const std::string kAssets = std::string(ATTN_SOURCE_DIR) + "/assets";

std::shared_ptr<const MiniCorpus> load(const std::string & lang) {
    std::shared_ptr<const MiniCorpus> c;
    const Status s = load_mini_corpus(kAssets, lang, &c);
    EXPECT_TRUE(s) << s.message;
    return c;
}

// A model small enough to take a few steps of 30,000 sentence pairs in a test.
TrainSetup small_corpus_setup(ToyTask task) {
    TrainSetup s = setup_preset(task);
    s.layers = 1;
    s.d_model = 32;
    s.d_ff = 64;
    s.heads = 2;
    s.batch_tokens = 512;
    s.steps = 30;
    s.eval_every = 30;
    s.snapshot_every = 10;
    return s;
}

TEST(MiniCorpus, IsTheCorpusMiniSplitWithItsDevSplitHeldOut) {
    const auto de = load("de");
    ASSERT_TRUE(de);
    EXPECT_EQ(de->train.rows.size(), size_t(kMiniCorpusPairs));
    EXPECT_EQ(de->heldout.rows.size(), 2000u);
    ASSERT_EQ(de->train.examples.size(), de->train.rows.size());
    // The same rows as `attn corpus --seed 1` puts first in train.tsv: generated alone here,
    // with the full sizes, the first rows agree.
    corpus::Lexicon lex;
    ASSERT_TRUE(corpus::Lexicon::load(kAssets + "/lexicon", &lex));
    corpus::CorpusOptions o;
    o.train = 50;  // train is drawn last, so its first rows do not depend on how many follow
    ASSERT_TRUE(corpus::load_held_out_english(kAssets + "/everyday/everyday.tsv", &o.held_out_english));
    corpus::Corpus c;
    ASSERT_TRUE(corpus::generate_corpus(lex, o, &c));
    for (size_t i = 0; i < c.train.size(); i++) ASSERT_EQ(de->train.rows[i].en, c.train[i].en) << i;
    for (size_t i = 0; i < 50; i++) ASSERT_EQ(de->heldout.rows[i].de, c.dev[i].de) << i;
    // No held-out English in training, and none of the everyday test set anywhere.
    std::set<std::string> train_english;
    for (const auto & e : de->train.rows) train_english.insert(corpus::held_out_key(e.en));
    for (const auto & e : de->heldout.rows) EXPECT_EQ(train_english.count(corpus::held_out_key(e.en)), 0u) << e.en;
    for (const std::string & k : o.held_out_english) EXPECT_EQ(train_english.count(k), 0u) << k;
    // Word vocabularies of the mini split: every training word is in them.
    EXPECT_GT(de->train.src_vocab.size(), 200);
    EXPECT_GT(de->train.tgt_vocab.size(), de->train.src_vocab.size()) << "German inflects";
    for (const Example & x : de->train.examples) {
        ASSERT_EQ(std::count(x.src.begin(), x.src.end(), Vocabulary::kUnk), 0);
        ASSERT_EQ(std::count(x.tgt.begin(), x.tgt.end(), Vocabulary::kUnk), 0);
    }
    // Both languages share the English side; the Chinese one is its own corpus object.
    const auto zh = load("zh_TW");
    ASSERT_TRUE(zh);
    EXPECT_EQ(zh->train.rows[7].en, de->train.rows[7].en);
    EXPECT_NE(zh->train.tgt_vocab.size(), de->train.tgt_vocab.size());
    std::shared_ptr<const MiniCorpus> none;
    EXPECT_FALSE(load_mini_corpus(kAssets, "fr", &none));
    EXPECT_FALSE(load_mini_corpus("/nonexistent", "de", &none));
}

TEST(MiniCorpus, FindsASentenceAsTypedOrAsGenerated) {
    const auto de = load("de");
    ASSERT_TRUE(de);
    const corpus::CorpusExample & row = de->heldout.rows[3];
    EXPECT_EQ(de->find(row.en), &row);
    // Typed: capitals, no space before the final punctuation, or none at all.
    std::string typed = row.en;
    typed[0] = char(std::toupper(static_cast<unsigned char>(typed[0])));
    if (typed.size() > 2 && typed[typed.size() - 2] == ' ') typed.erase(typed.size() - 2, 1);
    EXPECT_EQ(de->find(typed), &row) << typed;
    EXPECT_EQ(de->find("attention is all you need"), nullptr);
}

TEST(MiniCorpus, ARunScoresBleuAndTheGoldAlignmentAndProbesASentence) {
    LiveTraining run;
    run.set_assets_dir(kAssets);
    const TrainSetup setup = small_corpus_setup(ToyTask::MiniEnDe);
    const Status s = run.start(setup);
    ASSERT_TRUE(s) << s.message;
    const auto de = load("de");
    // The default probe is a held-out sentence, its rows the corpus's translation.
    EXPECT_TRUE(run.probe_has_reference());
    const corpus::CorpusExample * row = de->find(run.probe_text());
    ASSERT_NE(row, nullptr);
    const ProbeAttention & p = run.probe();
    EXPECT_EQ(p.rows, int(corpus::split_tokens(row->de).size()) + 1);
    EXPECT_EQ(p.cols, int(corpus::split_tokens(row->en).size()) + 1);
    EXPECT_EQ(p.target_labels.back(), "</s>");
    EXPECT_EQ(p.source_labels.front(), corpus::split_tokens(row->en).front());
    EXPECT_EQ(p.maps.size(), size_t(p.layers * p.heads * p.rows * p.cols));
    // Untrained: BLEU near nothing; the held-out check scores rows with a gold link.
    EXPECT_GE(run.last_score().bleu, 0.0);
    EXPECT_LT(run.last_score().bleu, 5.0);
    EXPECT_GT(run.last_score().rows, 100);
    const double first_loss = [&] { run.advance(0.0); return run.last_loss(); }();
    while (!run.finished()) run.advance(100.0);
    EXPECT_LT(run.last_loss(), first_loss);
    EXPECT_GE(run.last_score().bleu, 0.0);
    EXPECT_EQ(run.curves().eval_step.size(), run.curves().exact_match.size());

    // A sentence of the reader's own: its rows are the model's translation now.
    ASSERT_TRUE(run.set_probe("Attention is all you need."));
    EXPECT_FALSE(run.probe_has_reference());
    EXPECT_EQ(run.probe().source_labels, (std::vector<std::string>{"attention", "is", "all", "you", "need", ".", "</s>"}));
    EXPECT_GE(run.probe().rows, 1);
    EXPECT_EQ(run.timeline().size(), 1u) << "a new probe starts a new timeline";
    EXPECT_FALSE(run.set_probe("   "));
    std::string long_sentence;
    for (int i = 0; i <= LiveTraining::kMaxProbeWords; i++) long_sentence += "the ";
    EXPECT_FALSE(run.set_probe(long_sentence));

    // The model is an English-German translator file with the mini split's words.
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);
    const std::string path = std::string(ATTN_TEST_OUT_DIR) + "/mini_corpus_model.safetensors";
    ASSERT_TRUE(run.save_model(path));
    Translator t;
    const Status ls = Translator::load(path, &t);
    ASSERT_TRUE(ls) << ls.message;
    EXPECT_EQ(t.source_vocab().size(), de->train.src_vocab.size());
    EXPECT_EQ(t.target_vocab().size(), de->train.tgt_vocab.size());
    EXPECT_TRUE(t.decode_options(DecodeOptions{}).repeats.on) << "a translator of language";
    Compute cc(BackendKind::Reference);
    const Translation tr = t.translate(cc, row->en, DecodeOptions{}, nullptr);
    EXPECT_EQ(tr.source_ids.size(), corpus::split_tokens(row->en).size() + 1);
}

TEST(MiniCorpus, ASavedRunResumesWithItsBleuCurveAndProbe) {
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);
    const std::string dir = std::string(ATTN_TEST_OUT_DIR) + "/mini_corpus_run";
    ::mkdir(dir.c_str(), 0755);
    TrainSetup setup = small_corpus_setup(ToyTask::MiniEnZh);
    setup.eval_every = 10;
    setup.checkpoint_every = 10;
    std::string probe;
    {
        LiveTraining first;
        first.set_assets_dir(kAssets);
        ASSERT_TRUE(first.start(setup, dir));
        probe = first.probe_text();
        while (first.step() < 15) first.advance(0.0);
        EXPECT_EQ(first.saved_step(), 10);
    }
    LiveTraining again;
    again.set_assets_dir(kAssets);
    const Status st = again.resume(dir);
    ASSERT_TRUE(st) << st.message;
    EXPECT_EQ(again.step(), 10);
    EXPECT_EQ(again.probe_text(), probe);
    EXPECT_TRUE(again.probe_has_reference());
    EXPECT_EQ(again.curves().bleu.size(), again.curves().eval_step.size()) << "a BLEU for every held-out check";
    EXPECT_GE(again.curves().eval_step.size(), 2u);
    EXPECT_EQ(again.timeline().front().step, 0) << "the timeline from the start";
    again.advance(0.0);
    EXPECT_EQ(again.step(), 11);
}

TEST(MiniCorpus, ThePresetIsATransformerThatFitsTheBudget) {
    for (ToyTask task : {ToyTask::MiniEnDe, ToyTask::MiniEnZh}) {
        const TrainSetup s = setup_preset(task);
        EXPECT_TRUE(validate_setup(s));
        EXPECT_TRUE(check_memory(s));
        EXPECT_EQ(s.schedule, LrSchedule::Noam);
        TrainSetup read;
        ASSERT_TRUE(setup_from_text(setup_to_text(s), &read));
        EXPECT_EQ(read, s);
    }
    EXPECT_EQ(setup_preset(ToyTask::Reverse), TrainSetup{});
}

} // namespace

// The training loop: resuming from a checkpoint gives bit-identical weights to an uninterrupted
// run, step(budget_ms) slices work, and a 2+2-layer model learns the reverse task.
#include "models/decode.h"
#include "train/toy_score.h"
#include "train/toy_tasks.h"
#include "train/transformer_train.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace attn;

namespace {

TransformerConfig toy_config(int layers, int d_model, int d_ff, int heads) {
    TransformerConfig c;
    c.encoder_layers = c.decoder_layers = layers;
    c.d_model = d_model;
    c.d_ff = d_ff;
    c.heads = heads;
    c.src_vocab = c.tgt_vocab = kToyVocab;
    c.max_positions = 32;
    return c;
}

TrainerConfig small_run(const std::string & name, int64_t steps) {
    TrainerConfig t;
    t.total_steps = steps;
    t.max_tokens = 256;
    t.seed = 7;
    t.schedule = "noam";
    t.warmup = 20;
    t.d_model = 16;
    t.clip_norm = 1.0;
    t.checkpoint_path = std::string(ATTN_TEST_OUT_DIR) + "/" + name + ".safetensors";
    return t;
}

TEST(Trainer, ResumedRunEndsWithTheSameWeights) {
    const TransformerConfig c = toy_config(1, 16, 32, 2);
    const auto data = make_toy_examples(ToyTask::Copy, 300, 1, 6, 3);
    Compute cc(BackendKind::Eigen);
    const TrainOptions opts{/*dropout=*/0.1f, /*label_smoothing=*/0.1f};  // dropout: the RNG must resume too

    Transformer straight;
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 1), &straight));
    TransformerTrainer s2s_a(cc, straight, opts);
    Trainer a(s2s_a, data, small_run("resume_a", 25));
    while (!a.done()) a.step(1e9);

    Transformer first;
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 1), &first));
    TransformerTrainer s2s_b(cc, first, opts);
    Trainer b(s2s_b, data, small_run("resume_b", 25));
    for (int i = 0; i < 9; i++) b.step(0.0);  // a zero budget still makes one step
    ASSERT_EQ(b.progress().step, 9);
    ASSERT_TRUE(b.save_checkpoint());

    // A new process would start from a fresh random model; resume must overwrite all of it.
    Transformer second;
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 99), &second));
    TransformerTrainer s2s_c(cc, second, opts);
    Trainer resumed(s2s_c, data, small_run("resume_b", 25));
    Status st = resumed.resume(small_run("resume_b", 25).checkpoint_path);
    ASSERT_TRUE(st) << st.message;
    EXPECT_EQ(resumed.progress().step, 9);
    while (!resumed.done()) resumed.step(1e9);

    EXPECT_EQ(resumed.progress(), a.progress());
    for (const auto & [name, t] : straight.tensors())
        ASSERT_EQ(std::memcmp(t.data(), second.tensors().at(name).data(), size_t(t.numel()) * sizeof(float)), 0)
            << name << " differs after resume";
}

// A checkpoint resumes only on the files it was trained on, where the run names them by hash: the
// same token ids from other subword pieces would mean other words.
TEST(Trainer, ResumeRefusesOtherPieces) {
    const TransformerConfig c = toy_config(1, 16, 32, 2);
    const auto data = make_toy_examples(ToyTask::Copy, 100, 1, 6, 3);
    Compute cc(BackendKind::Eigen);
    const TrainOptions opts{/*dropout=*/0.0f, /*label_smoothing=*/0.1f};
    Transformer m;
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 1), &m));
    TransformerTrainer s2s(cc, m, opts);
    Seq2SeqTask task(s2s, data, 256);
    Trainer a(task, small_run("resume_pieces", 5), {{"pieces_sha256", "aaa"}});
    a.step(0.0);
    ASSERT_TRUE(a.save_checkpoint());
    Trainer same(task, small_run("resume_pieces", 5), {{"pieces_sha256", "aaa"}});
    EXPECT_TRUE(same.resume(small_run("resume_pieces", 5).checkpoint_path));
    Trainer other(task, small_run("resume_pieces", 5), {{"pieces_sha256", "bbb"}});
    const Status st = other.resume(small_run("resume_pieces", 5).checkpoint_path);
    EXPECT_FALSE(st);
    EXPECT_NE(st.message.find("pieces_sha256 differs"), std::string::npos) << st.message;
}

// Data parallel (Seq2SeqTask with replicas): without dropout, a batch split over two models gives
// the loss and gradients one model computes for the whole batch, and a run repeats exactly.
TEST(Trainer, DataParallelBatchEqualsOneModelsAndRepeats) {
    const TransformerConfig c = toy_config(1, 16, 32, 2);
    const auto data = make_toy_examples(ToyTask::Reverse, 120, 1, 8, 5);
    Compute cc(BackendKind::Eigen), cc2 = cc.same_choices();
    const TrainOptions no_dropout{/*dropout=*/0.0f, /*label_smoothing=*/0.1f};
    Transformer one, main_model, replica;
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 4), &one));
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 4), &main_model));
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 77), &replica));  // overwritten each batch
    TransformerTrainer t_one(cc, one, no_dropout), t_main(cc, main_model, no_dropout), t_replica(cc2, replica, no_dropout);
    Seq2SeqTask single(t_one, data, 512), parallel(t_main, data, 512, {&t_replica});
    ASSERT_EQ(single.begin_epoch(3, 0), parallel.begin_epoch(3, 0));
    Rng r1(1), r2(1);
    TensorMap g1, g2;
    int64_t items1 = 0, items2 = 0;
    const double l1 = single.train_batch(0, r1, &g1, &items1);
    const double l2 = parallel.train_batch(0, r2, &g2, &items2);
    EXPECT_EQ(items1, items2);
    EXPECT_NEAR(l1, l2, 1e-5 * std::fabs(l1));
    for (const auto & [name, g] : g1) {
        const Tensor & h = g2.at(name);
        float scale = 1e-6f, worst = 0.0f;
        for (int64_t i = 0; i < g.numel(); i++) {
            scale = std::max(scale, std::fabs(g[i]));
            worst = std::max(worst, std::fabs(g[i] - h[i]));
        }
        EXPECT_LE(worst, 1e-4f * scale + 1e-7f) << name;  // the key bias's gradient is 0 up to rounding
    }

    // Whole runs, with dropout: two runs with one replica each end with identical weights.
    const TrainOptions opts{/*dropout=*/0.1f, /*label_smoothing=*/0.1f};
    auto run = [&](uint64_t replica_seed) {
        Transformer m, r;
        EXPECT_TRUE(Transformer::create(c, Transformer::random_weights(c, 1), &m));
        EXPECT_TRUE(Transformer::create(c, Transformer::random_weights(c, replica_seed), &r));
        TransformerTrainer tm(cc, m, opts), tr(cc2, r, opts);
        Seq2SeqTask task(tm, data, 256, {&tr});
        Trainer t(task, small_run("parallel", 12));
        while (!t.done()) t.step(1e9);
        return m.tensors();
    };
    const TensorMap a = run(2), b = run(3);
    for (const auto & [name, t] : a)
        ASSERT_EQ(std::memcmp(t.data(), b.at(name).data(), size_t(t.numel()) * sizeof(float)), 0) << name;
}

TEST(Trainer, ResumeRefusesAnotherModelsCheckpoint) {
    const auto data = make_toy_examples(ToyTask::Copy, 50, 1, 4, 3);
    Compute cc(BackendKind::Eigen);
    Transformer small, big;
    ASSERT_TRUE(Transformer::create(toy_config(1, 16, 32, 2), Transformer::random_weights(toy_config(1, 16, 32, 2), 1), &small));
    ASSERT_TRUE(Transformer::create(toy_config(1, 32, 32, 2), Transformer::random_weights(toy_config(1, 32, 32, 2), 1), &big));
    TransformerTrainer s(cc, small, {}), b(cc, big, {});
    Trainer ts(s, data, small_run("other_model", 2)), tb(b, data, small_run("other_model", 2));
    ts.step(0.0);
    ASSERT_TRUE(ts.save_checkpoint());
    Status st = tb.resume(small_run("other_model", 2).checkpoint_path);
    EXPECT_FALSE(st);
    EXPECT_NE(st.message.find("shape"), std::string::npos) << st.message;
}

TEST(Trainer, LearningRateFollowsTheSchedule) {
    TransformerConfig c = toy_config(1, 16, 32, 2);
    Transformer m;
    ASSERT_TRUE(Transformer::create(c, Transformer::random_weights(c, 1), &m));
    Compute cc(BackendKind::Eigen);
    TransformerTrainer s(cc, m, {});
    TrainerConfig t;
    t.d_model = 512;
    t.warmup = 4000;
    Trainer tr(s, {}, t);
    EXPECT_NEAR(tr.learning_rate(1), 1.747e-7, 1e-10);
    EXPECT_NEAR(tr.learning_rate(4000), 6.988e-4, 1e-7);
    t.schedule = "constant";
    t.lr = 3e-4;
    EXPECT_EQ(Trainer(s, {}, t).learning_rate(123), 3e-4);
}

// The toy tasks that prove learning, and that attention learned where to look: digit strings of
// length 1..6 with a 2+2-layer, d 64 model (d_ff 128, 4 heads, dropout and label smoothing 0.1,
// Adam at a constant 1e-3, 1024-token batches). Held-out examples come from another seed.
// Measured on reverse: 100% after 1500 steps (60 s), 98-100% after 1000 depending on seeds; 1300
// keeps a margin in under a minute. Noam and length 1..8 learn slower.
//
// Then the attention: in the last decoder layer, the head whose cross-attention rows most often
// peak where the task says (output i reads source n-1-i when reversing, source i when copying)
// must do so for at least 90% of the held-out output rows (the Train panel's promise that its maps
// show the diagonal or the anti-diagonal form).
ToyScore train_toy_task(ToyTask task) {
    TrainSetup s;  // the Train panel's model: toy_config(2, 64, 128, 4), weights seeded 5
    s.layers = 2, s.d_model = 64, s.d_ff = 128, s.heads = 4, s.seed = 4;
    Compute cc = Compute::fastest();
    std::unique_ptr<ToyModel> m;
    EXPECT_TRUE(make_toy_model(cc, s, symbol_vocab(s), &m));
    TrainerConfig t;
    t.total_steps = ATTN_REVERSE_STEPS;
    t.max_tokens = 1024;
    t.seed = 11;
    t.schedule = "constant";  // measured: reaches 99% in fewer steps here than the Noam schedule
    t.lr = 1e-3;
    t.d_model = 64;
    t.clip_norm = 1.0;
    Trainer trainer(m->seq2seq(), make_toy_examples(task, 20000, 1, 6, 11), t);
    while (!trainer.done()) trainer.step(1e9);

    const ToyScore score = score_toy_task(cc, *m, task, make_toy_examples(task, 500, 1, 6, 12345));
    std::printf("%s: %lld steps, final loss %.4f, held-out sequence accuracy %.1f%%; last layer's head %d peaks where the "
                "task says on %.1f%% of %d rows\n",
                toy_task_name(task), (long long)trainer.progress().step, trainer.last_loss(), 100.0 * score.exact_match,
                score.best_head, 100.0 * score.best_head_follows(), score.rows);
    return score;
}

TEST(Trainer, ReverseTaskReaches99PercentHeldOutAndAttentionMirrors) {
#if defined(__EMSCRIPTEN__)
    GTEST_SKIP() << "a minute of training: run natively only (the wasm build runs the same code in the other tests)";
#endif
    const ToyScore r = train_toy_task(ToyTask::Reverse);
    EXPECT_GE(r.exact_match, 0.99);
    EXPECT_GE(r.best_head_follows(), 0.90) << "the anti-diagonal";
}

TEST(Trainer, CopyTaskReaches99PercentHeldOutAndAttentionIsDiagonal) {
#if defined(__EMSCRIPTEN__)
    GTEST_SKIP() << "a minute of training: run natively only (the wasm build runs the same code in the other tests)";
#endif
    const ToyScore r = train_toy_task(ToyTask::Copy);
    EXPECT_GE(r.exact_match, 0.99);
    EXPECT_GE(r.best_head_follows(), 0.90) << "the diagonal";
}

// The article's RNNsearch on the Train panel's preset (64 hidden units, reverse of lengths 1-8,
// a constant 0.002), trained as the panel does until a check of 100 other sequences is all right,
// then scored on 500 held-out ones: measured 99-100% at step 300-400 (about 5 s natively), its alignment
// on the mirrored symbol for 99-100% of rows. Its accuracy swings between checks on the way (100%
// at one, 63% at the next), so it is not judged at a fixed step; 2,000 steps is the cap. The same
// 90% gate for the attention as the Transformer's.
TEST(Trainer, RnnSearchLearnsReverseAndItsAlignmentMirrors) {
#if defined(__EMSCRIPTEN__)
    GTEST_SKIP() << "seconds of training: run natively only (the wasm build runs the same code in the other tests)";
#endif
    TrainSetup s;
    s.arch = ToyArch::RnnSearch;
    Compute cc = Compute::fastest();
    std::unique_ptr<ToyModel> m;
    ASSERT_TRUE(make_toy_model(cc, s, symbol_vocab(s), &m));
    TrainerConfig t = setup_trainer_config(s);
    t.total_steps = 2000;
    Trainer trainer(m->seq2seq(), make_toy_examples(s.task, 20000, s.min_len, s.max_len, 11), t);
    // When to stop is decided on sequences of their own, not on the ones scored.
    const std::vector<Example> check = make_toy_examples(s.task, 100, s.min_len, s.max_len, 777);
    while (!trainer.done()) {
        trainer.step(0.0);
        if (trainer.progress().step % 100 == 0 && score_toy_task(cc, *m, s.task, check).exact_match >= 0.99) break;
    }
    const ToyScore r = score_toy_task(cc, *m, s.task, make_toy_examples(s.task, 500, s.min_len, s.max_len, 12345));
    std::printf("RNNsearch reverse at step %lld: ", (long long)trainer.progress().step);
    std::printf("held-out %.1f%%, alignment on the mirrored symbol %.1f%% of %d rows\n", 100.0 * r.exact_match,
                100.0 * r.best_head_follows(), r.rows);
    EXPECT_GE(r.exact_match, 0.99);
    EXPECT_GE(r.best_head_follows(), 0.90) << "the anti-diagonal";
}

} // namespace

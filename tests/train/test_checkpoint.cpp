// Checkpoints: an exact round trip (parameters, optimizer state, progress, RNG stream, extra
// metadata), resuming gives the same run, an interrupted save leaves the last good checkpoint,
// and damaged or foreign files are refused with a message. Files go to ATTN_TEST_OUT_DIR.
#include "train/checkpoint.h"

#include "core/rng.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace attn;

namespace {

std::string out_path(const std::string & name) {
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);  // may exist already
    return std::string(ATTN_TEST_OUT_DIR) + "/" + name;
}

bool same_bits(const Tensor & a, const Tensor & b) {
    return a.shape() == b.shape() && std::memcmp(a.data(), b.data(), size_t(a.numel()) * 4) == 0;
}

TensorMap model_params() {
    return {{"encoder/layer_0/w", random_normal({3, 4}, 11)}, {"decoder/b", random_normal({5}, 12)}};
}

TensorMap grads_at(int t) {
    TensorMap g{{"encoder/layer_0/w", random_normal({3, 4}, 1000 + uint64_t(t))}};
    if (t % 2 == 0) g["decoder/b"] = random_normal({5}, 2000 + uint64_t(t));  // some steps without
    return g;
}

struct SavedRun {
    TensorMap params = model_params();
    Adam adam;
    TrainProgress progress;
    SavedRun() {
        for (int t = 1; t <= 3; t++) adam.step(params, grads_at(t), 1e-3);
        progress.step = 3;
        progress.epoch = 2;
        progress.batch_in_epoch = 17;
        progress.tokens_seen = 123456789012;
        progress.data_seed = 0xFEDCBA9876543210ull;  // above INT64_MAX: must survive as unsigned
        Rng rng(99);
        for (int i = 0; i < 5; i++) rng.next_u64();
        progress.rng_state = rng.state();
    }
};

const std::map<std::string, std::string> kExtra = {{"model_config", R"({"d_model": 8, "heads": 2})"},
                                                   {"note", "注意力"}};

Status expect_load_error(const std::string & path, const std::string & part) {
    TensorMap params;
    Adam adam;
    TrainProgress progress;
    Status s = load_checkpoint(path, &params, &adam, &progress, nullptr);
    EXPECT_FALSE(s);
    EXPECT_NE(s.message.find(part), std::string::npos) << s.message;
    EXPECT_NE(s.message.find(path), std::string::npos) << s.message;  // says which file
    EXPECT_TRUE(params.empty());                                      // outputs untouched
    return s;
}

// Saves a checkpoint whose WeightsFile was edited by `edit`.
template <typename Edit>
std::string save_edited(const std::string & name, Edit edit) {
    SavedRun run;
    WeightsFile f;
    EXPECT_TRUE(build_checkpoint(run.params, run.adam, run.progress, kExtra, &f));
    edit(f);
    std::string path = out_path(name);
    EXPECT_TRUE(save_safetensors(path, f));
    return path;
}

} // namespace

TEST(Checkpoint, RoundTripIsExact) {
    SavedRun run;
    const std::string path = out_path("ckpt_roundtrip.safetensors");
    ASSERT_TRUE(save_checkpoint(path, run.params, run.adam, run.progress, kExtra));

    TensorMap params;
    Adam adam;
    TrainProgress progress;
    std::map<std::string, std::string> extra;
    Status s = load_checkpoint(path, &params, &adam, &progress, &extra);
    ASSERT_TRUE(s) << s.message;
    ASSERT_EQ(params.size(), run.params.size());
    for (const auto & [name, t] : run.params) {
        EXPECT_TRUE(same_bits(t, params[name])) << name;
        EXPECT_TRUE(same_bits(*run.adam.first_moment(name), *adam.first_moment(name))) << name;
        EXPECT_TRUE(same_bits(*run.adam.second_moment(name), *adam.second_moment(name))) << name;
    }
    EXPECT_EQ(adam.steps(), 3);
    EXPECT_TRUE(progress == run.progress);
    EXPECT_EQ(extra, kExtra);

    // The RNG continues its stream.
    Rng original(99);
    for (int i = 0; i < 5; i++) original.next_u64();
    Rng resumed(0);
    resumed.set_state(progress.rng_state);
    for (int i = 0; i < 3; i++) EXPECT_EQ(resumed.next_u64(), original.next_u64());

    // Training on from the checkpoint gives bit for bit the run that never stopped.
    for (int t = 4; t <= 6; t++) {
        run.adam.step(run.params, grads_at(t), 1e-3);
        adam.step(params, grads_at(t), 1e-3);
    }
    for (const auto & [name, t] : run.params) EXPECT_TRUE(same_bits(t, params[name])) << name;

    // Loading with expected parameters: the same names and shapes pass; nullptr outputs are fine.
    TensorMap expected = model_params();
    EXPECT_TRUE(load_checkpoint(path, &expected, nullptr, nullptr, nullptr));
}

TEST(Checkpoint, InterruptedSaveKeepsLastGoodCheckpoint) {
    SavedRun run;
    const std::string path = out_path("ckpt_interrupted.safetensors");
    ASSERT_TRUE(save_checkpoint(path, run.params, run.adam, run.progress, kExtra));

    // A crash half-way through the next save: the .tmp holds half a newer checkpoint.
    SavedRun newer;
    newer.progress.step = 4;
    WeightsFile f;
    ASSERT_TRUE(build_checkpoint(newer.params, newer.adam, newer.progress, kExtra, &f));
    std::vector<uint8_t> bytes = serialize_safetensors(f);
    FILE * tmp = std::fopen((path + ".tmp").c_str(), "wb");
    ASSERT_TRUE(tmp);
    std::fwrite(bytes.data(), 1, bytes.size() / 2, tmp);
    std::fclose(tmp);

    TrainProgress progress;
    TensorMap params;
    ASSERT_TRUE(load_checkpoint(path, &params, nullptr, &progress, nullptr));
    EXPECT_EQ(progress.step, 3);  // the last good one
    // The next save replaces the stale .tmp and succeeds.
    ASSERT_TRUE(save_checkpoint(path, newer.params, newer.adam, newer.progress, kExtra));
    params.clear();
    ASSERT_TRUE(load_checkpoint(path, &params, nullptr, &progress, nullptr));
    EXPECT_EQ(progress.step, 4);

    // A save that is refused (a NaN weight) does not touch the previous checkpoint.
    newer.params["decoder/b"][0] = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(save_checkpoint(path, newer.params, newer.adam, newer.progress, kExtra));
    params.clear();
    ASSERT_TRUE(load_checkpoint(path, &params, nullptr, &progress, nullptr));
    EXPECT_EQ(progress.step, 4);
}

TEST(Checkpoint, CorruptOrForeignFilesGiveMessages) {
    SavedRun run;
    const std::string good = out_path("ckpt_good.safetensors");
    ASSERT_TRUE(save_checkpoint(good, run.params, run.adam, run.progress, kExtra));

    // Truncated: the safetensors reader's message, with the path.
    WeightsFile f;
    ASSERT_TRUE(build_checkpoint(run.params, run.adam, run.progress, kExtra, &f));
    std::vector<uint8_t> bytes = serialize_safetensors(f);
    const std::string cut = out_path("ckpt_truncated.safetensors");
    FILE * out = std::fopen(cut.c_str(), "wb");
    ASSERT_TRUE(out);
    std::fwrite(bytes.data(), 1, bytes.size() - 10, out);
    std::fclose(out);
    (void)expect_load_error(cut, "");
    (void)expect_load_error(out_path("ckpt_does_not_exist.safetensors"), "");

    // A plain weights file.
    const std::string plain = out_path("ckpt_plain_weights.safetensors");
    WeightsFile w;
    w.tensors = model_params();
    ASSERT_TRUE(save_safetensors(plain, w));
    (void)expect_load_error(plain, "checkpoint_version");

    (void)expect_load_error(save_edited("ckpt_v2.safetensors", [](WeightsFile & f) { f.metadata["checkpoint_version"] = "2"; }),
                            "version");
    (void)expect_load_error(save_edited("ckpt_nostep.safetensors", [](WeightsFile & f) { f.metadata.erase("train/step"); }),
                            "\"train/step\" is missing");
    (void)expect_load_error(save_edited("ckpt_badepoch.safetensors", [](WeightsFile & f) { f.metadata["train/epoch"] = "1.5"; }),
                            "train/epoch");
    (void)expect_load_error(save_edited("ckpt_negbatch.safetensors",
                                        [](WeightsFile & f) { f.metadata["train/batch_in_epoch"] = "-1"; }),
                            "at least 0");
    (void)expect_load_error(save_edited("ckpt_badrng.safetensors", [](WeightsFile & f) { f.metadata["train/rng_state"] = "-1"; }),
                            "train/rng_state");
    (void)expect_load_error(save_edited("ckpt_bigseed.safetensors",
                                        [](WeightsFile & f) { f.metadata["train/data_seed"] = "18446744073709551616"; }),
                            "train/data_seed");
    (void)expect_load_error(save_edited("ckpt_nov.safetensors", [](WeightsFile & f) { f.tensors.erase("optimizer/v/decoder/b"); }),
                            "only one of");
    (void)expect_load_error(save_edited("ckpt_mshape.safetensors",
                                        [](WeightsFile & f) { f.tensors["optimizer/m/decoder/b"] = Tensor({6}); }),
                            "shape");
    (void)expect_load_error(save_edited("ckpt_noparams.safetensors",
                                        [](WeightsFile & f) {
                                            f.tensors.clear();
                                            f.metadata["optimizer_steps"] = "0";
                                        }),
                            "no parameters");

    // Another model's checkpoint, against the parameters the caller expects.
    TensorMap expected = model_params();
    expected["decoder/b"] = Tensor({7});
    Status s = load_checkpoint(good, &expected, nullptr, nullptr, nullptr);
    EXPECT_FALSE(s);
    EXPECT_NE(s.message.find("\"decoder/b\" has shape (5), expected (7)"), std::string::npos) << s.message;
    EXPECT_EQ(expected["decoder/b"].numel(), 7);  // untouched
    expected = model_params();
    expected["extra/w"] = Tensor({1});
    s = load_checkpoint(good, &expected, nullptr, nullptr, nullptr);
    EXPECT_NE(s.message.find("\"extra/w\" is missing"), std::string::npos) << s.message;
}

TEST(Checkpoint, SaveRefusesReservedNames) {
    SavedRun run;
    const std::string path = out_path("ckpt_reserved.safetensors");
    Status s = save_checkpoint(path, run.params, run.adam, run.progress, {{"train/step", "9"}});
    EXPECT_FALSE(s);
    EXPECT_NE(s.message.find("reserved"), std::string::npos) << s.message;
    TensorMap clash = run.params;
    clash["optimizer/m/x"] = Tensor({1});
    EXPECT_FALSE(save_checkpoint(path, clash, run.adam, run.progress, {}));
}

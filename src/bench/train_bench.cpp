#include "bench/train_bench.h"

#include "bench/workloads.h"
#include "core/check.h"
#include "train/optimizer.h"
#include "train/transformer_train.h"

#include <algorithm>
#include <vector>

namespace attn::bench {

TrainBenchResult train_tokens_per_second(Compute & cc, int steps) {
    TransformerConfig c;
    c.encoder_layers = c.decoder_layers = 3;
    c.d_model = 128;
    c.d_ff = 512;
    c.heads = 4;
    c.src_vocab = c.tgt_vocab = 1000;
    c.max_positions = 64;
    Transformer model;
    Status st = Transformer::create(c, Transformer::random_weights(c, 3), &model);
    ATTN_ASSERT(st.ok, "%s", st.message.c_str());
    std::vector<Example> data;
    Rng rng(9);
    for (int b = 0; b < 64; b++) {
        Example e;
        for (int t = 0; t < 32; t++) e.src.push_back(4 + int32_t(rng.below(996)));
        for (int t = 0; t < 31; t++) e.tgt.push_back(4 + int32_t(rng.below(996)));
        data.push_back(std::move(e));
    }
    std::vector<size_t> all(data.size());
    for (size_t i = 0; i < all.size(); i++) all[i] = i;
    const PaddedBatch batch = make_padded_batch(data, all, c.pad_id, c.bos_id, c.eos_id);
    TransformerTrainer trainer(cc, model, TrainOptions{0.1f, 0.1f});
    Adam adam;
    TensorMap grads;
    auto one = [&] {
        trainer.forward_backward(batch, rng, &grads);
        adam.step(model.parameters(), grads, 1e-4);
    };
    one();  // warm-up: first-touch of every buffer
    std::vector<double> ms;
    for (int i = 0; i < steps; i++) {
        const double t0 = now_ms();
        one();
        ms.push_back(now_ms() - t0);
    }
    std::sort(ms.begin(), ms.end());
    TrainBenchResult r;
    r.steps = steps;
    r.ms_per_step = ms[ms.size() / 2];
    r.target_tokens_per_s = double(batch.target_tokens) / (r.ms_per_step / 1000.0);
    return r;
}

} // namespace attn::bench

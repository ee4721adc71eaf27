// Training speed: tokens per second of forward + backward + Adam on a fixed batch, for the
// comparison with PyTorch (tests/reference/bench_train_torch.py builds the same model and batch).
// Model: d 128, 3+3 layers, 4 heads, d_ff 512, vocabulary 1000, post-norm, dropout 0.1, label
// smoothing 0.1. Batch: 64 pairs of 32 source and 31+1 target tokens (2048 target tokens).
#pragma once
#include "backend/compute.h"

namespace attn::bench {

struct TrainBenchResult {
    double ms_per_step = 0.0;
    double target_tokens_per_s = 0.0;
    int steps = 0;
};

TrainBenchResult train_tokens_per_second(Compute & cc, int steps);

} // namespace attn::bench

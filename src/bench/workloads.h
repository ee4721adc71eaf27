// The three benchmark workloads of the peer harness, built on our Compute ops, so the same code
// is timed natively (`attn bench`), under node and in Chromium (build/bench/attn_bench.mjs):
//   gemm       C(M, N) = A(M, K) · B(K, N)
//   attention  softmax(Q·Kᵀ/√dk)·V for Q, K, V (H, S, dk); the probabilities are written too
//   encoder    one post-LN Transformer-base encoder layer: Q/K/V/O projections with bias,
//              attention, residual + layer norm, FFN with ReLU, residual + layer norm
// Inputs come from the harness's seeds (bench_inputs.h). Each run(iters) returns milliseconds for
// all iterations; output() is the row-major result of the last run.
#pragma once
#include "backend/compute.h"
#include "core/clock.h"

#include <memory>

namespace attn::bench {

class Workload {
public:
    virtual ~Workload() = default;
    virtual double run(int iters) = 0;
    virtual ConstView output() const = 0;
    virtual double flops() const = 0;  // matrix-product FLOPs only, as the harness counts them
};

std::unique_ptr<Workload> make_gemm(Compute & cc, int M, int N, int K);
std::unique_ptr<Workload> make_attention(Compute & cc, int heads, int seq, int dk);
std::unique_ptr<Workload> make_encoder(Compute & cc, int seq, int d_model, int heads, int d_ff);

// The harness's seeded inputs (bench_inputs.h): uniform in [-scale, scale) plus `add`.
Tensor seeded(Shape s, uint32_t seed, double scale = 1.0, float add = 0.0f);

// The encoder's input and weights, shared by the CPU workload and the GPU one (gpu_workloads.h).
// Weights are in our linear's (out, in) layout; the harness writes them (in, out).
struct EncoderInputs {
    EncoderInputs(int S, int D, int F);
    Tensor x, wq, wk, wv, wo, w1, w2, bq, bk, bv, bo, b1, b2, g1, be1, g2, be2;
};
double encoder_flops(int S, int D, int F);

// The harness's protocol: warm up (≥ 3 calls and ≥ 300 ms), then batches of r calls lasting
// ≥ 10 ms, ≥ 21 batches and ≥ 1 s in all; returns the median over batches of (batch ms / r).
double median_ms_per_call(Workload & w, double min_total_ms = 1000.0);

} // namespace attn::bench

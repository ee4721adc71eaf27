// The benchmark harness's input generator (the peer harness's lib/workloads.mjs), written
// again here so our module computes on exactly the peers' data and the harness can check our
// output (bench_last_output). mulberry32: value i of stream `seed` is a function of
// a_i = seed + (i + 1)·0x6D2B79F5, mapped to a uniform in [-scale, scale).
#pragma once
#include <cstddef>
#include <cstdint>

namespace attn::bench {

inline void fill_uniform(float * out, size_t n, uint32_t seed, double scale = 1.0) {
    uint32_t a = seed;
    for (size_t i = 0; i < n; i++) {
        a += 0x6D2B79F5u;
        uint32_t t = a;
        t = (t ^ (t >> 15)) * (t | 1u);
        t ^= t + (t ^ (t >> 7)) * (t | 61u);
        const double u = double(t ^ (t >> 14)) / 4294967296.0;
        out[i] = float((2.0 * u - 1.0) * scale);
    }
}

// Seeds of each workload's tensors, as the harness assigns them.
enum Seed : uint32_t {
    kSeedA = 1, kSeedB = 2,                    // gemm A(M, K), B(K, N)
    kSeedQ = 11, kSeedK = 12, kSeedV = 13,     // attention Q, K, V (H, S, dk)
    kSeedX = 21,                               // encoder input x(S, D)
    kSeedWq = 31, kSeedWk = 32, kSeedWv = 33, kSeedWo = 34,  // (D, D), scale 1/√D, used as x·W
    kSeedW1 = 35, kSeedW2 = 36,                // W1(D, F) scale 1/√D, W2(F, D) scale 1/√F
    kSeedBq = 41, kSeedBk = 42, kSeedBv = 43, kSeedBo = 44, kSeedB1 = 45, kSeedB2 = 46,  // scale 0.1
    kSeedG1 = 51, kSeedBe1 = 52, kSeedG2 = 53, kSeedBe2 = 54,  // gamma = 1 + 0.1·u, beta = 0.1·u
};
constexpr float kLayerNormEps = 1e-5f;

} // namespace attn::bench

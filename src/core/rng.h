// Deterministic random numbers: the same seed gives the same stream natively and in wasm, so
// tests, data order and weight initialisation reproduce everywhere. splitmix64 + Box-Muller.
#pragma once
#include <cmath>
#include <cstdint>

namespace attn {

class Rng {
public:
    explicit Rng(uint64_t seed) : m_state(seed) {}

    uint64_t next_u64() {
        uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, 1) with 24 bits, exactly representable as float.
    float uniform() { return float(next_u64() >> 40) * (1.0f / 16777216.0f); }
    // Uniform integer in [0, n).
    uint64_t below(uint64_t n) { return n ? next_u64() % n : 0; }
    // Standard normal. Computed in double so the result does not depend on float libm details.
    float normal() {
        double u1 = (double(next_u64() >> 11) + 1.0) * (1.0 / 9007199254740993.0);  // (0, 1]
        double u2 = double(next_u64() >> 11) * (1.0 / 9007199254740992.0);
        return float(std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2));
    }

    // The whole generator state, so a training run can checkpoint and resume its random stream
    // exactly: Rng r2(0); r2.set_state(r.state()); gives the same numbers as r from here on.
    uint64_t state() const { return m_state; }
    void set_state(uint64_t s) { m_state = s; }

private:
    uint64_t m_state;
};

} // namespace attn

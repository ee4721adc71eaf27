#include "bench/workloads.h"

#include "bench/bench_inputs.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace attn::bench {

Tensor seeded(Shape s, uint32_t seed, double scale, float add) {
    Tensor t(s);
    fill_uniform(t.data(), size_t(t.numel()), seed, scale);
    for (int64_t i = 0; i < t.numel(); i++) t[i] += add;
    return t;
}

// The harness stores weights as W(in, out) and computes x·W; our linear takes W(out, in).
static Tensor transposed(const Tensor & w) {
    Tensor t({w.cols(), w.rows()});
    for (int64_t r = 0; r < w.rows(); r++)
        for (int64_t c = 0; c < w.cols(); c++) t[c * w.rows() + r] = w[r * w.cols() + c];
    return t;
}

template <class F> static double timed(int iters, F && body) {
    const double t0 = now_ms();
    for (int i = 0; i < iters; i++) body();
    return now_ms() - t0;
}

EncoderInputs::EncoderInputs(int S, int D, int F) {
    const double sd = 1.0 / std::sqrt(double(D)), sf = 1.0 / std::sqrt(double(F));
    x = seeded({S, D}, kSeedX);
    wq = transposed(seeded({D, D}, kSeedWq, sd));
    wk = transposed(seeded({D, D}, kSeedWk, sd));
    wv = transposed(seeded({D, D}, kSeedWv, sd));
    wo = transposed(seeded({D, D}, kSeedWo, sd));
    w1 = transposed(seeded({D, F}, kSeedW1, sd));
    w2 = transposed(seeded({F, D}, kSeedW2, sf));
    bq = seeded({D}, kSeedBq, 0.1); bk = seeded({D}, kSeedBk, 0.1); bv = seeded({D}, kSeedBv, 0.1);
    bo = seeded({D}, kSeedBo, 0.1); b1 = seeded({F}, kSeedB1, 0.1); b2 = seeded({D}, kSeedB2, 0.1);
    g1 = seeded({D}, kSeedG1, 0.1, 1.0f); be1 = seeded({D}, kSeedBe1, 0.1);
    g2 = seeded({D}, kSeedG2, 0.1, 1.0f); be2 = seeded({D}, kSeedBe2, 0.1);
}

double encoder_flops(int S, int D, int F) { return 8.0 * S * double(D) * D + 4.0 * double(S) * S * D + 4.0 * S * double(D) * F; }

namespace {

class Gemm : public Workload {
public:
    Gemm(Compute & cc, int M, int N, int K)
        : m_cc(cc), m_a(seeded({M, K}, kSeedA)), m_b(seeded({K, N}, kSeedB)), m_c({M, N}), m_flops(2.0 * M * N * K) {}
    double run(int iters) override { return timed(iters, [&] { m_cc.matmul(m_a, m_b, false, m_c); }); }
    ConstView output() const override { return m_c; }
    double flops() const override { return m_flops; }

private:
    Compute & m_cc;
    Tensor m_a, m_b, m_c;
    double m_flops;
};

// Q, K, V (H, S, dk) are H independent single-head problems: batch H, one head each.
class Attention : public Workload {
public:
    Attention(Compute & cc, int H, int S, int dk)
        : m_cc(cc), m_q(seeded({H, S, dk}, kSeedQ)), m_k(seeded({H, S, dk}, kSeedK)), m_v(seeded({H, S, dk}, kSeedV)),
          m_probs({H, 1, S, S}), m_out({H, S, dk}), m_scale(1.0f / std::sqrt(float(dk))),
          m_flops(4.0 * H * double(S) * S * dk) {}
    double run(int iters) override {
        return timed(iters, [&] { m_cc.attention(m_q, m_k, m_v, 1, m_scale, Mask::none(), m_probs, m_out); });
    }
    ConstView output() const override { return m_out; }
    double flops() const override { return m_flops; }

private:
    Compute & m_cc;
    Tensor m_q, m_k, m_v, m_probs, m_out;
    float m_scale;
    double m_flops;
};

class Encoder : public Workload {
public:
    Encoder(Compute & cc, int S, int D, int H, int F) : m_cc(cc), m_heads(H), m_in(S, D, F) {
        m_q = Tensor({S, D}); m_k = Tensor({S, D}); m_v = Tensor({S, D}); m_a = Tensor({S, D});
        m_o = Tensor({S, D}); m_x1 = Tensor({S, D}); m_h = Tensor({S, F}); m_f = Tensor({S, D}); m_y = Tensor({S, D});
        m_probs = Tensor({1, H, S, S});
        m_scale = 1.0f / std::sqrt(float(D / H));
        m_flops = encoder_flops(S, D, F);
    }
    double run(int iters) override { return timed(iters, [&] { forward(); }); }
    ConstView output() const override { return m_y; }
    double flops() const override { return m_flops; }

private:
    // x(S, D) -> y(S, D), post-LN: y = LN(x1 + FFN(x1)), x1 = LN(x + MHA(x))
    void forward() {
        const EncoderInputs & in = m_in;
        m_cc.linear(in.x, in.wq, in.bq, m_q);
        m_cc.linear(in.x, in.wk, in.bk, m_k);
        m_cc.linear(in.x, in.wv, in.bv, m_v);
        m_cc.attention(m_q, m_k, m_v, m_heads, m_scale, Mask::none(), m_probs, m_a);
        m_cc.linear(m_a, in.wo, in.bo, m_o);
        m_cc.add(m_o, in.x, m_o);
        m_cc.layer_norm(m_o, in.g1, in.be1, kLayerNormEps, m_x1);
        m_cc.linear(m_x1, in.w1, in.b1, m_h);
        m_cc.relu(m_h, m_h);
        m_cc.linear(m_h, in.w2, in.b2, m_f);
        m_cc.add(m_f, m_x1, m_f);
        m_cc.layer_norm(m_f, in.g2, in.be2, kLayerNormEps, m_y);
    }

    Compute & m_cc;
    int m_heads;
    float m_scale = 1.0f;
    double m_flops = 0.0;
    EncoderInputs m_in;
    Tensor m_q, m_k, m_v, m_a, m_o, m_x1, m_h, m_f, m_y, m_probs;
};

} // namespace

std::unique_ptr<Workload> make_gemm(Compute & cc, int M, int N, int K) { return std::make_unique<Gemm>(cc, M, N, K); }
std::unique_ptr<Workload> make_attention(Compute & cc, int H, int S, int dk) {
    return std::make_unique<Attention>(cc, H, S, dk);
}
std::unique_ptr<Workload> make_encoder(Compute & cc, int S, int D, int H, int F) {
    return std::make_unique<Encoder>(cc, S, D, H, F);
}

double median_ms_per_call(Workload & w, double min_total_ms) {
    const double warm_start = now_ms();
    int warm_calls = 0;
    double one = 0.0;
    while (warm_calls < 3 || now_ms() - warm_start < std::min(300.0, min_total_ms / 3)) {
        one = w.run(1);
        warm_calls++;
    }
    const int reps = std::max(1, int(std::ceil(10.0 / std::max(one, 1e-3))));
    std::vector<double> per_call;
    double total = 0.0;
    while (per_call.size() < 21 || total < min_total_ms) {
        const double ms = w.run(reps);
        per_call.push_back(ms / reps);
        total += ms;
    }
    std::sort(per_call.begin(), per_call.end());
    return per_call[per_call.size() / 2];
}

} // namespace attn::bench

#include "bench/gpu_workloads.h"

#include "bench/bench_inputs.h"
#include "gpu/gl_state_guard.h"
#include "gpu/gpu_try.h"

#include <cmath>

namespace attn::bench {

namespace {

constexpr TexelLayout kRgba = TexelLayout::Rgba4;

Status upload(const Tensor & t, GpuTensor * out) { return GpuTensor::upload(t, out, kRgba); }
// Outputs are drawn into on every call: each gets its own framebuffer (gpu_tensor.h).
Status make(Shape s, GpuTensor * out) {
    GPU_TRY(GpuTensor::create(s, out, kRgba));
    out->own_framebuffer();
    return Status::success();
}
// A bias or gain vector as the one-row tensor the broadcasting kernels take.
Status upload_row(const Tensor & v, GpuTensor * out) { return GpuTensor::upload(ConstView(v).reshaped({1, v.numel()}), out, kRgba); }

// Runs `call` (the draws and the readback of one workload call) iters times; the first failure
// stops the loop. One state guard for the whole loop, as the app holds one for a whole
// translation: the context is the benchmark's own, and nothing needs its state back between
// calls. GL errors are asked for once, after the loop (gpu_tensor.h says why); tfjs's webgl
// backend does not ask at all.
template <class Call>
double timed(int iters, Status * status, Call && call) {
    const double t0 = now_ms();
    const GlStateGuard guard;
    for (int i = 0; i < iters && *status; i++) *status = call();
    const double ms = now_ms() - t0;
    if (*status) *status = gl_errors("the benchmark's draws or readbacks");
    return ms;
}
constexpr GpuTensor::GlErrors kSkip = GpuTensor::GlErrors::Skip;

class GpuGemm : public GpuWorkload {
public:
    GpuGemm(GpuKernels & k, int M, int N, int K) : m_k(k), m_out({M, N}), m_flops(2.0 * M * N * K) {}
    Status init(int M, int N, int K) {
        GPU_TRY(upload(seeded({1, M, K}, kSeedA), &m_a));
        GPU_TRY(upload(seeded({1, K, N}, kSeedB), &m_b));
        return Status::success();
    }
    // The product read straight back, as tfjs's matMul + dataSync(): matmul_read skips the gather
    // draw that a product staying on the GPU needs.
    double run(int iters) override {
        return timed(iters, &m_status, [&] { return m_k.matmul_read(m_a, m_b, false, m_out, kSkip); });
    }
    ConstView output() const override { return m_out; }
    double flops() const override { return m_flops; }
    Status status() const override { return m_status; }

private:
    GpuKernels & m_k;
    GpuTensor m_a, m_b;
    Tensor m_out;
    double m_flops;
    Status m_status = Status::success();
};

// Q, K, V (H, S, dk) as H batches of one head, as the CPU workload runs them.
class GpuAttention : public GpuWorkload {
public:
    GpuAttention(GpuKernels & k, int H, int S, int dk)
        : m_k(k), m_out({H, S, dk}), m_scale(1.0f / std::sqrt(float(dk))), m_flops(4.0 * H * double(S) * S * dk) {}
    Status init(int H, int S, int dk) {
        GPU_TRY(upload(seeded({H, S, dk}, kSeedQ), &m_q));
        GPU_TRY(upload(seeded({H, S, dk}, kSeedK), &m_kt));
        GPU_TRY(upload(seeded({H, S, dk}, kSeedV), &m_v));
        GPU_TRY(make({H, 1, S, S}, &m_probs));
        return make({H, S, dk}, &m_o);
    }
    double run(int iters) override {
        return timed(iters, &m_status, [&] {
            GPU_TRY(m_k.attention_rgba(m_q, m_kt, m_v, 1, m_scale, GpuMask{}, m_probs, m_o));
            return m_o.read(m_out, kSkip);
        });
    }
    ConstView output() const override { return m_out; }
    double flops() const override { return m_flops; }
    Status status() const override { return m_status; }

private:
    GpuKernels & m_k;
    GpuTensor m_q, m_kt, m_v, m_probs, m_o;
    Tensor m_out;
    float m_scale;
    double m_flops;
    Status m_status = Status::success();
};

// The post-LN encoder layer of Encoder in bench/workloads.cpp, op for op.
class GpuEncoder : public GpuWorkload {
public:
    GpuEncoder(GpuKernels & k, int S, int D, int H, int F)
        : m_k(k), m_heads(H), m_out({S, D}), m_scale(1.0f / std::sqrt(float(D / H))), m_flops(encoder_flops(S, D, F)) {}
    Status init(int S, int D, int H, int F) {
        const EncoderInputs in(S, D, F);
        GPU_TRY(upload(in.x, &m_x));
        GPU_TRY(upload(in.wq, &m_wq)); GPU_TRY(upload(in.wk, &m_wk)); GPU_TRY(upload(in.wv, &m_wv));
        GPU_TRY(upload(in.wo, &m_wo)); GPU_TRY(upload(in.w1, &m_w1)); GPU_TRY(upload(in.w2, &m_w2));
        GPU_TRY(upload_row(in.bq, &m_bq)); GPU_TRY(upload_row(in.bk, &m_bk)); GPU_TRY(upload_row(in.bv, &m_bv));
        GPU_TRY(upload_row(in.bo, &m_bo)); GPU_TRY(upload_row(in.b1, &m_b1)); GPU_TRY(upload_row(in.b2, &m_b2));
        GPU_TRY(upload_row(in.g1, &m_g1)); GPU_TRY(upload_row(in.be1, &m_be1));
        GPU_TRY(upload_row(in.g2, &m_g2)); GPU_TRY(upload_row(in.be2, &m_be2));
        for (GpuTensor * t : {&m_q, &m_kk, &m_v, &m_a, &m_sum, &m_x1, &m_y}) GPU_TRY(make({S, D}, t));
        GPU_TRY(make({S, F}, &m_h));
        return make({1, H, S, S}, &m_probs);
    }
    double run(int iters) override {
        return timed(iters, &m_status, [&] {
            GPU_TRY(forward());
            return m_y.read(m_out, kSkip);
        });
    }
    ConstView output() const override { return m_out; }
    double flops() const override { return m_flops; }
    Status status() const override { return m_status; }

private:
    // x(S, D) -> y(S, D): y = LN(x1 + FFN(x1)), x1 = LN(x + MHA(x)). The ReLU and both residual
    // sums ride on the products' last draws (GpuEpilogue), as in the app's Transformer.
    Status forward() {
        GPU_TRY(m_k.linear_rgba(m_x, m_wq, &m_bq, m_q));
        GPU_TRY(m_k.linear_rgba(m_x, m_wk, &m_bk, m_kk));
        GPU_TRY(m_k.linear_rgba(m_x, m_wv, &m_bv, m_v));
        GPU_TRY(m_k.attention_rgba(m_q, m_kk, m_v, m_heads, m_scale, GpuMask{}, m_probs, m_a));
        GPU_TRY(m_k.linear_rgba(m_a, m_wo, &m_bo, m_sum, GpuEpilogue{GpuActivation::None, &m_x}));
        GPU_TRY(m_k.layer_norm_rgba(m_sum, m_g1, m_be1, kLayerNormEps, m_x1));
        GPU_TRY(m_k.linear_rgba(m_x1, m_w1, &m_b1, m_h, GpuEpilogue{GpuActivation::Relu, nullptr}));
        GPU_TRY(m_k.linear_rgba(m_h, m_w2, &m_b2, m_sum, GpuEpilogue{GpuActivation::None, &m_x1}));
        return m_k.layer_norm_rgba(m_sum, m_g2, m_be2, kLayerNormEps, m_y);
    }

    GpuKernels & m_k;
    int m_heads;
    GpuTensor m_x, m_wq, m_wk, m_wv, m_wo, m_w1, m_w2, m_bq, m_bk, m_bv, m_bo, m_b1, m_b2, m_g1, m_be1, m_g2, m_be2;
    GpuTensor m_q, m_kk, m_v, m_a, m_sum, m_x1, m_h, m_y, m_probs;
    Tensor m_out;
    float m_scale;
    double m_flops;
    Status m_status = Status::success();
};

template <class W, class... Dims>
Status build(GpuKernels & k, std::unique_ptr<GpuWorkload> * out, Dims... dims) {
    auto w = std::make_unique<W>(k, dims...);
    GPU_TRY(w->init(dims...));
    *out = std::move(w);
    return Status::success();
}

} // namespace

Status make_gpu_gemm(GpuKernels & k, int M, int N, int K, std::unique_ptr<GpuWorkload> * out) {
    return build<GpuGemm>(k, out, M, N, K);
}
Status make_gpu_attention(GpuKernels & k, int heads, int seq, int dk, std::unique_ptr<GpuWorkload> * out) {
    return build<GpuAttention>(k, out, heads, seq, dk);
}
Status make_gpu_encoder(GpuKernels & k, int seq, int d_model, int heads, int d_ff, std::unique_ptr<GpuWorkload> * out) {
    return build<GpuEncoder>(k, out, seq, d_model, heads, d_ff);
}

} // namespace attn::bench

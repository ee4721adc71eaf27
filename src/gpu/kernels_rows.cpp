// GpuKernels: ops that reduce over each row (softmax, layer norm) and attention, which chains
// scores, softmax and the weighted sum.
#include "core/check.h"
#include "gpu/dispatch.h"
#include "gpu/kernels.h"

namespace attn {

static bool has_values(const GpuMask & mask) {
    return mask.kind == Mask::Kind::Columns || mask.kind == Mask::Kind::Full;
}

// Called before any check reads the values' shape.
static void check_values_given(const GpuMask & mask) {
    ATTN_ASSERT(!has_values(mask) || mask.values, "gpu mask: kind %d needs values", int(mask.kind));
}

// Binds a mask's values (or `placeholder`, when the kind has none: the sampler must point at some
// float texture even though the shader never reads it) and its kind.
static void bind_mask(Dispatch & d, const GpuMask & mask, const GpuTensor & placeholder) {
    const bool values = has_values(mask);
    d.input("u_mask", values ? *mask.values : placeholder);
    d.set("u_mask_kind", int(mask.kind));
    d.set("u_mask_rows", values ? int(mask.values->rows()) : 0);
}

Status GpuKernels::softmax_rows(const GpuTensor & x, float scale, const GpuMask & mask, GpuTensor & y) {
    const Shape & s = x.shape();
    const int64_t C = s.last(), R = s.rank >= 2 ? s[s.rank - 2] : 1;
    check_values_given(mask);
    ATTN_ASSERT(y.rows() == x.rows() && y.cols() == C, "gpu softmax_rows: x %s, y %s", s.str().c_str(),
                y.shape().str().c_str());
    ATTN_ASSERT(mask.kind != Mask::Kind::Columns || (mask.values->rows() == 1 && mask.values->cols() == C),
                "gpu softmax_rows: Columns mask %s for C=%lld", mask.values->shape().str().c_str(), (long long)C);
    ATTN_ASSERT(mask.kind != Mask::Kind::Full || (mask.values->rows() == R && mask.values->cols() == C),
                "gpu softmax_rows: Full mask %s for (%lld, %lld)", mask.values->shape().str().c_str(),
                (long long)R, (long long)C);
    Dispatch d(*this, "softmax_rows");
    d.input("u_x", x);
    bind_mask(d, mask, x);
    d.set("u_R", int(R));
    d.set("u_scale", scale);
    return d.draw(y);
}

Status GpuKernels::layer_norm(const GpuTensor & x, const GpuTensor & gamma, const GpuTensor & beta, float eps,
                              GpuTensor & y) {
    const int64_t D = x.cols();
    ATTN_ASSERT(y.rows() == x.rows() && y.cols() == D && gamma.shape().numel() == D && beta.shape().numel() == D,
                "gpu layer_norm: x %s, gamma %s, beta %s, y %s", x.shape().str().c_str(),
                gamma.shape().str().c_str(), beta.shape().str().c_str(), y.shape().str().c_str());
    Dispatch d(*this, "layer_norm");
    d.input("u_x", x);
    d.input("u_gamma", gamma);
    d.input("u_beta", beta);
    d.set("u_eps", eps);
    return d.draw(y);
}

Status GpuKernels::attention(const GpuTensor & q, const GpuTensor & k, const GpuTensor & v, int heads, float scale,
                             const GpuMask & mask, GpuTensor & probs, GpuTensor & out) {
    const int64_t D = q.cols(), B = q.shape().rank >= 3 ? q.shape()[0] : 1;
    const int64_t Tq = q.rows() / B, Tk = k.rows() / B;
    check_values_given(mask);
    ATTN_ASSERT(heads > 0 && D % heads == 0 && k.cols() == D && v.cols() == D && v.rows() == k.rows() &&
                    k.rows() == B * Tk,
                "gpu attention: q %s, k %s, v %s, %d heads", q.shape().str().c_str(), k.shape().str().c_str(),
                v.shape().str().c_str(), heads);
    ATTN_ASSERT(probs.rows() == B * heads * Tq && probs.cols() == Tk && out.rows() == q.rows() && out.cols() == D,
                "gpu attention: probs %s, out %s", probs.shape().str().c_str(), out.shape().str().c_str());
    ATTN_ASSERT(mask.kind != Mask::Kind::Columns ||
                    ((mask.values->rows() == 1 || mask.values->rows() == B) && mask.values->cols() == Tk),
                "gpu attention: Columns mask %s", mask.values->shape().str().c_str());
    ATTN_ASSERT(mask.kind != Mask::Kind::Full || (mask.values->rows() == Tq && mask.values->cols() == Tk),
                "gpu attention: Full mask %s", mask.values->shape().str().c_str());

    GpuTensor scores;  // masked, scaled scores in the probabilities' layout
    Status s = GpuTensor::create(probs.shape(), &scores);
    if (!s) return s;
    {
        Dispatch d(*this, "attention_scores");
        d.input("u_q", q);
        d.input("u_k", k);
        bind_mask(d, mask, q);
        d.set("u_H", heads);
        d.set("u_Tq", int(Tq));
        d.set("u_scale", scale);
        s = d.draw(scores);
        if (!s) return s;
    }
    s = softmax_rows(scores, 1.0f, GpuMask{}, probs);  // the mask is already in the scores
    if (!s) return s;
    Dispatch d(*this, "attention_output");
    d.input("u_probs", probs);
    d.input("u_v", v);
    d.set("u_H", heads);
    d.set("u_Tq", int(Tq));
    return d.draw(out);
}

} // namespace attn

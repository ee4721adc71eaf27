// GpuKernels: ops that reduce over each row (softmax, layer norm) and attention, which chains
// scores, softmax and the weighted sum.
#include "core/check.h"
#include "gpu/dispatch.h"
#include "gpu/gpu_try.h"
#include "gpu/kernels.h"

namespace attn {

static bool has_values(const GpuMask & mask) {
    return mask.kind == Mask::Kind::Columns || mask.kind == Mask::Kind::Full;
}

// Called before any check reads the values' shape.
static void check_values_given(const GpuMask & mask) {
    ATTN_ASSERT(!has_values(mask) || mask.values, "gpu mask: kind %d needs values", int(mask.kind));
}

// Binds a mask's values (or `placeholder`, any texture, when the kind has none: the sampler must
// point at some texture even though the shader never reads it) and its kind.
static void bind_mask(Dispatch & d, const GpuMask & mask, GLuint placeholder) {
    const bool values = has_values(mask);
    if (values) d.input("u_mask", *mask.values);
    else d.input_texture("u_mask", placeholder);
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
    bind_mask(d, mask, x.texture());
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
        bind_mask(d, mask, q.texture());
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

// ---- RGBA-packed --------------------------------------------------------------------------

// The two softmax draws over x (rows, C) into y; `mask_R` is the R the mask sees (row % R).
// `plain`: x holds the final logits (scale 1, no mask: attention's scores, masked as they were
// made), read without the per-lane mask code (PLAIN_LOGITS in the two shaders).
static Status softmax_rgba_draws(GpuKernels & k, GpuTensor & stats, const GpuTensor & x, int64_t C, int64_t mask_R,
                                 float scale, const GpuMask & mask, GpuTensor & y, bool plain = false) {
    const TexelLayout rgba = TexelLayout::Rgba4;
    ATTN_ASSERT(!plain || (scale == 1.0f && mask.kind == Mask::Kind::None), "gpu softmax: plain logits take no scale or mask");
    const char * variant = plain ? "PLAIN_LOGITS" : nullptr;
    auto common = [&](Dispatch & d) {
        d.input("u_x", x, rgba);
        if (plain) return;
        bind_mask(d, mask, x.texture());
        d.set("u_mask_rows", 1);  // as softmax_rows: one Columns row for every row
        d.set("u_R", int(mask_R));
        d.set("u_C", int(C));
        d.set("u_scale", scale);
    };
    {
        Dispatch d(k, "softmax_stats_rgba", variant);
        common(d);
        GPU_TRY(d.draw(stats, rgba));
    }
    Dispatch d(k, "softmax_apply_rgba", variant);
    common(d);
    d.input("u_stats", stats, rgba);
    return d.draw(y, rgba);
}

Status GpuKernels::softmax_rows_rgba(const GpuTensor & x, float scale, const GpuMask & mask, GpuTensor & y) {
    const Shape & s = x.shape();
    const int64_t C = s.last(), R = s.rank >= 2 ? s[s.rank - 2] : 1;
    check_values_given(mask);
    ATTN_ASSERT(y.rows() == x.rows() && y.cols() == C, "gpu softmax_rows_rgba: x %s, y %s", s.str().c_str(),
                y.shape().str().c_str());
    ATTN_ASSERT(mask.kind != Mask::Kind::Columns || (mask.values->rows() == 1 && mask.values->cols() == C),
                "gpu softmax_rows_rgba: Columns mask %s", mask.values->shape().str().c_str());
    ATTN_ASSERT(mask.kind != Mask::Kind::Full || (mask.values->rows() == R && mask.values->cols() == C),
                "gpu softmax_rows_rgba: Full mask %s", mask.values->shape().str().c_str());
    GpuTensor * stats = nullptr;
    GPU_TRY(scratch("softmax_stats", {x.rows(), 4}, TexelLayout::Rgba4, &stats));
    return softmax_rgba_draws(*this, *stats, x, C, R, scale, mask, y);
}

Status GpuKernels::layer_norm_rgba(const GpuTensor & x, const GpuTensor & gamma, const GpuTensor & beta, float eps,
                                   GpuTensor & y) {
    const int64_t D = x.cols();
    ATTN_ASSERT(y.rows() == x.rows() && y.cols() == D && gamma.shape().numel() == D && beta.shape().numel() == D,
                "gpu layer_norm_rgba: x %s, gamma %s, beta %s, y %s", x.shape().str().c_str(),
                gamma.shape().str().c_str(), beta.shape().str().c_str(), y.shape().str().c_str());
    const TexelLayout rgba = TexelLayout::Rgba4;
    GpuTensor * stats = nullptr;
    GPU_TRY(scratch("layer_norm_stats", {x.rows(), 4}, rgba, &stats));
    {
        Dispatch d(*this, "layer_norm_stats_rgba");
        d.input("u_x", x, rgba);
        d.set("u_D", int(D));
        d.set("u_eps", eps);
        GPU_TRY(d.draw(*stats, rgba));
    }
    Dispatch d(*this, "layer_norm_apply_rgba");
    d.input("u_x", x, rgba);
    d.input("u_stats", *stats, rgba);
    d.input("u_gamma", gamma, rgba);
    d.input("u_beta", beta, rgba);
    return d.draw(y, rgba);
}

Status GpuKernels::attention_rgba(const GpuTensor & q, const GpuTensor & k, const GpuTensor & v, int heads, float scale,
                                  const GpuMask & mask, GpuTensor & probs, GpuTensor & out) {
    const int64_t D = q.cols(), B = q.shape().rank >= 3 ? q.shape()[0] : 1;
    const int64_t Tq = q.rows() / B, Tk = k.rows() / B;
    check_values_given(mask);
    ATTN_ASSERT(heads > 0 && D % heads == 0 && (D / heads) % 4 == 0 && k.cols() == D && v.cols() == D &&
                    v.rows() == k.rows() && k.rows() == B * Tk,
                "gpu attention_rgba: q %s, k %s, v %s, %d heads (dh must be a multiple of 4)",
                q.shape().str().c_str(), k.shape().str().c_str(), v.shape().str().c_str(), heads);
    ATTN_ASSERT(probs.rows() == B * heads * Tq && probs.cols() == Tk && out.rows() == q.rows() && out.cols() == D,
                "gpu attention_rgba: probs %s, out %s", probs.shape().str().c_str(), out.shape().str().c_str());
    ATTN_ASSERT(mask.kind != Mask::Kind::Columns ||
                    ((mask.values->rows() == 1 || mask.values->rows() == B) && mask.values->cols() == Tk),
                "gpu attention_rgba: Columns mask %s", mask.values->shape().str().c_str());
    ATTN_ASSERT(mask.kind != Mask::Kind::Full || (mask.values->rows() == Tq && mask.values->cols() == Tk),
                "gpu attention_rgba: Full mask %s", mask.values->shape().str().c_str());
    const TexelLayout rgba = TexelLayout::Rgba4;
    GpuTensor * scores = nullptr, * stats = nullptr;
    GPU_TRY(scratch("attention_scores", probs.shape(), rgba, &scores));
    GPU_TRY(scratch("softmax_stats", {probs.rows(), 4}, rgba, &stats));
    // Four query rows per fragment for the two products when they are big enough (kRows4MinMacs).
    const bool rows4 = Tq >= 4 && B * heads * Tq * Tk * (D / heads) >= kRows4MinMacs;
    const int64_t groups = (Tq + 3) / 4;
    GpuTargetSet * targets = nullptr;
    {
        if (rows4) GPU_TRY(target_set("attention_scores", {B * heads * groups, Tk}, 4, &targets));
        Dispatch d(*this, rows4 ? "attention_scores_rgba_4x4" : "attention_scores_rgba");
        d.input("u_q", q, rgba);
        d.input("u_k", k, rgba);
        bind_mask(d, mask, q.texture());
        d.set("u_H", heads);
        d.set("u_Tq", int(Tq));
        d.set("u_scale", scale);
        GPU_TRY(rows4 ? d.draw_set(*targets, rgba) : d.draw(*scores, rgba));
    }
    if (rows4) GPU_TRY(gather_rows(*targets, Tq, *scores));
    // The scale and the mask are in the scores already (-inf where removed and past Tk).
    GPU_TRY(softmax_rgba_draws(*this, *stats, *scores, Tk, Tq, 1.0f, GpuMask{}, probs, /*plain=*/true));
    if (rows4) GPU_TRY(target_set("attention_output", {B * groups, D}, 4, &targets));
    {
        Dispatch d(*this, rows4 ? "attention_output_rgba_4x4" : "attention_output_rgba");
        d.input("u_probs", probs, rgba);
        d.input("u_v", v, rgba);
        d.set("u_H", heads);
        d.set("u_Tq", int(Tq));
        GPU_TRY(rows4 ? d.draw_set(*targets, rgba) : d.draw(out, rgba));
    }
    return rows4 ? gather_rows(*targets, Tq, out) : Status::success();
}

} // namespace attn

#include "gpu/gl_backend.h"

#include "backend/mask.h"
#include "gpu/gpu_try.h"

namespace attn {

namespace {

// Uploads a mask's values (if its kind has any) and describes it for the kernels.
Status upload_mask(const Mask & mask, GpuTensor * values, GpuMask * out) {
    out->kind = mask.kind;
    if (mask.kind != Mask::Kind::Columns && mask.kind != Mask::Kind::Full) return Status::success();
    GPU_TRY(GpuTensor::upload(mask.values, values));
    out->values = values;
    return Status::success();
}

// Runs one op on fresh GPU tensors: `run` uploads and dispatches, then `result` is read into `y`.
template <class Run>
Status round_trip(TensorView y, TexelLayout layout, Run run) {
    GpuTensor result;
    GPU_TRY(GpuTensor::create(y.shape, &result, layout));
    GPU_TRY(run(result));
    return result.read(y);
}

using UnaryKernel = Status (GpuKernels::*)(const GpuTensor &, GpuTensor &);
using BinaryKernel = Status (GpuKernels::*)(const GpuTensor &, const GpuTensor &, GpuTensor &);

// y = f(x) element-wise: x uploaded in y's shape.
Status unary_round_trip(GpuKernels & k, UnaryKernel kernel, ConstView x, TensorView y) {
    return round_trip(y, TexelLayout::Scalar, [&](GpuTensor & gy) {
        GpuTensor gx;
        GPU_TRY(GpuTensor::upload(x.reshaped(y.shape), &gx));
        return (k.*kernel)(gx, gy);
    });
}

// y = a ∘ b element-wise (add, mul): b in a's layout, or one row broadcast over a's rows (the
// shader reads row 0 then).
Status binary_round_trip(GpuKernels & k, BinaryKernel kernel, ConstView a, ConstView b, TensorView y) {
    return round_trip(y, TexelLayout::Scalar, [&](GpuTensor & gy) {
        GpuTensor ga, gb;
        GPU_TRY(GpuTensor::upload(a.reshaped(y.shape), &ga));
        GPU_TRY(GpuTensor::upload(b.numel() == a.numel() ? b.reshaped(y.shape) : b.reshaped({1, a.cols()}), &gb));
        return (k.*kernel)(ga, gb, gy);
    });
}

} // namespace

Status GlBackend::create(std::unique_ptr<GlBackend> * out) {
    std::unique_ptr<GpuKernels> kernels;
    GPU_TRY(GpuKernels::create(&kernels));
    out->reset(new GlBackend(std::move(kernels)));
    return Status::success();
}

bool GlBackend::supports(Op op) const {
    switch (op) {
    case Op::Linear: case Op::Matmul: case Op::SoftmaxRows: case Op::LayerNorm: case Op::Relu: case Op::Gelu:
    case Op::Tanh: case Op::Sigmoid: case Op::Add: case Op::Mul: case Op::Embedding: case Op::Attention: return true;
    default: return false;
    }
}

bool GlBackend::gpu_ok(const Status & s) {
    if (s) return true;
    m_cpu_fallbacks++;
    m_last_error = s.message;
    return false;
}

void GlBackend::linear(ConstView x, ConstView w, ConstView b, TensorView y) {
    check_linear(x, w, b, y);
    // The packed kernel: both operands are read four k at a time (linear_rgba.glsl).
    const TexelLayout rgba = TexelLayout::Rgba4;
    const Status s = round_trip(y, rgba, [&](GpuTensor & gy) {
        GpuTensor gx, gw, gb;
        GPU_TRY(GpuTensor::upload(x, &gx, rgba));
        GPU_TRY(GpuTensor::upload(w, &gw, rgba));
        if (!b.empty()) GPU_TRY(GpuTensor::upload(b.reshaped({1, b.numel()}), &gb, rgba));
        return m_kernels->linear_rgba(gx, gw, b.empty() ? nullptr : &gb, gy);
    });
    if (!gpu_ok(s)) RefBackend::linear(x, w, b, y);
}

void GlBackend::matmul(ConstView a, ConstView b, bool trans_b, TensorView c) {
    int64_t Bt, M, N, K;
    check_matmul(a, b, trans_b, c, &Bt, &M, &N, &K);
    const TexelLayout rgba = TexelLayout::Rgba4;  // the packed kernel (matmul_rgba.glsl)
    const Status s = round_trip(c, rgba, [&](GpuTensor & gc) {
        GpuTensor ga, gb;
        GPU_TRY(GpuTensor::upload(a, &ga, rgba));
        GPU_TRY(GpuTensor::upload(b, &gb, rgba));
        return m_kernels->matmul_rgba(ga, gb, trans_b, gc);
    });
    if (!gpu_ok(s)) RefBackend::matmul(a, b, trans_b, c);
}

void GlBackend::softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) {
    check_same_numel(x, y, "softmax_rows");
    const int64_t R = x.shape.rank >= 2 ? x.shape[x.shape.rank - 2] : 1;
    check_mask(mask, /*B=*/1, R, x.cols());
    const Status s = round_trip(y, TexelLayout::Scalar, [&](GpuTensor & gy) {
        GpuTensor gx, gmask_values;
        GpuMask gmask;
        GPU_TRY(GpuTensor::upload(x.reshaped(y.shape), &gx));
        GPU_TRY(upload_mask(mask, &gmask_values, &gmask));
        return m_kernels->softmax_rows(gx, scale, gmask, gy);
    });
    if (!gpu_ok(s)) RefBackend::softmax_rows(x, scale, mask, y);
}

void GlBackend::layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) {
    check_same_numel(x, y, "layer_norm");
    const Status s = round_trip(y, TexelLayout::Scalar, [&](GpuTensor & gy) {
        GpuTensor gx, gg, gb;
        GPU_TRY(GpuTensor::upload(x.reshaped(y.shape), &gx));
        GPU_TRY(GpuTensor::upload(gamma, &gg));
        GPU_TRY(GpuTensor::upload(beta, &gb));
        return m_kernels->layer_norm(gx, gg, gb, eps, gy);
    });
    if (!gpu_ok(s)) RefBackend::layer_norm(x, gamma, beta, eps, y);
}

void GlBackend::relu(ConstView x, TensorView y) {
    check_same_numel(x, y, "relu");
    if (!gpu_ok(unary_round_trip(*m_kernels, &GpuKernels::relu, x, y))) RefBackend::relu(x, y);
}

void GlBackend::gelu(ConstView x, TensorView y) {
    check_same_numel(x, y, "gelu");
    if (!gpu_ok(unary_round_trip(*m_kernels, &GpuKernels::gelu, x, y))) RefBackend::gelu(x, y);
}

void GlBackend::tanh(ConstView x, TensorView y) {
    check_same_numel(x, y, "tanh");
    if (!gpu_ok(unary_round_trip(*m_kernels, &GpuKernels::tanh, x, y))) RefBackend::tanh(x, y);
}

void GlBackend::sigmoid(ConstView x, TensorView y) {
    check_same_numel(x, y, "sigmoid");
    if (!gpu_ok(unary_round_trip(*m_kernels, &GpuKernels::sigmoid, x, y))) RefBackend::sigmoid(x, y);
}

void GlBackend::add(ConstView a, ConstView b, TensorView y) {
    check_binary(a, b, y, "add");
    if (!gpu_ok(binary_round_trip(*m_kernels, &GpuKernels::add, a, b, y))) RefBackend::add(a, b, y);
}

void GlBackend::mul(ConstView a, ConstView b, TensorView y) {
    check_binary(a, b, y, "mul");
    if (!gpu_ok(binary_round_trip(*m_kernels, &GpuKernels::mul, a, b, y))) RefBackend::mul(a, b, y);
}

void GlBackend::embedding(ConstView table, const int32_t * ids, int64_t T, TensorView y) {
    const Status s = round_trip(y, TexelLayout::Scalar, [&](GpuTensor & gy) {
        GpuTensor gt;
        GPU_TRY(GpuTensor::upload(table, &gt));
        return m_kernels->embedding(gt, ids, T, gy);
    });
    if (!gpu_ok(s)) RefBackend::embedding(table, ids, T, y);
}

void GlBackend::attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                          TensorView probs, TensorView out) {
    check_attention(q, k, v, heads, mask, probs, out);
    GpuTensor gq, gk, gv, gmask_values, gprobs, gout;
    GpuMask gmask;
    const Status s = [&]() -> Status {
        GPU_TRY(GpuTensor::upload(q, &gq));
        GPU_TRY(GpuTensor::upload(k, &gk));
        GPU_TRY(GpuTensor::upload(v, &gv));
        GPU_TRY(upload_mask(mask, &gmask_values, &gmask));
        GPU_TRY(GpuTensor::create(probs.shape, &gprobs));
        GPU_TRY(GpuTensor::create(out.shape, &gout));
        GPU_TRY(m_kernels->attention(gq, gk, gv, heads, scale, gmask, gprobs, gout));
        GPU_TRY(gprobs.read(probs));
        return gout.read(out);
    }();
    if (!gpu_ok(s)) RefBackend::attention(q, k, v, heads, scale, mask, probs, out);
}

} // namespace attn

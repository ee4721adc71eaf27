#include "backend/compute.h"

#include "core/check.h"
#include "core/clock.h"
#include "core/parallel.h"

#include <cmath>
#include <vector>

namespace attn {

Compute::Compute(BackendKind kind) {
    for (BackendKind k : available_backends()) m_backends[size_t(k)] = make_backend(k);
    use(kind);
}

// Measured on this project's machines (docs/benchmarks.md, `attn bench --model`): on the web the
// simd backend is the fast path for everything (Eigen has no wasm SIMD). Natively Eigen (AVX-512)
// wins every product with many rows, but one-row linears (every decoder step) run ~1.7x faster on
// our f32x4 kernel: Transformer-base decoding 246 ms vs 357 ms.
Compute Compute::fastest() {
#if defined(__EMSCRIPTEN__)
    return Compute(BackendKind::Simd);
#else
    Compute cc(BackendKind::Eigen);
    cc.use_for_few_rows_linear(BackendKind::Simd, 4);
    cc.use(Op::LinearCompact, BackendKind::Simd);  // Eigen has no kernel that widens as it reads
    if (compute_threads() > 1) {
        // The SIMD kernels split large products over the threads; Eigen here runs on one.
        // `attn bench` on 2 cores, SIMD on 2 threads against Eigen: sgemm-512 2.75 vs 3.28 ms,
        // attn-s256 1.56 vs 2.33 ms, encoder-s32 2.29 vs 4.98 ms (docs/benchmarks.md).
        for (Op op : {Op::Linear, Op::Matmul, Op::Attention}) cc.use(op, BackendKind::Simd);
    }
    return cc;
#endif
}

Compute Compute::same_choices() const {
    Compute c(BackendKind::Reference);
    c.m_kind_for = m_kind_for;
    c.m_few_rows_kind = m_few_rows_kind;
    c.m_few_rows_max = m_few_rows_max;
    c.m_verify = m_verify;
    c.m_timing = m_timing;
    return c;
}

void Compute::use(BackendKind kind) { m_kind_for.fill(kind); }
void Compute::use(Op op, BackendKind kind) { m_kind_for[size_t(op)] = kind; }
void Compute::use_for_few_rows_linear(BackendKind kind, int64_t max_rows) {
    m_few_rows_kind = kind;
    m_few_rows_max = max_rows;
}

// Runs `call(backend, outputs)` on the backend chosen for `op`. With verify on, the reference runs
// first into scratch tensors (first, because element-wise ops may write in place over an input),
// then the chosen backend writes the real outputs and the two are compared.
template <class F> void Compute::run(Op op, BackendKind kind, std::initializer_list<TensorView> outputs, F && call) {
    OpStats & st = m_stats[size_t(op)];
    Backend * be = m_backends[size_t(kind)].get();
    Backend * ref = m_backends[size_t(BackendKind::Reference)].get();
    if (!be->supports(op)) {
        be = ref;
        st.fallbacks++;
    }
    std::vector<TensorView> outs(outputs);
    std::vector<Tensor> expected;
    if (m_verify && be != ref) {
        std::vector<TensorView> ref_outs;
        for (const TensorView & o : outs) {
            expected.emplace_back(o.shape);
            ref_outs.push_back(expected.back().view());
        }
        call(*ref, ref_outs.data());
    }
    const double t0 = now_ms();
    call(*be, outs.data());
    if (m_timing) st.ms += ms_since(t0);
    st.calls++;
    for (size_t i = 0; i < expected.size(); i++)
        for (int64_t e = 0; e < outs[i].numel(); e++) {
            const double diff = std::fabs(double(outs[i].data[e]) - expected[i][e]);
            if (diff > st.max_abs_error || std::isnan(diff)) st.max_abs_error = std::isnan(diff) ? INFINITY : diff;
        }
}

void Compute::linear(ConstView x, ConstView w, ConstView b, TensorView y) {
    const BackendKind kind = x.rows() <= m_few_rows_max ? m_few_rows_kind : m_kind_for[size_t(Op::Linear)];
    run(Op::Linear, kind, {y}, [&](Backend & be, TensorView * o) { be.linear(x, w, b, o[0]); });
}
void Compute::linear_compact(ConstView x, const CompactView & w, ConstView b, TensorView y) {
    run(Op::LinearCompact, m_kind_for[size_t(Op::LinearCompact)], {y},
        [&](Backend & be, TensorView * o) { be.linear_compact(x, w, b, o[0]); });
}
void Compute::matmul(ConstView a, ConstView b, bool trans_b, TensorView c) {
    run(Op::Matmul, m_kind_for[size_t(Op::Matmul)], {c}, [&](Backend & be, TensorView * o) { be.matmul(a, b, trans_b, o[0]); });
}
void Compute::softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) {
    run(Op::SoftmaxRows, m_kind_for[size_t(Op::SoftmaxRows)], {y}, [&](Backend & be, TensorView * o) { be.softmax_rows(x, scale, mask, o[0]); });
}
void Compute::layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) {
    run(Op::LayerNorm, m_kind_for[size_t(Op::LayerNorm)], {y}, [&](Backend & be, TensorView * o) { be.layer_norm(x, gamma, beta, eps, o[0]); });
}
void Compute::relu(ConstView x, TensorView y) {
    run(Op::Relu, m_kind_for[size_t(Op::Relu)], {y}, [&](Backend & be, TensorView * o) { be.relu(x, o[0]); });
}
void Compute::gelu(ConstView x, TensorView y) {
    run(Op::Gelu, m_kind_for[size_t(Op::Gelu)], {y}, [&](Backend & be, TensorView * o) { be.gelu(x, o[0]); });
}
void Compute::tanh(ConstView x, TensorView y) {
    run(Op::Tanh, m_kind_for[size_t(Op::Tanh)], {y}, [&](Backend & be, TensorView * o) { be.tanh(x, o[0]); });
}
void Compute::sigmoid(ConstView x, TensorView y) {
    run(Op::Sigmoid, m_kind_for[size_t(Op::Sigmoid)], {y}, [&](Backend & be, TensorView * o) { be.sigmoid(x, o[0]); });
}
void Compute::add(ConstView a, ConstView b, TensorView y) {
    run(Op::Add, m_kind_for[size_t(Op::Add)], {y}, [&](Backend & be, TensorView * o) { be.add(a, b, o[0]); });
}
void Compute::mul(ConstView a, ConstView b, TensorView y) {
    run(Op::Mul, m_kind_for[size_t(Op::Mul)], {y}, [&](Backend & be, TensorView * o) { be.mul(a, b, o[0]); });
}
void Compute::embedding(ConstView table, const int32_t * ids, int64_t T, TensorView y) {
    run(Op::Embedding, m_kind_for[size_t(Op::Embedding)], {y}, [&](Backend & be, TensorView * o) { be.embedding(table, ids, T, o[0]); });
}
void Compute::embedding(const WeightView & table, const int32_t * ids, int64_t T, TensorView y) {
    if (!table.is_compact()) {
        embedding(table.f32, ids, T, y);
        return;
    }
    const CompactView & t = table.compact;
    ATTN_ASSERT(y.rows() == T && y.cols() == t.cols, "embedding: y %s for %lld ids of width %lld", y.shape.str().c_str(),
                (long long)T, (long long)t.cols);
    for (int64_t i = 0; i < T; i++) {
        ATTN_ASSERT(ids[i] >= 0 && ids[i] < t.rows, "embedding: id %d outside [0, %lld)", ids[i], (long long)t.rows);
        t.widen_row(ids[i], y.row(i));
    }
}
void Compute::attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                        TensorView probs, TensorView out) {
    run(Op::Attention, m_kind_for[size_t(Op::Attention)], {probs, out},
        [&](Backend & be, TensorView * o) { be.attention(q, k, v, heads, scale, mask, o[0], o[1]); });
}
void Compute::additive_scores(ConstView ws, ConstView uh, ConstView va, TensorView scores) {
    run(Op::AdditiveScores, m_kind_for[size_t(Op::AdditiveScores)], {scores}, [&](Backend & be, TensorView * o) { be.additive_scores(ws, uh, va, o[0]); });
}

} // namespace attn

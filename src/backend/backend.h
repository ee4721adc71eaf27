// The op contract: every compute op of the project, its formula, shapes and mask semantics,
// written once. Backends implement it side by side:
//   reference/  plain scalar loops: the oracle for every test, and the fallback for any op a
//               backend declines (supports() == false)
//   eigen/      Eigen::Map over the same buffers: the native default where it is fastest
//   simd/       our own f32x4 kernels (wasm simd128 / SSE2 / scalar through simd/vec4.h): the web's
//               fast path, since Eigen 3.4 does not vectorise on wasm
// Layers never call a backend directly; they call Compute (compute.h), which dispatches, falls
// back to the reference, and can verify and time every op.
//
// Conventions (all ops):
// - Tensors are float32, row-major, contiguous (core/tensor.h); dimension names as listed there.
// - Outputs never alias inputs unless an op says so. Output views are preallocated by the caller
//   with the exact shape given here; backends check shapes with ATTN_ASSERT.
// - "Rows" of an N-d view are all leading dimensions flattened: x(..., C) has rows() = numel / C.
#pragma once
#include "core/compact_tensor.h"
#include "core/tensor.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace attn {

// Additive mask for softmax over the last dimension of scores s(..., R, C).
//   None     no mask.
//   Columns  values(C), or values(B, C) for attention with batch B: added to every row
//            (e.g. key padding: 0 keeps a key, -inf removes it).
//   Full     values(R, C): added element-wise, broadcast over leading dimensions.
//   Causal   no values: position c is removed from row r when c > r + (C - R). With R == C this is
//            the usual lower-triangular mask; with R < C (incremental decoding, R new queries after
//            C - R cached keys) query r sits at absolute position r + C - R.
// Removed positions get probability exactly 0. A row whose every position is removed (or is -inf)
// gets all zeros rather than NaN, so padded query rows are harmless.
struct Mask {
    enum class Kind { None, Columns, Full, Causal };
    Kind kind = Kind::None;
    ConstView values;

    static Mask none() { return {}; }
    static Mask columns(ConstView v) { return {Kind::Columns, v}; }
    static Mask full(ConstView v) { return {Kind::Full, v}; }
    static Mask causal() { return {Kind::Causal, {}}; }
};

enum class Op {
    Linear, LinearCompact, Matmul, SoftmaxRows, LayerNorm,
    Relu, Gelu, Tanh, Sigmoid, Add, Mul,
    Embedding, Attention, AdditiveScores,
    Count
};
const char * op_name(Op op);

class Backend {
public:
    virtual ~Backend() = default;
    virtual const char * name() const = 0;
    virtual bool supports(Op op) const = 0;

    // y(N, M) = x(N, K) · w(M, K)ᵀ + b(M)          nn.Linear convention; b may be empty (no bias).
    // x may have leading dims: x(..., K) -> y(..., M).
    virtual void linear(ConstView x, ConstView w, ConstView b, TensorView y) = 0;

    // linear() with a compact weight w(M, K) (core/compact_tensor.h: F16, or I8 with a scale per
    // row), read as stored and widened a few values at a time, never as a whole matrix.
    virtual void linear_compact(ConstView x, const CompactView & w, ConstView b, TensorView y) = 0;

    // c(Bt, M, N) = a(Bt, M, K) · b(Bt, K, N)       or, with trans_b, b(Bt, N, K) used as bᵀ.
    // Rank-2 views mean Bt = 1. A b with Bt = 1 is broadcast over a's batch.
    virtual void matmul(ConstView a, ConstView b, bool trans_b, TensorView c) = 0;

    // y(..., R, C) = softmax over C of (x * scale + mask)  (mask semantics above; a Columns mask
    // here is values(C), applied to every row: only attention knows which dim is the batch).
    // Numerics: the row max is subtracted before exp, so large logits cannot overflow.
    virtual void softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) = 0;

    // y(N, D) = (x - mean) / sqrt(var + eps) * gamma(D) + beta(D), over the last dim, biased var.
    virtual void layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) = 0;

    // Element-wise; y may alias x.
    virtual void relu(ConstView x, TensorView y) = 0;     // max(x, 0)
    virtual void gelu(ConstView x, TensorView y) = 0;     // x·Φ(x), the exact erf form (PyTorch default)
    virtual void tanh(ConstView x, TensorView y) = 0;
    virtual void sigmoid(ConstView x, TensorView y) = 0;  // 1 / (1 + e^-x)

    // y = a ∘ b element-wise; b has a's shape, or b(C) is broadcast over a's rows. y may alias a.
    virtual void add(ConstView a, ConstView b, TensorView y) = 0;
    virtual void mul(ConstView a, ConstView b, TensorView y) = 0;

    // y(T, D) = table(V, D)[ids[t]]. Every id must be in [0, V) (callers validate user input).
    virtual void embedding(ConstView table, const int32_t * ids, int64_t T, TensorView y) = 0;

    // Multi-head scaled dot-product attention, heads side by side in the last dim:
    //   q(B, Tq, H·dh), k(B, Tk, H·dh), v(B, Tk, H·dh)   (rank 2 means B = 1)
    //   probs(B, H, Tq, Tk) = softmax(q_h · k_hᵀ · scale + mask)    always written: the UI draws it
    //   out(B, Tq, H·dh)    = probs · v_h, heads concatenated
    // scale is usually 1/√dh (÷8 for dh = 64). A Columns mask may be (Tk) or (B, Tk).
    virtual void attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                           TensorView probs, TensorView out) = 0;

    // Additive (Bahdanau) attention scores, from precomputed projections:
    //   scores(Tq, Tk) = Σ_a va(a) · tanh(ws(Tq, A)[i, a] + uh(Tk, A)[j, a])
    // ws = W_a·s (one row per decoder state), uh = U_a·h (one row per encoder state). Softmax of a
    // scores row gives the alignment weights α.
    virtual void additive_scores(ConstView ws, ConstView uh, ConstView va, TensorView scores) = 0;
};

enum class BackendKind { Reference, Eigen, Simd };
const char * backend_kind_name(BackendKind kind);                 // "reference", "eigen", "simd"
bool parse_backend_kind(const std::string & name, BackendKind * out);
std::unique_ptr<Backend> make_backend(BackendKind kind);
std::vector<BackendKind> available_backends();

} // namespace attn

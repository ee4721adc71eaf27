// Compute: what layers call. It forwards each op to the backend chosen for that op, falls back to
// the reference when a backend declines it, and can
//   - verify: also run the reference and record the max abs difference per op (ggml's
//     test-backend-ops, inside the app: the Backend panel shows these numbers), and
//   - time: accumulate milliseconds per op (CTranslate2's profiling).
// Both are off by default and then cost nothing but a branch.
#pragma once
#include "backend/backend.h"

#include <array>
#include <memory>

namespace attn {

struct OpStats {
    int64_t calls = 0;
    double ms = 0.0;             // with timing on
    double max_abs_error = 0.0;  // with verify on: max |backend - reference| over all calls
    int64_t fallbacks = 0;       // calls the chosen backend declined, run by the reference
};

class Compute {
public:
    explicit Compute(BackendKind kind);
    // Native: each op on the backend measured fastest for it at compute_threads() (docs/benchmarks.md);
    // web: simd.
    static Compute fastest();
    // A new Compute with this one's choice of backend per op, for another thread (a Compute's
    // statistics are not shared across threads); statistics start at zero.
    Compute same_choices() const;

    void use(BackendKind kind);           // every op on this backend
    void use(Op op, BackendKind kind);    // one op on this backend
    // Linear calls with at most `max_rows` rows go to `kind` (0 turns it off). Decoder steps are
    // one row each: a matrix-vector product, where the fastest backend differs from big products.
    void use_for_few_rows_linear(BackendKind kind, int64_t max_rows);
    BackendKind backend_for(Op op) const { return m_kind_for[size_t(op)]; }

    void set_verify(bool on) { m_verify = on; }
    void set_timing(bool on) { m_timing = on; }
    const OpStats & stats(Op op) const { return m_stats[size_t(op)]; }
    void reset_stats() { m_stats = {}; }

    // The ops: same contract as Backend (backend.h).
    void linear(ConstView x, ConstView w, ConstView b, TensorView y);
    void linear_compact(ConstView x, const CompactView & w, ConstView b, TensorView y);
    // Either of the two, by the weight's kind: what layers call.
    void linear(ConstView x, const WeightView & w, ConstView b, TensorView y) {
        if (w.is_compact()) linear_compact(x, w.compact, b, y);
        else linear(x, w.f32, b, y);
    }
    void matmul(ConstView a, ConstView b, bool trans_b, TensorView c);
    void softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y);
    void layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y);
    void relu(ConstView x, TensorView y);
    void gelu(ConstView x, TensorView y);
    void tanh(ConstView x, TensorView y);
    void sigmoid(ConstView x, TensorView y);
    void add(ConstView a, ConstView b, TensorView y);
    void mul(ConstView a, ConstView b, TensorView y);
    void embedding(ConstView table, const int32_t * ids, int64_t T, TensorView y);
    // A compact table's rows widened as they are gathered (a row per token: no kernel to speak of).
    void embedding(const WeightView & table, const int32_t * ids, int64_t T, TensorView y);
    void attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                   TensorView probs, TensorView out);
    void additive_scores(ConstView ws, ConstView uh, ConstView va, TensorView scores);

private:
    template <class F> void run(Op op, BackendKind kind, std::initializer_list<TensorView> outputs, F && call);

    std::array<std::unique_ptr<Backend>, 3> m_backends;  // indexed by BackendKind
    std::array<BackendKind, size_t(Op::Count)> m_kind_for{};
    BackendKind m_few_rows_kind = BackendKind::Reference;
    int64_t m_few_rows_max = 0;
    std::array<OpStats, size_t(Op::Count)> m_stats{};
    bool m_verify = false, m_timing = false;
};

} // namespace attn

// The scalar oracle: plain loops in the order of the formulas in backend.h, accumulating in
// double where a sum runs over a long dimension, so it is the most accurate backend and the
// yardstick for all others. Other CPU backends derive from it and override what they speed up,
// so any op they do not override falls back to these loops.
#pragma once
#include "backend/backend.h"

namespace attn {

class RefBackend : public Backend {
public:
    const char * name() const override { return "reference"; }
    bool supports(Op) const override { return true; }

    void linear(ConstView x, ConstView w, ConstView b, TensorView y) override;
    void linear_compact(ConstView x, const CompactView & w, ConstView b, TensorView y) override;
    void matmul(ConstView a, ConstView b, bool trans_b, TensorView c) override;
    void softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) override;
    void layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) override;
    void relu(ConstView x, TensorView y) override;
    void gelu(ConstView x, TensorView y) override;
    void tanh(ConstView x, TensorView y) override;
    void sigmoid(ConstView x, TensorView y) override;
    void add(ConstView a, ConstView b, TensorView y) override;
    void mul(ConstView a, ConstView b, TensorView y) override;
    void embedding(ConstView table, const int32_t * ids, int64_t T, TensorView y) override;
    void attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                   TensorView probs, TensorView out) override;
    void additive_scores(ConstView ws, ConstView uh, ConstView va, TensorView scores) override;
};

// Shape checks shared by every backend (abort on a programming error).
void check_linear(ConstView x, ConstView w, ConstView b, TensorView y);
void check_linear_compact(ConstView x, const CompactView & w, ConstView b, TensorView y);
void check_matmul(ConstView a, ConstView b, bool trans_b, TensorView c, int64_t * Bt, int64_t * M, int64_t * N,
                  int64_t * K);
void check_same_numel(ConstView x, TensorView y, const char * op);
void check_binary(ConstView a, ConstView b, TensorView y, const char * op);
struct AttentionDims { int64_t B, Tq, Tk, H, dh; };
AttentionDims check_attention(ConstView q, ConstView k, ConstView v, int heads, const Mask & mask,
                              TensorView probs, TensorView out);

// One row of softmax with the contract's numerics: in-place on row[0..C) that already holds
// x*scale + mask. A row with no finite entry becomes all zeros.
void softmax_row_inplace_ref(float * row, int64_t C);

} // namespace attn

// Shape checks of the op contract (backend.h), shared by every backend.
#include "backend/mask.h"
#include "backend/reference/ref_backend.h"
#include "core/check.h"

namespace attn {

void check_linear(ConstView x, ConstView w, ConstView b, TensorView y) {
    ATTN_ASSERT(w.shape.rank == 2 && x.cols() == w.shape[1], "linear: x %s, w %s", x.shape.str().c_str(),
                w.shape.str().c_str());
    ATTN_ASSERT(y.cols() == w.shape[0] && y.rows() == x.rows(), "linear: y %s for x %s, w %s",
                y.shape.str().c_str(), x.shape.str().c_str(), w.shape.str().c_str());
    ATTN_ASSERT(b.empty() || b.numel() == w.shape[0], "linear: bias %s", b.shape.str().c_str());
}

void check_linear_compact(ConstView x, const CompactView & w, ConstView b, TensorView y) {
    ATTN_ASSERT(w.data && x.cols() == w.cols && (w.type == CompactType::F16 || w.scales),
                "linear_compact: x %s, w (%lld, %lld) %s", x.shape.str().c_str(), (long long)w.rows, (long long)w.cols,
                compact_type_name(w.type));
    ATTN_ASSERT(y.cols() == w.rows && y.rows() == x.rows(), "linear_compact: y %s for x %s, w (%lld, %lld)",
                y.shape.str().c_str(), x.shape.str().c_str(), (long long)w.rows, (long long)w.cols);
    ATTN_ASSERT(b.empty() || b.numel() == w.rows, "linear_compact: bias %s", b.shape.str().c_str());
}

void check_matmul(ConstView a, ConstView b, bool trans_b, TensorView c, int64_t * Bt, int64_t * M, int64_t * N,
                  int64_t * K) {
    ATTN_ASSERT(a.shape.rank >= 2 && b.shape.rank >= 2 && c.shape.rank >= 2, "matmul needs rank >= 2");
    *K = a.cols();
    *M = a.shape[a.shape.rank - 2];
    *Bt = a.numel() / (*M * *K);
    const int64_t br = b.shape[b.shape.rank - 2], bc = b.cols();
    *N = trans_b ? br : bc;
    const int64_t bk = trans_b ? bc : br;
    const int64_t b_batches = b.numel() / (br * bc);
    ATTN_ASSERT(bk == *K && (b_batches == *Bt || b_batches == 1), "matmul: a %s, b %s%s", a.shape.str().c_str(),
                b.shape.str().c_str(), trans_b ? "ᵀ" : "");
    ATTN_ASSERT(c.numel() == *Bt * *M * *N && c.cols() == *N, "matmul: c %s", c.shape.str().c_str());
}

void check_same_numel(ConstView x, TensorView y, const char * op) {
    ATTN_ASSERT(x.numel() == y.numel(), "%s: x %s, y %s", op, x.shape.str().c_str(), y.shape.str().c_str());
}

void check_binary(ConstView a, ConstView b, TensorView y, const char * op) {
    check_same_numel(a, y, op);
    ATTN_ASSERT(b.numel() == a.numel() || (b.numel() == a.cols()), "%s: a %s, b %s", op, a.shape.str().c_str(),
                b.shape.str().c_str());
}

AttentionDims check_attention(ConstView q, ConstView k, ConstView v, int heads, const Mask & mask,
                              TensorView probs, TensorView out) {
    AttentionDims d;
    const int64_t D = q.cols();
    ATTN_ASSERT(heads > 0 && D % heads == 0, "attention: width %lld not divisible by %d heads", (long long)D, heads);
    d.H = heads;
    d.dh = D / heads;
    d.B = q.shape.rank >= 3 ? q.shape[0] : 1;
    d.Tq = q.rows() / d.B;
    d.Tk = k.rows() / d.B;
    ATTN_ASSERT(k.cols() == D && v.cols() == D && v.rows() == k.rows() && k.rows() == d.B * d.Tk,
                "attention: q %s, k %s, v %s", q.shape.str().c_str(), k.shape.str().c_str(), v.shape.str().c_str());
    ATTN_ASSERT(probs.numel() == d.B * d.H * d.Tq * d.Tk && probs.cols() == d.Tk, "attention: probs %s",
                probs.shape.str().c_str());
    ATTN_ASSERT(out.numel() == q.numel() && out.cols() == D, "attention: out %s", out.shape.str().c_str());
    check_mask(mask, d.B, d.Tq, d.Tk);
    return d;
}

} // namespace attn

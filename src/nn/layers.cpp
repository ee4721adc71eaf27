#include "nn/layers.h"

#include <cmath>

namespace attn {

static void ensure(Tensor * t, Shape s) {
    if (t->shape() != s) *t = Tensor(s);
}

void multi_head_attention(Compute & cc, const AttentionWeights & w, int heads, ConstView xq, ConstView xkv,
                          const Mask & mask, AttentionActivations * act, TensorView out, ConstView k_proj,
                          ConstView v_proj) {
    const int64_t Tq = xq.rows(), D = xq.cols();
    const int64_t Tk = k_proj.empty() ? xkv.rows() : k_proj.rows();
    ensure(&act->q, {Tq, D});
    ensure(&act->probs, {1, heads, Tq, Tk});
    ensure(&act->context, {Tq, D});
    cc.linear(xq, w.q.weight, w.q.bias, act->q);
    ConstView k = k_proj, v = v_proj;
    if (k_proj.empty()) {
        ensure(&act->k, {Tk, D});
        ensure(&act->v, {Tk, D});
        cc.linear(xkv, w.k.weight, w.k.bias, act->k);
        cc.linear(xkv, w.v.weight, w.v.bias, act->v);
        k = act->k;
        v = act->v;
    }
    const float scale = 1.0f / std::sqrt(float(D / heads));
    cc.attention(act->q, k, v, heads, scale, mask, act->probs, act->context);
    cc.linear(act->context, w.o.weight, w.o.bias, out);
}

void feed_forward(Compute & cc, const LinearWeights & fc1, const LinearWeights & fc2, bool gelu, ConstView x,
                  Tensor * hidden, TensorView out) {
    ensure(hidden, {x.rows(), fc1.weight.rows()});
    cc.linear(x, fc1.weight, fc1.bias, *hidden);
    if (gelu) cc.gelu(*hidden, *hidden);
    else cc.relu(*hidden, *hidden);
    cc.linear(*hidden, fc2.weight, fc2.bias, out);
}

} // namespace attn

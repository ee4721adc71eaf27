// The whole model's forward pass for a batch, its loss (cross-entropy and guided alignment) and its
// backward pass, through models/transformer_pass.h.
#include "train/transformer_train.h"

#include "core/check.h"
#include "models/transformer_pass.h"
#include "nn/grad_ops.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace attn {

struct TransformerTrainer::Impl {
    TransformerPass pass;
    Tensor logits;

    explicit Impl(const TransformerConfig & cfg) : pass(cfg) {}

    // Returns the mean loss; with dlogits, also d(loss)/d(logits) for backward().
    double forward(BlockContext & c, const PaddedBatch & b, Tensor * dlogits) {
        const Mask src_mask = Mask::columns(b.src_key_mask);
        pass.encode(c, b.src, b.B, b.S, src_mask);
        pass.decode(c, b.tgt_in, b.B, b.T, src_mask, &logits);
        if (dlogits) *dlogits = Tensor(logits.shape());
        const double ce = cross_entropy(logits, b.tgt_out.data(), logits.rows(), c.cfg.pad_id, smoothing,
                                        dlogits ? dlogits->view() : TensorView());
        return ce + alignment_loss(b, dlogits != nullptr);
    }

    // Guided alignment on one cross-attention head: cross-entropy between the gold distribution
    // A (B, T, S) and the head's weights P; with `grad`, stores dLoss/dP for the backward pass.
    double alignment_loss(const PaddedBatch & b, bool grad) {
        if (alignment_weight <= 0.0f || b.alignment_rows == 0 || pass.dec.empty()) return 0.0;
        const int layers = int(pass.dec.size());
        const int layer = alignment_layer < 0 ? layers - 1 : std::min(alignment_layer, layers - 1);
        MultiHeadAttention & m = pass.dec[size_t(layer)].cross_attn;
        const int64_t H = m.probs.shape()[1], T = b.T, S = b.S, h = std::min<int64_t>(alignment_head, H - 1);
        if (grad) m.extra_dprobs = Tensor(m.probs.shape());
        const float eps = 1e-9f, norm = alignment_weight / float(b.alignment_rows);
        double loss = 0.0;
        for (int64_t r = 0; r < b.B; r++)
            for (int64_t t = 0; t < T; t++)
                for (int64_t s = 0; s < S; s++) {
                    const float a = b.alignment[(r * T + t) * S + s];
                    if (a == 0.0f) continue;
                    const int64_t at = ((r * H + h) * T + t) * S + s;
                    const float p = m.probs[at];
                    loss -= double(norm) * a * std::log(p + eps);
                    if (grad) m.extra_dprobs[at] = -norm * a / (p + eps);
                }
        return loss;
    }

    float smoothing = 0.0f;
    float alignment_weight = 0.0f;
    int alignment_layer = -1, alignment_head = 0;
};

TransformerTrainer::TransformerTrainer(Compute & cc, Transformer & model, TrainOptions opts)
    : m_cc(cc), m_model(model), m_opts(opts) {}

double TransformerTrainer::forward_backward(const PaddedBatch & batch, Rng & rng, TensorMap * grads) {
    ATTN_ASSERT(grads, "forward_backward needs a gradient map");
    for (const auto & [name, t] : m_model.tensors()) {
        auto it = grads->find(name);
        if (it == grads->end() || it->second.shape() != t.shape()) (*grads)[name] = Tensor(t.shape());
        else it->second.fill(0.0f);
    }
    Impl impl(m_model.config());
    impl.smoothing = m_opts.label_smoothing;
    impl.alignment_weight = m_opts.alignment_weight;
    impl.alignment_layer = m_opts.alignment_layer;
    impl.alignment_head = m_opts.alignment_head;
    BlockContext c{m_cc, m_model.tensors(), grads, m_model.config(), m_model.positions(), m_opts.dropout,
                   m_opts.dropout > 0 ? &rng : nullptr};
    Tensor dlogits;
    const double loss = impl.forward(c, batch, &dlogits);
    impl.pass.backward(c, dlogits);
    return loss;
}

double TransformerTrainer::loss(const PaddedBatch & batch) {
    Impl impl(m_model.config());
    impl.smoothing = m_opts.label_smoothing;
    impl.alignment_weight = m_opts.alignment_weight;
    impl.alignment_layer = m_opts.alignment_layer;
    impl.alignment_head = m_opts.alignment_head;
    BlockContext c{m_cc, m_model.tensors(), nullptr, m_model.config(), m_model.positions()};
    return impl.forward(c, batch, nullptr);
}

} // namespace attn

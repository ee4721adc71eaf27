// The whole model's forward pass for a batch, its loss (cross-entropy and guided alignment) and its
// backward pass, on the blocks of nn/transformer_blocks.h.
#include "train/transformer_train.h"

#include "core/check.h"
#include "nn/grad_fast.h"
#include "nn/grad_ops.h"
#include "nn/transformer_blocks.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace attn {

struct TransformerTrainer::Impl {
    Embedding src_embed, tgt_embed;
    std::vector<EncoderBlock> enc;
    std::vector<DecoderBlock> dec;
    LayerNorm enc_final, dec_final;
    Tensor memory, dec_out, logits;

    explicit Impl(const TransformerConfig & cfg) {
        src_embed.table = cfg.tied == TiedEmbeddings::All ? "decoder/embed/weight" : "encoder/embed/weight";
        tgt_embed.table = "decoder/embed/weight";
        for (int l = 0; l < cfg.encoder_layers; l++) enc.emplace_back(l);
        for (int l = 0; l < cfg.decoder_layers; l++) dec.emplace_back(l);
        enc_final.name = "encoder/final_norm";
        dec_final.name = "decoder/final_norm";
    }

    static std::string generator_weight(const TransformerConfig & cfg) {
        return cfg.tied == TiedEmbeddings::None ? "generator/weight" : "decoder/embed/weight";
    }

    // Returns the mean loss; fills logits.
    double forward(BlockContext & c, const PaddedBatch & b, Tensor * dlogits) {
        const TransformerConfig & cfg = c.cfg;
        const Mask src_mask = Mask::columns(b.src_key_mask);
        Tensor x;
        src_embed.forward(c, b.src, b.S, &x);
        for (EncoderBlock & L : enc) L.forward(c, x, b.B, src_mask);
        if (cfg.norm == NormPlacement::Pre && cfg.encoder_layers > 0) {
            Tensor y;
            enc_final.forward(c, x, &y);
            x = std::move(y);
        }
        memory = std::move(x);
        Tensor y;
        tgt_embed.forward(c, b.tgt_in, b.T, &y);
        for (DecoderBlock & L : dec) L.forward(c, y, memory, b.B, src_mask);
        if (cfg.norm == NormPlacement::Pre) {
            Tensor z;
            dec_final.forward(c, y, &z);
            y = std::move(z);
        }
        dec_out = std::move(y);
        logits = Tensor({int64_t(b.B) * b.T, int64_t(cfg.tgt_vocab)});
        c.cc.linear(dec_out, c.weight(generator_weight(cfg)), c.weight("generator/bias"), logits);
        if (dlogits) *dlogits = Tensor(logits.shape());
        const double ce = cross_entropy(logits, b.tgt_out.data(), logits.rows(), cfg.pad_id, smoothing,
                                        dlogits ? dlogits->view() : TensorView());
        return ce + alignment_loss(b, dlogits != nullptr);
    }

    // Guided alignment on one cross-attention head: cross-entropy between the gold distribution
    // A (B, T, S) and the head's weights P; with `grad`, stores dLoss/dP for the backward pass.
    double alignment_loss(const PaddedBatch & b, bool grad) {
        if (alignment_weight <= 0.0f || b.alignment_rows == 0 || dec.empty()) return 0.0;
        const int layer = alignment_layer < 0 ? int(dec.size()) - 1 : std::min(alignment_layer, int(dec.size()) - 1);
        MultiHeadAttention & m = dec[size_t(layer)].cross_attn;
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

    void backward(BlockContext & c, Tensor & dlogits) {
        const TransformerConfig & cfg = c.cfg;
        Tensor dy(dec_out.shape());
        linear_backward_fast(c.cc, dec_out, c.weight(generator_weight(cfg)), dlogits, dy,
                             c.grad(generator_weight(cfg)), c.grad("generator/bias"));
        if (cfg.norm == NormPlacement::Pre) {
            Tensor d;
            dec_final.backward(c, dy, &d);
            dy = std::move(d);
        }
        Tensor dmemory(memory.shape());
        for (int l = int(dec.size()) - 1; l >= 0; l--) dec[size_t(l)].backward(c, dy, dmemory);
        tgt_embed.backward(c, dy);
        Tensor dx = std::move(dmemory);
        if (cfg.norm == NormPlacement::Pre && cfg.encoder_layers > 0) {
            Tensor d;
            enc_final.backward(c, dx, &d);
            dx = std::move(d);
        }
        for (int l = int(enc.size()) - 1; l >= 0; l--) enc[size_t(l)].backward(c, dx);
        src_embed.backward(c, dx);
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
    impl.backward(c, dlogits);
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

// Training the Transformer: a batched forward pass that keeps what the backward pass needs, the
// backward pass itself, and the loss (cross-entropy with label smoothing over non-pad targets).
//
//   batch (B sentences, padded) -> logits (B·T, V) -> loss;  backward -> d(loss)/d(every weight)
//
// Forward ops run on Compute (the fast backends); backward ops use the same Compute for their
// matrix products (linear_backward's two GEMMs) and the scalar code of nn/grad_ops.h for the rest.
// Gradients carry the weights' names, so an optimizer needs to know nothing about the model.
#pragma once
#include "backend/compute.h"
#include "core/rng.h"
#include "models/transformer.h"
#include "train/batching.h"
#include "train/trainer.h"

namespace attn {

struct TrainOptions {
    float dropout = 0.1f;          // on every sublayer output and on embedding + position sums (the paper's P_drop)
    float label_smoothing = 0.1f;  // ε_ls
    // Guided alignment (Garg et al. 2019): one cross-attention head is also trained to put its
    // weight on the gold-aligned source words, adding
    //   alignment_weight · (−Σ_rows Σ_s A_ts log P_ts) / aligned rows
    // to the loss, for batches that carry alignments. 0 turns it off. Layer −1 is the last.
    float alignment_weight = 0.0f;
    int alignment_layer = -1, alignment_head = 0;
};

class TransformerTrainer : public Seq2SeqModel {
public:
    TransformerTrainer(Compute & cc, Transformer & model, TrainOptions opts);

    // Forward and backward over one batch. Zeroes and fills `grads` (same names and shapes as the
    // model's tensors; tied weights get the sum of their uses). Returns the mean loss per target
    // token. With dropout > 0 the masks come from `rng`.
    double forward_backward(const PaddedBatch & batch, Rng & rng, TensorMap * grads) override;
    // Loss only, no dropout, no gradients (validation).
    double loss(const PaddedBatch & batch) override;
    TensorMap & parameters() override { return m_model.parameters(); }
    int32_t pad_id() const override { return m_model.config().pad_id; }
    int32_t bos_id() const override { return m_model.config().bos_id; }
    int32_t eos_id() const override { return m_model.config().eos_id; }

    const TrainOptions & options() const { return m_opts; }

private:
    struct Impl;
    Compute & m_cc;
    Transformer & m_model;
    TrainOptions m_opts;
};

} // namespace attn

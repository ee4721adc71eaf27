// Training the RNN translators (models/rnn.h) on the shared trainer: a teacher-forced pass over a
// padded batch that keeps every step's state, and backpropagation through time.
//
//   batch (B sentences) -> encoder (S steps, both directions) -> decoder (T steps) -> logits
//   backward: output layer -> decoder steps T..1 (attention included) -> s_0 -> encoder steps
//
// No dropout: on this corpus and budget the models underfit rather than overfit (the dev loss
// tracks the training loss); label smoothing as for the Transformer.
#pragma once
#include "backend/compute.h"
#include "models/rnn.h"
#include "train/trainer.h"

namespace attn {

class RnnTrainer : public Seq2SeqModel {
public:
    RnnTrainer(Compute & cc, RnnModel & model, float label_smoothing) : m_cc(cc), m_model(model), m_smoothing(label_smoothing) {}

    double forward_backward(const PaddedBatch & batch, Rng & rng, TensorMap * grads) override;
    double loss(const PaddedBatch & batch) override;
    TensorMap & parameters() override { return m_model.parameters(); }
    int32_t pad_id() const override { return m_model.config().pad_id; }
    int32_t bos_id() const override { return m_model.config().bos_id; }
    int32_t eos_id() const override { return m_model.config().eos_id; }

private:
    Compute & m_cc;
    RnnModel & m_model;
    float m_smoothing;
};

} // namespace attn

// Batch normalisation over NCHW (Ioffe & Szegedy 2015), as nn.BatchNorm2d: per channel,
//   training:  y = γ·(x − μ_B)/√(σ²_B + ε) + β with the batch's statistics (biased variance),
//              and running ← (1 − m)·running + m·batch (unbiased variance, as PyTorch);
//   inference: the running statistics instead, so one uploaded image is classified the same
//              whichever other images share its batch.
// Why batch norm and not layer norm here: it is what ResNet and CBAM's reference models use, and
// folds into a per-channel affine map at inference, costing nothing in the browser.
#pragma once
#include "core/tensor.h"

namespace attn {

struct BatchNormCache {
    Tensor x_hat;  // (N, C, H, W)
    Tensor rstd;   // (C)
};

// running_mean / running_var are updated in place (momentum m) when given.
void batch_norm_train_forward(ConstView x, ConstView gamma, ConstView beta, float eps, float momentum,
                              TensorView running_mean, TensorView running_var, TensorView y, BatchNormCache * cache);
void batch_norm_inference(ConstView x, ConstView gamma, ConstView beta, ConstView running_mean, ConstView running_var,
                          float eps, TensorView y);
// dx (overwritten), dgamma and dbeta (accumulated).
void batch_norm_backward(const BatchNormCache & cache, ConstView gamma, ConstView dy, TensorView dx, TensorView dgamma,
                         TensorView dbeta);

} // namespace attn

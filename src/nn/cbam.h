// CBAM, the Convolutional Block Attention Module (Woo et al. 2018): channel attention, then spatial
// attention, on a feature map F(N, C, H, W):
//   channel:  M_c = σ(MLP(AvgPool(F)) + MLP(MaxPool(F)))   (N, C); one MLP C -> C/r -> C (ReLU),
//             shared by both descriptors;                  F' = M_c ⊙ F
//   spatial:  M_s = σ(conv7×7([mean_c F'; max_c F']))       (N, 1, H, W);  F'' = M_s ⊙ F'
//             optionally σ(BN(conv7×7(...))): the authors' released code normalises the gate's
//             logits with a one-channel batch norm, which the paper's equation leaves out
// The two maps are what the image panel shows: the channel weights as bars, M_s over the picture.
//
// Weights (names under the module's scope):
//   mlp/fc1/{weight (C/r, C), bias}, mlp/fc2/{weight (C, C/r), bias}, spatial/{weight (1, 2, 7, 7), bias (1)},
//   with the batch norm spatial/bn/{weight, bias, running_mean, running_var} (1)
#pragma once
#include "backend/compute.h"
#include "nn/batch_norm.h"

#include <vector>

namespace attn {

// The optional batch norm on the spatial gate's logits; training updates the running statistics.
struct CbamSpatialNorm {
    ConstView gamma, beta;
    TensorView running_mean, running_var;
    bool training = false;
};

struct CbamWeights {
    ConstView fc1_w, fc1_b, fc2_w, fc2_b, spatial_w, spatial_b;
    const CbamSpatialNorm * spatial_norm = nullptr;  // none: the paper's gate
};
struct CbamGrads {
    TensorView fc1_w, fc1_b, fc2_w, fc2_b, spatial_w, spatial_b;  // accumulated
    TensorView spatial_norm_gamma = {}, spatial_norm_beta = {};  // with a spatial norm
};

struct CbamCache {
    Tensor avg, max;                  // (N, C) channel descriptors
    std::vector<int64_t> max_at;      // arg-max of each (n, c)
    Tensor h_avg, h_max;              // (N, C/r) after ReLU
    Tensor channel;                   // M_c (N, C)
    Tensor refined;                   // F' (N, C, H, W)
    Tensor pooled;                    // (N, 2, H, W): mean and max of F' over channels
    std::vector<int64_t> pooled_at;   // arg-max channel of each (n, h, w)
    Tensor spatial_logit;             // the conv's output (N, 1, H, W), before the norm (if any)
    BatchNormCache spatial_bn;        // training with a spatial norm only
    Tensor spatial;                   // M_s (N, 1, H, W)
};

void cbam_forward(Compute & cc, const CbamWeights & w, ConstView f, TensorView out, CbamCache * cache);
// df overwritten; weight gradients accumulated.
void cbam_backward(Compute & cc, const CbamWeights & w, const CbamCache & cache, ConstView f, ConstView dout,
                   TensorView df, const CbamGrads & g);

} // namespace attn

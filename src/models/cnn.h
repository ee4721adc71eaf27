// The image classifiers of the CNN-attention demo: a small ResNet for 28×28 grey images, with or
// without CBAM (Woo et al. 2018) in every residual block, where the paper puts it: on the residual
// branch, after the block's second convolution, before the addition.
//
//   stem:     conv3×3(1 → w0) + BN + ReLU                                  28×28
//   block b:  [maxpool 2×2 when b > 0] x;  r = BN(conv3×3(ReLU(BN(conv3×3(x)))));
//             [r = CBAM(r)];  y = ReLU(r + skip(x)),  skip = x, or BN(conv1×1(x)) when widths differ
//   head:     global average pool -> linear(w_last -> classes)
//
// Weights (nn.Conv2d / nn.BatchNorm2d / nn.Linear layouts):
//   stem/conv/{weight (w0, 1, 3, 3), bias}, stem/bn/{weight, bias, running_mean, running_var}
//   block_<b>/conv1, conv2, bn1, bn2 likewise; block_<b>/skip/{conv, bn} when the width changes;
//   block_<b>/cbam/... (nn/cbam.h) with CBAM; head/fc/{weight (classes, w_last), bias}
// Running statistics are tensors like the weights (saved and loaded with them) but are never
// trained: their gradients are zero, so Adam leaves them alone, and training updates them itself.
#pragma once
#include "backend/compute.h"
#include "models/model_file.h"
#include "nn/batch_norm.h"
#include "nn/cbam.h"

#include <string>
#include <vector>

namespace attn {

struct CnnConfig {
    bool cbam = true;
    std::vector<int> widths = {16, 32, 64};  // one residual block per width
    int reduction = 4;                       // CBAM's MLP: C -> C / r -> C
    bool spatial_bn = false;                 // CBAM's spatial gate with a batch norm (nn/cbam.h)
    int classes = 10;
    int image = 28;
    Status validate() const;
    std::string to_json() const;
    static Status from_json(const std::string & json, CnnConfig * out);
};

// What one forward pass keeps: for the backward pass (training), for Grad-CAM, and for the panel
// (each block's CBAM maps).
struct CnnPass {
    bool training = false;
    int N = 0;
    struct Conv { Tensor x, pre, bn_out; BatchNormCache bn; };
    struct Block {
        Tensor input;                 // after the pooling, (N, C_in, H, W)
        std::vector<int64_t> pool_at; // arg-max of the 2×2 pooling (blocks after the first)
        Shape pooled_from;            // the unpooled input's shape
        Conv c1, c2, skip;
        Tensor relu1;                 // ReLU(BN(conv1)), conv2's input
        Tensor branch;                // the residual branch after BN2 (CBAM's input)
        CbamCache cbam;
        Tensor sum, out;              // branch' + skip, ReLU of it
    };
    Conv stem;
    Tensor stem_out;
    std::vector<Block> blocks;
    Tensor pooled;                    // (N, w_last) global average
    Tensor logits;                    // (N, classes)
};

class CnnModel {
public:
    static Status create(const CnnConfig & cfg, TensorMap tensors, CnnModel * out);
    static Status load(const std::string & path, CnnModel * out);
    Status save(const std::string & path) const;
    static TensorMap random_weights(const CnnConfig & cfg, uint64_t seed);
    static std::vector<std::pair<std::string, Shape>> expected_tensors(const CnnConfig & cfg);
    static constexpr const char * kFormat = "attention-playground/cnn/1";

    const CnnConfig & config() const { return m_cfg; }
    TensorMap & parameters() { return m_tensors; }
    const TensorMap & tensors() const { return m_tensors; }
    int64_t parameter_count() const;
    std::map<std::string, std::string> & metadata() { return m_metadata; }
    const std::map<std::string, std::string> & metadata() const { return m_metadata; }

    // images (N, 1, 28, 28) scaled to [0, 1]. Training mode uses (and updates) batch statistics.
    void forward(Compute & cc, ConstView images, bool training, CnnPass * pass);
    // dlogits (N, classes) -> gradients (zeroed and filled, names as the tensors), after a
    // training-mode forward (batch norm's backward needs its batch statistics).
    void backward(Compute & cc, const CnnPass & pass, ConstView dlogits, TensorMap * grads) const;
    // d(loss)/d(last block's output) (N, C, H, W), what Grad-CAM weighs: the head's backward only,
    // so it works after an inference-mode forward. Head gradients go to `grads` when given.
    Tensor last_block_gradient(const CnnPass & pass, ConstView dlogits, TensorMap * grads) const;

private:
    ConstView w(const std::string & name) const { return m_tensors.at(name); }
    // Block scope s's CBAM weights; with a spatial batch norm, its γ and β go into `norm`, which
    // the weights point to.
    CbamWeights cbam_weights(const std::string & s, CbamSpatialNorm * norm) const;
    CnnConfig m_cfg;
    TensorMap m_tensors;
    std::map<std::string, std::string> m_metadata;
};

// Grad-CAM (Selvaraju et al. 2017) at the last block for class c: α_k = mean over positions of
// ∂y_c/∂A_k, map = ReLU(Σ_k α_k A_k), (N, H, W) at the last block's resolution (7×7).
Tensor grad_cam(Compute & cc, CnnModel & model, ConstView images, int class_index);
// The same from an inference-mode pass already run; or with a class per image.
Tensor grad_cam(const CnnModel & model, const CnnPass & pass, int class_index);
Tensor grad_cam(const CnnModel & model, const CnnPass & pass, const std::vector<int> & classes);

} // namespace attn

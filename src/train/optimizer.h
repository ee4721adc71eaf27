// Adam and AdamW over named parameters, matching PyTorch's torch.optim.Adam / AdamW (single-tensor
// path, amsgrad off, maximize off) operation for operation, so a run can be compared against
// PyTorch to float precision. Per parameter p with gradient g, at that parameter's step t:
//
//     Adam  (weight_decay w, decoupled = false):  g ← g + w·p
//     AdamW (decoupled = true):                   p ← p·(1 − lr·w)
//     m ← m + (1 − β1)·(g − m)                    (torch's lerp: the same as β1·m + (1 − β1)·g)
//     v ← β2·v + (1 − β2)·g²
//     p ← p − (lr / (1 − β1^t)) · m / (√v / √(1 − β2^t) + ε)
//
// Scalars (bias corrections, step size) are computed in double and rounded to float before they
// touch a tensor, as PyTorch does with Python floats on float32 tensors.
//
// The model is not known here: parameters and gradients are just TensorMaps. A parameter without a
// gradient in a step is skipped, moments and step count included (as PyTorch skips grad = None).
// Moments are allocated the first time a parameter is stepped.
//
// State round-trips through a WeightsFile (the checkpoint's safetensors file):
//     tensors   optimizer/m/<param>, optimizer/v/<param>       (the moments, param's shape)
//     metadata  optimizer_steps = "<calls to step()>"
//               optimizer/step/<param> = "<t>"   only for a parameter whose t differs from it
// The hyperparameters are not part of the state: the caller configures them (they may change on
// resume, as in PyTorch when a param_group is edited).
#pragma once
#include "core/status.h"
#include "core/tensor.h"
#include "io/safetensors.h"

#include <cstdint>
#include <map>
#include <string>

namespace attn {

struct AdamConfig {
    double beta1 = 0.9, beta2 = 0.98, eps = 1e-9;  // Vaswani et al.'s values (PyTorch's defaults: 0.999, 1e-8)
    double weight_decay = 0.0;                      // 0: plain Adam, whatever `decoupled` says
    bool decoupled = true;                          // true: AdamW; false: L2 added to the gradient
};

class Adam {
public:
    explicit Adam(AdamConfig cfg = {}) : m_cfg(cfg) {}

    // One update of every parameter that has a gradient. Every gradient must name a parameter of
    // the same shape (a programming error otherwise: asserted).
    void step(TensorMap & params, const TensorMap & grads, double lr);

    int64_t steps() const { return m_steps; }  // calls to step() since construction or import
    const AdamConfig & config() const { return m_cfg; }
    void set_config(const AdamConfig & cfg) { m_cfg = cfg; }
    // The moments of one parameter; nullptr before its first step.
    const Tensor * first_moment(const std::string & param) const;
    const Tensor * second_moment(const std::string & param) const;

    // Adds the state to `out` (tensors and metadata as above); leaves everything else in it alone.
    void export_state(WeightsFile & out) const;
    // Replaces the state with the one in `in`, checking it against the parameters it will update:
    // every optimizer/ tensor must name a parameter and have its shape, m and v come in pairs, and
    // the step counts must be integers ≥ 0. Other tensors in `in` (the parameters) are ignored.
    // On failure the optimizer is unchanged.
    Status import_state(const WeightsFile & in, const TensorMap & params);

    void reset();  // forget all moments and steps

private:
    struct Moments {
        Tensor m, v;
        int64_t t = 0;  // this parameter's step count, for its bias correction
    };
    AdamConfig m_cfg;
    std::map<std::string, Moments> m_state;
    int64_t m_steps = 0;
};

} // namespace attn

// Gradient clipping by global norm, as PyTorch's torch.nn.utils.clip_grad_norm_ (norm_type 2):
// the L2 norm over every element of every gradient, as if they were one vector; when it exceeds
// max_norm, every gradient is scaled by max_norm / (norm + 1e-6), so the clipped norm lands just
// under max_norm. The sum of squares is accumulated in double, so large models do not lose the
// small gradients to rounding.
#pragma once
#include "core/tensor.h"

#include <map>
#include <string>

namespace attn {

// The global L2 norm over all gradients, computed in double.
double global_grad_norm(const TensorMap & grads);

// Clips in place and returns the norm before clipping. A non-finite norm (NaN or Inf in some
// gradient) is returned as is and the gradients are left untouched: the caller should skip that
// step (scaling by 0 or NaN would only hide the problem in the weights).
double clip_grad_norm(TensorMap & grads, double max_norm);

} // namespace attn

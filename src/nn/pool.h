// Pooling over NCHW tensors: 2×2 max pooling (stride 2, the ResNet-style downsampling of the
// image models), global average pooling (N, C, H, W) -> (N, C), and CBAM's pooling across
// channels (N, C, H, W) -> mean and max maps (N, H, W). Each forward saves what its backward needs
// (the arg-max positions); gradients on inputs are overwritten, as everywhere in nn/.
#pragma once
#include "core/tensor.h"

#include <vector>

namespace attn {

// y(N, C, H/2, W/2); argmax(N·C·H/2·W/2) = flat input index of each maximum (ties: the first).
void max_pool2x2_forward(ConstView x, TensorView y, std::vector<int64_t> * argmax);
void max_pool2x2_backward(const std::vector<int64_t> & argmax, ConstView dy, TensorView dx);

void global_avg_pool_forward(ConstView x, TensorView y);      // y(N, C) = mean over H, W
void global_avg_pool_backward(ConstView dy, TensorView dx);   // dx = dy / (H·W) everywhere
void global_max_pool_forward(ConstView x, TensorView y, std::vector<int64_t> * argmax);
void global_max_pool_backward(const std::vector<int64_t> & argmax, ConstView dy, TensorView dx);  // accumulates into dx

// mean(N, H, W) and max(N, H, W) over the channel axis; argmax holds the winning channel's flat index.
void channel_pool_forward(ConstView x, TensorView mean, TensorView max, std::vector<int64_t> * argmax);
// dx += dmean / C everywhere and dmax at each arg-max (accumulates, so callers can sum paths).
void channel_pool_backward(const std::vector<int64_t> & argmax, ConstView dmean, ConstView dmax, TensorView dx);

} // namespace attn

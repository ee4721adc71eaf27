// 2-D convolution over NCHW tensors, as nn.Conv2d (square kernel, same stride and padding on both
// axes, zero padding, no dilation or groups):
//   y(N, O, Ho, Wo) = w(O, C, k, k) ⋆ x(N, C, H, W) + b(O),  Ho = (H + 2·pad − k) / stride + 1
//
// Fast path: per image, im2col unrolls every k×k patch into a column, cols(C·k·k, Ho·Wo), and one
// GEMM on Compute (every CPU backend) gives y_n = w(O, C·k·k) · cols. The backward pass is two
// more GEMMs and col2im, im2col's adjoint. One GEMM per image, not one per batch: a chunk of images
// side by side in one big GEMM measured slower (≤ 295 against 415 images/s training the CBAM
// model), because one image's patches stay in cache and a batch's do not. conv2d_reference is the direct seven-loop definition the
// tests hold the fast path to.
#pragma once
#include "backend/compute.h"

namespace attn {

struct ConvGeometry {
    int C = 0, H = 0, W = 0, k = 1, stride = 1, pad = 0;
    int out_h() const { return (H + 2 * pad - k) / stride + 1; }
    int out_w() const { return (W + 2 * pad - k) / stride + 1; }
};

// x(C, H, W) -> cols(C·k·k, Ho·Wo); row (c, i, j) holds x[c, oy·s − p + i, ox·s − p + j] (0 outside).
void im2col(const float * x, const ConvGeometry & g, float * cols);
// The adjoint: dx(C, H, W) += the column entries scattered back (overlapping patches add up).
void col2im(const float * cols, const ConvGeometry & g, float * dx);

void conv2d_forward(Compute & cc, ConstView x, ConstView w, ConstView b, int stride, int pad, TensorView y);
// dx (overwritten; may be empty), dw and db (accumulated, as in grad_ops.h; db may be empty).
void conv2d_backward(Compute & cc, ConstView x, ConstView w, ConstView dy, int stride, int pad, TensorView dx,
                     TensorView dw, TensorView db);
void conv2d_reference(ConstView x, ConstView w, ConstView b, int stride, int pad, TensorView y);

} // namespace attn

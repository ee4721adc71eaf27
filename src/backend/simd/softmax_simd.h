// One softmax row on f32x4, shared by softmax_rows and the fused attention kernel.
#pragma once
#include <cstdint>

namespace attn {

// y[0, C) = softmax(x·scale + add) over the first n_valid entries; y[n_valid, C) = 0 (the removed
// tail of a causal row). add (the mask row) may be null. x may be y. A row with no finite value
// (every position masked) becomes all zeros, as the contract asks.
void softmax_row_simd(const float * x, float * y, int64_t n_valid, int64_t C, float scale, const float * add);

} // namespace attn

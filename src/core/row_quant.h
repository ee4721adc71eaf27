// Symmetric 8-bit quantisation with one scale per row, the I8 storage of model files.
//
// A matrix W of shape [rows, cols] becomes int8 values q and float scales s[rows] with
//
//     W[r][c] ≈ q[r][c] · s[r],   s[r] = max_c |W[r][c]| / 127,   q = round(W / s) in [-127, 127]
//
// -128 is never written, so the range is symmetric and negating a row negates its codes. A row of
// zeros gets scale 1 (all codes 0): a scale is always finite and positive, which lets a reader
// refuse zero, negative and NaN scales as damage. One scale per output row (the first dimension)
// is what a matrix-vector product needs: each output is a dot product of one row, scaled once.
#pragma once
#include <cstdint>

namespace attn {

// The scale of one row of n values (finite input; n may be 0).
float row_scale_i8(const float * row, int64_t n);

// q[i] = round(row[i] / scale), ties away from zero, clamped to [-127, 127].
void quantize_row_i8(const float * row, int64_t n, float scale, int8_t * q);

} // namespace attn

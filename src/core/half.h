// IEEE 754 half precision (binary16) to and from float32: the F16 storage of model files and the
// F16 weights the kernels widen as they read them.
#pragma once
#include <cstdint>

namespace attn {

// Exact: every half is a float.
float f16_to_float(uint16_t h);

// The nearest half (ties to even; beyond ±65504 becomes ±Inf, NaN stays NaN).
uint16_t float_to_f16(float f);

} // namespace attn

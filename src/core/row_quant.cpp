#include "core/row_quant.h"

#include <algorithm>
#include <cmath>

namespace attn {

float row_scale_i8(const float * row, int64_t n) {
    float largest = 0.0f;
    for (int64_t i = 0; i < n; i++) largest = std::max(largest, std::fabs(row[i]));
    if (!(largest > 0.0f)) return 1.0f;
    const float scale = largest / 127.0f;
    // A row of subnormals would give a zero scale; the smallest normal keeps it positive.
    return std::max(scale, 1.17549435e-38f);
}

void quantize_row_i8(const float * row, int64_t n, float scale, int8_t * q) {
    for (int64_t i = 0; i < n; i++) {
        const float code = std::round(row[i] / scale);
        q[i] = int8_t(std::clamp(code, -127.0f, 127.0f));
    }
}

} // namespace attn

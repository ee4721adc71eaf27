// Scalar oracle for softmax_rows. Numerics: subtract the row max before exp so large logits cannot
// overflow; masked positions (-inf) get exactly 0; a row with no finite entry becomes all zeros.
#include "backend/mask.h"
#include "backend/reference/ref_backend.h"

#include <cmath>

namespace attn {

void softmax_row_inplace_ref(float * row, int64_t C) {
    float row_max = -INFINITY;
    for (int64_t c = 0; c < C; c++) row_max = std::fmax(row_max, row[c]);
    if (!std::isfinite(row_max)) {  // every position masked (or an inf/nan logit): no distribution
        for (int64_t c = 0; c < C; c++) row[c] = 0.0f;
        return;
    }
    double sum = 0.0;
    for (int64_t c = 0; c < C; c++) {
        row[c] = std::exp(row[c] - row_max);
        sum += row[c];
    }
    const float inv = float(1.0 / sum);
    for (int64_t c = 0; c < C; c++) row[c] *= inv;
}

// y(..., R, C) = softmax_C(x * scale + mask)
void RefBackend::softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) {
    check_same_numel(x, y, "softmax_rows");
    const int64_t C = x.cols();
    const int64_t R = x.shape.rank >= 2 ? x.shape[x.shape.rank - 2] : 1;  // rows the mask indexes
    const int64_t total_rows = x.rows();
    check_mask(mask, /*B=*/1, R, C);  // one column mask for every row (see backend.h)
    for (int64_t row = 0; row < total_rows; row++) {
        const float * xr = x.row(row);
        float * yr = y.row(row);
        const int64_t r = row % R;
        for (int64_t c = 0; c < C; c++) yr[c] = xr[c] * scale + mask_value(mask, 0, r, c, R, C);
        softmax_row_inplace_ref(yr, C);
    }
}

} // namespace attn

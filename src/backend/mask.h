// Evaluating a Mask (backend.h) at one position; shared by all CPU backends so the semantics
// live in one place. Backends with fast paths call mask_row() once per row and add it.
#pragma once
#include "backend/backend.h"

#include <cmath>

namespace attn {

// Additive mask value for batch b, row r, column c of an (R, C) score matrix.
inline float mask_value(const Mask & m, int64_t b, int64_t r, int64_t c, int64_t R, int64_t C) {
    switch (m.kind) {
    case Mask::Kind::None: return 0.0f;
    case Mask::Kind::Columns: return m.values.shape.rank >= 2 ? m.values.data[b * C + c] : m.values.data[c];
    case Mask::Kind::Full: return m.values.data[r * C + c];
    case Mask::Kind::Causal: return c > r + (C - R) ? -INFINITY : 0.0f;
    }
    return 0.0f;
}

// Writes the additive mask of one row into out[0..C). Returns false when the mask is None
// (nothing to add), so callers can skip the pass.
inline bool mask_row(const Mask & m, int64_t b, int64_t r, int64_t R, int64_t C, float * out) {
    if (m.kind == Mask::Kind::None) return false;
    for (int64_t c = 0; c < C; c++) out[c] = mask_value(m, b, r, c, R, C);
    return true;
}

// Checks a mask's shape against scores of shape (B, ..., R, C). Aborts on a programming error.
void check_mask(const Mask & m, int64_t B, int64_t R, int64_t C);

} // namespace attn

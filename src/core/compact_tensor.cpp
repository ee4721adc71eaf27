#include "core/compact_tensor.h"

#include "core/check.h"
#include "core/half.h"
#include "core/row_quant.h"

#include <utility>

namespace attn {

const char * compact_type_name(CompactType t) { return t == CompactType::F16 ? "F16" : "I8"; }

void CompactView::widen_row(int64_t r, float * out) const {
    if (type == CompactType::F16) {
        const uint16_t * h = halves() + r * cols;
        for (int64_t k = 0; k < cols; k++) out[k] = f16_to_float(h[k]);
        return;
    }
    const int8_t * q = codes() + r * cols;
    const float s = scales[r];
    for (int64_t k = 0; k < cols; k++) out[k] = float(q[k]) * s;
}

CompactTensor CompactTensor::from_halves(Shape s, std::vector<uint16_t> halves) {
    ATTN_ASSERT(int64_t(halves.size()) == s.numel(), "F16 tensor %s with %zu values", s.str().c_str(), halves.size());
    CompactTensor t;
    t.m_type = CompactType::F16;
    t.m_shape = s;
    t.m_halves = std::move(halves);
    return t;
}

CompactTensor CompactTensor::from_codes(Shape s, std::vector<int8_t> codes, std::vector<float> scales) {
    ATTN_ASSERT(s.rank >= 1 && int64_t(codes.size()) == s.numel() && int64_t(scales.size()) == s[0],
                "I8 tensor %s with %zu codes and %zu scales", s.str().c_str(), codes.size(), scales.size());
    CompactTensor t;
    t.m_type = CompactType::I8;
    t.m_shape = s;
    t.m_codes = std::move(codes);
    t.m_scales = std::move(scales);
    return t;
}

CompactTensor CompactTensor::quantize(const Tensor & t, CompactType type) {
    ATTN_ASSERT(t.shape().rank >= 1, "quantize: a tensor of rank 0");
    const int64_t n = t.numel();
    if (type == CompactType::F16) {
        std::vector<uint16_t> h(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; i++) h[size_t(i)] = float_to_f16(t[i]);
        return from_halves(t.shape(), std::move(h));
    }
    const int64_t rows = t.shape()[0], cols = rows ? n / rows : 0;
    std::vector<int8_t> q(static_cast<size_t>(n));
    std::vector<float> scales(static_cast<size_t>(rows));
    for (int64_t r = 0; r < rows; r++) {
        scales[size_t(r)] = row_scale_i8(t.data() + r * cols, cols);
        quantize_row_i8(t.data() + r * cols, cols, scales[size_t(r)], q.data() + r * cols);
    }
    return from_codes(t.shape(), std::move(q), std::move(scales));
}

CompactView CompactTensor::view() const {
    CompactView v;
    v.type = m_type;
    v.rows = m_shape.rank ? m_shape[0] : 0;
    v.cols = v.rows ? m_shape.numel() / v.rows : 0;
    v.data = m_type == CompactType::F16 ? static_cast<const void *>(m_halves.data()) : m_codes.data();
    v.scales = m_scales.data();
    return v;
}

Tensor CompactTensor::widen() const {
    Tensor t(m_shape);
    const CompactView v = view();
    for (int64_t r = 0; r < v.rows; r++) v.widen_row(r, t.data() + r * v.cols);
    return t;
}

int64_t CompactTensor::bytes() const {
    return int64_t(m_halves.size() * 2 + m_codes.size() + m_scales.size() * 4);
}

} // namespace attn

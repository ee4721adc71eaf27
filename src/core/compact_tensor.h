// Weight matrices kept as the model file stored them: IEEE halves (F16), or int8 codes with one
// float32 scale per row (I8, core/row_quant.h). The kernels read them in place and widen a few
// values at a time in registers (Backend::linear_compact), so a matrix costs 2 or 1 bytes per value
// in memory instead of 4, and a decoder step, which reads every weight once for one row of
// activations, moves half or a quarter of the bytes.
//
//   w(M, K): M = shape[0] rows (a linear layer's outputs), K = the other dimensions' product
//   F16:  w[m][k] = f16_to_float(halves[m·K + k])
//   I8:   w[m][k] = codes[m·K + k] · scales[m]
#pragma once
#include "core/tensor.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace attn {

enum class CompactType { F16, I8 };
const char * compact_type_name(CompactType t);  // "F16", "I8"

// Non-owning, like ConstView.
struct CompactView {
    CompactType type = CompactType::F16;
    const void * data = nullptr;     // M·K halves or int8 codes, row-major
    const float * scales = nullptr;  // I8: M scales
    int64_t rows = 0, cols = 0;

    bool empty() const { return data == nullptr || rows * cols == 0; }
    const uint16_t * halves() const { return static_cast<const uint16_t *>(data); }
    const int8_t * codes() const { return static_cast<const int8_t *>(data); }
    // Row r in float32, written to out[0, cols): the plain scalar widening every kernel is checked against.
    void widen_row(int64_t r, float * out) const;
};

class CompactTensor {
public:
    CompactTensor() = default;
    // Takes stored values as they are; the caller has checked the sizes (and that scales are
    // finite and positive).
    static CompactTensor from_halves(Shape s, std::vector<uint16_t> halves);
    static CompactTensor from_codes(Shape s, std::vector<int8_t> codes, std::vector<float> scales);
    // Rounds a float32 tensor (rank >= 1, finite) the way the model file writer does.
    static CompactTensor quantize(const Tensor & t, CompactType type);

    CompactType type() const { return m_type; }
    const Shape & shape() const { return m_shape; }
    CompactView view() const;
    Tensor widen() const;
    int64_t bytes() const;  // in memory: values and scales

private:
    CompactType m_type = CompactType::F16;
    Shape m_shape;
    std::vector<uint16_t> m_halves;
    std::vector<int8_t> m_codes;
    std::vector<float> m_scales;
};

// A model's compact matrices by scoped name, beside its float32 TensorMap.
using CompactMap = std::map<std::string, CompactTensor>;

// What a linear layer multiplies by: a float32 matrix, or a compact one. Converts from a float32
// view, so code written for float32 weights reads the same.
struct WeightView {
    ConstView f32;
    CompactView compact;

    WeightView() = default;
    WeightView(ConstView v) : f32(v) {}                // NOLINT: implicit by design
    WeightView(const CompactView & c) : compact(c) {}  // NOLINT
    bool is_compact() const { return compact.data != nullptr; }
    int64_t rows() const { return is_compact() ? compact.rows : f32.rows(); }
    int64_t cols() const { return is_compact() ? compact.cols : f32.cols(); }
};

} // namespace attn

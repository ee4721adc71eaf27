#include "core/tensor.h"

#include "core/check.h"
#include "core/rng.h"

#include <cstdlib>
#include <cstring>

namespace attn {

Shape::Shape(std::initializer_list<int64_t> d) {
    ATTN_ASSERT(d.size() >= 1 && d.size() <= kMaxRank, "rank %zu not in 1..%d", d.size(), kMaxRank);
    for (int64_t v : d) {
        ATTN_ASSERT(v >= 0, "negative dimension %lld", (long long)v);
        dims[rank++] = v;
    }
}

bool Shape::operator==(const Shape & o) const {
    if (rank != o.rank) return false;
    for (int i = 0; i < rank; i++)
        if (dims[i] != o.dims[i]) return false;
    return true;
}

std::string Shape::str() const {
    std::string s = "(";
    for (int i = 0; i < rank; i++) s += (i ? ", " : "") + std::to_string(dims[i]);
    return s + ")";
}

TensorView TensorView::reshaped(Shape s) const {
    ATTN_ASSERT(s.numel() == numel(), "reshape %s -> %s", shape.str().c_str(), s.str().c_str());
    return {data, s};
}

ConstView ConstView::reshaped(Shape s) const {
    ATTN_ASSERT(s.numel() == numel(), "reshape %s -> %s", shape.str().c_str(), s.str().c_str());
    return {data, s};
}

void Tensor::Free::operator()(float * p) const { std::free(p); }

static float * alloc_floats(int64_t n) {
    // aligned_alloc needs a size that is a multiple of the alignment.
    size_t bytes = size_t(n > 0 ? n : 1) * sizeof(float);
    bytes = (bytes + Tensor::kAlignment - 1) / Tensor::kAlignment * Tensor::kAlignment;
    auto * p = static_cast<float *>(std::aligned_alloc(Tensor::kAlignment, bytes));
    ATTN_ASSERT(p, "out of memory allocating %zu bytes", bytes);
    return p;
}

Tensor::Tensor(Shape s) : m_shape(s), m_data(alloc_floats(s.numel())) {
    std::memset(m_data.get(), 0, size_t(numel()) * sizeof(float));
}

Tensor::Tensor(Shape s, std::initializer_list<float> values) : Tensor(s) {
    ATTN_ASSERT(int64_t(values.size()) == numel(), "%zu values for shape %s", values.size(), s.str().c_str());
    std::memcpy(m_data.get(), values.begin(), values.size() * sizeof(float));
}

Tensor::Tensor(const Tensor & o) : m_shape(o.m_shape), m_data(o.m_data ? alloc_floats(o.numel()) : nullptr) {
    if (o.m_data) std::memcpy(m_data.get(), o.m_data.get(), size_t(numel()) * sizeof(float));
}

Tensor & Tensor::operator=(const Tensor & o) {
    if (this != &o) *this = Tensor(o);
    return *this;
}

void Tensor::reshape(Shape s) {
    ATTN_ASSERT(s.numel() == numel(), "reshape %s -> %s", m_shape.str().c_str(), s.str().c_str());
    m_shape = s;
}

void Tensor::fill(float v) {
    for (int64_t i = 0; i < numel(); i++) m_data.get()[i] = v;
}

Tensor random_normal(Shape s, uint64_t seed, float scale) {
    Tensor t(s);
    Rng rng(seed);
    for (int64_t i = 0; i < t.numel(); i++) t[i] = scale * rng.normal();
    return t;
}

Tensor random_uniform(Shape s, uint64_t seed, float lo, float hi) {
    Tensor t(s);
    Rng rng(seed);
    for (int64_t i = 0; i < t.numel(); i++) t[i] = lo + (hi - lo) * rng.uniform();
    return t;
}

} // namespace attn

// Tensors: float32, row-major, last dimension contiguous, rank 1..4, 64-byte aligned storage.
//
// Dimension names used in every shape comment of this project (llm.c style):
//   B   batch                        T   sequence length (Tq queries, Tk keys, S source, Tt target)
//   D   model width (d_model)        H   attention heads           dh  head width = D / H (d_k = d_v)
//   F   feed-forward width (d_ff)    V   vocabulary size           A   additive-attention width
//   N, M, K   generic matrix sizes: y(N, M) = x(N, K) · w(M, K)ᵀ
//   C, Hh, Ww channels, image height, image width
//
// Tensor owns its storage; TensorView / ConstView are non-owning (pointer + shape), cheap to pass
// by value, and what every op takes. Views are always contiguous.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>

namespace attn {

constexpr int kMaxRank = 4;

struct Shape {
    int rank = 0;
    int64_t dims[kMaxRank] = {0, 0, 0, 0};

    Shape() = default;
    Shape(std::initializer_list<int64_t> d);
    int64_t numel() const {  // inline: loop conditions call it, and it must cost nothing there
        int64_t n = rank ? 1 : 0;
        for (int i = 0; i < rank; i++) n *= dims[i];
        return n;
    }
    int64_t operator[](int i) const { return dims[i]; }
    int64_t last() const { return rank ? dims[rank - 1] : 1; }     // columns
    int64_t rows() const { return rank ? numel() / last() : 1; }   // all leading dims flattened
    bool operator==(const Shape & o) const;
    bool operator!=(const Shape & o) const { return !(*this == o); }
    std::string str() const;  // "(2, 3, 4)"
};

struct ConstView;

struct TensorView {
    float * data = nullptr;
    Shape shape;

    TensorView() = default;
    TensorView(float * d, Shape s) : data(d), shape(s) {}
    int64_t numel() const { return shape.numel(); }
    int64_t rows() const { return shape.rows(); }
    int64_t cols() const { return shape.last(); }
    bool empty() const { return data == nullptr || numel() == 0; }
    float * row(int64_t r) const { return data + r * cols(); }
    float & operator[](int64_t i) const { return data[i]; }
    TensorView reshaped(Shape s) const;  // same numel, asserted
};

struct ConstView {
    const float * data = nullptr;
    Shape shape;

    ConstView() = default;
    ConstView(const float * d, Shape s) : data(d), shape(s) {}
    ConstView(const TensorView & v) : data(v.data), shape(v.shape) {}  // NOLINT: implicit by design
    int64_t numel() const { return shape.numel(); }
    int64_t rows() const { return shape.rows(); }
    int64_t cols() const { return shape.last(); }
    bool empty() const { return data == nullptr || numel() == 0; }
    const float * row(int64_t r) const { return data + r * cols(); }
    float operator[](int64_t i) const { return data[i]; }
    ConstView reshaped(Shape s) const;
};

class Tensor {
public:
    static constexpr size_t kAlignment = 64;  // a cache line; also satisfies every SIMD load

    Tensor() = default;
    explicit Tensor(Shape s);                 // zero-filled
    Tensor(Shape s, std::initializer_list<float> values);
    Tensor(const Tensor & o);
    Tensor & operator=(const Tensor & o);
    Tensor(Tensor &&) noexcept = default;
    Tensor & operator=(Tensor &&) noexcept = default;

    const Shape & shape() const { return m_shape; }
    int64_t numel() const { return m_shape.numel(); }
    int64_t rows() const { return m_shape.rows(); }
    int64_t cols() const { return m_shape.last(); }
    float * data() { return m_data.get(); }
    const float * data() const { return m_data.get(); }
    float & operator[](int64_t i) { return m_data.get()[i]; }
    float operator[](int64_t i) const { return m_data.get()[i]; }

    TensorView view() { return {data(), m_shape}; }
    ConstView view() const { return {data(), m_shape}; }
    ConstView cview() const { return {data(), m_shape}; }
    operator TensorView() { return view(); }        // NOLINT: ops take views
    operator ConstView() const { return cview(); }  // NOLINT

    void reshape(Shape s);  // same numel, asserted
    void fill(float v);

private:
    struct Free { void operator()(float * p) const; };
    Shape m_shape;
    std::unique_ptr<float[], Free> m_data;
};

// Fills with N(0, scale²) from a seeded generator (deterministic across platforms).
Tensor random_normal(Shape s, uint64_t seed, float scale = 1.0f);
Tensor random_uniform(Shape s, uint64_t seed, float lo, float hi);

// A model's weights, or their gradients, by scoped name ("decoder/layer_0/ffn/fc1/weight").
using TensorMap = std::map<std::string, Tensor>;

} // namespace attn

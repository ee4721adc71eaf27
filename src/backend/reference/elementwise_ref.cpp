// Scalar oracle for element-wise ops and the embedding gather.
#include "backend/reference/ref_backend.h"
#include "core/check.h"

#include <cmath>

namespace attn {

void RefBackend::relu(ConstView x, TensorView y) {
    check_same_numel(x, y, "relu");
    for (int64_t i = 0; i < x.numel(); i++) y.data[i] = x.data[i] > 0.0f ? x.data[i] : 0.0f;
}

// Exact GELU, x·Φ(x) = x/2·(1 + erf(x/√2)); PyTorch's default, not the tanh approximation.
void RefBackend::gelu(ConstView x, TensorView y) {
    check_same_numel(x, y, "gelu");
    for (int64_t i = 0; i < x.numel(); i++) {
        const double v = x.data[i];
        y.data[i] = float(0.5 * v * (1.0 + std::erf(v * 0.70710678118654752440)));
    }
}

void RefBackend::tanh(ConstView x, TensorView y) {
    check_same_numel(x, y, "tanh");
    for (int64_t i = 0; i < x.numel(); i++) y.data[i] = float(std::tanh(double(x.data[i])));
}

void RefBackend::sigmoid(ConstView x, TensorView y) {
    check_same_numel(x, y, "sigmoid");
    for (int64_t i = 0; i < x.numel(); i++) y.data[i] = float(1.0 / (1.0 + std::exp(-double(x.data[i]))));
}

void RefBackend::add(ConstView a, ConstView b, TensorView y) {
    check_binary(a, b, y, "add");
    const int64_t n = a.numel(), bn = b.numel();
    for (int64_t i = 0; i < n; i++) y.data[i] = a.data[i] + b.data[bn == n ? i : i % bn];
}

void RefBackend::mul(ConstView a, ConstView b, TensorView y) {
    check_binary(a, b, y, "mul");
    const int64_t n = a.numel(), bn = b.numel();
    for (int64_t i = 0; i < n; i++) y.data[i] = a.data[i] * b.data[bn == n ? i : i % bn];
}

// y(T, D) = table(V, D)[ids[t]]
void RefBackend::embedding(ConstView table, const int32_t * ids, int64_t T, TensorView y) {
    const int64_t V = table.rows(), D = table.cols();
    ATTN_ASSERT(y.numel() == T * D && y.cols() == D, "embedding: y %s for T=%lld D=%lld", y.shape.str().c_str(),
                (long long)T, (long long)D);
    for (int64_t t = 0; t < T; t++) {
        ATTN_ASSERT(ids[t] >= 0 && ids[t] < V, "embedding: id %d outside vocabulary of %lld", ids[t], (long long)V);
        const float * src = table.row(ids[t]);
        for (int64_t d = 0; d < D; d++) y.data[t * D + d] = src[d];
    }
}

} // namespace attn

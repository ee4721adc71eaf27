#include "backend/backend.h"

#include "backend/eigen/eigen_backend.h"
#include "backend/mask.h"
#include "backend/reference/ref_backend.h"
#include "backend/simd/simd_backend.h"
#include "core/check.h"

namespace attn {

const char * op_name(Op op) {
    switch (op) {
    case Op::Linear: return "linear";
    case Op::LinearCompact: return "linear_compact";
    case Op::Matmul: return "matmul";
    case Op::SoftmaxRows: return "softmax_rows";
    case Op::LayerNorm: return "layer_norm";
    case Op::Relu: return "relu";
    case Op::Gelu: return "gelu";
    case Op::Tanh: return "tanh";
    case Op::Sigmoid: return "sigmoid";
    case Op::Add: return "add";
    case Op::Mul: return "mul";
    case Op::Embedding: return "embedding";
    case Op::Attention: return "attention";
    case Op::AdditiveScores: return "additive_scores";
    case Op::Count: break;
    }
    return "?";
}

void check_mask(const Mask & m, int64_t B, int64_t R, int64_t C) {
    switch (m.kind) {
    case Mask::Kind::None:
    case Mask::Kind::Causal: return;
    case Mask::Kind::Columns:
        ATTN_ASSERT(m.values.data && m.values.cols() == C && (m.values.shape.rank == 1 || m.values.rows() == B),
                    "column mask %s for B=%lld C=%lld", m.values.shape.str().c_str(), (long long)B, (long long)C);
        return;
    case Mask::Kind::Full:
        ATTN_ASSERT(m.values.data && m.values.numel() == R * C, "full mask %s for (%lld, %lld)",
                    m.values.shape.str().c_str(), (long long)R, (long long)C);
        return;
    }
}

const char * backend_kind_name(BackendKind kind) {
    switch (kind) {
    case BackendKind::Reference: return "reference";
    case BackendKind::Eigen: return "eigen";
    case BackendKind::Simd: return "simd";
    }
    return "?";
}

bool parse_backend_kind(const std::string & name, BackendKind * out) {
    for (BackendKind k : available_backends())
        if (name == backend_kind_name(k)) { *out = k; return true; }
    return false;
}

std::vector<BackendKind> available_backends() {
    return {BackendKind::Reference, BackendKind::Eigen, BackendKind::Simd};
}

std::unique_ptr<Backend> make_backend(BackendKind kind) {
    switch (kind) {
    case BackendKind::Reference: return std::make_unique<RefBackend>();
    case BackendKind::Eigen: return std::make_unique<EigenBackend>();
    case BackendKind::Simd: return std::make_unique<SimdBackend>();
    }
    return nullptr;
}

} // namespace attn

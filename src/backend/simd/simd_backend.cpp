#include "backend/simd/simd_backend.h"

namespace attn {

// Exactly the ops this backend overrides; the others run the reference loops.
bool SimdBackend::supports(Op op) const {
    switch (op) {
    case Op::Linear:
    case Op::LinearCompact:
    case Op::Matmul:
    case Op::SoftmaxRows:
    case Op::LayerNorm:
    case Op::Relu:
    case Op::Gelu:
    case Op::Tanh:
    case Op::Sigmoid:
    case Op::Add:
    case Op::Mul:
    case Op::Attention:
    case Op::AdditiveScores:
        return true;
    case Op::Embedding:  // a row copy per token: nothing to vectorise beyond memcpy
    case Op::Count:
        return false;
    }
    return false;
}

} // namespace attn

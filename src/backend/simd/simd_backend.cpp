#include "backend/simd/simd_backend.h"

namespace attn {

bool SimdBackend::supports(Op) const { return false; }

} // namespace attn

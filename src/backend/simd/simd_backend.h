// The f32x4 backend: our own kernels written against simd/vec4.h, so one source runs as wasm
// simd128 in the browser (the web's fast path) and as SSE2 natively (where the tests run it).
// Ops it does not override fall back to the reference loops (RefBackend).
#pragma once
#include "backend/reference/ref_backend.h"

namespace attn {

class SimdBackend : public RefBackend {
public:
    const char * name() const override { return "simd"; }
    bool supports(Op op) const override;
};

} // namespace attn

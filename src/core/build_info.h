// What this binary is: version, target, SIMD and compiler. Shown in the About panel and
// by `attn info`, so a bug report says exactly which build produced it.
#pragma once

namespace attn {

const char * version();        // "0.1.0"
const char * build_kind();     // "native" or "web"
const char * simd_isa();       // the ISA behind the f32x4 kernels: "wasm simd128", "SSE2", "NEON" or "scalar"
bool         simd_compiled();  // true unless simd_isa() is "scalar"
const char * compiler();       // e.g. "GCC 12.2.0", "clang 14.0.6 (emscripten 3.1.6)"

} // namespace attn

#include "core/build_info.h"
#include "core/version.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten/version.h>
#endif

namespace attn {

const char * version() { return ATTN_VERSION; }

const char * build_kind() {
#if defined(__EMSCRIPTEN__)
    return "web";
#else
    return "native";
#endif
}

const char * simd_isa() {
#if !defined(ATTN_WITH_SIMD)
    return "scalar";
#elif defined(__wasm_simd128__)
    return "wasm simd128";
#elif defined(__SSE2__)
    return "SSE2";
#elif defined(__ARM_NEON)
    return "NEON";
#else
    return "scalar";
#endif
}

bool simd_compiled() { return simd_isa()[0] != 's'; }

#define ATTN_STR2(x) #x
#define ATTN_STR(x) ATTN_STR2(x)

const char * compiler() {
#if defined(__EMSCRIPTEN__)
    return "clang " __clang_version__ " (emscripten " ATTN_STR(__EMSCRIPTEN_major__) "." ATTN_STR(
        __EMSCRIPTEN_minor__) "." ATTN_STR(__EMSCRIPTEN_tiny__) ")";
#elif defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "GCC " __VERSION__;
#else
    return "unknown compiler";
#endif
}

} // namespace attn

#include "core/build_info.h"
#include "core/version.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

TEST(BuildInfo, VersionMatchesCMakeProject) {
    EXPECT_STREQ(attn::version(), ATTN_VERSION);
    EXPECT_NE(std::string(attn::version()).find('.'), std::string::npos);
}

TEST(BuildInfo, KindMatchesTarget) {
#if defined(__EMSCRIPTEN__)
    EXPECT_STREQ(attn::build_kind(), "web");
#else
    EXPECT_STREQ(attn::build_kind(), "native");
#endif
}

TEST(BuildInfo, SimdIsaMatchesCompilerFlags) {
#if defined(ATTN_WITH_SIMD) && defined(__wasm_simd128__)
    EXPECT_STREQ(attn::simd_isa(), "wasm simd128");
    EXPECT_TRUE(attn::simd_compiled());
#elif defined(ATTN_WITH_SIMD) && defined(__SSE2__)
    EXPECT_STREQ(attn::simd_isa(), "SSE2");
    EXPECT_TRUE(attn::simd_compiled());
#else
    EXPECT_FALSE(attn::simd_compiled());
#endif
#if defined(__EMSCRIPTEN__) && defined(ATTN_WITH_SIMD)
    // The web build must ship SIMD: the scalar fallback is ~4x slower.
    EXPECT_TRUE(attn::simd_compiled());
#endif
}

TEST(BuildInfo, CompilerIsNamed) { EXPECT_GT(std::strlen(attn::compiler()), 4u); }

#include "gpu_test_env.h"

#include "gpu/headless_context.h"

#include <cmath>
#include <cstdio>
#include <memory>

namespace attn {

GlBackend * gl_test_backend(std::string * why) {
    static std::unique_ptr<HeadlessGlContext> context;
    static std::unique_ptr<GlBackend> backend;
    static std::string failure;
    static bool tried = false;
    if (!tried) {
        tried = true;
        Status s = HeadlessGlContext::create(&context);
        if (s) s = GlBackend::create(&backend);
        if (s) std::printf("[gpu] context: %s\n", context->description().c_str());
        else failure = s.message;
    }
    *why = failure;
    return backend.get();
}

void GpuTest::SetUp() {
    std::string why;
    gl = gl_test_backend(&why);
    if (!gl) GTEST_SKIP() << "no GL context: " << why;
    m_fallbacks_before = gl->cpu_fallbacks();
}

double max_abs_diff(ConstView got, ConstView want) {
    EXPECT_EQ(got.numel(), want.numel());
    double m = 0.0;
    for (int64_t i = 0; i < want.numel(); i++) {
        const double d = std::fabs(double(got.data[i]) - double(want.data[i]));
        m = std::isnan(d) ? INFINITY : std::fmax(m, d);
        if (std::isnan(d)) break;
    }
    return m;
}

double MaxDiff::add(ConstView got, ConstView want) {
    const double d = max_abs_diff(got, want);
    m_max = std::fmax(m_max, d);
    return d;
}

MaxDiff::~MaxDiff() { std::printf("[gpu] %s: max |gl - reference| = %.3g\n", m_op.c_str(), m_max); }

} // namespace attn

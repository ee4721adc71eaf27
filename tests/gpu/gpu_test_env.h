// What every GL test needs: one headless context per test process and a GlBackend on it, made on
// first use. GpuTest skips (with EGL's reason) where no context can be made.
#pragma once
#include "core/tensor.h"
#include "gpu/gl_backend.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace attn {

// The process's backend, or null; *why says what failed.
GlBackend * gl_test_backend(std::string * why);

class GpuTest : public ::testing::Test {
protected:
    void SetUp() override;
    // Calls of this test that failed on the GPU and ran on the CPU (the backend outlives tests).
    int64_t new_fallbacks() const { return gl->cpu_fallbacks() - m_fallbacks_before; }
    GlBackend * gl = nullptr;
    std::unique_ptr<Backend> ref = make_backend(BackendKind::Reference);

private:
    int64_t m_fallbacks_before = 0;
};

// max |got - want| over all elements; NaN anywhere counts as infinity.
double max_abs_diff(ConstView got, ConstView want);

// Tracks the largest difference a test saw and prints it when the test ends (the numbers the
// README and the tests' comments quote).
class MaxDiff {
public:
    explicit MaxDiff(std::string op) : m_op(std::move(op)) {}
    ~MaxDiff();
    double add(ConstView got, ConstView want);  // returns this comparison's difference
private:
    std::string m_op;
    double m_max = 0.0;
};

} // namespace attn

// One table of op cases that every backend is checked against the scalar oracle with (ggml's
// test-backend-ops): random inputs from fixed seeds, odd sizes (1, 3, 7, 33, 65, 257) that exercise
// SIMD tails and the edges of register tiles, sizes around multiples of 4 (the GL packed layout's
// texels), every mask kind, activations far into their tails. The cases are in op_suite.cpp; each
// test binary instantiates them for the backends it can make:
//
//     INSTANTIATE_TEST_SUITE_P(Cpu, OpSuite, ::testing::Values(cpu_backend(BackendKind::Simd)), backend_name);
//
// attn_tests does Eigen and SIMD (natively and in wasm under node), attn_gpu_tests WebGL2.
#pragma once
#include "backend/backend.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace attn::testing {

struct BackendUnderTest {
    std::string name;
    // The backend, or null with *why set (no GL context here): the suite then skips.
    std::function<Backend *(std::string * why)> get;
    // Calls so far that the backend handed to the CPU although it supports the op (GL: a shader
    // failed); null for backends that never do. The suite fails when a case adds any.
    std::function<int64_t()> fallbacks;
};

BackendUnderTest cpu_backend(BackendKind kind);
std::string backend_name(const ::testing::TestParamInfo<BackendUnderTest> & info);

class OpSuite : public ::testing::TestWithParam<BackendUnderTest> {
protected:
    void SetUp() override;
    void TearDown() override;
    Backend * be = nullptr;
    std::unique_ptr<Backend> ref = make_backend(BackendKind::Reference);

private:
    int64_t m_fallbacks_before = 0;
};

} // namespace attn::testing

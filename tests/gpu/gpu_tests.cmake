# GL compute path tests (native only: EGL surfaceless + Mesa llvmpipe, no display). Included from
# tests/CMakeLists.txt when attn_gpu exists. Without a GL context every test skips with the reason.
add_executable(attn_gpu_tests
  gpu/gpu_test_env.cpp
  gpu/test_gpu_infra.cpp
  gpu/test_gpu_ops.cpp
  backend/op_suite.cpp  # the op table every backend shares, instantiated for WebGL2 in test_gpu_ops.cpp
  gpu/test_gpu_attention.cpp
  gpu/test_gpu_transformer.cpp
  gpu/test_gpu_timing.cpp
  gpu/test_gpu_packed.cpp
  gpu/test_gpu_pool.cpp
  ${CMAKE_SOURCE_DIR}/src/bench/gpu_workloads.cpp)  # the benchmark's GL workloads, checked against the CPU ones
target_link_libraries(attn_gpu_tests PRIVATE attn_bench attn_gpu GTest::gtest_main)
attn_test_code(attn_gpu_tests)
attn_precompile(attn_gpu_tests <gtest/gtest.h>)
# The Transformer parity tests read the shipped models and the golden files from the source tree.
target_compile_definitions(attn_gpu_tests PRIVATE ATTN_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
gtest_discover_tests(attn_gpu_tests TEST_PREFIX "native.gpu." DISCOVERY_TIMEOUT 60)

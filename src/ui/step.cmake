# The Q/K/V step-through: its view (attn_ui). The core computation, nn/attention_steps.cpp, is in
# attn_core's own list (src/CMakeLists.txt): this file is only read when the app is built, and
# attn_tests needs it without the app too (ATTN_BUILD_APP=OFF, as build/asan does).
target_sources(attn_ui PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/step_view.cpp)

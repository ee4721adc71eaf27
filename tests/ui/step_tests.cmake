# Tests of the Q/K/V step-through computation (attn_tests) and its view (attn_ui_tests).
target_sources(attn_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/nn/test_attention_steps.cpp)
# attn_ui_tests does not exist yet when this file is included; tests/CMakeLists.txt adds this
# source to it: target_sources(attn_ui_tests PRIVATE ${ATTN_STEP_UI_TEST})
set(ATTN_STEP_UI_TEST ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_step_view.cpp)

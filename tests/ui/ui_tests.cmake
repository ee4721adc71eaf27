# UI tests (native only): headless ImGui frames through the widgets and panels.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_widgets.cpp)
# The Compare panel: its runner on the shipped models, its data and the panel drawn headless.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_compare.cpp)
target_compile_definitions(attn_ui_tests PRIVATE ATTN_TEST_OUT_DIR="${CMAKE_BINARY_DIR}/test-output")

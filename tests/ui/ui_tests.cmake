# UI tests (native only): headless ImGui frames through the widgets and panels.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_widgets.cpp)

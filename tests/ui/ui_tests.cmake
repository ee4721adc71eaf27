# UI tests (native only): headless ImGui frames through the widgets and panels.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_widgets.cpp)
# Colour science against an independent library, the colour scales under colour-vision
# deficiencies, and the theme's text contrast.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_color_science.cpp)
# The screen-reader text of what the canvas shows.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_screen_reader.cpp)
target_compile_definitions(attn_ui_tests PRIVATE ATTN_FIXTURES_DIR="${CMAKE_SOURCE_DIR}/tests/fixtures")
# The Compare panel: its runner on the shipped models, its data and the panel drawn headless.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_compare.cpp)
target_compile_definitions(attn_ui_tests PRIVATE ATTN_TEST_OUT_DIR="${CMAKE_BINARY_DIR}/test-output")
# The Image panel: its runner on the shipped CNNs and gallery, bad uploads, and the panel drawn
# headless. stb_image_write (compiled into attn_io) makes the PNGs it uploads.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_image.cpp)
target_include_directories(attn_ui_tests SYSTEM PRIVATE /usr/include/stb)
# The compute-backend choice: timing aggregation, fallback rule, runner on each backend, JSON.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_backend_choice.cpp)
# The interface language: the catalogue compiled by the build, the pseudo-language, locales.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_i18n.cpp)
# The Train panel: its runner over AppState (buttons, saved runs, links) and the panel drawn headless.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_train_panel.cpp)
# The keyboard shortcuts, and a whole task done with the keyboard only.
target_sources(attn_ui_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ui/test_shortcuts.cpp)

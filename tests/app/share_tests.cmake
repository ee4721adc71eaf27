# Sharing and exporting: the URL-state parser and the attention exports, in attn_tests
# (native and wasm); and, natively, numpy reading what `attn translate --export-*` writes.
target_sources(attn_tests PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/app/test_url_state.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/test_attention_export.cpp)
if(NOT EMSCRIPTEN)
  add_test(NAME native.cli_export_npy_numpy
    COMMAND ${ATTN_PYTHON} ${CMAKE_SOURCE_DIR}/tests/cli/check_npy_export.py
            --cli $<TARGET_FILE:attn> --model ${CMAKE_SOURCE_DIR}/assets/models/en-de.safetensors
            --out ${CMAKE_BINARY_DIR}/test-output/export)
  add_test(NAME native.cli_export_npy_numpy_selftest
    COMMAND ${ATTN_PYTHON} ${CMAKE_SOURCE_DIR}/tests/cli/check_npy_export.py --selftest)
endif()

# Browser: the URL fragment, Copy link and the exports in the app page; the embedding example with
# its two iframes and the host-page API (tests/web/*.mjs, same server and Chromium as the others).
if(EMSCRIPTEN AND ATTN_BUILD_APP)
  attn_browser_test(url_state_and_export e2e_url_state.mjs 300)
  attn_browser_test(embed_example_and_host_api e2e_embed.mjs 400)
endif()

# Native UI tests: links applied to the app with the shipped models, embed mode drawn headless, the
# PNG export's colours. attn_ui_tests is defined after this file is included, so
# tests/CMakeLists.txt adds ATTN_SHARE_UI_TEST to it.
set(ATTN_SHARE_UI_TEST ${CMAKE_CURRENT_SOURCE_DIR}/app/test_share_ui.cpp)

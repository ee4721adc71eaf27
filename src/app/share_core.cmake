# Sharing and exporting, the parts without UI, in attn_core: the URL-state parser and
# formatter (also the URL fuzzer's target), percent-encoding, and the attention exports
# (JSON, .npy, .npz) used by the CLI, the native app and the web app.
target_sources(attn_core PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/core/percent_encoding.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/url_state.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/io/npy_write.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/io/zip_store.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/attention_export.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/export_files.cpp)

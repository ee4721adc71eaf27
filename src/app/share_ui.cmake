# Sharing and exporting, the app's parts in attn_ui: applying links to AppState, the
# Share menu and embed mode, the PNG view export (stb_image_write, the UI's colour scale).
target_sources(attn_ui PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/app/url_state_apply.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/attention_png.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/share_exports.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/share_files.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/share_ui.cpp)
target_include_directories(attn_ui SYSTEM PRIVATE /usr/include/stb)

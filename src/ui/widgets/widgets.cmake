# Attention-view widgets (heatmap, model-view thumbnails, line view, colour scale), linked into attn_ui.
target_sources(attn_ui PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/color_scale.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/heatmap.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/attention_thumbnail.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/attention_lines.cpp)

# Attention-view widgets (heatmap, model-view thumbnails, line view, colour scales) and the Compare
# panel's (token probabilities, vector strip, timing strip, line plot), linked into attn_ui.
target_sources(attn_ui PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/color_scale.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/heatmap.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/attention_thumbnail.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/attention_lines.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/token_probabilities.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/vector_strip.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/timing_strip.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/line_plot.cpp)

# The Compare panel (RNNencdec, RNNsearch, Transformer side by side): its runner, data and view,
# linked into attn_ui. Its widgets are listed in widgets/widgets.cmake.
target_sources(attn_ui PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/platform/fetch_file.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/bleu_recompute.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/compare_runner.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/state/compare_state.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/compare_data.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/panels/panel_compare.cpp)

# The Image panel (a picture through the plain ResNet and the ResNet with CBAM, side by side): its
# runner, gallery, data, widgets and panel, linked into attn_ui.
target_sources(attn_ui PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/platform/image_input.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/fashion_gallery.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/app/image_runner.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/state/image_state.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/pixel_texture.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/heat_scale.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/heat_overlay.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/class_bars.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/widgets/channel_bars.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/ui/panels/panel_image.cpp)

// Pictures on screen (the Image panel's stage previews, gallery and heat overlays): pixels
// uploaded into a GL texture once and drawn by ImGui's renderer like any other item. A texture is
// kept under an ImGui ID of the current window (ImGui::GetID) and uploaded again only when the
// caller's revision changes, so an idle frame costs no upload; each panel draws a fixed set, freed
// with the GL context. Without a renderer (the headless UI tests have no GL) nothing is
// uploaded and nullptr comes back: callers still lay the item out, so the layout is the same.
#pragma once
#include <imgui.h>

#include <cstdint>

namespace attn {

struct PixelsRef {
    const uint8_t * data = nullptr;  // row-major, top row first
    int width = 0, height = 0;
    int channels = 1;                // 1 grey, 3 RGB, 4 RGBA
};

// Nearest keeps pixels square (a 28 × 28 input shown 6× larger); Smooth interpolates bilinearly
// (a 7 × 7 Grad-CAM stretched over the input, as Grad-CAM is usually shown; a big photo shrunk).
enum class Sampling { Nearest, Smooth };

ImTextureID pixel_texture(ImGuiID key, uint64_t revision, const PixelsRef & pixels, Sampling sampling);

// After a lost WebGL context came back: every texture name kept so far died with the old context,
// so each picture gets a new texture (and its upload) the next time it is drawn.
void forget_pixel_textures();

} // namespace attn

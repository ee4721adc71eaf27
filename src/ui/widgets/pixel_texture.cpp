#include "ui/widgets/pixel_texture.h"

#include <GLES3/gl3.h>

#include <vector>

namespace attn {

namespace {

// The texture and the revision it holds live in the current window's ImGui storage, so they go
// with the ImGui context, which the app creates together with its GL context: a second app in the
// same process (the render tests) never meets a texture name of a GL context that is gone.
ImGuiID revision_key(ImGuiID key) { return key ^ 0x9E3779B9u; }
ImGuiID generation_key(ImGuiID key) { return key ^ 0x85EBCA6Bu; }

int g_generation = 0;  // GL contexts this process drew into: the names of earlier ones are dead

// WebGL2 and GLES3 sample RGBA8 everywhere; grey and RGB are widened here rather than relying on
// luminance formats and swizzles.
std::vector<uint8_t> to_rgba(const PixelsRef & p) {
    std::vector<uint8_t> rgba(size_t(p.width) * p.height * 4);
    for (size_t i = 0, n = size_t(p.width) * p.height; i < n; i++) {
        const uint8_t * src = p.data + i * size_t(p.channels);
        uint8_t * dst = rgba.data() + i * 4;
        dst[0] = src[0];
        dst[1] = p.channels >= 3 ? src[1] : src[0];
        dst[2] = p.channels >= 3 ? src[2] : src[0];
        dst[3] = p.channels == 4 ? src[3] : 255;
    }
    return rgba;
}

} // namespace

ImTextureID pixel_texture(ImGuiID key, uint64_t revision, const PixelsRef & pixels, Sampling sampling) {
    if (!ImGui::GetIO().BackendRendererName || !pixels.data || pixels.width <= 0 || pixels.height <= 0) return nullptr;
    ImGuiStorage * storage = ImGui::GetStateStorage();
    GLuint id = GLuint(storage->GetInt(key, 0));
    if (storage->GetInt(generation_key(key), g_generation) != g_generation) id = 0;  // from a lost context
    const int stamp = int(uint32_t(revision));  // ImGuiStorage holds ints; a revision wraps after 4 billion results
    if (id && storage->GetInt(revision_key(key), ~stamp) == stamp) return reinterpret_cast<ImTextureID>(intptr_t(id));
    if (!id) {
        glGenTextures(1, &id);
        storage->SetInt(key, int(id));
        storage->SetInt(generation_key(key), g_generation);
    }
    storage->SetInt(revision_key(key), stamp);
    const std::vector<uint8_t> rgba = to_rgba(pixels);
    const GLint filter = sampling == Sampling::Smooth ? GL_LINEAR : GL_NEAREST;
    glBindTexture(GL_TEXTURE_2D, id);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    // Clamped edges: a stretched map is interpolated between its own cells only, never wrapped.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, pixels.width, pixels.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    return reinterpret_cast<ImTextureID>(intptr_t(id));
}

void forget_pixel_textures() { g_generation++; }

} // namespace attn

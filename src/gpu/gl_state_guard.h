// Saves the GL state a dispatch touches and restores it on destruction. The ImGui renderer shares
// the context with the compute path, so a kernel run between two UI draws must leave behind
// exactly the bindings and switches it found.
//
// Guards nest: only the outermost saves and restores, inner ones cost nothing. Every kernel and
// readback holds one, so a lone call is always safe; a caller that chains many (a translation, a
// benchmark loop) holds one around the lot. In the browser each save/restore is about 40 WebGL
// calls through JavaScript, which cost more than a small draw itself.
#pragma once
#include "gpu/gl.h"

namespace attn {

class GlStateGuard {
public:
    static constexpr int kTextureUnits = 9;  // the most inputs any op shader samples (a gather of eight and a residual)

    GlStateGuard();
    ~GlStateGuard();
    GlStateGuard(const GlStateGuard &) = delete;
    GlStateGuard & operator=(const GlStateGuard &) = delete;

    static bool active() { return s_depth > 0; }  // inside some guard (tests)

private:
    static int s_depth;  // guards alive; GL contexts are used from one thread
    bool m_outermost = false;
    GLint m_draw_fbo = 0, m_read_fbo = 0, m_program = 0, m_vao = 0;
    GLint m_viewport[4] = {0, 0, 0, 0};
    GLint m_active_texture = GL_TEXTURE0;
    GLint m_textures[kTextureUnits] = {};
    GLint m_unpack_buffer = 0, m_pack_buffer = 0, m_unpack_alignment = 4;
    GLboolean m_blend = GL_FALSE, m_scissor = GL_FALSE, m_depth = GL_FALSE, m_stencil = GL_FALSE,
              m_cull = GL_FALSE;
};

} // namespace attn

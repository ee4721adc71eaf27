#include "gpu/gl_state_guard.h"

namespace attn {

int GlStateGuard::s_depth = 0;

GlStateGuard::GlStateGuard() {
    m_outermost = s_depth++ == 0;
    if (!m_outermost) return;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &m_draw_fbo);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &m_read_fbo);
    glGetIntegerv(GL_CURRENT_PROGRAM, &m_program);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &m_vao);
    glGetIntegerv(GL_VIEWPORT, m_viewport);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &m_active_texture);
    for (int i = 0; i < kTextureUnits; i++) {
        glActiveTexture(GL_TEXTURE0 + i);
        glGetIntegerv(GL_TEXTURE_BINDING_2D, &m_textures[i]);
    }
    glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &m_unpack_buffer);
    glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &m_pack_buffer);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &m_unpack_alignment);
    // The pack alignment is left as found: every readback here is RGBA float, 16 bytes a texel,
    // so its rows are whole multiples of any alignment GL allows (1, 2, 4, 8). Asking for it would
    // cost a synchronous round trip to Chromium's GPU process (0.12 ms; the unpack alignment is
    // answered without one), a third of a small benchmark call's fixed cost.
    m_blend = glIsEnabled(GL_BLEND);
    m_scissor = glIsEnabled(GL_SCISSOR_TEST);
    m_depth = glIsEnabled(GL_DEPTH_TEST);
    m_stencil = glIsEnabled(GL_STENCIL_TEST);
    m_cull = glIsEnabled(GL_CULL_FACE);
    // What every dispatch needs: no pixel buffers (uploads and readbacks use client memory),
    // tightly packed uploads (an R32F row of odd width is not 8-aligned), and every fragment
    // written as computed.
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glDisable(GL_CULL_FACE);
}

static void set_enabled(GLenum cap, GLboolean on) { on ? glEnable(cap) : glDisable(cap); }

GlStateGuard::~GlStateGuard() {
    s_depth--;
    if (!m_outermost) return;
    set_enabled(GL_BLEND, m_blend);
    set_enabled(GL_SCISSOR_TEST, m_scissor);
    set_enabled(GL_DEPTH_TEST, m_depth);
    set_enabled(GL_STENCIL_TEST, m_stencil);
    set_enabled(GL_CULL_FACE, m_cull);
    glPixelStorei(GL_UNPACK_ALIGNMENT, m_unpack_alignment);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, GLuint(m_pack_buffer));
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, GLuint(m_unpack_buffer));
    for (int i = 0; i < kTextureUnits; i++) {
        glActiveTexture(GL_TEXTURE0 + i);
        glBindTexture(GL_TEXTURE_2D, GLuint(m_textures[i]));
    }
    glActiveTexture(GLenum(m_active_texture));
    glViewport(m_viewport[0], m_viewport[1], m_viewport[2], m_viewport[3]);
    glBindVertexArray(GLuint(m_vao));
    glUseProgram(GLuint(m_program));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(m_read_fbo));
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(m_draw_fbo));
}

} // namespace attn

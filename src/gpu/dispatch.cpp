#include "gpu/dispatch.h"

#include "core/check.h"

namespace attn {

Dispatch::Dispatch(GpuKernels & kernels, const std::string & op) : m_kernels(kernels) {
    m_status = kernels.m_programs.get(op, &m_program);
    if (m_status) glUseProgram(m_program);
}

void Dispatch::input(const char * uniform, const GpuTensor & t, TexelLayout layout) {
    ATTN_ASSERT(t.layout() == layout, "Dispatch: input %s has the wrong texel layout", uniform);
    input_texture(uniform, t.texture());
}

void Dispatch::input_texture(const char * uniform, GLuint texture) {
    ATTN_ASSERT(m_units < GlStateGuard::kTextureUnits, "Dispatch: more inputs than saved texture units");
    if (!m_status) return;
    glActiveTexture(GL_TEXTURE0 + m_units);
    glBindTexture(GL_TEXTURE_2D, texture);
    glUniform1i(glGetUniformLocation(m_program, uniform), m_units);
    m_inputs[m_units++] = texture;
}

void Dispatch::set(const char * uniform, int v) {
    if (m_status) glUniform1i(glGetUniformLocation(m_program, uniform), v);
}

void Dispatch::set(const char * uniform, float v) {
    if (m_status) glUniform1f(glGetUniformLocation(m_program, uniform), v);
}

Status Dispatch::draw(GpuTensor & out, TexelLayout layout) {
    ATTN_ASSERT(out.layout() == layout, "Dispatch: the output has the wrong texel layout");
    if (!m_status) return m_status;
    for (int i = 0; i < m_units; i++)
        ATTN_ASSERT(m_inputs[i] != out.texture(), "Dispatch: the output is also an input (feedback loop)");
    clear_gl_errors();
    glBindFramebuffer(GL_FRAMEBUFFER, m_kernels.m_fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, out.texture(), 0);
    const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
    if (complete) {
        glViewport(0, 0, GLsizei(out.texture_width()), GLsizei(out.rows()));
        glBindVertexArray(m_kernels.m_vao);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    // Detach, so the texture is not left bound for rendering once the caller samples it.
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    if (!complete) return Status::error("cannot render into a float texture for " + out.shape().str());
    const GLenum err = glGetError();
    if (err != GL_NO_ERROR) return Status::error("GL error " + std::to_string(err) + " in a draw");
    return Status::success();
}

} // namespace attn

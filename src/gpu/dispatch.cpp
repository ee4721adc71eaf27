#include "gpu/dispatch.h"

#include "core/check.h"
#include "core/clock.h"

#include <algorithm>

namespace attn {

Dispatch::Dispatch(GpuKernels & kernels, const std::string & op, const char * define) : m_kernels(kernels), m_op(op) {
    m_status = kernels.m_programs.get(op, &m_program, define);
    if (m_status) glUseProgram(m_program->id());
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
    m_program->set(uniform, m_units);
    m_inputs[m_units++] = texture;
}

void Dispatch::set(const char * uniform, int v) {
    if (m_status) m_program->set(uniform, v);
}

void Dispatch::set(const char * uniform, float v) {
    if (m_status) m_program->set(uniform, v);
}

// Blocks until the GL has executed everything queued (timing mode only). glFinish alone is not
// enough in the browser: Chromium implements WebGL's finish() as a flush, so the wait moved to the
// next synchronous call. A one-texel readback of the bound (float) framebuffer waits everywhere.
static void wait_for_gpu() {
    glFinish();
    float texel[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, texel);
}


// The median of a few waits with nothing queued: what the timing itself adds to each draw. Taken
// with the draw's (complete) framebuffer bound, as the waits around draws are.
static double measure_empty_wait_ms() {
    double ms[5];
    for (double & m : ms) {
        const double t0 = now_ms();
        wait_for_gpu();
        m = ms_since(t0);
    }
    std::sort(ms, ms + 5);
    return ms[2];
}

void Dispatch::check_output(const GpuTensor & out, TexelLayout layout) const {
    ATTN_ASSERT(out.layout() == layout, "Dispatch: an output has the wrong texel layout");
    for (int i = 0; i < m_units; i++)
        ATTN_ASSERT(m_inputs[i] != out.texture(), "Dispatch: an output is also an input (feedback loop)");
}

Status Dispatch::draw(GpuTensor & out, TexelLayout layout) {
    check_output(out, layout);
    if (!m_status) return m_status;
    // An output with a framebuffer of its own (gpu_tensor.h) is drawn there; otherwise it is
    // attached to the kernels' shared framebuffer for this draw only, and detached after, so none
    // stays attached for rendering once the caller samples it.
    if (out.framebuffer()) return render(out.framebuffer(), out);
    glBindFramebuffer(GL_FRAMEBUFFER, m_kernels.m_fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, out.texture(), 0);
    const Status s = render(m_kernels.m_fbo, out);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
    return s;
}

Status Dispatch::draw_set(GpuTargetSet & set, TexelLayout layout) {
    for (int t = 0; t < set.count(); t++) check_output(set[t], layout);
    if (!m_status) return m_status;
    return render(set.framebuffer(), set[0]);
}

// No glGetError or glCheckFramebufferStatus per draw: in the browser each is a synchronous
// round trip to the GPU process, and three per draw were most of a WebGL2 translation's time
// (the timing table's "other"; 1,100 draws). GpuKernels::create probed that float targets
// render; a GL error shows at the next readback (GpuTensor::read) and at the end of a run.
Status Dispatch::render(GLuint framebuffer, const GpuTensor & size_of) {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glViewport(0, 0, GLsizei(size_of.texture_width()), GLsizei(size_of.rows()));
    glBindVertexArray(m_kernels.m_vao);
    OpTimer * timer = m_kernels.m_timer;
    // GL calls only queue work: finishing what came before, then this draw, is what makes the
    // wall time this draw's own (less the wait's own cost).
    double waited_ms = 0;
    if (timer) {
        const double t = now_ms();
        wait_for_gpu();
        if (m_kernels.m_empty_wait_ms < 0) m_kernels.m_empty_wait_ms = measure_empty_wait_ms();
        waited_ms = ms_since(t);
    }
    const double t0 = now_ms();
    glDrawArrays(GL_TRIANGLES, 0, 3);
    if (timer) {
        wait_for_gpu();
        const double ms = ms_since(t0), wait = std::min(ms, m_kernels.m_empty_wait_ms);
        timer->add(m_op, ms - wait);
        m_kernels.m_timing_waits_ms += waited_ms + wait;
    }
    return Status::success();
}

} // namespace attn

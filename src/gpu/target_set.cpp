#include "gpu/target_set.h"

#include "core/check.h"
#include "gpu/gl_state_guard.h"

#include <algorithm>

namespace attn {

GpuTargetSet::~GpuTargetSet() {
    if (m_framebuffer) glDeleteFramebuffers(1, &m_framebuffer);
    if (m_pack_buffer) glDeleteBuffers(1, &m_pack_buffer);
}

Status GpuTargetSet::create(const Shape & shape, int count, TexelLayout layout, GpuTargetSet * out) {
    ATTN_ASSERT(count >= 1 && count <= kMax && out->m_count == 0, "GpuTargetSet: %d targets", count);
    for (int r = 0; r < count; r++) {
        const Status s = GpuTensor::create(shape, &out->m_targets[r], layout);
        if (!s) return s;
    }
    GlStateGuard guard;  // the framebuffer binding below is the caller's no longer
    GLenum buffers[kMax];
    glGenFramebuffers(1, &out->m_framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, out->m_framebuffer);
    for (int r = 0; r < count; r++) {
        buffers[r] = GLenum(GL_COLOR_ATTACHMENT0 + r);
        glFramebufferTexture2D(GL_FRAMEBUFFER, buffers[r], GL_TEXTURE_2D, out->m_targets[r].texture(), 0);
    }
    glDrawBuffers(count, buffers);  // framebuffer state: set once, here
    out->m_count = count;
    return Status::success();
}

Status GpuTargetSet::read_interleaved(TensorView dst, GpuTensor::GlErrors errors) {
    const GpuTensor & first = m_targets[0];
    const int64_t w = first.texture_width(), h = first.rows(), N = dst.shape.last(), M = dst.numel() / N;
    ATTN_ASSERT(first.layout() == TexelLayout::Rgba4 && M <= h * m_count && N <= 4 * w,
                "GpuTargetSet::read_interleaved: %d targets %s into %s", m_count, first.shape().str().c_str(),
                dst.shape.str().c_str());
    const int64_t target_floats = w * h * 4;
    GlStateGuard guard;  // unbinds the caller's pack buffer; the framebuffer binding is the caller's
    if (!m_pack_buffer) {
        glGenBuffers(1, &m_pack_buffer);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, m_pack_buffer);
        glBufferData(GL_PIXEL_PACK_BUFFER, GLsizeiptr(m_count * target_floats * 4), nullptr, GL_STREAM_READ);
    }
    // Only the targets that hold rows of dst: readPixels into a bound pack buffer queues a copy on
    // the GPU and returns, so the one wait is read_pack_buffer's. Each target is read through a
    // framebuffer of its own rather than the set's with glReadBuffer switched between them.
    const int used = int(std::min<int64_t>(m_count, M));
    for (int r = 0; r < used; r++) m_targets[r].own_framebuffer();
    glBindBuffer(GL_PIXEL_PACK_BUFFER, m_pack_buffer);
    for (int r = 0; r < used; r++) {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, m_targets[r].framebuffer());
        glReadPixels(0, 0, GLsizei(w), GLsizei(h), GL_RGBA, GL_FLOAT, reinterpret_cast<void *>(r * target_floats * 4));
    }
    m_staged.resize(size_t(used * target_floats));
    Status s = read_pack_buffer(int64_t(m_staged.size() * sizeof(float)), m_staged.data());
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    if (s && errors == GpuTensor::GlErrors::Poll) s = gl_errors("reading a product's targets back");
    if (!s) return s;
    for (int64_t m = 0; m < M; m++) {
        const float * row = m_staged.data() + (m % m_count) * target_floats + (m / m_count) * w * 4;
        std::copy(row, row + N, dst.data + m * N);
    }
    return Status::success();
}

} // namespace attn

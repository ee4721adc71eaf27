#include "gpu/target_set.h"

#include "core/check.h"
#include "gpu/gl_state_guard.h"

namespace attn {

GpuTargetSet::~GpuTargetSet() {
    if (m_framebuffer) glDeleteFramebuffers(1, &m_framebuffer);
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

} // namespace attn

#include "gpu/gpu_tensor.h"

#include "core/check.h"
#include "gpu/gl_state_guard.h"
#include "gpu/texture_pool.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace attn {

Status check_texture_size(int64_t width, int64_t height, const char * what) {
    GLint max_size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
    if (width >= 1 && height >= 1 && width <= max_size && height <= max_size) return Status::success();
    return Status::error(std::string(what) + " needs a " + std::to_string(width) + "x" + std::to_string(height) +
                         " texture; this GL allows 1.." + std::to_string(max_size) + " texels per side");
}

void GpuTensor::release() {
    if (const std::shared_ptr<TexturePool> pool = m_pool.lock(); pool && m_texture) {
        pool->give_back({m_layout, texture_width(), rows(), m_texture, m_framebuffer});
    } else {
        if (m_framebuffer) glDeleteFramebuffers(1, &m_framebuffer);
        if (m_texture) glDeleteTextures(1, &m_texture);
    }
    m_framebuffer = m_texture = 0;
    m_pool.reset();
}

GpuTensor::~GpuTensor() { release(); }

GpuTensor::GpuTensor(GpuTensor && o) noexcept
    : m_shape(o.m_shape), m_layout(o.m_layout), m_texture(std::exchange(o.m_texture, 0)),
      m_framebuffer(std::exchange(o.m_framebuffer, 0)), m_pool(std::move(o.m_pool)) {}

GpuTensor & GpuTensor::operator=(GpuTensor && o) noexcept {
    if (this != &o) {
        release();
        m_shape = o.m_shape;
        m_layout = o.m_layout;
        m_texture = std::exchange(o.m_texture, 0);
        m_framebuffer = std::exchange(o.m_framebuffer, 0);
        m_pool = std::move(o.m_pool);
    }
    return *this;
}

void GpuTensor::own_framebuffer() {
    if (m_framebuffer || !m_texture) return;
    glGenFramebuffers(1, &m_framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, m_framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, m_texture, 0);
}

// Allocates t's texture for its shape and layout and, when `values` is not null, fills it.
static Status make_texture(const float * values, GpuTensor * t, GLuint * texture) {
    const int64_t w = t->texture_width(), h = t->rows(), C = t->cols();
    const Status fits = check_texture_size(w, h, ("tensor " + t->shape().str()).c_str());
    if (!fits) return fits;
    const bool rgba = t->layout() == TexelLayout::Rgba4;
    std::vector<float> padded;  // Rgba4: rows of w·4 floats, zero past C
    if (rgba && values) {
        padded.assign(size_t(w * 4 * h), 0.0f);
        for (int64_t r = 0; r < h; r++) std::copy(values + r * C, values + (r + 1) * C, padded.begin() + r * w * 4);
        values = padded.data();
    }
    GlStateGuard guard;
    const bool check = !DeferredAllocationChecks::active();
    if (check) clear_gl_errors();
    glGenTextures(1, texture);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, *texture);
    // NEAREST, no mipmaps: shaders read exact texels with texelFetch, and a float texture with a
    // mipmapping filter would be incomplete.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, rgba ? GL_RGBA32F : GL_R32F, GLsizei(w), GLsizei(h), 0, rgba ? GL_RGBA : GL_RED,
                 GL_FLOAT, values);
    const GLenum err = check ? glGetError() : GLenum(GL_NO_ERROR);
    if (err != GL_NO_ERROR) {
        glDeleteTextures(1, texture);
        *texture = 0;
        return Status::error("allocating a float texture for " + t->shape().str() + " failed (GL error " +
                             std::to_string(err) + ")");
    }
    return Status::success();
}

Status GpuTensor::create(Shape shape, GpuTensor * out, TexelLayout layout) {
    GpuTensor t;
    t.m_shape = shape;
    t.m_layout = layout;
    const Status s = make_texture(nullptr, &t, &t.m_texture);
    if (!s) return s;
    *out = std::move(t);
    return Status::success();
}

Status GpuTensor::upload(ConstView v, GpuTensor * out, TexelLayout layout) {
    GpuTensor t;
    t.m_shape = v.shape;
    t.m_layout = layout;
    const Status s = make_texture(v.data, &t, &t.m_texture);
    if (!s) return s;
    *out = std::move(t);
    return Status::success();
}

void GpuTensor::reshape(Shape shape) {
    ATTN_ASSERT(shape.rows() == rows() && shape.last() == cols(), "GpuTensor::reshape: %s to %s", m_shape.str().c_str(),
                shape.str().c_str());
    m_shape = shape;
}

Status GpuTensor::read(TensorView dst, GlErrors errors) const {
    ATTN_ASSERT(dst.numel() == m_shape.numel(), "GpuTensor::read: %s into %s", m_shape.str().c_str(),
                dst.shape.str().c_str());
    GlStateGuard guard;
    GLuint fbo = m_framebuffer;
    if (!fbo) {
        glGenFramebuffers(1, &fbo);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, m_texture, 0);
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    // No glCheckFramebufferStatus (a synchronous round trip in the browser, as in dispatch.cpp):
    // GpuKernels::create probed float targets; an unreadable texture shows as the GL error below.
    // RGBA/FLOAT is the one readback format GLES guarantees for float color buffers (R32F alone
    // may not be accepted): Scalar keeps red, Rgba4 unpacks all four.
    const int64_t w = texture_width(), h = rows(), C = cols();
    // Rgba4 rows with no padding lanes are already the tensor's layout: read straight into it.
    const bool direct = m_layout == TexelLayout::Rgba4 && C == w * 4;
    std::vector<float> rgba(direct ? 0 : size_t(w * h * 4));
    glReadPixels(0, 0, GLsizei(w), GLsizei(h), GL_RGBA, GL_FLOAT, direct ? dst.data : rgba.data());
    if (fbo != m_framebuffer) glDeleteFramebuffers(1, &fbo);
    // Draws do not poll for errors either: one that failed since the last check shows here.
    if (errors == GlErrors::Poll)
        if (Status s = gl_errors("reading a float texture back, or a GL call before it"); !s) return s;
    if (direct) return Status::success();
    const int64_t step = m_layout == TexelLayout::Rgba4 ? 1 : 4;  // floats per element in a row
    for (int64_t r = 0; r < h; r++)
        for (int64_t c = 0; c < C; c++) dst.data[r * C + c] = rgba[size_t((r * w * 4) + c * step)];
    return Status::success();
}

} // namespace attn

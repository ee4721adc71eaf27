#include "gpu/texture_pool.h"

#include "gpu/gl_state_guard.h"

namespace attn {

void TexturePool::destroy(const Idle & t) {
    glDeleteFramebuffers(1, &t.framebuffer);
    glDeleteTextures(1, &t.texture);
}

TexturePool::~TexturePool() {
    for (const Idle & t : m_idle) destroy(t);
}

Status TexturePool::create(Shape shape, GpuTensor * out, TexelLayout layout) {
    GpuTensor t;
    t.m_shape = shape;
    t.m_layout = layout;
    const int64_t w = t.texture_width(), h = t.rows();
    for (auto it = m_idle.begin(); it != m_idle.end(); ++it) {
        if (it->layout != layout || it->width != w || it->height != h) continue;
        t.m_texture = it->texture;
        t.m_framebuffer = it->framebuffer;
        m_idle.erase(it);
        t.m_pool = weak_from_this();
        m_reused++;
        *out = std::move(t);
        return Status::success();
    }
    Status s = GpuTensor::create(shape, &t, layout);
    if (!s) return s;
    {
        const GlStateGuard guard;  // own_framebuffer binds it
        t.own_framebuffer();
    }
    t.m_pool = weak_from_this();
    m_made++;
    *out = std::move(t);
    return Status::success();
}

void TexturePool::give_back(const Idle & t) {
    m_idle.push_back(t);
    if (m_idle.size() > kMaxIdle) {
        destroy(m_idle.front());
        m_idle.pop_front();
    }
}

} // namespace attn

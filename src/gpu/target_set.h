// Several same-shaped render targets with one framebuffer that has them all attached
// (COLOR_ATTACHMENT0 .. count-1, draw buffers set), for the draws that write several rows per
// fragment (Dispatch::draw_set). Binding it is one call; attaching eight textures to a shared
// framebuffer and detaching them again around every draw was 18 calls, and ANGLE rebuilds its
// render pass for every attachment change.
#pragma once
#include "core/status.h"
#include "gpu/gpu_tensor.h"

namespace attn {

class GpuTargetSet {
public:
    static constexpr int kMax = 8;  // GL_MAX_DRAW_BUFFERS on SwiftShader and llvmpipe

    GpuTargetSet() = default;
    ~GpuTargetSet();
    GpuTargetSet(const GpuTargetSet &) = delete;
    GpuTargetSet & operator=(const GpuTargetSet &) = delete;

    // `count` (1..kMax) uninitialised textures of `shape` and their framebuffer.
    static Status create(const Shape & shape, int count, TexelLayout layout, GpuTargetSet * out);

    int count() const { return m_count; }
    GpuTensor & operator[](int r) { return m_targets[r]; }
    const GpuTensor & operator[](int r) const { return m_targets[r]; }
    GLuint framebuffer() const { return m_framebuffer; }

private:
    GpuTensor m_targets[kMax];
    int m_count = 0;
    GLuint m_framebuffer = 0;
};

} // namespace attn

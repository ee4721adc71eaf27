// Several same-shaped render targets with one framebuffer that has them all attached
// (COLOR_ATTACHMENT0 .. count-1, draw buffers set), for the draws that write several rows per
// fragment (Dispatch::draw_set). Binding it is one call; attaching eight textures to a shared
// framebuffer and detaching them again around every draw was 18 calls, and ANGLE rebuilds its
// render pass for every attachment change.
#pragma once
#include "core/status.h"
#include "gpu/gpu_tensor.h"

#include <vector>

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

    // dst(M, N) from targets that hold its rows interleaved, row m in target m % count at texel
    // row m / count (what the several-rows product draws write), without the gather draw that
    // would put them in order on the GPU: each target is read into one pixel-pack buffer, which
    // is copied out once (one wait for the GPU, as a single readback), and the rows are put in
    // order here. M ≤ count × the targets' rows, N ≤ 4 × their texels per row.
    Status read_interleaved(TensorView dst, GpuTensor::GlErrors errors = GpuTensor::GlErrors::Poll);

private:
    GpuTensor m_targets[kMax];
    int m_count = 0;
    GLuint m_framebuffer = 0;
    GLuint m_pack_buffer = 0;    // made by the first read_interleaved, sized for all targets
    std::vector<float> m_staged;  // the pack buffer's copy on the CPU
};

} // namespace attn

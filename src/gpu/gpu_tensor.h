// A float32 tensor resident on the GPU: a texture plus its logical shape. A tensor of shape
// (..., C) has rows = numel / C texel rows, in one of two layouts:
//   Scalar  R32F, C texels wide: element (r, c) is texel (c, r) (shaders/common.glsl)
//   Rgba4   RGBA32F, ceil(C / 4) texels wide: texel (q, r) holds elements (r, 4q .. 4q + 3), zero
//           past C. A fetch then brings four values: the packed products run 5-8x faster.
// Kernels (kernels.h) read and write GpuTensors, so a whole pass can chain
// them without leaving the GPU; data crosses to the CPU only in upload() and read().
#pragma once
#include "core/status.h"
#include "core/tensor.h"
#include "gpu/gl.h"

#include <memory>

namespace attn {

class TexturePool;

enum class TexelLayout { Scalar, Rgba4 };

class GpuTensor {
public:
    GpuTensor() = default;
    ~GpuTensor();
    GpuTensor(GpuTensor && o) noexcept;
    GpuTensor & operator=(GpuTensor && o) noexcept;
    GpuTensor(const GpuTensor &) = delete;
    GpuTensor & operator=(const GpuTensor &) = delete;

    // An uninitialised texture for `shape`. Fails, allocating nothing, when either side of the
    // texture would exceed GL_MAX_TEXTURE_SIZE, or when GL runs out of memory; the message says
    // which, so the caller can fall back to the CPU. Inside a DeferredAllocationChecks scope (gl.h)
    // running out of memory is reported by the next polling read() instead.
    static Status create(Shape shape, GpuTensor * out, TexelLayout layout = TexelLayout::Scalar);
    // create() and fill with the values of `v`.
    static Status upload(ConstView v, GpuTensor * out, TexelLayout layout = TexelLayout::Scalar);
    // Copies the texture into `dst` (same numel). Blocks until the GPU has finished writing it.
    // Then, with GlErrors::Poll, asks the GL whether this or any call since the last check
    // failed. In the browser that question is a second round trip to the GPU process, about as
    // long as a small readback: a loop of reads (the benchmark) skips it and polls once after
    // the loop (gl_errors() in gl.h).
    enum class GlErrors { Poll, Skip };
    Status read(TensorView dst, GlErrors errors = GlErrors::Poll) const;

    const Shape & shape() const { return m_shape; }
    int64_t rows() const { return m_shape.rows(); }
    int64_t cols() const { return m_shape.last(); }
    TexelLayout layout() const { return m_layout; }
    // The same texture seen as `shape`, of the same rows and columns: no texel moves.
    void reshape(Shape shape);
    int64_t texture_width() const { return m_layout == TexelLayout::Rgba4 ? (cols() + 3) / 4 : cols(); }
    GLuint texture() const { return m_texture; }
    bool empty() const { return m_texture == 0; }
    // Gives the tensor a framebuffer of its own, with its texture as the one colour attachment
    // (binds it), kept until the tensor goes: drawing into it and reading it back then change no
    // attachments. In Chromium (ANGLE) that made a small draw plus its readback ~10% faster, but
    // making and deleting a framebuffer costs more than attaching a texture to a shared one: a
    // WebGL2 translation, whose intermediates are fresh textures written once, took about 20%
    // longer with one each. So: for tensors rendered many times (scratch textures, a benchmark's
    // outputs).
    void own_framebuffer();
    GLuint framebuffer() const { return m_framebuffer; }  // 0 unless own_framebuffer() was called

private:
    friend class TexturePool;
    void release();  // deletes the texture and framebuffer, or gives them back to their pool
    Shape m_shape;
    TexelLayout m_layout = TexelLayout::Scalar;
    GLuint m_texture = 0;
    GLuint m_framebuffer = 0;
    std::weak_ptr<TexturePool> m_pool;  // set when a TexturePool made the tensor (texture_pool.h)
};

// Checks that a (width, height) texture fits this context's GL_MAX_TEXTURE_SIZE. `what` names the
// tensor in the message.
Status check_texture_size(int64_t width, int64_t height, const char * what);

} // namespace attn

// Textures for tensors that are made and dropped many times per pass. A decoding step makes about
// sixty intermediates and drops them again; each fresh texture costs the GPU process an
// allocation and each draw into it an attachment change (Chromium/SwiftShader: 0.06-0.11 ms per
// product call, timed call by call in one page). A tensor made by a pool gives its texture back
// when it goes, with a framebuffer of its own attached, and the next tensor of the same texture
// size and layout takes it: after the first step of a translation nothing is allocated but the
// growing key/value caches.
//
// Textures come back with whatever they last held, as GpuTensor::create's are uninitialised:
// every kernel writes all of its output, padding lanes included.
//
// Held by a shared_ptr; tensors keep a weak_ptr, so a tensor that outlives its pool deletes its
// texture itself. The pool and its tensors belong to the GL context current when they were made.
#pragma once
#include "core/status.h"
#include "core/tensor.h"
#include "gpu/gpu_tensor.h"

#include <cstdint>
#include <list>
#include <memory>

namespace attn {

class TexturePool : public std::enable_shared_from_this<TexturePool> {
public:
    static constexpr size_t kMaxIdle = 128;  // idle textures kept; beyond, the longest idle is deleted

    ~TexturePool();  // deletes the idle textures
    // GpuTensor::create from an idle texture of the same size and layout when there is one.
    Status create(Shape shape, GpuTensor * out, TexelLayout layout);

    size_t idle() const { return m_idle.size(); }
    int64_t made() const { return m_made; }      // textures allocated since the pool was made
    int64_t reused() const { return m_reused; }  // tensors served from an idle texture

private:
    friend class GpuTensor;
    struct Idle {
        TexelLayout layout;
        int64_t width, height;
        GLuint texture, framebuffer;
    };
    void give_back(const Idle & t);  // called by GpuTensor::release
    static void destroy(const Idle & t);
    std::list<Idle> m_idle;          // longest idle first
    int64_t m_made = 0, m_reused = 0;
};

} // namespace attn

// The ops of the op contract (src/backend/backend.h) on GPU-resident tensors: each kernel is one
// or more fragment-shader draws from shaders/ into a caller-allocated output texture, with GL
// state saved and restored around it (gl_state_guard.h). Nothing is read back, so a whole pass
// can chain kernels; GpuTensor::read() brings a result to the CPU when asked.
//
// Tensors are in the Scalar layout unless a kernel says otherwise (gpu_tensor.h). Shapes are the
// contract's; a mismatch is a programming error (ATTN_ASSERT). An output must be a different
// tensor from every input (a texture cannot be sampled while it is rendered to), so the
// contract's in-place element-wise calls need a second texture here. A Status error means
// the GL failed (a limit, a compile log, lost memory): callers can fall back to the CPU.
//
// Needs a current OpenGL ES 3.0 / WebGL2 context with float render targets (EXT_color_buffer_float
// on WebGL2; core in GLES 3.2); creating the context is the caller's business (headless_context.h
// for tests and the CLI, the app's SDL window on the web).
#pragma once
#include "backend/backend.h"
#include "core/status.h"
#include "gpu/gpu_tensor.h"
#include "gpu/program_cache.h"

#include <cstdint>
#include <memory>

namespace attn {

// Mask (backend.h) with its values resident on the GPU.
struct GpuMask {
    Mask::Kind kind = Mask::Kind::None;
    const GpuTensor * values = nullptr;  // Columns: (C) or (B, C); Full: (R, C); else unused
};

class GpuKernels {
public:
    // Checks the current context (GLES 3 / WebGL2, float render targets) and makes the objects
    // every dispatch shares; the Status says what is missing.
    static Status create(std::unique_ptr<GpuKernels> * out);
    ~GpuKernels();
    GpuKernels(const GpuKernels &) = delete;
    GpuKernels & operator=(const GpuKernels &) = delete;

    // y(N, M) = x(N, K) · w(M, K)ᵀ + b(M); b may be null. Scalar layout, like every other kernel.
    Status linear(const GpuTensor & x, const GpuTensor & w, const GpuTensor * b, GpuTensor & y);
    // The same with every tensor in the Rgba4 layout (gpu_tensor.h): about 5x faster.
    Status linear_rgba(const GpuTensor & x, const GpuTensor & w, const GpuTensor * b, GpuTensor & y);
    // c(Bt, M, N) = a(Bt, M, K) · b(Bt or 1, K, N), or b(Bt or 1, N, K)ᵀ.
    Status matmul(const GpuTensor & a, const GpuTensor & b, bool trans_b, GpuTensor & c);
    // The same with every tensor in the Rgba4 layout: 5-8x faster on llvmpipe.
    Status matmul_rgba(const GpuTensor & a, const GpuTensor & b, bool trans_b, GpuTensor & c);
    // y = a + b, b of a's numel or b(C) broadcast over a's rows.
    Status add(const GpuTensor & a, const GpuTensor & b, GpuTensor & y);
    Status mul(const GpuTensor & a, const GpuTensor & b, GpuTensor & y);  // y = a · b, broadcast as add
    Status relu(const GpuTensor & x, GpuTensor & y);
    Status gelu(const GpuTensor & x, GpuTensor & y);  // exact erf form, |error| < 1e-6 (shaders/gelu.glsl)
    Status tanh(const GpuTensor & x, GpuTensor & y);
    Status sigmoid(const GpuTensor & x, GpuTensor & y);  // 1 / (1 + e^-x)
    // y(Ra + Rb, C) = a(Ra, C) rows, then b(Rb, C) rows: how the decoder's KV cache grows a step.
    Status concat_rows(const GpuTensor & a, const GpuTensor & b, GpuTensor & y);
    // y(..., R, C) = softmax over C of (x · scale + mask); Columns values are (C).
    Status softmax_rows(const GpuTensor & x, float scale, const GpuMask & mask, GpuTensor & y);
    // y(N, D) = (x - mean) / sqrt(var + eps) · gamma(D) + beta(D)
    Status layer_norm(const GpuTensor & x, const GpuTensor & gamma, const GpuTensor & beta, float eps, GpuTensor & y);
    // y(T, D) = table(V, D)[ids[t]]; ids come from the CPU (tokens), each in [0, V).
    Status embedding(const GpuTensor & table, const int32_t * ids, int64_t T, GpuTensor & y);
    // q(B, Tq, H·dh), k, v(B, Tk, H·dh) -> probs(B, H, Tq, Tk), out(B, Tq, H·dh): three draws
    // (scores with mask, softmax_rows, probs · v), probs stays on the GPU for the UI to read.
    Status attention(const GpuTensor & q, const GpuTensor & k, const GpuTensor & v, int heads, float scale,
                     const GpuMask & mask, GpuTensor & probs, GpuTensor & out);

    const ProgramCache & programs() const { return m_programs; }

private:
    friend class Dispatch;
    GpuKernels() = default;
    ProgramCache m_programs;
    GLuint m_vao = 0;  // empty: the vertex stage needs no attributes
    GLuint m_fbo = 0;  // the output texture is attached here for each draw
};

} // namespace attn

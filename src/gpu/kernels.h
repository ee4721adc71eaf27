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
#include "backend/op_timing.h"
#include "core/status.h"
#include "gpu/gpu_tensor.h"
#include "gpu/program_cache.h"
#include "gpu/target_set.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

namespace attn {

// Mask (backend.h) with its values resident on the GPU.
struct GpuMask {
    Mask::Kind kind = Mask::Kind::None;
    const GpuTensor * values = nullptr;  // Columns: (C) or (B, C); Full: (R, C); else unused
};

// What a product does to its result in its last draw: y = activation(x·wᵀ + b) + residual, the
// residual of y's shape (common.glsl's epilogue()). A Transformer layer's FFN activation and its
// residual sums then cost no draws of their own; on SwiftShader a draw costs ~0.15 ms whatever
// its size, and a WebGL2 translation makes over a thousand.
enum class GpuActivation { None, Relu, Gelu };  // numbered as in common.glsl
struct GpuEpilogue {
    GpuActivation activation = GpuActivation::None;
    const GpuTensor * residual = nullptr;
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
    // The same with every tensor in the Rgba4 layout (gpu_tensor.h): about 5x faster; and with an
    // epilogue, y = activation(x·wᵀ + b) + residual.
    Status linear_rgba(const GpuTensor & x, const GpuTensor & w, const GpuTensor * b, GpuTensor & y,
                       const GpuEpilogue & epilogue = {});
    // c(Bt, M, N) = a(Bt, M, K) · b(Bt or 1, K, N), or b(Bt or 1, N, K)ᵀ.
    Status matmul(const GpuTensor & a, const GpuTensor & b, bool trans_b, GpuTensor & c);
    // The same with every tensor in the Rgba4 layout: 5-8x faster on llvmpipe.
    Status matmul_rgba(const GpuTensor & a, const GpuTensor & b, bool trans_b, GpuTensor & c);
    // matmul_rgba and linear_rgba (no epilogue) for a product read straight back to the CPU (the
    // benchmark's, the decoder's logits), into out(..., N). Where the several-rows draw applies,
    // its targets are read back (GpuTargetSet::read_interleaved) instead of gathered on the GPU by
    // a second draw; a smaller product draws once into a kept texture and reads that.
    Status matmul_read(const GpuTensor & a, const GpuTensor & b, bool trans_b, TensorView out,
                       GpuTensor::GlErrors errors = GpuTensor::GlErrors::Poll);
    Status linear_read(const GpuTensor & x, const GpuTensor & w, const GpuTensor * b, TensorView out,
                       GpuTensor::GlErrors errors = GpuTensor::GlErrors::Poll);
    // y = a + b, b of a's numel or b(C) broadcast over a's rows.
    Status add(const GpuTensor & a, const GpuTensor & b, GpuTensor & y);
    Status mul(const GpuTensor & a, const GpuTensor & b, GpuTensor & y);  // y = a · b, broadcast as add
    Status relu(const GpuTensor & x, GpuTensor & y);
    Status gelu(const GpuTensor & x, GpuTensor & y);  // exact erf form, |error| < 1e-6 (shaders/gelu.glsl)
    Status tanh(const GpuTensor & x, GpuTensor & y);
    Status sigmoid(const GpuTensor & x, GpuTensor & y);  // 1 / (1 + e^-x)
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

    // The RGBA-packed forms of the ops a Transformer layer chains (every tensor Rgba4, masks still
    // Scalar), for passes that stay packed from end to end. Row reductions (softmax, layer norm) take
    // two draws, row statistics then apply: O(rows·C) work where the one-pass Scalar shaders do
    // O(rows·C²). The statistics live in textures these kernels keep between calls.
    Status add_rgba(const GpuTensor & a, const GpuTensor & b, GpuTensor & y);  // b as add's
    // The activations on their own; the GPU Transformer applies them in linear_rgba's epilogue instead.
    Status relu_rgba(const GpuTensor & x, GpuTensor & y);
    Status gelu_rgba(const GpuTensor & x, GpuTensor & y);
    Status embedding_rgba(const GpuTensor & table, const int32_t * ids, int64_t T, GpuTensor & y);  // ids as embedding's
    Status softmax_rows_rgba(const GpuTensor & x, float scale, const GpuMask & mask, GpuTensor & y);
    Status layer_norm_rgba(const GpuTensor & x, const GpuTensor & gamma, const GpuTensor & beta, float eps,
                           GpuTensor & y);
    // The decoder's key/value caches for the next step of B hypotheses (a beam, or one: then a(L, C)
    // rows followed by one new row): y(B·(L+1), C) where batch row b is the L rows of batch row parents[b] of cache(B0·L, C),
    // B0 = cache_batch, then rows[b] of rows(B, C). Several rows may continue one parent.
    Status extend_rows_rgba(const GpuTensor & cache, int64_t cache_batch, const int32_t * parents,
                            const GpuTensor & rows, GpuTensor & y);
    // attention's contract with q, k, v, probs and out Rgba4; dh = D / heads must be a multiple of 4.
    Status attention_rgba(const GpuTensor & q, const GpuTensor & k, const GpuTensor & v, int heads, float scale,
                          const GpuMask & mask, GpuTensor & probs, GpuTensor & out);

    // Four or eight rows per fragment (matmul_rgba_4x4.glsl, matmul_rgba_8x4.glsl,
    // attention_*_rgba_4x4.glsl) fetch 2.5-3.3x fewer texels per multiply-add, but render several
    // targets and need a second draw to interleave them. Below this many multiply-adds (of a
    // product, or of each of attention's two) the second draw costs more than the fetches save
    // (Chromium/SwiftShader, builds timed call by call in one page: a 128³ product 1.8 ms as two
    // draws, 2.7 ms as one; 96³ 0.80 against 1.08 ms; 64³ 0.46-0.56 against 0.54-0.64 ms since
    // the several targets keep their framebuffer, slower as two before).
    static constexpr int64_t kRows4MinMacs = int64_t(1) << 18;
    // Render-target sets those draws keep, one per shape (kernels.cpp): decoding step by step
    // makes a new shape per step, so beyond this many the cache starts over.
    static constexpr size_t kMaxTargetSets = 16;

    const ProgramCache & programs() const { return m_programs; }

    // Timing mode (the app's per-op table): with a timer set, every draw is bracketed by a full
    // wait for the GPU (glFinish plus a one-texel readback, dispatch.cpp says why) and its wall
    // time added under the shader's name, less the cost of one wait with no work before it
    // (measured at the first timed draw; in the browser a round trip to the GPU process, 0.4-0.8
    // ms here, which every small draw would otherwise show as its own time). Waiting serialises
    // the GPU with the CPU, so a timed run is slower than an untimed one; nullptr (the default)
    // turns it off.
    void set_op_timer(OpTimer * timer) {
        m_timer = timer;
        if (timer) m_empty_wait_ms = -1, m_timing_waits_ms = 0;  // measured again for each timed run
    }
    // Of the last timed run: what an empty wait cost (-1 before its first draw), and the time all
    // its waits took that no draw's time includes, which an untimed run does not spend.
    double empty_wait_ms() const { return m_empty_wait_ms; }
    double timing_waits_ms() const { return m_timing_waits_ms; }

    // Render targets a draw may write: 4 to 8 (GL_MAX_DRAW_BUFFERS). Tests lower it to 4 to run
    // the four-rows-per-fragment product on a context that has eight.
    int draw_buffers() const { return m_draw_buffers; }
    void limit_draw_buffers(int n) { m_draw_buffers = std::min(m_draw_buffers, n); }

private:
    friend class Dispatch;
    GpuKernels() = default;
    ProgramCache m_programs;
    GLuint m_vao = 0;  // empty: the vertex stage needs no attributes
    GLuint m_fbo = 0;  // a draw's output without a framebuffer of its own is attached here
    OpTimer * m_timer = nullptr;
    double m_empty_wait_ms = -1;
    double m_timing_waits_ms = 0;
    // Intermediate textures of the multi-draw kernels, by purpose, kept while their shape holds:
    // creating a texture per call costs more than a small draw.
    std::map<std::string, GpuTensor> m_scratch;
    Status scratch(const std::string & purpose, const Shape & shape, TexelLayout layout, GpuTensor ** out);
    int m_draw_buffers = 4;  // render targets one draw may write (GL_MAX_DRAW_BUFFERS, at most 8)
    // The targets of a draw writing `count` rows per fragment, kept by purpose, count and shape:
    // one pass alternates shapes (an encoder layer's 512- and 2048-wide products), and making
    // eight textures per call costs more than a small draw. Beyond kMaxTargetSets the cache
    // starts over.
    std::map<std::string, std::unique_ptr<GpuTargetSet>> m_target_sets;
    Status target_set(const std::string & purpose, const Shape & shape, int count, GpuTargetSet ** out);
    // The gather draw: the 4 or 8 targets of `set` interleaved into `out`, rows in groups of
    // `period` (matmul_rows4_gather.glsl; eight targets take one group, matmul_rows8_gather.glsl),
    // through a product's epilogue.
    Status gather_rows(const GpuTargetSet & set, int64_t period, GpuTensor & out, const GpuEpilogue & epilogue = {});
    // c(rows, N) = a(rows, K) · b (+ bias(N)), b one matrix for every row (plain (K, N) or
    // transposed (N, K)): eight rows per fragment (matmul_rgba_8x4.glsl) where the context has
    // eight draw buffers, else four (matmul_rgba_4x4.glsl), into the kept targets...
    Status draw_rows(const GpuTensor & a, const GpuTensor & b, const GpuTensor * bias, bool trans_b, int64_t rows,
                     int64_t N, GpuTargetSet ** targets);
    // ...then the gather draw.
    Status product_rows(const GpuTensor & a, const GpuTensor & b, const GpuTensor * bias, bool trans_b, int64_t rows,
                        int64_t N, GpuTensor & c, const GpuEpilogue & epilogue = {});
};

} // namespace attn

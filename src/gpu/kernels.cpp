// GpuKernels: context checks, shared objects, and the products (linear, matmul).
#include "gpu/kernels.h"

#include "core/check.h"
#include "gpu/dispatch.h"
#include "gpu/gpu_try.h"

#include <algorithm>

#include <string>

namespace attn {

Status GpuKernels::create(std::unique_ptr<GpuKernels> * out) {
    const char * version = reinterpret_cast<const char *>(glGetString(GL_VERSION));
    if (!version) return Status::error("no current GL context");
    GLint major = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    if (major < 3) return Status::error(std::string("OpenGL ES 3.0 / WebGL2 needed, the context is ") + version);

    std::unique_ptr<GpuKernels> k(new GpuKernels());
    GLint draw_buffers = 0, attachments = 0;
    glGetIntegerv(GL_MAX_DRAW_BUFFERS, &draw_buffers);
    glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &attachments);
    k->m_draw_buffers = std::min({draw_buffers, attachments, GpuTargetSet::kMax});
    glGenVertexArrays(1, &k->m_vao);
    glGenFramebuffers(1, &k->m_fbo);
    // Probe one float render target: without EXT_color_buffer_float (or GLES 3.2) no op can run.
    // The extension makes R32F and RGBA32F renderable together, so one probe covers both layouts.
    GpuTensor probe;
    Status s = GpuTensor::create({1, 1}, &probe);
    if (!s) return s;
    {
        GlStateGuard guard;
        glBindFramebuffer(GL_FRAMEBUFFER, k->m_fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, probe.texture(), 0);
        const bool renderable = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
        if (!renderable)
            return Status::error(std::string("float render targets (EXT_color_buffer_float) are missing on ") + version);
    }
    *out = std::move(k);
    return Status::success();
}

GpuKernels::~GpuKernels() {
    glDeleteFramebuffers(1, &m_fbo);
    glDeleteVertexArrays(1, &m_vao);
}

static void check_linear_shapes(const GpuTensor & x, const GpuTensor & w, const GpuTensor * b, const Shape & y) {
    const int64_t K = x.cols(), M = w.shape()[0];
    ATTN_ASSERT(w.shape().rank == 2 && w.cols() == K && y.last() == M && y.rows() == x.rows(),
                "gpu linear: x %s, w %s, y %s", x.shape().str().c_str(), w.shape().str().c_str(), y.str().c_str());
    ATTN_ASSERT(!b || (b->rows() == 1 && b->cols() == M), "gpu linear: bias %s", b->shape().str().c_str());
}

Status GpuKernels::linear(const GpuTensor & x, const GpuTensor & w, const GpuTensor * b, GpuTensor & y) {
    check_linear_shapes(x, w, b, y.shape());
    Dispatch d(*this, "linear");
    d.input("u_x", x);
    d.input("u_w", w);
    d.input("u_bias", b ? *b : w);  // w only fills the unit: u_has_bias = 0 keeps it unread
    d.set("u_has_bias", b ? 1 : 0);
    return d.draw(y);
}

// The epilogue's uniforms (common.glsl's epilogue()) on a product's last draw into `out`. Without
// a residual, `filler` (one of the draw's inputs) fills its unit: every sampler a program declares
// must name a texture that the draw does not render to.
static void bind_epilogue(Dispatch & d, const GpuEpilogue & e, const GpuTensor & filler, const GpuTensor & out) {
    ATTN_ASSERT(!e.residual || (e.residual->rows() == out.rows() && e.residual->cols() == out.cols()),
                "gpu epilogue: residual %s for an output %s", e.residual->shape().str().c_str(),
                out.shape().str().c_str());
    d.input("u_residual", e.residual ? *e.residual : filler, TexelLayout::Rgba4);
    d.set("u_has_residual", e.residual ? 1 : 0);
    d.set("u_activation", int(e.activation));
}

Status GpuKernels::linear_rgba(const GpuTensor & x, const GpuTensor & w, const GpuTensor * b, GpuTensor & y,
                               const GpuEpilogue & epilogue) {
    check_linear_shapes(x, w, b, y.shape());
    const int64_t N = w.shape()[0];
    // x·wᵀ is the transposed product with w shared by every row of x.
    if (x.rows() * N * x.cols() >= kRows4MinMacs)
        return product_rows(x, w, b, /*trans_b=*/true, x.rows(), N, y, epilogue);
    const TexelLayout rgba = TexelLayout::Rgba4;
    Dispatch d(*this, "linear_rgba");
    d.input("u_x", x, rgba);
    d.input("u_w", w, rgba);
    d.input("u_bias", b ? *b : w, rgba);  // w only fills the unit: u_has_bias = 0 keeps it unread
    d.set("u_has_bias", b ? 1 : 0);
    d.set("u_M", int(N));
    bind_epilogue(d, epilogue, w, y);
    return d.draw(y, rgba);
}

Status GpuKernels::target_set(const std::string & purpose, const Shape & shape, int count, GpuTargetSet ** out) {
    const std::string key = purpose + " " + std::to_string(count) + " " + shape.str();
    std::unique_ptr<GpuTargetSet> & set = m_target_sets[key];
    if (!set) {
        if (m_target_sets.size() > kMaxTargetSets) {
            m_target_sets.clear();
            return target_set(purpose, shape, count, out);
        }
        set.reset(new GpuTargetSet());
        const Status s = GpuTargetSet::create(shape, count, TexelLayout::Rgba4, set.get());
        if (!s) {
            m_target_sets.erase(key);
            return s;
        }
    }
    *out = set.get();
    return Status::success();
}

Status GpuKernels::gather_rows(const GpuTargetSet & set, int64_t period, GpuTensor & out, const GpuEpilogue & epilogue) {
    const int count = set.count();
    ATTN_ASSERT(count == 4 || (count == 8 && period == out.rows()), "gather_rows: %d targets, period %lld", count,
                (long long)period);
    const TexelLayout rgba = TexelLayout::Rgba4;
    // Without an epilogue (attention's gathers, plain products), the variant compiled without one:
    // no epilogue uniforms, branches or residual sampler per fragment (docs/benchmarks.md).
    const bool plain = epilogue.activation == GpuActivation::None && !epilogue.residual;
    Dispatch d(*this, count == 8 ? "matmul_rows8_gather" : "matmul_rows4_gather", plain ? "NO_EPILOGUE" : nullptr);
    for (int r = 0; r < count; r++) d.input(("u_row" + std::to_string(r)).c_str(), set[r], rgba);
    if (count == 4) d.set("u_period", int(period));
    if (!plain) bind_epilogue(d, epilogue, set[0], out);
    return d.draw(out, rgba);
}

Status GpuKernels::draw_rows(const GpuTensor & a, const GpuTensor & b, const GpuTensor * bias, bool trans_b,
                             int64_t rows, int64_t N, GpuTargetSet ** targets) {
    const TexelLayout rgba = TexelLayout::Rgba4;
    const int count = m_draw_buffers >= 8 && rows >= 8 ? 8 : 4;
    GPU_TRY(target_set("rows", {(rows + count - 1) / count, N}, count, targets));
    Dispatch d(*this, count == 8 ? "matmul_rgba_8x4" : "matmul_rgba_4x4");
    d.input("u_a", a, rgba);
    d.input("u_b", b, rgba);
    d.input("u_bias", bias ? *bias : b, rgba);  // b only fills the unit: u_has_bias = 0 keeps it unread
    d.set("u_has_bias", bias ? 1 : 0);
    d.set("u_M", int(rows));
    d.set("u_N", int(N));
    d.set("u_K", int(a.cols()));
    d.set("u_trans_b", trans_b ? 1 : 0);
    return d.draw_set(**targets, rgba);
}

Status GpuKernels::product_rows(const GpuTensor & a, const GpuTensor & b, const GpuTensor * bias, bool trans_b,
                                int64_t rows, int64_t N, GpuTensor & c, const GpuEpilogue & epilogue) {
    GpuTargetSet * targets = nullptr;
    GPU_TRY(draw_rows(a, b, bias, trans_b, rows, N, &targets));
    return gather_rows(*targets, rows, c, epilogue);
}

// Sizes of c(Bt, M, N) = a(Bt, M, K) · b(...), checked against the contract.
struct MatmulDims { int64_t M, N, K, b_batch_rows; };
static MatmulDims check_matmul_shapes(const GpuTensor & a, const GpuTensor & b, bool trans_b, const Shape & c) {
    const Shape & as = a.shape(), & bs = b.shape();
    ATTN_ASSERT(as.rank >= 2 && bs.rank >= 2, "gpu matmul needs rank >= 2");
    const int64_t K = as.last(), M = as[as.rank - 2], Bt = as.numel() / (M * K);
    const int64_t b_rows = bs[bs.rank - 2], b_cols = bs.last();
    const int64_t N = trans_b ? b_rows : b_cols;
    const int64_t b_batches = bs.numel() / (b_rows * b_cols);
    ATTN_ASSERT((trans_b ? b_cols : b_rows) == K && (b_batches == Bt || b_batches == 1) &&
                    c.numel() == Bt * M * N && c.last() == N,
                "gpu matmul: a %s, b %s%s, c %s", as.str().c_str(), bs.str().c_str(), trans_b ? "T" : "",
                c.str().c_str());
    return {M, N, K, b_batches == 1 ? 0 : b_rows};
}

// One b for every row of a (a single batch, or b broadcast) and enough work: eight or four rows
// per fragment, with a's batches flattened into its rows.
static bool takes_rows(const GpuTensor & a, const MatmulDims & d) {
    return (d.b_batch_rows == 0 || a.rows() == d.M) && a.rows() * d.N * d.K >= GpuKernels::kRows4MinMacs;
}

Status GpuKernels::matmul(const GpuTensor & a, const GpuTensor & b, bool trans_b, GpuTensor & c) {
    const MatmulDims d = check_matmul_shapes(a, b, trans_b, c.shape());
    Dispatch draw(*this, "matmul");
    draw.input("u_a", a);
    draw.input("u_b", b);
    draw.set("u_M", int(d.M));
    draw.set("u_b_batch_rows", int(d.b_batch_rows));
    draw.set("u_trans_b", trans_b ? 1 : 0);
    return draw.draw(c);
}

Status GpuKernels::matmul_rgba(const GpuTensor & a, const GpuTensor & b, bool trans_b, GpuTensor & c) {
    const MatmulDims d = check_matmul_shapes(a, b, trans_b, c.shape());
    const TexelLayout rgba = TexelLayout::Rgba4;
    if (takes_rows(a, d)) return product_rows(a, b, nullptr, trans_b, a.rows(), d.N, c);
    Dispatch draw(*this, "matmul_rgba");
    draw.input("u_a", a, rgba);
    draw.input("u_b", b, rgba);
    draw.set("u_M", int(d.M));
    draw.set("u_N", int(d.N));
    draw.set("u_K", int(d.K));
    draw.set("u_b_batch_rows", int(d.b_batch_rows));
    draw.set("u_trans_b", trans_b ? 1 : 0);
    return draw.draw(c, rgba);
}

Status GpuKernels::matmul_read(const GpuTensor & a, const GpuTensor & b, bool trans_b, TensorView out,
                               GpuTensor::GlErrors errors) {
    const MatmulDims d = check_matmul_shapes(a, b, trans_b, out.shape);
    if (takes_rows(a, d)) {
        GpuTargetSet * targets = nullptr;
        GPU_TRY(draw_rows(a, b, nullptr, trans_b, a.rows(), d.N, &targets));
        return targets->read_interleaved(out, errors);
    }
    GpuTensor * c = nullptr;
    GPU_TRY(scratch("matmul_read", out.shape, TexelLayout::Rgba4, &c));
    GPU_TRY(matmul_rgba(a, b, trans_b, *c));
    return c->read(out, errors);
}

Status GpuKernels::linear_read(const GpuTensor & x, const GpuTensor & w, const GpuTensor * b, TensorView out,
                               GpuTensor::GlErrors errors) {
    check_linear_shapes(x, w, b, out.shape);
    const int64_t N = w.shape()[0];
    if (x.rows() * N * x.cols() >= kRows4MinMacs) {
        GpuTargetSet * targets = nullptr;
        GPU_TRY(draw_rows(x, w, b, /*trans_b=*/true, x.rows(), N, &targets));
        return targets->read_interleaved(out, errors);
    }
    GpuTensor * y = nullptr;
    GPU_TRY(scratch("linear_read", out.shape, TexelLayout::Rgba4, &y));
    GPU_TRY(linear_rgba(x, w, b, *y));
    return y->read(out, errors);
}

Status GpuKernels::scratch(const std::string & purpose, const Shape & shape, TexelLayout layout, GpuTensor ** out) {
    GpuTensor & t = m_scratch[purpose];
    if (t.empty() || !(t.shape() == shape) || t.layout() != layout) {
        t = GpuTensor();
        GPU_TRY(GpuTensor::create(shape, &t, layout));
        t.own_framebuffer();  // drawn into on every call
    }
    *out = &t;
    return Status::success();
}

} // namespace attn

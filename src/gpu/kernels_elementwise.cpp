// GpuKernels: element-wise ops and the embedding gather.
#include "core/check.h"
#include "gpu/dispatch.h"
#include "gpu/gl_state_guard.h"
#include "gpu/kernels.h"

#include <string>

namespace attn {

static void check_same_shape(const GpuTensor & x, const GpuTensor & y, const char * op) {
    ATTN_ASSERT(x.rows() == y.rows() && x.cols() == y.cols(), "gpu %s: x %s, y %s", op, x.shape().str().c_str(),
                y.shape().str().c_str());
}

// add and mul: b of a's shape, or one row of a's width (broadcast); the shader tells them apart by height.
static Status binary(GpuKernels & k, const char * op, const GpuTensor & a, const GpuTensor & b, GpuTensor & y,
                     TexelLayout layout = TexelLayout::Scalar) {
    check_same_shape(a, y, op);
    ATTN_ASSERT((b.rows() == a.rows() && b.cols() == a.cols()) || (b.rows() == 1 && b.cols() == a.cols()),
                "gpu %s: a %s, b %s", op, a.shape().str().c_str(), b.shape().str().c_str());
    Dispatch d(k, op);
    d.input("u_a", a, layout);
    d.input("u_b", b, layout);
    return d.draw(y, layout);
}

// relu, gelu, tanh, sigmoid: y = f(x), one element (Scalar) or four (Rgba4) per fragment.
static Status unary(GpuKernels & k, const char * op, const GpuTensor & x, GpuTensor & y,
                    TexelLayout layout = TexelLayout::Scalar) {
    check_same_shape(x, y, op);
    Dispatch d(k, op);
    d.input("u_x", x, layout);
    return d.draw(y, layout);
}

Status GpuKernels::add(const GpuTensor & a, const GpuTensor & b, GpuTensor & y) { return binary(*this, "add", a, b, y); }
Status GpuKernels::mul(const GpuTensor & a, const GpuTensor & b, GpuTensor & y) { return binary(*this, "mul", a, b, y); }
Status GpuKernels::relu(const GpuTensor & x, GpuTensor & y) { return unary(*this, "relu", x, y); }
Status GpuKernels::gelu(const GpuTensor & x, GpuTensor & y) { return unary(*this, "gelu", x, y); }
Status GpuKernels::tanh(const GpuTensor & x, GpuTensor & y) { return unary(*this, "tanh", x, y); }
Status GpuKernels::sigmoid(const GpuTensor & x, GpuTensor & y) { return unary(*this, "sigmoid", x, y); }

// An R32I texture (n, 1) of `values` from the CPU, for one draw's ids; the caller deletes it.
static GLuint upload_ints(const int32_t * values, int64_t n) {
    GLuint texture = 0;
    GlStateGuard guard;
    glGenTextures(1, &texture);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);  // integer textures must not filter
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32I, GLsizei(n), 1, 0, GL_RED_INTEGER, GL_INT, values);
    return texture;
}

static Status gather(GpuKernels & k, const GpuTensor & table, const int32_t * ids, int64_t T, GpuTensor & y,
                     TexelLayout layout) {
    const int64_t V = table.rows(), D = table.cols();
    ATTN_ASSERT(y.rows() == T && y.cols() == D, "gpu embedding: y %s for T=%lld D=%lld", y.shape().str().c_str(),
                (long long)T, (long long)D);
    for (int64_t t = 0; t < T; t++)
        ATTN_ASSERT(ids[t] >= 0 && ids[t] < V, "gpu embedding: id %d outside vocabulary of %lld", ids[t], (long long)V);
    Status s = check_texture_size(T, 1, "token ids");
    if (!s) return s;
    // The ids live in an integer texture for this draw only: they arrive from the CPU every step.
    const GLuint ids_texture = upload_ints(ids, T);
    {
        Dispatch d(k, layout == TexelLayout::Rgba4 ? "embedding_rgba" : "embedding");
        d.input("u_table", table, layout);
        d.input_texture("u_ids", ids_texture);
        s = d.draw(y, layout);
    }
    glDeleteTextures(1, &ids_texture);
    return s;
}

Status GpuKernels::embedding(const GpuTensor & table, const int32_t * ids, int64_t T, GpuTensor & y) {
    return gather(*this, table, ids, T, y, TexelLayout::Scalar);
}

Status GpuKernels::add_rgba(const GpuTensor & a, const GpuTensor & b, GpuTensor & y) {
    return binary(*this, "add_rgba", a, b, y, TexelLayout::Rgba4);
}
Status GpuKernels::relu_rgba(const GpuTensor & x, GpuTensor & y) { return unary(*this, "relu_rgba", x, y, TexelLayout::Rgba4); }
Status GpuKernels::gelu_rgba(const GpuTensor & x, GpuTensor & y) { return unary(*this, "gelu_rgba", x, y, TexelLayout::Rgba4); }

Status GpuKernels::extend_rows_rgba(const GpuTensor & cache, int64_t cache_batch, const int32_t * parents,
                                    const GpuTensor & rows, GpuTensor & y) {
    const int64_t B = rows.rows(), L = cache.rows() / cache_batch;
    ATTN_ASSERT(cache_batch > 0 && cache.rows() == cache_batch * L && L > 0 && cache.cols() == rows.cols() &&
                    y.rows() == B * (L + 1) && y.cols() == rows.cols(),
                "gpu extend_rows: cache %s of %lld rows, rows %s, y %s", cache.shape().str().c_str(),
                (long long)cache_batch, rows.shape().str().c_str(), y.shape().str().c_str());
    for (int64_t b = 0; b < B; b++)
        ATTN_ASSERT(parents[b] >= 0 && parents[b] < cache_batch, "gpu extend_rows: parent %d of %lld rows", parents[b],
                    (long long)cache_batch);
    const TexelLayout rgba = TexelLayout::Rgba4;
    const GLuint parents_texture = upload_ints(parents, B);
    Status s;
    {
        Dispatch d(*this, "extend_rows_rgba");
        d.input("u_cache", cache, rgba);
        d.input("u_rows", rows, rgba);
        d.input_texture("u_parents", parents_texture);
        d.set("u_L", int(L));
        s = d.draw(y, rgba);
    }
    glDeleteTextures(1, &parents_texture);
    return s;
}
Status GpuKernels::embedding_rgba(const GpuTensor & table, const int32_t * ids, int64_t T, GpuTensor & y) {
    return gather(*this, table, ids, T, y, TexelLayout::Rgba4);
}

} // namespace attn

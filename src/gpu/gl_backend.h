// The op contract (backend.h) on the GPU, one op at a time: upload the inputs, run the kernel,
// read the result back. Ops without a shader (supports() == false) are the reference's, which
// Compute falls back to anyway; an op whose GPU run fails (a texture-size limit, a GL error) is
// computed by the reference too, and last_error() says why. A whole pass that keeps tensors on
// the GPU uses GpuKernels (kernels.h) directly; this class is the per-op, parity-checkable path.
//
// Needs a current GL context (kernels.h); it neither creates nor owns one.
#pragma once
#include "backend/reference/ref_backend.h"
#include "core/status.h"
#include "gpu/kernels.h"

#include <memory>
#include <string>

namespace attn {

class GlBackend : public RefBackend {
public:
    static Status create(std::unique_ptr<GlBackend> * out);

    const char * name() const override { return "gl"; }
    bool supports(Op op) const override;

    void linear(ConstView x, ConstView w, ConstView b, TensorView y) override;
    void matmul(ConstView a, ConstView b, bool trans_b, TensorView c) override;
    void softmax_rows(ConstView x, float scale, const Mask & mask, TensorView y) override;
    void layer_norm(ConstView x, ConstView gamma, ConstView beta, float eps, TensorView y) override;
    void relu(ConstView x, TensorView y) override;
    void gelu(ConstView x, TensorView y) override;
    void tanh(ConstView x, TensorView y) override;
    void sigmoid(ConstView x, TensorView y) override;
    void add(ConstView a, ConstView b, TensorView y) override;
    void mul(ConstView a, ConstView b, TensorView y) override;
    void embedding(ConstView table, const int32_t * ids, int64_t T, TensorView y) override;
    void attention(ConstView q, ConstView k, ConstView v, int heads, float scale, const Mask & mask,
                   TensorView probs, TensorView out) override;

    // Calls that failed on the GPU and ran on the reference instead, and the last reason.
    int64_t cpu_fallbacks() const { return m_cpu_fallbacks; }
    const std::string & last_error() const { return m_last_error; }
    GpuKernels & kernels() { return *m_kernels; }

private:
    explicit GlBackend(std::unique_ptr<GpuKernels> kernels) : m_kernels(std::move(kernels)) {}
    bool gpu_ok(const Status & s);  // true when s is ok; otherwise records s for last_error()

    std::unique_ptr<GpuKernels> m_kernels;
    int64_t m_cpu_fallbacks = 0;
    std::string m_last_error;
};

} // namespace attn

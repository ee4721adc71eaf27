// The peer harness's three workloads (bench/workloads.h) on the GL compute path: every tensor
// RGBA-packed and resident, uploaded once at construction; each timed iteration runs the draws and
// reads the result back to the CPU, as tfjs's dataSync() does, so the GPU work is inside the
// timing (the peer harness, docs/benchmarks.md). Built natively on the headless context for the
// parity test, and into build/bench/attn_bench_gl.mjs for the Chromium column.
#pragma once
#include "bench/workloads.h"
#include "gpu/kernels.h"

#include <memory>

namespace attn::bench {

// A GL failure while building the inputs (a texture limit, a compile log) comes back as the Status;
// during run() it is kept and reported by status(), with the output left as it was.
class GpuWorkload : public Workload {
public:
    virtual Status status() const = 0;
};

Status make_gpu_gemm(GpuKernels & k, int M, int N, int K, std::unique_ptr<GpuWorkload> * out);
Status make_gpu_attention(GpuKernels & k, int heads, int seq, int dk, std::unique_ptr<GpuWorkload> * out);
Status make_gpu_encoder(GpuKernels & k, int seq, int d_model, int heads, int d_ff, std::unique_ptr<GpuWorkload> * out);

} // namespace attn::bench

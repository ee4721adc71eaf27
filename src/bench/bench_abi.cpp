// The peer harness's C ABI (docs/benchmarks.md), exported by build/bench/attn_bench.mjs.
// Each bench_* call times `iters` back-to-back runs and returns their total milliseconds; inputs are
// built on the first call for a shape, outside the timed loop. The backend is the web's fast path.
#include "bench/model_bench.h"
#include "bench/workloads.h"
#include "core/build_info.h"
#include "core/parallel.h"

#include <emscripten.h>

#include <array>
#include <string>

using namespace attn;
using namespace attn::bench;

namespace {

Compute & compute() {
    static Compute cc(BackendKind::Simd);
    return cc;
}

using Factory = std::unique_ptr<Workload> (*)(const std::array<int, 4> &);

// One workload per kind, rebuilt only when its shape changes.
struct Slot {
    std::unique_ptr<Workload> workload;
    std::array<int, 4> shape{-1, -1, -1, -1};
};

Slot g_gemm, g_attention, g_encoder;
const Workload * g_last = nullptr;

double run(Slot & slot, const std::array<int, 4> & shape, int iters, Factory make) {
    if (!slot.workload || slot.shape != shape) {
        slot.workload = make(shape);
        slot.shape = shape;
    }
    const double ms = slot.workload->run(iters);
    g_last = slot.workload.get();
    return ms;
}

} // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE double bench_gemm(int m, int n, int k, int iters) {
    return run(g_gemm, {m, n, k, 0}, iters, [](const std::array<int, 4> & s) { return make_gemm(compute(), s[0], s[1], s[2]); });
}

EMSCRIPTEN_KEEPALIVE double bench_attention(int heads, int seq, int dk, int iters) {
    return run(g_attention, {heads, seq, dk, 0}, iters,
               [](const std::array<int, 4> & s) { return make_attention(compute(), s[0], s[1], s[2]); });
}

EMSCRIPTEN_KEEPALIVE double bench_encoder(int seq, int d_model, int heads, int d_ff, int iters) {
    return run(g_encoder, {seq, d_model, heads, d_ff}, iters,
               [](const std::array<int, 4> & s) { return make_encoder(compute(), s[0], s[1], s[2], s[3]); });
}

// Not part of the harness's ABI: the Transformer-base model benchmarks (bench/model_bench.h),
// driven by tests/web/bench_model.mjs. The 63 M-parameter model is built on the first call.
static ModelBench & model_bench() {
    static ModelBench mb(compute());
    return mb;
}

EMSCRIPTEN_KEEPALIVE double bench_model(int src_len, int tgt_len, int iters) {
    double ms = 0.0;
    for (int i = 0; i < iters; i++) ms += model_bench().translate_ms(src_len, tgt_len);
    return ms;
}

EMSCRIPTEN_KEEPALIVE double bench_model_step(int length) { return model_bench().step_ms(length); }

// Not part of the harness's ABI: the threads the kernels may use (scripts/cpu_ab); a build without
// threads stays at 1. Returns the count now in force.
EMSCRIPTEN_KEEPALIVE int bench_set_threads(int n) {
    set_compute_threads(n);
    return compute_threads();
}

EMSCRIPTEN_KEEPALIVE const float * bench_last_output() { return g_last ? g_last->output().data : nullptr; }

EMSCRIPTEN_KEEPALIVE const char * bench_info() {
    static std::string info;
    info = std::string("attention-playground ") + version() + ", simd backend (" + simd_isa() + "), " + compiler() +
           ", " + std::to_string(compute_threads()) +
           (compute_threads() == 1 ? " thread" : " threads");
    return info.c_str();
}

} // extern "C"

// The peer harness's C ABI (docs/benchmarks.md) on the WebGL2 compute path, exported
// by build/bench/attn_bench_gl.mjs: the column to set beside tfjs's webgl backend. Browser only.
// The module makes its own WebGL2 context on a canvas it adds to the page (the harness's page has
// none), with float render targets; every bench_* call runs the RGBA-packed kernels and reads the
// result back inside the timed loop (gpu_workloads.h). A failure returns -1 and bench_info() says why.
#include "bench/gpu_workloads.h"
#include "core/build_info.h"

#include <emscripten.h>
#include <emscripten/html5.h>

#include <array>
#include <cstdio>
#include <string>

using namespace attn;
using namespace attn::bench;

namespace {

std::unique_ptr<GpuKernels> g_kernels;
std::string g_problem;  // why the GPU column cannot run, for bench_info()
std::string g_renderer;

GpuKernels * kernels() {
    if (g_kernels || !g_problem.empty()) return g_kernels.get();
    EM_ASM({
        const canvas = document.createElement('canvas');
        canvas.id = 'attn-bench-gl';
        canvas.width = canvas.height = 1;
        document.body.appendChild(canvas);
    });
    EmscriptenWebGLContextAttributes attrs;
    emscripten_webgl_init_context_attributes(&attrs);
    attrs.majorVersion = 2;
    attrs.antialias = attrs.depth = attrs.stencil = EM_FALSE;
    const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE ctx = emscripten_webgl_create_context("#attn-bench-gl", &attrs);
    if (ctx <= 0) {
        g_problem = "no WebGL2 context";
        return nullptr;
    }
    emscripten_webgl_make_context_current(ctx);
    if (!emscripten_webgl_enable_extension(ctx, "EXT_color_buffer_float")) {
        g_problem = "no float render targets (EXT_color_buffer_float)";
        return nullptr;
    }
    if (const Status s = GpuKernels::create(&g_kernels); !s) g_problem = s.message;
    const char * renderer = reinterpret_cast<const char *>(glGetString(GL_RENDERER));
    g_renderer = renderer ? renderer : "?";
    return g_kernels.get();
}

using Factory = Status (*)(GpuKernels &, const std::array<int, 4> &, std::unique_ptr<GpuWorkload> *);

// One workload per kind, rebuilt only when its shape changes.
struct Slot {
    std::unique_ptr<GpuWorkload> workload;
    std::array<int, 4> shape{-1, -1, -1, -1};
};

Slot g_gemm, g_attention, g_encoder;
GpuWorkload * g_last = nullptr;

double run(Slot & slot, const std::array<int, 4> & shape, int iters, Factory make) {
    GpuKernels * k = kernels();
    if (!k) return -1.0;
    if (!slot.workload || slot.shape != shape) {
        slot.workload.reset();
        if (const Status s = make(*k, shape, &slot.workload); !s) {
            g_problem = s.message;
            return -1.0;
        }
        slot.shape = shape;
    }
    const double ms = slot.workload->run(iters);
    if (!slot.workload->status()) {
        g_problem = slot.workload->status().message;
        return -1.0;
    }
    g_last = slot.workload.get();
    return ms;
}

} // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE double bench_gemm(int m, int n, int k, int iters) {
    return run(g_gemm, {m, n, k, 0}, iters, [](GpuKernels & kk, const std::array<int, 4> & s, std::unique_ptr<GpuWorkload> * out) {
        return make_gpu_gemm(kk, s[0], s[1], s[2], out);
    });
}

EMSCRIPTEN_KEEPALIVE double bench_attention(int heads, int seq, int dk, int iters) {
    return run(g_attention, {heads, seq, dk, 0}, iters,
               [](GpuKernels & kk, const std::array<int, 4> & s, std::unique_ptr<GpuWorkload> * out) {
                   return make_gpu_attention(kk, s[0], s[1], s[2], out);
               });
}

EMSCRIPTEN_KEEPALIVE double bench_encoder(int seq, int d_model, int heads, int d_ff, int iters) {
    return run(g_encoder, {seq, d_model, heads, d_ff}, iters,
               [](GpuKernels & kk, const std::array<int, 4> & s, std::unique_ptr<GpuWorkload> * out) {
                   return make_gpu_encoder(kk, s[0], s[1], s[2], s[3], out);
               });
}

EMSCRIPTEN_KEEPALIVE const float * bench_last_output() { return g_last ? g_last->output().data : nullptr; }

// Not part of the harness's ABI: one more call of the last workload with every draw timed (the
// app's per-op table, GpuKernels::set_op_timer), as "op calls ms share" lines, slowest first, the
// timing's own waits left out. The shares show where an optimisation can pay (scripts/bench-webgl-ab
// with AB_PROFILE=1).
EMSCRIPTEN_KEEPALIVE const char * bench_profile() {
    static std::string text;
    text.clear();
    if (!g_last || !g_kernels) return "no workload has run";
    OpTimer timer;
    g_kernels->set_op_timer(&timer);
    const double ms = g_last->run(1);
    g_kernels->set_op_timer(nullptr);
    char line[160];
    for (const OpTimingRow & r : timer.table(ms - g_kernels->timing_waits_ms(), "").rows) {  // as the app's table
        snprintf(line, sizeof line, "%-28s %5lld %9.3f ms %5.1f%%\n", r.op.c_str(), (long long)r.calls, r.ms, 100 * r.share);
        text += line;
    }
    return text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char * bench_info() {
    static std::string info;
    kernels();
    info = std::string("attention-playground ") + version() + ", WebGL2 fragment shaders, RGBA-packed, readback in the loop" +
           (g_renderer.empty() ? "" : " (" + g_renderer + ")") + (g_problem.empty() ? "" : "; FAILED: " + g_problem);
    return info.c_str();
}

} // extern "C"

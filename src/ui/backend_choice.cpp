#include "ui/backend_choice.h"

#include "ui/i18n.h"

namespace attn {

const char * compute_backend_id(ComputeBackend b) {
    switch (b) {
    case ComputeBackend::Reference: return "reference";
    case ComputeBackend::WebGL2: return "webgl2";
    default: return "cpu";
    }
}

const char * compute_backend_label(ComputeBackend b) {
    switch (b) {
    case ComputeBackend::Reference: return N_("Reference (scalar)");
    case ComputeBackend::WebGL2: return "WebGL2";
#if defined(__EMSCRIPTEN__)
    default: return "WASM SIMD";
#else
    default: return N_("CPU (Eigen)");
#endif
    }
}

const char * compute_backend_tooltip(ComputeBackend b) {
    switch (b) {
    case ComputeBackend::Reference: return N_("Plain scalar loops: the oracle every other backend is tested against. Slowest.");
    case ComputeBackend::WebGL2:
        return N_("Fragment shaders on float textures (greedy or beam search). Each run is checked against the CPU reference.");
#if defined(__EMSCRIPTEN__)
    default: return N_("Our f32x4 kernels compiled to WebAssembly SIMD: the fastest CPU path in the browser.");
#else
    default: return N_("Eigen for the big products, our SIMD kernels for one-row decoder steps: the fastest CPU path.");
#endif
    }
}

bool parse_compute_backend(std::string_view text, ComputeBackend * out) {
    ComputeBackend b;
    if (text == "reference") b = ComputeBackend::Reference;
    else if (text == "cpu" || text == "simd" || text == "wasm_simd" || text == "eigen") b = ComputeBackend::Cpu;
    else if (text == "webgl2") b = ComputeBackend::WebGL2;
    else return false;
    *out = b;
    return true;
}

BackendDecision decide_backend(ComputeBackend wanted, bool gl_available, const std::string & gl_unavailable_reason) {
    BackendDecision d;
    d.run_on = wanted;
    if (wanted != ComputeBackend::WebGL2 || gl_available) return d;
    d.run_on = ComputeBackend::Cpu;
    d.notice = {N_("WebGL2 is not available ({0}): switched to {1}. Your sentence and selections are kept."),
                {gl_unavailable_reason.empty() ? N_("no reason given") : gl_unavailable_reason, compute_backend_label(ComputeBackend::Cpu)}};
    return d;
}

Message gpu_failure_notice(const std::string & reason) {
    return {N_("WebGL2 stopped working ({0}): switched to {1}. Your sentence and selections are kept."),
            {reason, compute_backend_label(ComputeBackend::Cpu)}};
}

} // namespace attn

// Which compute backend the translator runs on: the choice the user makes in the
// Translate panel, what the app tells them about it (why WebGL2 is off, a fallback notice, parity
// against the CPU reference) and the per-op timing of the last run. Plain data plus the one rule
// that decides what actually runs, so the rule is unit-tested without a GPU.
#pragma once
#include "backend/op_timing.h"
#include "core/message.h"

#include <string>
#include <string_view>

namespace attn {

// Stable ids for the state JSON and shared links: "reference", "cpu", "webgl2".
enum class ComputeBackend : int { Reference = 0, Cpu = 1, WebGL2 = 2 };
inline constexpr int kComputeBackends = 3;

const char * compute_backend_id(ComputeBackend b);
// For people: "Reference (scalar)", "WASM SIMD" on the web / "CPU (Eigen)" natively, "WebGL2".
const char * compute_backend_label(ComputeBackend b);
const char * compute_backend_tooltip(ComputeBackend b);  // one sentence on what it is
// Accepts the ids, and "simd", "wasm_simd" and "eigen" for the fast CPU path. False (and *out
// untouched) for anything else.
bool parse_compute_backend(std::string_view text, ComputeBackend * out);

// What a translation runs on when `wanted` is selected: WebGL2 needs the GL path (greedy and beam
// search both run on it); without one the selection switches to the fast CPU path, with a notice.
struct BackendDecision {
    ComputeBackend run_on = ComputeBackend::Cpu;  // the new selection when it differs from `wanted`
    Message notice;      // what the user is told; empty when the choice runs as selected
};
BackendDecision decide_backend(ComputeBackend wanted, bool gl_available, const std::string & gl_unavailable_reason);
// The notice after the GPU failed during a run (e.g. the context was lost): the app switches.
Message gpu_failure_notice(const std::string & reason);

// What the panel shows about the backend; filled by the translation runner.
struct BackendStatus {
    bool gl_available = false;
    std::string gl_unavailable;       // why WebGL2 cannot be selected (the disabled option's tooltip)
    ComputeBackend ran = ComputeBackend::Cpu;  // what the last translation actually ran on
    Message notice;                   // a fallback the user must see; cleared when they choose again
    // Parity of the last WebGL2 translation against the CPU reference (max abs diff), -1 when none.
    double logits_max_diff = -1, maps_max_diff = -1;
    bool same_tokens = false;
    OpTimingTable timing;             // the last run's ops, whatever backend ran it
    bool gl_timed = false;            // a WebGL2 run timed draw by draw (else its table has no rows)
};

} // namespace attn

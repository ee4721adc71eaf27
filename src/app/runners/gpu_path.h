// The GL compute path as the translation runner sees it: an interface, because only the web app
// has one (app/runners/gpu_runner.h, on the page's WebGL2 context). Natively the runner has none and the
// Translate panel shows WebGL2 disabled with the reason.
#pragma once
#include "backend/op_timing.h"
#include "models/translator.h"

#include <string>
#include <vector>

namespace attn {

// One greedy translation on the GPU, checked against the CPU reference.
struct GpuTranslation {
    Translation translation;  // source words from the tokenizer; tokens and display from the GPU
    AttentionTrace trace;     // the GPU's maps and step candidates; Q/K/V from the CPU reference
    bool same_tokens = false;                      // the GPU chose the CPU reference's tokens
    double logits_max_diff = -1, maps_max_diff = -1;  // max abs diff against the CPU reference
    double gpu_ms = 0;        // the GPU translation's wall time
    bool timed = false;       // each draw was timed (translate's time_ops): slower, see timing
    OpTimingTable timing;     // per shader when timed; untimed, no rows and a note saying why
};

class GpuPath {
public:
    virtual ~GpuPath() = default;
    virtual bool available() const = 0;               // float targets, kernels, context not lost
    virtual std::string unavailable_reason() const = 0;
    // Translates `sentence` with `model_index`'s translator on the GPU, greedy or beam search as
    // `opts` says (the CPU's search code, models/beam_search.h). False with
    // *error when the GPU failed (lost context, GL error): the caller falls back to the CPU.
    // With `time_ops` every draw waits for the GPU before and after it, to fill the per-op table:
    // in Chromium that made a translation ~5x slower, so only when the user shows the table.
    virtual bool translate(const Translator & tr, int model_index, const std::string & sentence,
                           const DecodeOptions & opts, const std::vector<QkvRequest> & capture, bool time_ops,
                           GpuTranslation * out, std::string * error) = 0;
    // The translator at `model_index` was replaced: weights uploaded for it are stale.
    virtual void forget(int model_index) = 0;
};

} // namespace attn

// The GL compute path inside the web app: on the WebGL2 context SDL and ImGui
// render with, it enables float render targets and, on request, translates the current sentence
// with the current Transformer on the GPU (gpu_translate) and checks it against the CPU.
//
// Web only (it asks Emscripten about the context). Runs between frames, from a JS-called hook, so
// ImGui is never mid-draw; a GlStateGuard around the whole run restores what ImGui had bound.
// Every failure (no float targets, a GL error, a lost context) becomes the report's error. As the
// app's GpuPath it is also the WebGL2 backend of the Translate panel: the translation runner calls
// translate() and falls back to the CPU when it fails.
#pragma once
#include "app/runners/gpu_path.h"
#include "gpu/gpu_transformer.h"
#include "gpu/kernels.h"
#include "models/translator.h"

#include <emscripten/html5_webgl.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace attn {

// The last GPU run, as the "gpu" JSON reports it.
struct GpuRunReport {
    bool ran = false;            // a translation came back from the GPU
    std::string error;           // why not, or why it is not trusted
    std::string sentence;
    int beam = 1;                // 1: greedy; both paths searched alike
    std::vector<std::string> outputs, cpu_outputs;  // tokens, </s> included
    std::string display, cpu_display;
    bool same_tokens = false;
    double logits_max_diff = -1;  // teacher-forced logits over the GPU's output, both paths
    double maps_max_diff = -1;    // every attention map; -1 when the outputs differ (shapes do)
    double gpu_ms = 0, cpu_ms = 0, upload_ms = 0;  // gpu_translate, the CPU reference, weights upload
};

class GpuRunner final : public GpuPath {
public:
    // Enables EXT_color_buffer_float on the current WebGL context and makes the kernels; call once
    // after the app made its context. Afterwards available() says whether the path can run.
    void init();
    // Called from the canvas' webglcontextlost event, after the path has dropped itself: the app
    // redraws, and the translation runner switches to the CPU with a notice at once.
    void set_on_context_lost(std::function<void()> f) { m_on_lost = std::move(f); }
    // Called when the browser gives the context back (the lost handler asks it to), after the
    // path has started again on it: the app makes its own GL objects again and redraws.
    void set_on_context_restored(std::function<void()> f) { m_on_restored = std::move(f); }
    bool available() const override { return m_kernels != nullptr && !context_lost(); }
    std::string unavailable_reason() const override;

    // Translates `sentence` with `model_index`'s translator on the GPU and the CPU reference; the
    // CPU reference also records Q/K/V for `capture` (the step-through view). `time_ops`: as
    // GpuPath::translate.
    void run(const Translator & tr, int model_index, const std::string & sentence, const DecodeOptions & opts = {},
             const std::vector<QkvRequest> & capture = {}, bool time_ops = false);

    // GpuPath: run(), then hands over the GPU's translation, trace, parity and per-draw timing.
    bool translate(const Translator & tr, int model_index, const std::string & sentence, const DecodeOptions & opts,
                   const std::vector<QkvRequest> & capture, bool time_ops, GpuTranslation * out,
                   std::string * error) override;
    void forget(int model_index) override {
        if (size_t(model_index) < m_models.size()) m_models[size_t(model_index)].reset();
    }

    std::string json() const;  // {"available", "float_targets", "unavailable_reason", "last": {...}}

private:
    void start();                           // float targets and kernels on m_context
    void drop(const std::string & reason);  // leaves the GPU path until the context is restored
    bool context_lost() const;

    EMSCRIPTEN_WEBGL_CONTEXT_HANDLE m_context = 0;
    bool m_float_targets = false;
    std::string m_unavailable;
    std::unique_ptr<GpuKernels> m_kernels;
    std::vector<std::unique_ptr<GpuTransformer>> m_models;  // by model index, uploaded on first use
    GpuRunReport m_last;
    GpuTranslation m_result;  // the last run's translation, when m_last.ran
    std::function<void()> m_on_lost, m_on_restored;
    static EM_BOOL on_context_lost(int event_type, const void * event, void * self);
    static EM_BOOL on_context_restored(int event_type, const void * event, void * self);
};

} // namespace attn

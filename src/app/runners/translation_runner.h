// Runs the translators for the UI: loads the shipped models, and when the sentence, model, beam
// or the step-through's selection changed (debounced while typing), translates once with every
// attention map, the top-5 alternatives per step and the Q/K/V of the selected head recorded,
// filling AppState::translation. The panels only read the result; the models never see the UI.
#pragma once
#include "app/runners/gpu_path.h"
#include "models/translator.h"
#include "ui/state/app_state.h"

#include <memory>
#include <string>
#include <vector>

namespace attn {

class TranslationRunner {
public:
    // Names the two translators (<assets>/models/en-zh_TW.safetensors and en-de.safetensors) in
    // state.model_names and loads the example sentences. Natively both translators load here; on
    // the web each is fetched when first chosen (the chosen one right away), so a first visit
    // downloads one. Missing or broken files become a message, not a failure.
    void load(const std::string & assets_dir, AppState & state);
    // Translates if a request is pending and `now` is past the debounce delay; meanwhile follows
    // the chosen translator's download (state.translator_loading, a Retry after a failure).
    void update(AppState & state, double now);
    // Translates now, whatever the debounce (tests, the host API).
    void run(AppState & state);

    // The GL compute path for the WebGL2 backend (the web app's GpuRunner); nullptr (natively)
    // leaves WebGL2 unavailable. Not owned.
    void set_gpu_path(GpuPath * gpu) { m_gpu = gpu; }
    // Copies the GL path's availability into state.backend_status (the selector's enabled state
    // and tooltip); cheap, so it runs every frame and a lost context shows at once.
    void refresh_backend_status(AppState & state) const;

    // The selected model (state.model), or nullptr when none could be loaded; the Compare panel
    // runs the shipped Transformers beside the RNNs of their language.
    const Translator * current(const AppState & state) const;

    // A model trained in the Train panel or imported (a translator file at `path`, Transformer or
    // RNN): it becomes the selected model, named `name` in the model list, for the Translate,
    // Attention and Step-through panels; a later one replaces it. A file that does not load is
    // refused with the reason and changes nothing.
    Status use_trained(const std::string & path, const std::string & name, AppState & state);

    static constexpr double kDebounceSeconds = 0.25;
    static constexpr int kShippedModels = 2;           // zh_TW, de: fetched, with examples
    static constexpr int kTrainedModel = 2;            // the Train panel's, when there is one
    static constexpr int kSlots = 3;

private:
    struct Slot {
        std::unique_ptr<Translator> translator;
        Message error;        // why it is not there
        bool failed = false;  // fetched or read and could not be loaded
        bool download_failed = false;  // the site did not serve it: a retry may help
    };
    // The chosen translator, fetching and loading it on first use; nullptr while it downloads or
    // when it failed (its slot says why).
    const Translator * ensure_loaded(int model);
    // state.translator_loading and the Retry offer, from the chosen slot; true when it is ready.
    bool follow_loading(AppState & state);
    std::string model_path(int model) const;  // where translator `model` is (or is fetched to)

    std::string m_assets;
    Slot m_slots[kSlots];
    Compute m_compute = Compute::fastest();               // the "WASM SIMD" / "CPU (Eigen)" backend
    Compute m_reference = Compute(BackendKind::Reference); // the "Reference (scalar)" backend
    GpuPath * m_gpu = nullptr;
};

} // namespace attn

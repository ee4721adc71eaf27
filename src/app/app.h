// The app, independent of how frames are driven: main_native.cpp loops on frame(), main_web.cpp
// hands frame() to the browser's requestAnimationFrame, and the render test calls it N times.
#pragma once
#include "app/runners/compare_runner.h"
#include "app/runners/image_runner.h"
#include "app/runners/train_runner.h"
#include "app/runners/translation_runner.h"
#include "platform/platform.h"
#include "ui/state/app_state.h"

#include <algorithm>
#include <string>

namespace attn {

struct AppOptions {
    PlatformConfig platform;
    std::string assets_dir;  // empty: default_assets_dir()
    std::string saved_runs_dir;  // natively, where the Train panel keeps its run (empty: nowhere); the web uses IndexedDB
};

// "/assets" on the web (preloaded into MEMFS); natively $ATTN_ASSETS, else the build tree's copy.
std::string default_assets_dir();

class App {
public:
    bool init(const AppOptions & opts);  // false: error() says why
    // One frame; false once the user quits. When nothing happened for a few frames (no input, no
    // translation pending) it does not redraw: natively it sleeps until the next event, on the web
    // it returns at once, so an idle page costs no GPU time.
    bool frame();
    void shutdown();

    AppState & state() { return m_state; }
    Platform & platform() { return m_platform; }
    TranslationRunner & translator() { return m_translator; }
    CompareRunner & comparer() { return m_compare; }
    ImageRunner & images() { return m_images; }
    TrainRunner & trainer() { return m_train; }
    void set_always_draw(bool on) { m_force_draw = on; }  // screenshots and render tests draw every frame
    // Draws the next few frames even without input: the host changed the state (a window opened or
    // closed through the host API) and the screen must follow.
    void request_frames() { m_busy_frames = std::max(m_busy_frames, kSettleFrames); }
    // The WebGL context was lost, and later given back by the browser: the UI's GL objects (the
    // renderer's, the pictures') are dropped at the loss and made again after the restore.
    void gl_context_lost();
    void gl_context_restored();
    const std::string & error() const { return m_platform.error(); }
    // "Use in Translate" and "Import": a translator file at `path` (removed after)
    // becomes the translation panels' model, named `name`; a model of the toy tasks gets the
    // probe as its sentence. A failure is said in the Train panel.
    // trained_here: the Train panel's run, whose probe the translation panels then open on.
    void use_model_file(const std::string & path, const std::string & name, bool trained_here = false);
    // The Train panel's Import: natively the typed path; on the web a file chooser, whose bytes
    // come back through main_web.cpp's attn_model_import.
    void import_model();

private:
    // Applies the state's theme and size: the style's colours and sizes, the page's colour, and at
    // a new size the fonts baked afresh (sharp, not a stretched bitmap).
    void apply_look();

    Platform m_platform;
    AppState m_state;
    TranslationRunner m_translator;
    CompareRunner m_compare;
    ImageRunner m_images;
    TrainRunner m_train;
    double m_other_work_ms = 0;  // the last drawn frame's time outside training (TrainRunner's slice)
    static constexpr int kSettleFrames = 4;  // drawn after the last input, so ImGui settles (hover, popups)
    int m_busy_frames = 0;  // frames still to draw after the last input or work
    // The theme and size applied, so a change applies once (apply_look); no size before init's.
    bool m_light_theme = false;
    int m_ui_scale_percent = 0;
    bool m_force_draw = false;
};

} // namespace attn

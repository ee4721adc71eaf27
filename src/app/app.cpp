#include "app/app.h"

#include "core/clock.h"
#include "core/printf_string.h"
#include "platform/saved_runs.h"
#include "ui/fonts.h"
#include "ui/i18n.h"
#include "ui/theme.h"
#include "ui/ui.h"
#include "ui/widgets/pixel_texture.h"

#include <imgui.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace attn {

std::string default_assets_dir() {
#if defined(__EMSCRIPTEN__)
    return "/assets";
#else
    if (const char * env = std::getenv("ATTN_ASSETS")) return env;
    return ATTN_BUILD_ASSETS_DIR;
#endif
}

bool App::init(const AppOptions & opts) {
    if (!m_platform.init(opts.platform)) return false;
    ImGuiIO & io = ImGui::GetIO();
    io.IniFilename = nullptr;  // layout is reproducible (tests, screenshots, shared links), not saved
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    const std::string assets = opts.assets_dir.empty() ? default_assets_dir() : opts.assets_dir;
    m_state.font_dir = assets + "/fonts";
    apply_look();  // the theme, and the fonts baked at device pixels
    io.FontGlobalScale = 1.0f / m_platform.dpi_scale();  // laid out in points
    if (Status s = load_ui_catalogues(assets); !s) m_state.catalogue_status = "繁體中文: " + s.message;
    m_translator.load(assets, m_state);
    m_compare.set_assets_dir(assets);  // its models load when the Compare panel first opens
    m_images.set_assets_dir(assets);   // and the CNNs when the Image panel does
    m_train.set_assets_dir(assets);    // the mini corpus's lexicon (the web's worker has its own)
#if !defined(__EMSCRIPTEN__)
    open_saved_runs(opts.saved_runs_dir);  // the Train panel's run from an earlier visit (the web's worker opens its own)
#endif
    m_state.gl_renderer = m_platform.gl_renderer();
    m_state.gl_version = m_platform.gl_version();
    return true;
}

void App::apply_look() {
    const float scale = m_platform.dpi_scale() * float(m_state.ui_scale_percent) / 100.0f;
    m_light_theme = m_state.light_theme;
    apply_theme(scale, m_light_theme ? Theme::Light : Theme::Dark);
    const ImVec4 bg = theme::background();
    m_platform.set_clear_color(bg.x, bg.y, bg.z);
    if (m_state.ui_scale_percent != m_ui_scale_percent) {
        m_ui_scale_percent = m_state.ui_scale_percent;
        ImGui::GetIO().Fonts->Clear();
        m_state.font_status = load_ui_fonts(m_state.font_dir, 16.0f * scale);
        ImGui::GetIO().Fonts->Build();  // now, not at the next frame: the old fonts are gone
        m_platform.rebuild_font_texture();
    }
}

void App::gl_context_lost() {
    m_platform.stop_renderer();
    request_frames();
}

void App::gl_context_restored() {
    m_platform.restart_renderer();
    forget_pixel_textures();  // their names belong to the lost context
    request_frames();
}

void App::use_model_file(const std::string & path, const std::string & name, bool trained_here) {
    TrainState & t = m_state.train;
    const Status s = m_translator.use_trained(path, name, m_state);
    std::remove(path.c_str());
    if (!s) {
        t.message = s.said;
        t.message_is_error = true;
        return;
    }
    // A model of the toy tasks reads symbols: give it the probe (or a sequence of its own). One
    // trained here on the mini corpus gets the probe sentence, the map the Train panel showed.
    const Translator * model = m_translator.current(m_state);
    if (model && !model->has_pieces() && model->source_vocab().contains("0"))
        m_state.set_sentence(t.probe.empty() ? "3 1 4 1 5" : t.probe, /*from_outside=*/true);
    else if (trained_here && is_corpus_task(t.run_setup.task) && !t.probe.empty())
        m_state.set_sentence(t.probe, /*from_outside=*/true);
    t.message.clear();
    m_state.attention.kind = AttentionKind::Cross;
    m_state.show_translate = m_state.show_attention = m_state.show_step = true;
    m_state.show_train = false;  // it covers them; the run stays, the View menu reopens it
}

void App::import_model() {
#if defined(__EMSCRIPTEN__)
    EM_ASM({ if (window.attnChooseModel) window.attnChooseModel(); });  // the bytes come back through attn_model_import
#else
    const std::string path = m_state.train.import_path;
    std::string copy = (std::filesystem::temp_directory_path() / "attn-imported-model.safetensors").string();
    std::error_code e;
    std::filesystem::copy_file(path, copy, std::filesystem::copy_options::overwrite_existing, e);
    if (e) {
        m_state.train.message = {N_("{0} could not be read: {1}"), {path, e.message()}};
        m_state.train.message_is_error = true;
        return;
    }
    use_model_file(copy, printf_string(tr("Imported: %s"), std::filesystem::path(path).filename().string().c_str()));
#endif
}

bool App::frame() {
    bool had_events = false;
    bool keep_running = m_platform.poll_events(&had_events);
    for (const std::string & path : m_platform.take_dropped_files()) m_images.upload_file(m_state, path);
    const bool work = had_events || m_state.translate_requested || m_state.sentence_set_from_outside || m_compare.busy(m_state) ||
                      m_images.busy(m_state) || m_train.busy(m_state) || !m_state.translator_loading.empty() ||  // a download to follow
                      m_state.translator_retry_requested;
    // A few frames after the last input let ImGui settle (hover states, closing popups).
    m_busy_frames = work ? kSettleFrames : m_busy_frames - 1;
    if (m_busy_frames <= 0 && !m_force_draw) {
        // A run in the web's worker goes on between drawn frames: take in what it sent, so the
        // state (the host API's getState) keeps up without drawing.
        if (TrainRunner::kInWorker) m_train.update(m_state, now_ms() / 1000.0, 0.0);
        m_platform.wait_events(0.5);
        m_state.idle_frames++;
        return keep_running;
    }
    if (m_state.light_theme != m_light_theme || m_state.ui_scale_percent != m_ui_scale_percent) apply_look();
    const double frame_start = now_ms();
    m_platform.begin_frame();
    m_train.update(m_state, now_ms() / 1000.0, m_other_work_ms);
    if (std::string trained; m_train.take_model_for_translate(&trained))
        use_model_file(trained, printf_string(tr("Trained here: %s, step %lld"), toy_task_name(m_state.train.run_setup.task),
                                              (long long)m_state.train.step),
                       /*trained_here=*/true);
    if (m_state.train.import_requested) {
        m_state.train.import_requested = false;
        import_model();
    }
    m_translator.update(m_state, ImGui::GetTime());
    m_compare.update(m_state, m_translator, ImGui::GetTime());
    m_images.update(m_state);
    m_state.sentence_rect = m_state.heatmap_rect = m_state.heatmap_visible = m_state.image_measure_rect = {};
    draw_ui(m_state);
    m_platform.end_frame();
    m_other_work_ms = ms_since(frame_start) - m_train.last_slice_ms();
    m_state.frame_count++;
    return keep_running;
}

void App::shutdown() { m_platform.shutdown(); }

} // namespace attn

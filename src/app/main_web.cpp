// Web entry point: the browser drives frames (requestAnimationFrame through emscripten's main
// loop), and web/app.js plus the browser tests talk to the app through the C hooks below.
#include "app/app.h"
#include "app/look_json.h"
#include "app/runners/gpu_runner.h"
#include "app/share_exports.h"
#include "app/share_web.h"
#include "app/state_json.h"
#include "app/url_state_apply.h"
#include "core/parallel.h"
#include "core/printf_string.h"
#include "ui/i18n.h"
#include "ui/screen_reader.h"
#include "ui/widgets/color_scale.h"

#include <emscripten.h>
#include <emscripten/html5.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <string>

static attn::App g_app;
static attn::GpuRunner g_gpu;  // the GL compute path on the app's own WebGL2 context

static void run_frame(void *) {
    g_app.frame();
    attn::service_share_requests_in_browser(g_app.state());  // Share menu, attn:translated (share_web.h)
}

int main() {
#if defined(ATTN_WEB_MAX_THREADS)
    // The threaded build: half the logical cores, up to the pool the page started (ORT-web's
    // default too). The browser's own threads (compositor, GPU process, a software rasteriser on
    // machines without a GPU) need the rest: on a 2-core machine, 2 threads made some translations
    // 10x slower, each part waiting for a worker the scheduler had put aside.
    attn::set_compute_threads(std::clamp((attn::hardware_threads() + 1) / 2, 1, ATTN_WEB_MAX_THREADS));
#endif
    attn::AppOptions opts;
    // Start at the canvas' CSS size (web/style.css fills the page); SDL follows later resizes.
    double w = 0, h = 0;
    if (emscripten_get_element_css_size("#canvas", &w, &h) == EMSCRIPTEN_RESULT_SUCCESS && w > 0 && h > 0) {
        opts.platform.width = int(w);
        opts.platform.height = int(h);
    }
    if (!g_app.init(opts)) {
        EM_ASM({ if (window.attnFatal) window.attnFatal(UTF8ToString($0)); }, g_app.error().c_str());
        return 1;
    }
    g_gpu.init();  // the context SDL made for ImGui is current now
    g_app.translator().set_gpu_path(&g_gpu);  // the Translate panel's WebGL2 backend
    g_gpu.set_on_context_lost([] { g_app.gl_context_lost(); });
    g_gpu.set_on_context_restored([] {
        g_app.gl_context_restored();
        g_app.state().backend_status.notice = {
            attn::N_("The WebGL context came back: WebGL2 can be selected again (translations stay on WASM SIMD until then)."), {}};
    });
    EM_ASM({ if (window.attnStarted) window.attnStarted(); });
    emscripten_set_main_loop_arg(run_frame, nullptr, /*fps=*/0, /*simulate_infinite_loop=*/true);
    return 0;
}

// ---- C hooks (listed in -sEXPORTED_FUNCTIONS, cmake/app.cmake) ---------------------------------
extern "C" {

// Main-loop iterations, drawn or skipped while idle: "the app is running".
EMSCRIPTEN_KEEPALIVE double attn_frame_count() { return double(g_app.state().frame_count + g_app.state().idle_frames); }
// Frames drawn: the page does work for its reader only in these.
EMSCRIPTEN_KEEPALIVE double attn_drawn_frame_count() { return double(g_app.state().frame_count); }

// Returned strings live until the next call of the same hook.
EMSCRIPTEN_KEEPALIVE const char * attn_get_sentence() {
    static std::string copy;
    copy = g_app.state().sentence;
    return copy.c_str();
}

EMSCRIPTEN_KEEPALIVE void attn_set_sentence(const char * utf8) {
    if (utf8) g_app.state().set_sentence(utf8, /*from_outside=*/true);
}

EMSCRIPTEN_KEEPALIVE const char * attn_get_ui_language() { return attn::ui_language_id(g_app.state().ui_language); }

// The interface language, by id ("en", "zh-TW") or from a browser language ("zh-Hant-TW"); 1 when
// it was an id, 0 when it was read as a browser language.
EMSCRIPTEN_KEEPALIVE int attn_set_ui_language(const char * id_or_locale) {
    attn::AppState & s = g_app.state();
    const std::string v = id_or_locale ? id_or_locale : "";
    const bool is_id = attn::parse_ui_language(v, &s.ui_language);
    if (!is_id) s.ui_language = attn::ui_language_from_locale(v);
    g_app.request_frames();
    return is_id ? 1 : 0;
}

// Where a widget is on the canvas, as JSON in CSS pixels: {"x":..,"y":..,"w":..,"h":..}.
EMSCRIPTEN_KEEPALIVE const char * attn_widget_rect(const char * name) {
    static char buf[128];
    attn::WidgetRect r;
    if (name && std::string(name) == "sentence") r = g_app.state().sentence_rect;
    if (name && std::string(name) == "heatmap") r = g_app.state().heatmap_rect;
    if (name && std::string(name) == "image_measure") r = g_app.state().image_measure_rect;
    snprintf(buf, sizeof buf, "{\"x\":%.1f,\"y\":%.1f,\"w\":%.1f,\"h\":%.1f}", r.x, r.y, r.w, r.h);
    return buf;
}

EMSCRIPTEN_KEEPALIVE const char * attn_gl_renderer() { return g_app.state().gl_renderer.c_str(); }

// The whole state as JSON (app/state_json.h); lives until the next call.
EMSCRIPTEN_KEEPALIVE const char * attn_state_json() {
    static std::string copy;
    copy = attn::app_state_json(g_app.state());
    return copy.c_str();
}

// What the canvas shows, as text for the page's screen-reader region (ui/screen_reader.h):
// {"sections": [{"heading": "...", "lines": ["...", ...]}, ...]}; lives until the next call.
EMSCRIPTEN_KEEPALIVE const char * attn_reader_json() {
    static std::string copy;
    nlohmann::json sections = nlohmann::json::array();
    for (const attn::ReaderSection & r : attn::screen_reader_text(g_app.state()))
        sections.push_back({{"heading", r.heading}, {"lines", r.lines}});
    copy = nlohmann::json{{"sections", sections}}.dump();
    return copy.c_str();
}

// The reader's look (theme, size of text, attention colours) as JSON (app/look_json.h): the page
// keeps it in localStorage when it changes and applies it again on the next visit.
EMSCRIPTEN_KEEPALIVE const char * attn_get_look() {
    static std::string copy;
    copy = attn::look_json(g_app.state());
    return copy.c_str();
}

EMSCRIPTEN_KEEPALIVE int attn_set_look(const char * json) {
    const bool ok = attn::apply_look_json(g_app.state(), json);
    g_app.request_frames();
    return ok ? 1 : 0;
}

// The kernels' thread count (benchmarks and tests; the threaded build starts at half the logical
// cores, and goes up to its pool). Returns the count now in force: always 1 in the single-thread build.
EMSCRIPTEN_KEEPALIVE int attn_set_threads(int n) {
#if defined(ATTN_WEB_MAX_THREADS)
    attn::set_compute_threads(std::min(n, ATTN_WEB_MAX_THREADS));
#else
    (void)n;
#endif
    return attn::compute_threads();
}

// Selects an attention map: kind 0 encoder self, 1 decoder self, 2 cross; head -1 = mean.
// Translates again at once, so the step-through has the new head's Q, K and V.
EMSCRIPTEN_KEEPALIVE void attn_select(int kind, int layer, int head, int query) {
    attn::AttentionSelection & a = g_app.state().attention;
    a.kind = attn::AttentionKind(kind < 0 || kind > 2 ? 2 : kind);
    a.layer = layer;
    a.head = head;
    a.query = query;
    g_app.translator().run(g_app.state());
}

// The heatmap's colour for a weight, 0xRRGGBB: the browser test compares painted pixels with it.
EMSCRIPTEN_KEEPALIVE int attn_attention_rgb(float weight) {
    uint8_t rgb[3];
    attn::attention_rgb(weight, rgb);
    return rgb[0] << 16 | rgb[1] << 8 | rgb[2];
}

// Translates the current sentence now (tests do not wait for the typing debounce).
EMSCRIPTEN_KEEPALIVE void attn_translate_now() { g_app.translator().run(g_app.state()); }

// Translates the current sentence with the current model on the GPU path and the CPU reference,
// and returns the report as JSON (app/runners/gpu_runner.h); called from JS, so between frames. The
// app's own translation is left as it is.
EMSCRIPTEN_KEEPALIVE const char * attn_gpu_translate_now() {
    const attn::Translator * tr = g_app.translator().current(g_app.state());
    if (tr) g_gpu.run(*tr, g_app.state().model, g_app.state().sentence);
    static std::string copy;
    copy = g_gpu.json();
    return copy.c_str();
}

// Selects the compute backend as the Translate panel's selector does: "reference", "cpu" (also
// "simd"), "webgl2". Returns 0 for an unknown name (nothing changes). The translation reruns on
// the next frame; if WebGL2 cannot run, state_json's backend.notice says why and "cpu" is used.
EMSCRIPTEN_KEEPALIVE int attn_set_backend(const char * name) {
    attn::ComputeBackend b;
    if (!name || !attn::parse_compute_backend(name, &b)) return 0;
    g_app.state().choose_backend(b);
    g_app.request_frames();
    return 1;
}

// The GPU path's availability and last report, without running it.
EMSCRIPTEN_KEEPALIVE const char * attn_gpu_json() {
    static std::string copy;
    copy = g_gpu.json();
    return copy.c_str();
}

// Opens (open != 0) or closes a window by name: "translate", "attention", "step", "architecture",
// "about", "compare", "image". Returns 0 for an unknown name.
EMSCRIPTEN_KEEPALIVE int attn_show_panel(const char * name, int open) {
    bool * flag = name ? g_app.state().panel_flag(name) : nullptr;
    if (flag) *flag = open != 0;
    g_app.request_frames();  // no input event announces the change
    return flag != nullptr;
}

// Presses one of the Train panel's buttons: "start", "pause", "step", "reset", "export", "use"
// (Use in Translate), "resume_saved", "discard_saved"; 0 for any other name.
EMSCRIPTEN_KEEPALIVE int attn_train_command(const char * name) {
    attn::TrainState & t = g_app.state().train;
    const std::string n = name ? name : "";
    bool * request = n == "start" ? &t.start_requested : n == "pause" ? &t.pause_requested : n == "step" ? &t.step_requested
                   : n == "reset" ? &t.reset_requested : n == "export" ? &t.export_requested : n == "use" ? &t.use_requested
                   : n == "resume_saved" ? &t.resume_saved_requested : n == "discard_saved" ? &t.discard_saved_requested : nullptr;
    if (request) *request = true;
    g_app.request_frames();
    return request != nullptr;
}

// The training worker's messages (web/app.js forwards them from web/train-worker.js).
// A snapshot redraws the page only while the Train panel shows it (TrainRunner::busy): with the
// panel closed the run goes on and the page stays still, leaving the cores to the worker.
EMSCRIPTEN_KEEPALIVE void attn_train_worker_snapshot(const uint8_t * bytes, int size) {
    g_app.trainer().receive_snapshot(bytes, size_t(std::max(size, 0)));
}

// {text, args, error, resumed, setup, probe}: TrainReply as train_worker.cpp writes it.
EMSCRIPTEN_KEEPALIVE void attn_train_worker_reply(const char * json_text) {
    const nlohmann::json j = nlohmann::json::parse(json_text ? json_text : "", nullptr, false);
    attn::TrainReply r;
    if (j.is_object()) {
        r.message.text = j.value("text", "");
        if (j.contains("args") && j["args"].is_array())
            for (const auto & a : j["args"]) if (a.is_string()) r.message.args.push_back(a.get<std::string>());
        r.error = j.value("error", false);
        r.resumed = j.value("resumed", false) && attn::setup_from_text(j.value("setup", ""), &r.setup);
        r.probe = j.value("probe", "");
    }
    g_app.trainer().receive_reply(r);
    g_app.request_frames();
}

EMSCRIPTEN_KEEPALIVE void attn_train_worker_offer(const char * setup_text, double step) {
    attn::TrainSetup setup;
    if (setup_text && attn::setup_from_text(setup_text, &setup)) g_app.trainer().receive_offer(setup, int64_t(step));
    g_app.request_frames();
}

// The model's bytes for "export" (a download) or "translate" (Use in Translate); size 0 with
// `name` the reason when the worker could not write it.
EMSCRIPTEN_KEEPALIVE void attn_train_worker_model(const uint8_t * bytes, int size, const char * purpose, const char * name) {
    g_app.trainer().receive_model(bytes, size_t(std::max(size, 0)), purpose ? purpose : "", name ? name : "");
    g_app.request_frames();
}

// The Train panel's Import: a model file's bytes from the page's file chooser (web/app.js), at most
// attn_model_max_bytes() (size -1: a larger file, refused); copied before returning.
EMSCRIPTEN_KEEPALIVE void attn_model_import(const uint8_t * bytes, int size, const char * name) {
    if (size < 0) {
        g_app.state().train.message = {attn::N_("{0} is larger than {1} MB: not a model file this project makes."), {name ? name : "", "64"}};
        g_app.state().train.message_is_error = true;
        g_app.request_frames();
        return;
    }
    const std::string path = "/tmp/imported-model.safetensors";
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char *>(bytes), std::max(size, 0));
    }
    g_app.use_model_file(path, attn::printf_string(attn::tr("Imported: %s"), name ? name : "model"));
    g_app.request_frames();
}
EMSCRIPTEN_KEEPALIVE double attn_model_max_bytes() { return double(64 << 20); }

// Compares the current sentence in the Compare panel now. The first time, the RNN translators are
// still downloading: state_json's compare.message says so and the app finishes on its own.
EMSCRIPTEN_KEEPALIVE void attn_compare_now() { g_app.comparer().run(g_app.state(), g_app.translator()); }

// Presses the Translate panel's "Try the download again" (shown after a translator's download
// failed; state_json's translator_can_retry says when).
EMSCRIPTEN_KEEPALIVE void attn_retry_translator() { g_app.state().translator_retry_requested = true; }

// Presses the Compare panel's "Recompute on the mini test set" button.
EMSCRIPTEN_KEEPALIVE void attn_compare_recompute() { g_app.state().compare.bleu.recompute_requested = true; }

// A picture for the Image panel (file chooser, drop, paste: web/app.js): `size` bytes at `bytes`,
// copied before returning, so the caller frees them. Opens the panel. A bad file leaves the
// previous result on screen and state_json's image.error says why.
EMSCRIPTEN_KEEPALIVE void attn_image_upload(const uint8_t * bytes, int size, const char * name) {
    g_app.images().upload(g_app.state(), bytes, size_t(std::max(size, 0)), name ? name : "picture");
    g_app.request_frames();
}

// A file the page did not copy into the app because it is larger than attn_image_max_bytes().
EMSCRIPTEN_KEEPALIVE void attn_image_refuse(const char * name, double bytes) {
    g_app.images().refuse_upload(g_app.state(), name ? name : "picture", bytes);
    g_app.request_frames();
}
EMSCRIPTEN_KEEPALIVE double attn_image_max_bytes() { return double(attn::ImageRunner::kMaxUploadBytes); }

// Clicks a gallery thumbnail (0 .. cells - 1): a Fashion-MNIST test image with its true label.
EMSCRIPTEN_KEEPALIVE void attn_image_gallery(int cell) {
    g_app.state().show_image = true;
    g_app.images().show_gallery(g_app.state(), cell);
    g_app.request_frames();
}

// ---- Sharing and embedding (web/app.js, docs/playground.md) -----------------------

// Applies a link's fragment ("panel=step&layer=1", with or without '#'). 1: applied (clamped values
// are explained in state_json's share.link_message); 0: refused, nothing changed, the message says why.
EMSCRIPTEN_KEEPALIVE int attn_url_state_apply(const char * fragment) {
    attn::AppState & s = g_app.state();
    const auto config_of = [](int) -> const attn::TransformerConfig * {
        const attn::Translator * t = g_app.translator().current(g_app.state());
        return t && t->is_transformer() ? &t->model().config() : nullptr;
    };
    const bool ok = attn::apply_url_fragment(fragment ? fragment : "", config_of, &s);
    g_app.request_frames();
    return ok ? 1 : 0;
}

// The fragment for what is on screen now (without '#'); app.js writes it to the address bar.
EMSCRIPTEN_KEEPALIVE const char * attn_url_state() {
    static std::string copy;
    copy = attn::format_url_state(attn::url_state_of(g_app.state()));
    return copy.c_str();
}

// Embed mode (?embed=1): no menu bar, only the link's panel, filling the canvas.
EMSCRIPTEN_KEEPALIVE void attn_set_embed(int on) {
    g_app.state().share.embed = on != 0;
    g_app.request_frames();
}

// An export ("png", "json", "npz", "npy") as bytes for a download: returns a pointer to them, valid
// until the next call, or 0 with the reason in attn_export_error(); attn_export_size() and
// attn_export_name() describe them.
static attn::ExportFile g_export;
static std::string g_export_error;
EMSCRIPTEN_KEEPALIVE const uint8_t * attn_export(const char * what) {
    g_export = {};
    const attn::Status st = attn::make_export(g_app.state(), what ? what : "", &g_export);
    g_export_error = st.message;
    return st ? reinterpret_cast<const uint8_t *>(g_export.bytes.data()) : nullptr;
}
EMSCRIPTEN_KEEPALIVE int attn_export_size() { return int(g_export.bytes.size()); }
EMSCRIPTEN_KEEPALIVE const char * attn_export_name() { return g_export.name.c_str(); }
EMSCRIPTEN_KEEPALIVE const char * attn_export_error() { return g_export_error.c_str(); }

} // extern "C"

// Web entry point: the browser drives frames (requestAnimationFrame through emscripten's main
// loop), and web/app.js plus the browser tests talk to the app through the C hooks below.
#include "app/app.h"

#include <emscripten.h>
#include <emscripten/html5.h>

#include <string>

static attn::App g_app;

static void run_frame(void *) { g_app.frame(); }

int main() {
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
    EM_ASM({ if (window.attnStarted) window.attnStarted(); });
    emscripten_set_main_loop_arg(run_frame, nullptr, /*fps=*/0, /*simulate_infinite_loop=*/true);
    return 0;
}

// ---- C hooks (listed in -sEXPORTED_FUNCTIONS, cmake/app.cmake) ---------------------------------
extern "C" {

EMSCRIPTEN_KEEPALIVE double attn_frame_count() { return double(g_app.state().frame_count); }

// Returned strings live until the next call of the same hook.
EMSCRIPTEN_KEEPALIVE const char * attn_get_sentence() {
    static std::string copy;
    copy = g_app.state().sentence;
    return copy.c_str();
}

EMSCRIPTEN_KEEPALIVE void attn_set_sentence(const char * utf8) {
    if (utf8) g_app.state().set_sentence(utf8, /*from_outside=*/true);
}

// Where a widget is on the canvas, as JSON in CSS pixels: {"x":..,"y":..,"w":..,"h":..}.
EMSCRIPTEN_KEEPALIVE const char * attn_widget_rect(const char * name) {
    static char buf[128];
    attn::WidgetRect r;
    if (name && std::string(name) == "sentence") r = g_app.state().sentence_rect;
    snprintf(buf, sizeof buf, "{\"x\":%.1f,\"y\":%.1f,\"w\":%.1f,\"h\":%.1f}", r.x, r.y, r.w, r.h);
    return buf;
}

EMSCRIPTEN_KEEPALIVE const char * attn_gl_renderer() { return g_app.state().gl_renderer.c_str(); }

} // extern "C"

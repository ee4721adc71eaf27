#include "platform/saved_runs.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace attn {

namespace {

SavedRunsState g_state = SavedRunsState::Unavailable;
std::string g_dir;
std::string g_error;

} // namespace

#if defined(__EMSCRIPTEN__)

// IndexedDB may be missing or refuse to open (a private window, a disabled storage): then the
// folder stays an ordinary in-memory one and the run simply is not kept.
EM_JS(void, attn_js_open_saved_runs, (const char * dir_p), {
    const dir = UTF8ToString(dir_p);
    const done = (ok, message) => {
        const m = allocateUTF8(message || "");
        Module._attn_saved_runs_opened(ok ? 1 : 0, m);
        _free(m);
    };
    try {
        FS.mkdir(dir);
        FS.mount(IDBFS, {}, dir);
        FS.syncfs(true, (err) => done(!err, err ? String(err.message || err) : ""));
    } catch (e) {
        done(false, String(e && e.message || e));
    }
});

// Module.onSavedRunsPersisted(tag), when the program defines it, hears of each write that completed.
EM_JS(void, attn_js_persist_saved_runs, (double tag), {
    FS.syncfs(false, (err) => {
        if (!err) {
            if (Module.onSavedRunsPersisted) Module.onSavedRunsPersisted(tag);
            return;
        }
        const m = allocateUTF8(String(err.message || err.name || err));
        Module._attn_saved_runs_failed(m);
        _free(m);
    });
});

extern "C" {
EMSCRIPTEN_KEEPALIVE void attn_saved_runs_opened(int ok, const char * message) {
    g_state = ok ? SavedRunsState::Ready : SavedRunsState::Unavailable;
    if (!ok) g_error = message ? message : "";
}
EMSCRIPTEN_KEEPALIVE void attn_saved_runs_failed(const char * message) { g_error = message ? message : "storage refused"; }
}

void open_saved_runs(const std::string &) {
    if (!g_dir.empty()) return;
    g_dir = "/saved-runs";
    g_state = SavedRunsState::Pending;
    attn_js_open_saved_runs(g_dir.c_str());
}

void persist_saved_runs(int64_t tag) {
    if (g_state == SavedRunsState::Ready) attn_js_persist_saved_runs(double(tag));
}

#else

void open_saved_runs(const std::string & native_dir) {
    g_dir = native_dir;
    g_state = native_dir.empty() ? SavedRunsState::Unavailable : SavedRunsState::Ready;
}

void persist_saved_runs(int64_t) {}

#endif

SavedRunsState saved_runs_state() { return g_state; }
const std::string & saved_runs_dir() {
    static const std::string none;
    return g_state == SavedRunsState::Unavailable && g_dir.empty() ? none : g_dir;
}
std::string saved_runs_error() { return g_error; }
void clear_saved_runs_error() { g_error.clear(); }

} // namespace attn

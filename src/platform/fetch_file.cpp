#include "platform/fetch_file.h"

#include <map>

#if defined(__EMSCRIPTEN__)
#include <emscripten/wget.h>
#endif

namespace attn {

#if defined(__EMSCRIPTEN__)

namespace {

struct Fetch {
    FetchState state = FetchState::Pending;
    float progress = -1.0f;
};

// By destination path; emscripten_async_wget2's callbacks get the path back through `arg`,
// which points at the map's own key (std::map keys stay put while their entry exists).
std::map<std::string, Fetch> & fetches() {
    static std::map<std::string, Fetch> m;
    return m;
}
Fetch * find(void * arg) {
    auto it = fetches().find(*static_cast<const std::string *>(arg));
    return it == fetches().end() ? nullptr : &it->second;
}
void on_load(unsigned, void * arg, const char *) {
    if (Fetch * f = find(arg)) f->state = FetchState::Done;
}
void on_error(unsigned, void * arg, int) {
    if (Fetch * f = find(arg)) f->state = FetchState::Failed;
}
void on_progress(unsigned, void * arg, int percent) {  // only called when the size is known
    if (Fetch * f = find(arg)) f->progress = float(percent) / 100.0f;
}

} // namespace

FetchState fetch_file(const std::string & url, const std::string & path) {
    auto it = fetches().find(path);
    if (it != fetches().end()) return it->second.state;
    it = fetches().emplace(path, Fetch{}).first;
    emscripten_async_wget2(url.c_str(), path.c_str(), "GET", "", const_cast<std::string *>(&it->first), on_load,
                           on_error, on_progress);
    return FetchState::Pending;
}

float fetch_progress(const std::string & path) {
    auto it = fetches().find(path);
    return it == fetches().end() ? -1.0f : it->second.progress;
}

void fetch_forget(const std::string & path) {
    auto it = fetches().find(path);
    if (it != fetches().end() && it->second.state != FetchState::Pending) fetches().erase(it);
}

bool fetch_is_instant() { return false; }

#else

FetchState fetch_file(const std::string &, const std::string &) { return FetchState::Done; }
float fetch_progress(const std::string &) { return 1.0f; }
void fetch_forget(const std::string &) {}
bool fetch_is_instant() { return true; }

#endif

} // namespace attn

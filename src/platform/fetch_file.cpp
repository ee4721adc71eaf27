#include "platform/fetch_file.h"

#include <map>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace attn {

#if defined(__EMSCRIPTEN__)

namespace {

// By destination path; emscripten_async_wget's callbacks get the path back.
std::map<std::string, FetchState> & fetches() {
    static std::map<std::string, FetchState> m;
    return m;
}
void on_load(const char * path) { fetches()[path] = FetchState::Done; }
void on_error(const char * path) { fetches()[path] = FetchState::Failed; }

} // namespace

FetchState fetch_file(const std::string & url, const std::string & path) {
    auto it = fetches().find(path);
    if (it != fetches().end()) return it->second;
    fetches()[path] = FetchState::Pending;
    emscripten_async_wget(url.c_str(), path.c_str(), on_load, on_error);
    return FetchState::Pending;
}

#else

FetchState fetch_file(const std::string &, const std::string &) { return FetchState::Done; }

#endif

} // namespace attn

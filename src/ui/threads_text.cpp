#include "ui/threads_text.h"

#include "core/parallel.h"
#include "core/printf_string.h"
#include "ui/i18n.h"

namespace attn {

std::string threads_text() {
    const int n = compute_threads();
    return n == 1 ? std::string(tr("1 thread")) : printf_string(tr("%d threads"), n);
}

const char * threads_build() {
#if !defined(__EMSCRIPTEN__)
    return "native";
#elif defined(__EMSCRIPTEN_PTHREADS__)
    return "web-threads";
#else
    return "web-single";
#endif
}

std::string threads_details() {
#if !defined(__EMSCRIPTEN__)
    return printf_string(tr("%d of %d cores"), compute_threads(), hardware_threads());
#elif defined(__EMSCRIPTEN_PTHREADS__)
    return printf_string(tr("%d of %d cores: the threaded build, as this page is cross-origin isolated"), compute_threads(),
                         hardware_threads());
#else
    return tr("1: the single-thread build, as this page is not cross-origin isolated (its server sends no COOP/COEP headers, "
              "or it is embedded in a page that does not)");
#endif
}

} // namespace attn

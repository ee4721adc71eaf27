#include "core/clock.h"

#include <chrono>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace attn {

double now_ms() {
#if defined(__EMSCRIPTEN__)
    return emscripten_get_now();
#else
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

} // namespace attn

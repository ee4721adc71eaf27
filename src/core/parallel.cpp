#include "core/parallel.h"

#include <algorithm>
#include <atomic>
#if !defined(__EMSCRIPTEN__)
#include <thread>
#include <vector>
#endif

namespace attn {

namespace {
std::atomic<int> g_threads{1};
}

int compute_threads() { return g_threads.load(); }

void set_compute_threads(int n) {
#if !defined(__EMSCRIPTEN__)
    g_threads = std::clamp(n, 1, 64);
#else
    (void)n;  // no pthreads in this build
#endif
}

void parallel_ranges(int64_t n, int parts, const std::function<void(int64_t, int64_t, int)> & fn) {
#if defined(__EMSCRIPTEN__)
    (void)parts;
    fn(0, n, 0);
#else
    parts = int(std::clamp<int64_t>(parts, 1, std::max<int64_t>(n, 1)));
    std::vector<std::thread> workers;
    for (int p = 1; p < parts; p++) workers.emplace_back([&fn, n, p, parts] { fn(n * p / parts, n * (p + 1) / parts, p); });
    fn(0, n / parts, 0);
    for (std::thread & t : workers) t.join();
#endif
}

} // namespace attn

#include "core/parallel.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#define ATTN_HAS_THREADS 1
#include "core/thread_pool.h"
#include <thread>
#endif

namespace attn {

namespace {
std::atomic<int> g_threads{1};
#if ATTN_HAS_THREADS
// Grown on demand: training asks for one thread per replica whatever compute_threads() says.
std::mutex g_pool_mutex;
std::unique_ptr<ThreadPool> g_pool;
#endif
} // namespace

int compute_threads() { return g_threads.load(); }

void set_compute_threads(int n) {
#if ATTN_HAS_THREADS
    g_threads = std::clamp(n, 1, 64);
#else
    (void)n;
#endif
}

bool threads_available() {
#if ATTN_HAS_THREADS
    return true;
#else
    return false;
#endif
}

int hardware_threads() {
#if ATTN_HAS_THREADS
    return std::max(1, int(std::thread::hardware_concurrency()));
#else
    return 1;
#endif
}

int kernel_parts(int64_t multiply_adds, int64_t max_parts) {
    const int64_t by_work = std::max<int64_t>(1, multiply_adds / kMinParallelWork);
    return int(std::max<int64_t>(1, std::min({int64_t(compute_threads()), by_work, max_parts})));
}

void parallel_ranges(int64_t n, int parts, const std::function<void(int64_t, int64_t, int)> & fn) {
    parts = int(std::clamp<int64_t>(parts, 1, std::max<int64_t>(n, 1)));
#if ATTN_HAS_THREADS
    if (parts > 1 && !ThreadPool::inside_job()) {  // never try_lock a mutex this thread may hold
        // Held for the whole job, so the pool cannot be replaced under it; another thread asking
        // while this job runs finds it taken and runs inline, as a part asking again does.
        std::unique_lock<std::mutex> lock(g_pool_mutex, std::try_to_lock);
        if (lock.owns_lock()) {
            if (!g_pool || g_pool->threads() < parts) g_pool = std::make_unique<ThreadPool>(std::max(parts, compute_threads()));
            g_pool->run(parts, [&](int p) { fn(n * p / parts, n * (p + 1) / parts, p); });
            return;
        }
    }
#endif
    for (int p = 0; p < parts; p++) fn(n * p / parts, n * (p + 1) / parts, p);
}

} // namespace attn

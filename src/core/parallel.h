// Splitting independent work over the machine's cores: training's data-parallel replicas and
// images, and the kernels' large products (split by output columns or heads, so each value is
// computed exactly as on one thread: results never depend on the thread count).
//
// compute_threads() is 1 unless set: the native app sets it to the machine's cores, `attn` to
// ATTN_THREADS, the threaded web build to half the page's logical cores (at most 4), and the
// single-thread web build cannot raise it. Parts run on one persistent pool (core/thread_pool.h).
#pragma once
#include <cstdint>
#include <functional>

namespace attn {

int compute_threads();             // 1 unless set
void set_compute_threads(int n);   // clamped to [1, 64]; ignored by a build without threads
bool threads_available();          // whether this build can run more than one thread
int hardware_threads();            // the machine's cores as the platform reports them, at least 1

// fn(begin, end, part) for `parts` contiguous ranges covering [0, n) in order, each part on its
// own thread of the pool (part 0 on the caller), all done before returning. Inline when the build
// has no threads, when called from inside a part, or while another thread's job runs.
void parallel_ranges(int64_t n, int parts, const std::function<void(int64_t, int64_t, int)> & fn);

// How many parts a kernel should split `multiply_adds` of work into: one per compute thread, but
// none smaller than kMinParallelWork, below which waking a thread costs more than it saves.
constexpr int64_t kMinParallelWork = 1 << 18;
int kernel_parts(int64_t multiply_adds, int64_t max_parts);

} // namespace attn

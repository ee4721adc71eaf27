// Splitting independent work over the machine's cores, for training (the web build has no threads
// and runs everything inline). Off by default: one thread, so every result is exactly what it was
// without this file; `attn train` turns it on for image classifiers ("threads" in the config).
#pragma once
#include <cstdint>
#include <functional>

namespace attn {

int compute_threads();             // 1 unless set
void set_compute_threads(int n);   // clamped to [1, 64]; ignored on the web

// fn(begin, end, part) for `parts` contiguous ranges covering [0, n) in order; part 0 runs on the
// calling thread, the others on their own threads, all joined before returning.
void parallel_ranges(int64_t n, int parts, const std::function<void(int64_t, int64_t, int)> & fn);

} // namespace attn

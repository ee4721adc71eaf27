// The one monotonic clock for timings and time budgets: performance.now() in the browser, whose
// resolution the page sets, std::chrono::steady_clock elsewhere. Values are milliseconds from an
// arbitrary start, so only differences mean anything.
#pragma once

namespace attn {

double now_ms();
inline double now_seconds() { return now_ms() / 1000.0; }
inline double ms_since(double start_ms) { return now_ms() - start_ms; }

} // namespace attn

// Per-op timing of one run, for the app's timing table (every backend: reference, SIMD/Eigen,
// WebGL2). An OpTimer collects (op name, milliseconds) as ops finish; table() turns that into rows
// sorted by time with each op's share of the run's wall time. Whatever the ops do not account for
// (token choice on the CPU, readbacks outside the timed draws, trace copies) becomes one "other"
// row, so the shares add up to 100% and nothing is hidden.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct OpTimingRow {
    std::string op;
    int64_t calls = 0;
    double ms = 0;     // total over the run
    double share = 0;  // ms / OpTimingTable::total_ms, 0..1
};

struct OpTimingTable {
    std::vector<OpTimingRow> rows;  // slowest first; "other" (if any) last
    double total_ms = 0;            // the run's wall time (at least the sum of the rows)
    std::string method;             // how the ops were timed, shown under the table
    bool empty() const { return rows.empty(); }
};

// Label of the row that holds the wall time no op accounts for.
inline constexpr const char * kOtherOpRow = "other (outside the ops)";

class OpTimer {
public:
    // Adds one call of `op`. A negative or non-finite time (a clock hiccup) counts the call as 0 ms.
    void add(const std::string & op, double ms, int64_t calls = 1);
    void clear() { m_rows.clear(); }
    bool empty() const { return m_rows.empty(); }
    // Rows sorted by ms (ties by name), shares of max(wall_ms, Σ ms), plus the "other" row when
    // wall_ms exceeds the sum by more than 1 µs.
    OpTimingTable table(double wall_ms, const std::string & method) const;

private:
    std::vector<OpTimingRow> m_rows;  // insertion order; few ops, so a linear search is fine
};

} // namespace attn

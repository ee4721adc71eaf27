#include "backend/op_timing.h"

#include <algorithm>
#include <cmath>

namespace attn {

void OpTimer::add(const std::string & op, double ms, int64_t calls) {
    if (!std::isfinite(ms) || ms < 0) ms = 0;
    auto it = std::find_if(m_rows.begin(), m_rows.end(), [&](const OpTimingRow & r) { return r.op == op; });
    if (it == m_rows.end()) {
        m_rows.push_back({op, 0, 0, 0});
        it = m_rows.end() - 1;
    }
    it->calls += std::max<int64_t>(calls, 0);
    it->ms += ms;
}

OpTimingTable OpTimer::table(double wall_ms, const std::string & method) const {
    OpTimingTable t;
    t.method = method;
    t.rows = m_rows;
    std::sort(t.rows.begin(), t.rows.end(), [](const OpTimingRow & a, const OpTimingRow & b) {
        return a.ms != b.ms ? a.ms > b.ms : a.op < b.op;
    });
    double sum = 0;
    for (const OpTimingRow & r : t.rows) sum += r.ms;
    if (!std::isfinite(wall_ms) || wall_ms < 0) wall_ms = 0;
    // The wall clock wraps the ops, so it can only be smaller than their sum by clock granularity.
    t.total_ms = std::max(wall_ms, sum);
    if (t.total_ms - sum > 1e-3) t.rows.push_back({kOtherOpRow, 0, t.total_ms - sum, 0});
    for (OpTimingRow & r : t.rows) r.share = t.total_ms > 0 ? r.ms / t.total_ms : 0;
    return t;
}

} // namespace attn

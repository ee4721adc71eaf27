// Timing mode of the kernels (the app's per-op table on WebGL2): with an OpTimer set, every draw
// is recorded under its shader's name, one call per draw, less the cost of an empty wait measured
// at the run's first draw; without it nothing is recorded.
#include "gpu_test_env.h"

#include "backend/op_timing.h"

#include <map>

using namespace attn;

namespace {

using GpuTiming = GpuTest;

TEST_F(GpuTiming, EveryDrawIsTimedUnderItsShaderOnlyWhileATimerIsSet) {
    OpTimer timer;
    Tensor x = random_normal({4, 8}, 3), y({4, 8});
    gl->relu(x, y);  // before the timer: not recorded (and compiles the program)
    gl->kernels().set_op_timer(&timer);
    EXPECT_EQ(gl->kernels().empty_wait_ms(), -1) << "measured at the first timed draw, not before";
    gl->relu(x, y);
    const double wait_ms = gl->kernels().empty_wait_ms();
    EXPECT_GE(wait_ms, 0) << "the first timed draw measures what an empty wait costs";
    gl->relu(x, y);
    Tensor probs({1, 2, 4, 4}), out({4, 8});
    gl->attention(x, x, x, /*heads=*/2, 0.5f, Mask::none(), probs, out);
    gl->kernels().set_op_timer(nullptr);
    EXPECT_EQ(gl->kernels().empty_wait_ms(), wait_ms) << "measured once per timed run, and kept for its table's text";
    EXPECT_GT(gl->kernels().timing_waits_ms(), 0) << "the waits (the measurement's five included) are counted apart";
    gl->relu(x, y);  // after: not recorded
    EXPECT_EQ(new_fallbacks(), 0);

    const OpTimingTable t = timer.table(/*wall_ms=*/0, "glFinish");
    std::map<std::string, int64_t> calls;
    for (const OpTimingRow & r : t.rows) {
        calls[r.op] = r.calls;
        EXPECT_GE(r.ms, 0.0) << r.op;
    }
    EXPECT_EQ(calls["relu"], 2);
    // attention is three draws (gpu/kernels.h): scores, softmax, probs · V.
    EXPECT_EQ(calls["attention_scores"], 1);
    EXPECT_EQ(calls["softmax_rows"], 1);
    EXPECT_EQ(calls["attention_output"], 1);
    EXPECT_EQ(t.rows.size(), 4u) << "no other rows: no other draws happened";
}

} // namespace

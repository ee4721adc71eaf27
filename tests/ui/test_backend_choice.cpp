// The compute-backend choice, without a GPU: the timing aggregation, the rule that
// decides what runs, the translation runner on each CPU backend and its fallback when WebGL2 is
// selected but has no GL path (natively there is none), the selector and timing table drawn
// headless, and the state JSON the browser test and the URL state read.
#include "headless_ui.h"
#include "app/state_json.h"
#include "app/runners/translation_runner.h"
#include "backend/op_timing.h"
#include "ui/backend_choice.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace {

using attn::ComputeBackend;

TEST(OpTiming, AggregatesSortsAndSharesTheWallTime) {
    attn::OpTimer timer;
    timer.add("linear", 3.0);
    timer.add("softmax", 1.0);
    timer.add("linear", 2.0);
    timer.add("gelu", 1.0, /*calls=*/4);
    const attn::OpTimingTable t = timer.table(/*wall_ms=*/10.0, "test clock");
    ASSERT_EQ(t.rows.size(), 4u);  // three ops and "other"
    EXPECT_EQ(t.rows[0].op, "linear");
    EXPECT_EQ(t.rows[0].calls, 2);
    EXPECT_DOUBLE_EQ(t.rows[0].ms, 5.0);
    EXPECT_DOUBLE_EQ(t.rows[0].share, 0.5);
    EXPECT_EQ(t.rows[1].op, "gelu");  // ties on ms sort by name: gelu before softmax
    EXPECT_EQ(t.rows[1].calls, 4);
    EXPECT_EQ(t.rows[2].op, "softmax");
    EXPECT_EQ(t.rows[3].op, attn::kOtherOpRow);
    EXPECT_DOUBLE_EQ(t.rows[3].ms, 3.0);
    EXPECT_DOUBLE_EQ(t.total_ms, 10.0);
    EXPECT_EQ(t.method, "test clock");
    double shares = 0;
    for (const attn::OpTimingRow & r : t.rows) shares += r.share;
    EXPECT_NEAR(shares, 1.0, 1e-12);
}

TEST(OpTiming, WallTimeBelowTheSumAndBadTimesAreHarmless) {
    attn::OpTimer timer;
    timer.add("a", 2.0);
    timer.add("b", -5.0);  // a clock going backwards counts the call, not the time
    timer.add("c", std::numeric_limits<double>::quiet_NaN());
    const attn::OpTimingTable t = timer.table(/*wall_ms=*/1.0, "m");
    ASSERT_EQ(t.rows.size(), 3u);  // no "other": the ops already cover more than the wall time
    EXPECT_DOUBLE_EQ(t.total_ms, 2.0);
    EXPECT_DOUBLE_EQ(t.rows[0].share, 1.0);
    EXPECT_EQ(t.rows[1].calls, 1);
    EXPECT_DOUBLE_EQ(t.rows[1].ms, 0.0);
    for (const attn::OpTimingRow & r : t.rows) EXPECT_TRUE(std::isfinite(r.share));
    EXPECT_TRUE(attn::OpTimer().table(0.0, "m").empty());
}

TEST(BackendChoice, IdsRoundTripAndBadNamesAreRefused) {
    for (int i = 0; i < attn::kComputeBackends; i++) {
        ComputeBackend b = ComputeBackend::Reference, parsed = ComputeBackend(i);
        ASSERT_TRUE(attn::parse_compute_backend(attn::compute_backend_id(ComputeBackend(i)), &b));
        EXPECT_EQ(b, parsed);
    }
    ComputeBackend b = ComputeBackend::WebGL2;
    EXPECT_TRUE(attn::parse_compute_backend("simd", &b));
    EXPECT_EQ(b, ComputeBackend::Cpu);
    b = ComputeBackend::Reference;
    for (const char * bad : {"", "WebGL2", "gpu", "webgl2 ", "cpu\n"}) EXPECT_FALSE(attn::parse_compute_backend(bad, &b)) << bad;
    EXPECT_EQ(b, ComputeBackend::Reference);  // untouched
}

TEST(BackendChoice, WebGL2FallsBackOnlyWhenItMust) {
    attn::BackendDecision d = attn::decide_backend(ComputeBackend::WebGL2, true, "");
    EXPECT_EQ(d.run_on, ComputeBackend::WebGL2);
    EXPECT_TRUE(d.notice.empty());
    d = attn::decide_backend(ComputeBackend::WebGL2, false, "float render targets are missing");
    EXPECT_EQ(d.run_on, ComputeBackend::Cpu);
    EXPECT_NE(attn::english(d.notice).find("float render targets are missing"), std::string::npos) << attn::english(d.notice);
    EXPECT_NE(attn::english(d.notice).find("kept"), std::string::npos) << attn::english(d.notice);
    for (ComputeBackend cpu : {ComputeBackend::Reference, ComputeBackend::Cpu}) {
        d = attn::decide_backend(cpu, false, "x");
        EXPECT_EQ(d.run_on, cpu);
        EXPECT_TRUE(d.notice.empty());
    }
}

// The runner really switches backends: both CPU backends give the same translation, each with its
// own timing rows; WebGL2 without a GL path falls back with a notice and keeps the sentence and
// the selections.
TEST(BackendChoice, RunnerUsesTheChosenBackendAndFallsBack) {
    attn::HeadlessUi ui(1280, 800);
    attn::AppState s;
    attn::TranslationRunner runner;
    runner.load(ATTN_BUILD_ASSETS_DIR, s);
    ASSERT_FALSE(s.model_names.empty()) << attn::english(s.translation.error);
    const std::string sentence = "her nervous colleague missed a poor neighbor .";
    s.set_sentence(sentence, true);
    s.model = 1;
    s.attention.layer = 1;
    s.attention.head = 2;

    s.choose_backend(ComputeBackend::Reference);
    runner.run(s);
    ASSERT_TRUE(s.translation.ready);
    const std::string reference_output = s.translation.display;
    EXPECT_EQ(s.backend_status.ran, ComputeBackend::Reference);
    const attn::OpTimingTable ref_timing = s.backend_status.timing;
    ASSERT_FALSE(ref_timing.empty());
    bool has_linear = false, has_attention = false;
    for (const attn::OpTimingRow & r : ref_timing.rows) {
        has_linear |= r.op == "linear" && r.calls > 0;
        has_attention |= r.op == "attention" && r.calls > 0;
    }
    EXPECT_TRUE(has_linear && has_attention);
    EXPECT_NEAR(ref_timing.total_ms, s.translation.milliseconds, 1e-6);

    s.choose_backend(ComputeBackend::Cpu);
    runner.run(s);
    EXPECT_EQ(s.backend_status.ran, ComputeBackend::Cpu);
    EXPECT_EQ(s.translation.display, reference_output);
    EXPECT_FALSE(s.backend_status.timing.empty());

    s.choose_backend(ComputeBackend::WebGL2);
    s.show_op_timing = true;
    runner.run(s);  // natively: no GL path
    EXPECT_FALSE(s.backend_status.gl_available);
    EXPECT_FALSE(s.backend_status.gl_unavailable.empty());
    EXPECT_EQ(s.backend, ComputeBackend::Cpu);
    EXPECT_EQ(s.backend_status.ran, ComputeBackend::Cpu);
    EXPECT_NE(attn::english(s.backend_status.notice).find("switched to"), std::string::npos) << attn::english(s.backend_status.notice);
    EXPECT_TRUE(s.translation.ready);
    EXPECT_EQ(s.translation.display, reference_output);
    EXPECT_EQ(s.sentence, sentence);
    EXPECT_EQ(s.model, 1);
    EXPECT_EQ(s.attention.layer, 1);
    EXPECT_EQ(s.attention.head, 2);
    ui.frames(s, 3);  // selector (WebGL2 disabled), notice and timing table draw without an assert
    EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 1000);

    const nlohmann::json j = nlohmann::json::parse(attn::app_state_json(s))["backend"];
    EXPECT_EQ(j["selected"], "cpu");
    EXPECT_EQ(j["ran"], "cpu");
    EXPECT_FALSE(j["webgl2_available"].get<bool>());
    EXPECT_EQ(j["notice"], attn::english(s.backend_status.notice));
    EXPECT_EQ(j["timing"]["rows"].size(), s.backend_status.timing.rows.size());
    EXPECT_TRUE(j["timing"]["open"].get<bool>());
    EXPECT_LT(j["parity"]["logits_max_diff"].get<double>(), 0);  // no GPU run: no parity

    s.choose_backend(ComputeBackend::Reference);  // choosing again clears the notice
    EXPECT_TRUE(s.backend_status.notice.empty());
    EXPECT_TRUE(s.translate_requested);
}

} // namespace

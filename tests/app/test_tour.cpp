// The guided tour on the real app with the shipped models: every step opens its panel and view,
// and its claim, measured live, holds on the step's own preset (the default sentence, gallery
// image #59). In both interface languages the measured line is there and speaks that language.
#include "real_app.h"
#include "ui/i18n.h"
#include "ui/tour.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace {

class TourTest : public attn::testing::RealAppTest {
protected:
    void SetUp() override { start(1280, 800); }
    void TearDown() override {
        attn::set_ui_language(attn::UiLanguage::English);
        RealAppTest::TearDown();
    }

    // Frames until the step's check has measured something (runners work between frames), at
    // most 20 s.
    std::string run_step(int step, bool * holds) {
        attn::open_tour_step(app.state(), step);
        const auto start = std::chrono::steady_clock::now();
        std::string measured;
        for (int frame = 0; std::chrono::steady_clock::now() - start < std::chrono::seconds(20); frame++) {
            app.frame();
            measured = attn::tour_check(app.state(), step, holds);
            if (frame > 5 && !measured.empty() && !app.state().translate_requested) break;
        }
        return measured;
    }

};

TEST_F(TourTest, EveryStepsClaimHoldsOnItsPreset) {
    const char * panels[attn::kTourSteps] = {"attention", "compare", "compare", "compare", "image",
                                             "step", "attention", "attention", "architecture", "attention"};
    for (int step = 0; step < attn::kTourSteps; step++) {
        bool holds = false;
        const std::string measured = run_step(step, &holds);
        std::printf("step %d: %s\n", step + 1, measured.c_str());
        EXPECT_FALSE(measured.empty()) << "step " << step + 1 << " measured nothing";
        EXPECT_TRUE(holds) << "step " << step + 1 << ": " << measured;
        EXPECT_STREQ(attn::tour_step(step).preset.panel, panels[step]);
        EXPECT_TRUE(*app.state().panel_flag(panels[step])) << "step " << step + 1 << " did not open " << panels[step];
        EXPECT_EQ(app.state().tour.step, step);
    }
}

TEST_F(TourTest, TheMaskStepMeasuresExactZeroAndTheHeadsDiffer) {
    bool holds = false;
    EXPECT_NE(run_step(7, &holds).find(": 0."), std::string::npos);  // "...every layer and head: 0."
    EXPECT_TRUE(holds);
    const std::string heads = run_step(6, &holds);
    EXPECT_TRUE(holds) << heads;
}

TEST_F(TourTest, TheMeasuredLineSpeaksTheInterfaceLanguage) {
    app.state().ui_language = attn::UiLanguage::TraditionalChinese;
    bool holds = false;
    const std::string zh = run_step(5, &holds);
    EXPECT_NE(zh.find("這裡 d_k = 64"), std::string::npos) << zh;
    app.state().ui_language = attn::UiLanguage::English;
    const std::string en = run_step(5, &holds);
    EXPECT_NE(en.find("Here d_k = 64"), std::string::npos) << en;
    EXPECT_NE(en.find("√64 = 8"), std::string::npos) << en;  // the article's ÷8, on the shipped model
}

TEST_F(TourTest, StepsOutsideTheTourCloseIt) {
    attn::open_tour_step(app.state(), attn::kTourSteps);
    EXPECT_EQ(app.state().tour.step, -1);
    attn::open_tour_step(app.state(), -3);
    EXPECT_EQ(app.state().tour.step, -1);
}

} // namespace

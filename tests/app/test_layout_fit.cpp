// Every panel, and the guided tour's box, in both interface languages at the three screen sizes a
// reader brings (a laptop 1280×800, a small window 800×600, a phone 390×844), and on the laptop
// with text and controls at 200% (View > Size of text and controls), on the real app with
// the shipped models and fonts: each window lies inside the screen, and nothing in it is cut off
// at the side (ImGui clips a window's content sideways instead of scrolling, so a label or
// widget wider than its window would lose its end). Tall content scrolls, which is fine. The three
// panels that open side by side do not cover one another. Each case is saved as
// test-output/layout/<size>-<language>-<panel>.png to be looked at.
#include "real_app.h"
#include "ui/i18n.h"
#include "ui/tour.h"

#include <gtest/gtest.h>

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <vector>

namespace {

struct ScreenSize {
    int width, height;
    const char * name;
    int ui_scale_percent = 100;
};

const char * const kPanels[] = {"translate", "attention", "step", "architecture", "compare", "image", "about"};

class LayoutTest : public attn::testing::RealAppTest, public ::testing::WithParamInterface<ScreenSize> {
protected:
    void SetUp() override {
        start(GetParam().width, GetParam().height);
        app.state().ui_scale_percent = GetParam().ui_scale_percent;
        mkdir(ATTN_TEST_OUT_DIR "/layout", 0755);
    }
    void TearDown() override {
        attn::set_ui_language(attn::UiLanguage::English);
        RealAppTest::TearDown();
    }

    void show_only(const char * panel) {
        for (const char * p : kPanels) *app.state().panel_flag(p) = false;
        *app.state().panel_flag(panel) = true;
    }

    // Frames until the runners are done (models loaded, translated, classified), at most 20 s,
    // then a few more for ImGui's layout to settle; the last one saved.
    void settle(const std::string & png) {
        const auto start = std::chrono::steady_clock::now();
        for (int frame = 0; frame < 400 && std::chrono::steady_clock::now() - start < std::chrono::seconds(20); frame++) {
            app.frame();
            const attn::AppState & s = app.state();
            const bool working = s.translate_requested || app.comparer().busy(s) || app.images().busy(s);
            if (frame > 8 && !working) break;
        }
        render(4, ("layout/" + png + ".png").c_str());
    }

    // The window and the child windows inside it: inside the screen, nothing wider than its room.
    void expect_fits(const char * panel, const std::string & where) {
        const ImGuiWindow * w = ImGui::FindWindowByName((std::string("###") + panel).c_str());
        ASSERT_NE(w, nullptr) << where << ": no window " << panel;
        ASSERT_TRUE(w->Active || w->WasActive) << where << ": " << panel << " is not drawn";
        const ImVec2 screen = ImGui::GetIO().DisplaySize;
        EXPECT_GE(w->Pos.x, -0.5f) << where;
        EXPECT_GE(w->Pos.y, -0.5f) << where;
        EXPECT_LE(w->Pos.x + w->Size.x, screen.x + 0.5f) << where << ": " << panel << " reaches past the right edge";
        EXPECT_LE(w->Pos.y + w->Size.y, screen.y + 0.5f) << where << ": " << panel << " reaches past the bottom";
        ImGuiContext & g = *ImGui::GetCurrentContext();
        for (const ImGuiWindow * c : g.Windows) {
            if (c->RootWindow != w || !c->WasActive || c->ScrollbarX) continue;  // a scrollbar: the reader can scroll there
            const float room = c->ContentRegionRect.GetWidth();
            EXPECT_LE(c->ContentSize.x, room + 1.0f)
                << where << ": in " << c->Name << " something is " << c->ContentSize.x - room << " px wider than its room (" << room << " px)";
        }
        // A table clips each column at its edge: content that reaches past it is cut off.
        for (int n = 0; n < g.Tables.GetMapSize(); n++) {
            const ImGuiTable * t = g.Tables.TryGetMapData(n);
            if (!t || t->LastFrameActive < g.FrameCount - 1 || !t->OuterWindow || t->OuterWindow->RootWindow != w) continue;
            if (t->Flags & ImGuiTableFlags_ScrollX) continue;  // it scrolls sideways: nothing is out of reach
            for (int i = 0; i < t->ColumnsCount; i++) {
                const ImGuiTableColumn & col = t->Columns[i];
                if (!col.IsEnabled || !col.IsVisibleX) continue;
                const float past = std::max(col.ContentMaxXUnfrozen, col.ContentMaxXFrozen) - col.MaxX;
                EXPECT_LE(past, 1.0f) << where << ": column " << i << " of a table in " << t->OuterWindow->Name << " is cut off by "
                                      << past << " px (" << col.MaxX - col.MinX << " px wide)";
            }
        }
    }
};

TEST_P(LayoutTest, EveryPanelFitsInBothLanguages) {
    const ScreenSize size = GetParam();
    for (attn::UiLanguage lang : {attn::UiLanguage::English, attn::UiLanguage::TraditionalChinese}) {
        app.state().ui_language = lang;
        const std::string language = attn::ui_language_id(lang);
        for (const char * panel : kPanels) {
            const std::string where = std::string(size.name) + " " + language + " " + panel;
            SCOPED_TRACE(where);
            show_only(panel);
            settle(std::string(size.name) + "-" + language + "-" + panel);
            expect_fits(panel, where);
        }
    }
}

TEST_P(LayoutTest, TheOpeningPanelsDoNotCoverEachOther) {
    const ScreenSize size = GetParam();
    for (attn::UiLanguage lang : {attn::UiLanguage::English, attn::UiLanguage::TraditionalChinese}) {
        app.state().ui_language = lang;
        const std::string language = attn::ui_language_id(lang);
        show_only("translate");
        *app.state().panel_flag("attention") = *app.state().panel_flag("step") = true;
        settle(std::string(size.name) + "-" + language + "-opening");
        std::vector<ImRect> rects;
        for (const char * panel : {"translate", "attention", "step"}) {
            expect_fits(panel, std::string(size.name) + " " + language + " " + panel);
            if (const ImGuiWindow * w = ImGui::FindWindowByName((std::string("###") + panel).c_str())) rects.push_back(w->Rect());
        }
        for (size_t i = 0; i < rects.size(); i++)
            for (size_t j = i + 1; j < rects.size(); j++) {
                ImRect overlap = rects[i];
                overlap.ClipWithFull(rects[j]);
                const float area = std::max(0.0f, overlap.GetWidth()) * std::max(0.0f, overlap.GetHeight());
                EXPECT_LT(area, 1.0f) << size.name << " " << language << ": opening panels " << i << " and " << j << " overlap";
            }
    }
}

TEST_P(LayoutTest, TheTourBoxStaysOnScreen) {
    const ScreenSize size = GetParam();
    for (attn::UiLanguage lang : {attn::UiLanguage::English, attn::UiLanguage::TraditionalChinese}) {
        app.state().ui_language = lang;
        for (int step = 0; step < attn::kTourSteps; step += 3) {  // steps 1, 4, 7, 10: four panels
            attn::open_tour_step(app.state(), step);
            settle(std::string(size.name) + "-" + attn::ui_language_id(lang) + "-tour" + std::to_string(step + 1));
            expect_fits("tour", std::string(size.name) + " tour step " + std::to_string(step + 1));
            // The window the step is about is in front of every other panel (a full-screen one an
            // earlier step opened must not hide it).
            const ImVector<ImGuiWindow *> & order = ImGui::GetCurrentContext()->Windows;  // back to front
            const std::string target = std::string("###") + attn::tour_step(step).preset.panel;
            int target_at = -1, front_panel_at = -1;
            for (int i = 0; i < order.Size; i++) {
                const ImGuiWindow * w = order[i];
                if (!w->WasActive || w->ParentWindow || !std::strstr(w->Name, "###") || std::strstr(w->Name, "###tour")) continue;
                if (std::string(std::strstr(w->Name, "###")) == target) target_at = i;
                front_panel_at = i;
            }
            EXPECT_GE(target_at, 0) << "step " << step + 1 << ": " << target << " is not drawn";
            EXPECT_EQ(target_at, front_panel_at) << size.name << " step " << step + 1 << ": another panel covers " << target;
        }
    }
}

// A tutorial embeds one step (?embed=1#tour=6): the box sits under the panel, not over it.
TEST_P(LayoutTest, AnEmbeddedTourStepLeavesItsPanelUncovered) {
    const ScreenSize size = GetParam();
    app.state().share.embed = true;
    for (attn::UiLanguage lang : {attn::UiLanguage::English, attn::UiLanguage::TraditionalChinese}) {
        app.state().ui_language = lang;
        for (int step : {0, 5, 7}) {
            attn::open_tour_step(app.state(), step);
            const std::string where = std::string(size.name) + " " + attn::ui_language_id(lang) + " embedded step " + std::to_string(step + 1);
            settle(std::string(size.name) + "-" + attn::ui_language_id(lang) + "-embedded-tour" + std::to_string(step + 1));
            const std::string panel = attn::tour_step(step).preset.panel;
            expect_fits(panel.c_str(), where);
            expect_fits("tour", where);
            const ImGuiWindow * w = ImGui::FindWindowByName(("###" + panel).c_str());
            const ImGuiWindow * box = ImGui::FindWindowByName("###tour");
            ASSERT_TRUE(w && box) << where;
            EXPECT_LE(w->Pos.y + w->Size.y, box->Pos.y + 1.0f) << where << ": the tour's box covers the panel";
            EXPECT_GT(w->Size.y, 0.4f * float(size.height)) << where << ": the panel keeps less than 40% of the frame";
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Sizes, LayoutTest,
                         // The three sizes, and a phone's width tall enough that every panel's
                         // whole content is on screen: ImGui skips what lies below the fold.
                         ::testing::Values(ScreenSize{1280, 800, "1280x800"}, ScreenSize{800, 600, "800x600"},
                                           ScreenSize{390, 844, "390x844"}, ScreenSize{390, 2400, "390x2400"},
                                           ScreenSize{1280, 800, "1280x800_at_200pct", 200}),
                         [](const ::testing::TestParamInfo<ScreenSize> & info) { return std::string(info.param.name); });

} // namespace

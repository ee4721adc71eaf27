// Links applied to the app (app/url_state_apply.h) with the shipped models, embed mode drawn
// headless, and the Share menu's exports from a real translation (PNG in the UI's colours).
#include "../ui/headless_ui.h"
#include "app/share_exports.h"
#include "app/translation_runner.h"
#include "app/url_state_apply.h"
#include "ui/widgets/color_scale.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <stb_image.h>

namespace {

struct Fixture {
    attn::AppState s;
    attn::TranslationRunner runner;
    attn::ModelConfigLookup config_of;
    Fixture() {
        runner.load(ATTN_BUILD_ASSETS_DIR, s);
        config_of = [this](int) -> const attn::TransformerConfig * {
            const attn::Translator * t = runner.current(s);
            return t && t->is_transformer() ? &t->model().config() : nullptr;
        };
    }
};

TEST(ShareApply, ALinkRoundTripsThroughTheApp) {
    Fixture f;
    ASSERT_TRUE(attn::apply_url_fragment("#panel=step&model=de&sentence=the%20cat%20%F0%9F%90%88&beam=4&kind=encoder&layer=2&head=3&query=1&view=lines",
                                         f.config_of, &f.s));
    EXPECT_EQ(f.s.share.link_message, "");
    EXPECT_EQ(f.s.model, 1);
    EXPECT_EQ(f.s.sentence, "the cat 🐈");
    EXPECT_EQ(f.s.attention.kind, attn::AttentionKind::EncoderSelf);
    EXPECT_EQ(f.s.attention.request_view, 2);
    f.s.attention.view = 2;
    const std::string link = attn::format_url_state(attn::url_state_of(f.s));
    EXPECT_NE(link.find("panel=step&model=de&sentence=the%20cat%20%F0%9F%90%88&beam=4"), std::string::npos) << link;
    EXPECT_NE(link.find("kind=encoder&layer=2&head=3&query=1&view=lines"), std::string::npos) << link;
}

TEST(ShareApply, NumbersTheModelLacksAreClampedWithANote) {
    Fixture f;
    ASSERT_TRUE(attn::apply_url_fragment("layer=9&head=40", f.config_of, &f.s));
    EXPECT_EQ(f.s.attention.layer, 2);
    EXPECT_EQ(f.s.attention.head, -1);
    EXPECT_NE(f.s.share.link_message.find("this model has 3 layers"), std::string::npos) << f.s.share.link_message;
    EXPECT_NE(f.s.share.link_message.find("4 heads"), std::string::npos) << f.s.share.link_message;
}

TEST(ShareApply, ABadLinkChangesNothing) {
    Fixture f;
    f.s.attention.layer = 1;
    const std::string before = f.s.sentence;
    EXPECT_FALSE(attn::apply_url_fragment("sentence=new&layer=999", f.config_of, &f.s));
    EXPECT_EQ(f.s.sentence, before);
    EXPECT_EQ(f.s.attention.layer, 1);
    EXPECT_NE(f.s.share.link_message.find("layer: 999 is out of range"), std::string::npos);
    EXPECT_TRUE(attn::apply_url_fragment("model=klingon", f.config_of, &f.s));  // parses; the app refuses the id
    EXPECT_EQ(f.s.model, 0);
    EXPECT_NE(f.s.share.link_message.find("klingon"), std::string::npos);
}

TEST(ShareUi, EmbedModeDrawsOnlyTheLinkedPanelFillingTheScreen) {
    attn::HeadlessUi ui(640, 400);
    Fixture f;
    f.s.share.embed = true;
    ASSERT_TRUE(attn::apply_url_fragment("panel=step&kind=cross&head=0&query=1", f.config_of, &f.s));
    f.runner.run(f.s);
    ui.frames(f.s, 3);
    int visible = 0;
    for (ImGuiWindow * w : ImGui::GetCurrentContext()->Windows) {
        if (!w->WasActive || w->Hidden || (w->Flags & ImGuiWindowFlags_ChildWindow) || std::string(w->Name).rfind("Debug##", 0) == 0) continue;
        visible++;
        EXPECT_STREQ(w->Name, "Step-through: one attention row, computed###step");
        EXPECT_EQ(w->Size.x, 640.0f);
        EXPECT_EQ(w->Size.y, 400.0f);
    }
    EXPECT_EQ(visible, 1);
    EXPECT_EQ(ImGui::FindWindowByName("##MainMenuBar"), nullptr);
}

TEST(ShareExports, PngUsesTheHeatmapColours) {
    Fixture f;
    f.s.attention.kind = attn::AttentionKind::Cross;
    f.s.attention.layer = 0;
    f.s.attention.head = 1;
    f.runner.run(f.s);
    ASSERT_TRUE(f.s.translation.ready);
    attn::ExportFile png;
    ASSERT_TRUE(attn::make_export(f.s, "png", &png).ok);
    EXPECT_EQ(png.name, "attention-cross-l0-h1.png");
    int w = 0, h = 0, n = 0;
    unsigned char * px = stbi_load_from_memory(reinterpret_cast<const unsigned char *>(png.bytes.data()), int(png.bytes.size()), &w, &h, &n, 4);
    ASSERT_NE(px, nullptr);
    // Every cell's colour appears in the picture.
    const attn::AttentionMap * m = f.s.translation.trace.find("cross", 0, 1);
    ASSERT_NE(m, nullptr);
    int found = 0;
    for (float v : m->values) {
        uint8_t rgb[3];
        attn::attention_rgb(v, rgb);
        for (int i = 0; i < w * h; i++)
            if (px[4 * i] == rgb[0] && px[4 * i + 1] == rgb[1] && px[4 * i + 2] == rgb[2]) { found++; break; }
    }
    stbi_image_free(px);
    EXPECT_EQ(found, int(m->values.size()));
    attn::ExportFile npy;
    ASSERT_TRUE(attn::make_export(f.s, "npy", &npy).ok);
    EXPECT_EQ(npy.name, "attention-cross.npy");
    EXPECT_FALSE(attn::make_export(f.s, "gif", &npy).ok);
    attn::AppState empty;
    EXPECT_FALSE(attn::make_export(empty, "json", &npy).ok);
}

} // namespace

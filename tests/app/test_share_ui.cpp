// Links applied to the app (app/url_state_apply.h) with the shipped models, embed mode drawn
// headless, and the Share menu's exports from a real translation (PNG in the UI's colours).
#include "../ui/headless_ui.h"
#include "app/share_exports.h"
#include "app/runners/translation_runner.h"
#include "app/url_state_apply.h"
#include "app/attention_png.h"
#include "ui/i18n.h"
#include "ui/widgets/color_scale.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <stb_image.h>

#include <cstdio>
#include <fstream>
#include <iterator>

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
    EXPECT_TRUE(f.s.share.link_message.empty());
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
    EXPECT_NE(attn::english_lines(f.s.share.link_message).find("this model has 3 layers"), std::string::npos) << attn::english_lines(f.s.share.link_message);
    EXPECT_NE(attn::english_lines(f.s.share.link_message).find("4 heads"), std::string::npos) << attn::english_lines(f.s.share.link_message);
}

TEST(ShareApply, ABadLinkChangesNothing) {
    Fixture f;
    f.s.attention.layer = 1;
    const std::string before = f.s.sentence;
    EXPECT_FALSE(attn::apply_url_fragment("sentence=new&layer=999", f.config_of, &f.s));
    EXPECT_EQ(f.s.sentence, before);
    EXPECT_EQ(f.s.attention.layer, 1);
    EXPECT_NE(attn::english_lines(f.s.share.link_message).find("layer: 999 is out of range"), std::string::npos);
    EXPECT_TRUE(attn::apply_url_fragment("model=klingon", f.config_of, &f.s));  // parses; the app refuses the id
    EXPECT_EQ(f.s.model, 0);
    EXPECT_NE(attn::english_lines(f.s.share.link_message).find("klingon"), std::string::npos);
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
    // The same map with the interface in 繁體中文: its title is drawn in Chinese.
    ASSERT_TRUE(attn::load_ui_catalogues(ATTN_BUILD_ASSETS_DIR).ok);
    attn::set_ui_language(attn::UiLanguage::TraditionalChinese);
    attn::ExportFile png_zh;
    const attn::Status zh_ok = attn::make_export(f.s, "png", &png_zh);
    attn::set_ui_language(attn::UiLanguage::English);
    ASSERT_TRUE(zh_ok.ok) << zh_ok.message;
    EXPECT_EQ(png_zh.name, png.name);
    EXPECT_NE(png_zh.bytes, png.bytes);
    std::ofstream(std::string(ATTN_BUILD_ASSETS_DIR) + "/../test-output/attention-export-zh-TW.png", std::ios::binary) << png_zh.bytes;
    attn::ExportFile npy;
    ASSERT_TRUE(attn::make_export(f.s, "npy", &npy).ok);
    EXPECT_EQ(npy.name, "attention-cross.npy");
    EXPECT_FALSE(attn::make_export(f.s, "gif", &npy).ok);
    attn::AppState empty;
    EXPECT_FALSE(attn::make_export(empty, "json", &npy).ok);
}

} // namespace

// ---- The PNG's text: the UI's fonts through stb_truetype, Chinese included.

namespace {

const std::string kFonts = std::string(ATTN_BUILD_ASSETS_DIR) + "/fonts";

attn::FontRaster ui_fonts() {
    attn::FontRaster f;
    EXPECT_TRUE(f.load({kFonts + "/ui.ttf", kFonts + "/cjk.ttf"}).ok);
    return f;
}

int inked(const attn::TextBitmap & b) {
    int n = 0;
    for (uint8_t c : b.coverage) n += c > 128;
    return n;
}

std::string png_of(const attn::AttentionPicture & p, const attn::FontRaster & f) {
    return attn::attention_png(p, f);
}

} // namespace

TEST(FontRaster, RefusesAFileThatIsNotAFont) {
    std::string bytes;
    {
        std::ifstream in(kFonts + "/ui.ttf", std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    ASSERT_GT(bytes.size(), 1000u);
    const std::string cut = std::string(ATTN_BUILD_ASSETS_DIR) + "/../test-output-cut.ttf";
    std::ofstream(cut, std::ios::binary).write(bytes.data(), 600);  // its table directory points past the end
    attn::FontRaster f;
    attn::Status s = f.load({cut});
    EXPECT_FALSE(s.ok);
    EXPECT_NE(s.message.find("not a readable TrueType font"), std::string::npos) << s.message;
    EXPECT_FALSE(f.loaded());
    EXPECT_FALSE(f.load({kFonts + "/ui-chars.txt"}).ok);
    EXPECT_TRUE(f.render("attention", 18).coverage.empty());
    std::remove(cut.c_str());
}

TEST(FontRaster, ChineseComesFromTheCjkFontAndTheRestFromDejaVu) {
    const attn::FontRaster f = ui_fonts();
    const attn::TextBitmap zhu = f.render("注", 20), q = f.render("?", 20), a = f.render("a", 20);
    EXPECT_GT(inked(zhu), inked(q));          // a dense ideograph, not a question mark
    EXPECT_GT(zhu.width, a.width);            // full width
    EXPECT_EQ(f.render("🐈", 20).coverage, q.coverage);  // in neither font: '?'
    EXPECT_EQ(f.render("\xff", 20).coverage, q.coverage);  // invalid UTF-8: '?'
    EXPECT_NEAR(f.width("注意力", 20), 3 * zhu.width - 3, 4);
    attn::FontRaster dejavu_only;
    ASSERT_TRUE(dejavu_only.load({kFonts + "/ui.ttf", kFonts + "/missing.ttf"}).ok);
    EXPECT_EQ(dejavu_only.render("注", 20).coverage, q.coverage);
}

TEST(ShareExports, PngCarriesChineseTokensAndTitle) {
    const attn::FontRaster f = ui_fonts();
    const float values[4] = {0.9f, 0.1f, 0.3f, 0.7f};
    attn::AttentionPicture zh{values, 2, 2, {"注意", "力"}, {"attention", "。"}, "交叉注意力"};
    attn::AttentionPicture ascii = zh;
    ascii.row_labels = {"??", "?"};
    ascii.col_labels = {"attention", "?"};
    ascii.title = "?????";
    const std::string a = png_of(zh, f), b = png_of(ascii, f);
    ASSERT_FALSE(a.empty());
    EXPECT_NE(a, b);
    EXPECT_TRUE(png_of(zh, attn::FontRaster{}).empty());  // no fonts: no picture, never '?'
}

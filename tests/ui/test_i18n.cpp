// The interface language: the catalogue the build compiled from assets/i18n/zh_TW.po, the
// pseudo-language, the language ids and how a browser's or a system's language picks one.
#include "io/image_decode.h"
#include "share/url_state.h"
#include "ui/i18n.h"

#include <gtest/gtest.h>

#include <string>

using namespace attn;

namespace {

struct LanguageGuard {  // tr() is process-wide: leave English behind for the other tests
    ~LanguageGuard() { set_ui_language(UiLanguage::English); }
};

} // namespace

TEST(UiLanguage, ChineseComesFromTheBuiltCatalogue) {
    LanguageGuard guard;
    ASSERT_TRUE(load_ui_catalogues(ATTN_BUILD_ASSETS_DIR).ok);
    set_ui_language(UiLanguage::TraditionalChinese);
    EXPECT_STREQ(tr("View"), "檢視");
    EXPECT_STREQ(tr("Language"), "語言");
    EXPECT_STREQ(tr("A string no catalogue has"), "A string no catalogue has");  // English, not nothing
    set_ui_language(UiLanguage::English);
    EXPECT_STREQ(tr("View"), "View");
}

// An error a visitor meets keeps its variable parts apart down to the interface, which says it in
// Chinese; its English (the CLI, the JSON) stays as it was.
TEST(UiLanguage, ErrorsFromDeepInsideAreSaidInChinese) {
    LanguageGuard guard;
    ASSERT_TRUE(load_ui_catalogues(ATTN_BUILD_ASSETS_DIR).ok);
    UrlState link;
    const Status bad_link = parse_url_state("#layer=999", &link);
    ASSERT_FALSE(bad_link.ok);
    GrayImage img;
    const uint8_t empty = 0;
    const Status bad_image = decode_gray_image(&empty, 0, 1000000, &img);
    ASSERT_FALSE(bad_image.ok);
    set_ui_language(UiLanguage::TraditionalChinese);
    EXPECT_EQ(tr_message(bad_link.said), "layer：999 超出範圍（0 到 " + bad_link.said.args[3] + "）");
    EXPECT_EQ(tr_message(bad_image.said), "檔案是空的（0 位元組）");
    set_ui_language(UiLanguage::English);
    EXPECT_EQ(tr_message(bad_link.said), bad_link.message);
    EXPECT_EQ(bad_image.message, "the file is empty (0 bytes)");
}

TEST(UiLanguage, LabelsKeepTheirIdentityAcrossLanguages) {
    LanguageGuard guard;
    ASSERT_TRUE(load_ui_catalogues(ATTN_BUILD_ASSETS_DIR).ok);
    set_ui_language(UiLanguage::TraditionalChinese);
    const std::string zh = tr_id("View", "view");
    set_ui_language(UiLanguage::English);
    const std::string en = tr_id("View", "view");
    EXPECT_EQ(zh, "檢視###view");
    EXPECT_EQ(en, "View###view");
    EXPECT_EQ(tr_id("View", "view"), tr_id("View", "view"));  // one stored copy, not a new one per frame
}

TEST(UiLanguage, PseudoMarksEveryCatalogueString) {
    LanguageGuard guard;
    set_ui_language(UiLanguage::Pseudo);
    EXPECT_STREQ(tr("View"), "⟦View⟧");
    EXPECT_STREQ(tr("A string no catalogue has"), "⟦A string no catalogue has⟧");
    EXPECT_EQ(tr("View"), tr("View"));
}

TEST(UiLanguage, IdsRoundTripAndUnknownOnesAreRefused) {
    for (UiLanguage l : {UiLanguage::English, UiLanguage::TraditionalChinese, UiLanguage::Pseudo}) {
        UiLanguage back = UiLanguage::English;
        ASSERT_TRUE(parse_ui_language(ui_language_id(l), &back));
        EXPECT_EQ(back, l);
    }
    UiLanguage l = UiLanguage::TraditionalChinese;
    EXPECT_FALSE(parse_ui_language("zh-CN", &l));
    EXPECT_FALSE(parse_ui_language("", &l));
    EXPECT_EQ(l, UiLanguage::TraditionalChinese);
}

TEST(UiLanguage, BrowserAndSystemLanguagesPickTraditionalChineseOnlyWhereItIsRead) {
    for (const char * zh : {"zh-TW", "zh-tw", "zh_TW.UTF-8", "zh-Hant", "zh-Hant-TW", "zh-HK", "zh-MO", "zh_HK.utf8"})
        EXPECT_EQ(ui_language_from_locale(zh), UiLanguage::TraditionalChinese) << zh;
    for (const char * other : {"zh-CN", "zh-Hans", "zh-SG", "en-US", "de-DE", "C.UTF-8", "", "zhx", "ja-JP"})
        EXPECT_EQ(ui_language_from_locale(other), UiLanguage::English) << other;
}

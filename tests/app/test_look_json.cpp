// The reader's look as the page keeps it across visits (app/look_json.h): what is written reads
// back the same, and a damaged or foreign value changes nothing it should not.
#include "app/look_json.h"

#include <gtest/gtest.h>

namespace attn {
namespace {

TEST(LookJson, WhatIsWrittenReadsBack) {
    AppState a;
    a.light_theme = true;
    a.ui_scale_percent = 175;
    a.attention_palette = AttentionPalette::Blues;
    AppState b;
    ASSERT_TRUE(apply_look_json(b, look_json(a)));
    EXPECT_TRUE(b.light_theme);
    EXPECT_EQ(b.ui_scale_percent, 175);
    EXPECT_EQ(b.attention_palette, AttentionPalette::Blues);
    EXPECT_EQ(look_json(b), look_json(a));
    EXPECT_EQ(look_json(AppState{}), R"({"palette":"viridis","theme":"dark","ui_scale_percent":100})");
}

TEST(LookJson, OnlyTheFieldsGivenChange) {
    AppState s;
    s.ui_scale_percent = 150;
    ASSERT_TRUE(apply_look_json(s, R"({"theme": "light"})"));
    EXPECT_TRUE(s.light_theme);
    EXPECT_EQ(s.ui_scale_percent, 150);
    EXPECT_EQ(s.attention_palette, AttentionPalette::Viridis);
}

TEST(LookJson, InvalidValuesAreIgnored) {
    AppState s;
    s.ui_scale_percent = 125;
    for (const char * bad : {R"({"ui_scale_percent": 130})", R"({"ui_scale_percent": 1e9})", R"({"ui_scale_percent": "200"})",
                             R"({"ui_scale_percent": 200.5})", R"({"ui_scale_percent": -100})", R"({"theme": "sepia"})",
                             R"({"theme": 1})", R"({"palette": "jet"})", R"({"palette": null})", R"({"other": true})"}) {
        EXPECT_TRUE(apply_look_json(s, bad)) << bad;
        EXPECT_EQ(s.ui_scale_percent, 125) << bad;
        EXPECT_FALSE(s.light_theme) << bad;
        EXPECT_EQ(s.attention_palette, AttentionPalette::Viridis) << bad;
    }
    for (const char * not_an_object : {"", "null", "5", "[1,2]", "\"light\"", "{\"theme\": \"light\"", "\xff\xfe"}) {
        EXPECT_FALSE(apply_look_json(s, not_an_object)) << not_an_object;
        EXPECT_FALSE(s.light_theme) << not_an_object;
    }
}

} // namespace
} // namespace attn

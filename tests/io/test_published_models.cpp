// The web build's list of published models (io/published_models.h): what scripts/publish-models
// writes parses; anything else, and any URL that could leave the site, is refused with the line.
#include "io/published_models.h"

#include <gtest/gtest.h>

using namespace attn;

namespace {

const std::string kSha = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

std::string line(const std::string & name, const std::string & url, const std::string & sha, const std::string & bytes) {
    return name + "\t" + url + "\t" + sha + "\t" + bytes + "\n";
}

} // namespace

TEST(PublishedModels, ParsesWhatThePublisherWrites) {
    PublishedModels m;
    const Status s = parse_published_models(line("en-de.safetensors", "models/en-de.0123456789abcdef.safetensors", kSha, "10151128") +
                                                line("rnn_search-en-de.safetensors", "models/rnn_search-en-de.fedcba9876543210.safetensors",
                                                     kSha, "4308608"),
                                            &m);
    ASSERT_TRUE(s.ok) << s.message;
    ASSERT_EQ(m.size(), 2u);
    EXPECT_EQ(m.at("en-de.safetensors").url, "models/en-de.0123456789abcdef.safetensors");
    EXPECT_EQ(m.at("en-de.safetensors").sha256, kSha);
    EXPECT_EQ(m.at("en-de.safetensors").bytes, 10151128u);
    EXPECT_EQ(m.at("rnn_search-en-de.safetensors").bytes, 4308608u);
    ASSERT_TRUE(parse_published_models("", &m).ok);  // a build without models
    EXPECT_TRUE(m.empty());
}

TEST(PublishedModels, RefusesAnythingElseNamingTheLine) {
    const std::string good = line("a.safetensors", "models/a.0123456789abcdef.safetensors", kSha, "12");
    const struct {
        std::string text, says;
    } cases[] = {
        {"a.safetensors\tmodels/a.safetensors\t" + kSha + "\n", "expected 4 tab-separated cells, found 3"},
        {line("a.safetensors", "https://evil.example/a.safetensors", kSha, "1"), "not a file in the site's models/ folder"},
        {line("a.safetensors", "models/../index.html", kSha, "1"), "not a file in the site's models/ folder"},
        {line("a.safetensors", "models//evil.example/a", kSha, "1"), "not a file in the site's models/ folder"},
        {line("a.safetensors", "/models/a.safetensors", kSha, "1"), "not a file in the site's models/ folder"},
        {line("../a.safetensors", "models/a.safetensors", kSha, "1"), "not a plain file name"},
        {line("a.safetensors", "models/a.safetensors", kSha.substr(1), "1"), "64 lowercase hex digits"},
        {line("a.safetensors", "models/a.safetensors", std::string(64, 'A'), "1"), "64 lowercase hex digits"},
        {line("a.safetensors", "models/a.safetensors", kSha, "-1"), "not a number of bytes"},
        {line("a.safetensors", "models/a.safetensors", kSha, ""), "not a number of bytes"},
        {good + good, "listed twice"},
    };
    for (const auto & c : cases) {
        PublishedModels m{{"kept.safetensors", {}}};
        const Status s = parse_published_models(c.text, &m);
        EXPECT_FALSE(s.ok) << c.text;
        EXPECT_NE(s.message.find(c.says), std::string::npos) << s.message;
        EXPECT_EQ(m.size(), 1u) << "a refused list leaves the previous one";
    }
    PublishedModels m;
    const Status s = parse_published_models(good + "\n" + line("b", "models/b", kSha, "x"), &m);
    EXPECT_NE(s.message.find("line 3"), std::string::npos) << s.message;
}

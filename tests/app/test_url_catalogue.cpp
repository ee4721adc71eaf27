// The URL rows of the bad-input catalogue (tests/bad_inputs/catalogue.tsv) through the URL-state
// parser (app/url_state.h): each fragment is refused with the catalogue's message, and the state
// it was parsed into is left as it was. (The browser test e2e_bad_inputs.mjs sets them as the
// page's location.hash and checks the app's message and kept view.)
#include "share/url_state.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

using namespace attn;

TEST(UrlCatalogue, MalformedAndAbsurdLinksAreRefused) {
    const std::string dir = std::string(ATTN_SOURCE_DIR) + "/tests/bad_inputs/";
    std::ifstream table(dir + "catalogue.tsv");
    ASSERT_TRUE(table.good());
    int rows = 0;
    for (std::string line; std::getline(table, line);) {
        std::vector<std::string> cells;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, '\t');) cells.push_back(cell);
        if (cells.size() < 4 || cells[1] != "url") continue;
        rows++;
        std::ifstream f(dir + cells[0], std::ios::binary);
        const std::string fragment((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        ASSERT_FALSE(fragment.empty()) << cells[0];
        UrlState state;
        state.sentence = "kept";
        state.layer = 1;
        const Status s = parse_url_state(fragment, &state);
        EXPECT_FALSE(s.ok) << cells[0];
        EXPECT_NE(s.message.find(cells[3]), std::string::npos) << cells[0] << ": " << s.message;
        EXPECT_EQ(state.sentence, std::optional<std::string>("kept")) << cells[0];
        EXPECT_EQ(state.layer, std::optional<int>(1)) << cells[0];
    }
    EXPECT_GE(rows, 3);
}

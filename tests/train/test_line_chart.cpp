// The series line chart (train/line_chart.h): the PNG decodes (stb_image) to the requested size,
// each series is drawn in its own colour at the height of its values inside the plot area, NaN
// values leave gaps, and bad input is refused with a message.
#include "train/line_chart.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cmath>
#include <cstdio>

#include <stb_image.h>  // the library's decoder (src/io/stb_impl.cpp)

using namespace attn;

namespace {

std::string out_path(const std::string & name) {
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);
    return std::string(ATTN_TEST_OUT_DIR) + "/" + name;
}

LineChart two_lines() {
    LineChart c;
    c.title = "BLEU by source sentence length";
    c.x_label = "source length (words)";
    c.y_label = "BLEU";
    for (int b = 0; b < 8; b++) c.categories.push_back(std::to_string(5 * b + 1) + "-" + std::to_string(5 * b + 5));
    c.series.push_back({"attention", std::vector<double>(8, 80.0)});
    c.series.push_back({"rnn", {60, 55, 50, 45, 40, 30, 20, 10}});
    return c;
}

struct Image {
    int w = 0, h = 0;
    std::vector<uint8_t> rgb;
    bool is(int x, int y, const std::array<uint8_t, 3> & c) const {
        const uint8_t * p = rgb.data() + (size_t(y) * size_t(w) + size_t(x)) * 3;
        return p[0] == c[0] && p[1] == c[1] && p[2] == c[2];
    }
};

Image decode_png(const std::string & path) {
    Image img;
    int channels = 0;
    unsigned char * data = stbi_load(path.c_str(), &img.w, &img.h, &channels, 3);
    if (!data) return img;
    img.rgb.assign(data, data + size_t(img.w) * size_t(img.h) * 3);
    stbi_image_free(data);
    return img;
}

// Whether column x has a pixel of colour c within ±2 rows of y.
bool near(const Image & img, int x, int y, const std::array<uint8_t, 3> & c) {
    for (int dy = -2; dy <= 2; dy++)
        if (y + dy >= 0 && y + dy < img.h && img.is(x, y + dy, c)) return true;
    return false;
}

} // namespace

TEST(LineChart, SeriesColoursAreDistinctFromEachOtherAndTheFrame) {
    for (int i = 0; i < kSeriesColorCount; i++) {
        for (int j = i + 1; j < kSeriesColorCount; j++) EXPECT_NE(series_color(size_t(i)), series_color(size_t(j)));
        for (const uint8_t * frame : {ChartColors::background, ChartColors::grid, ChartColors::axis})
            EXPECT_NE(series_color(size_t(i)), (std::array<uint8_t, 3>{frame[0], frame[1], frame[2]}));
    }
}

TEST(LineChart, WritesAPngWithEachSeriesAtItsValues) {
    const std::string png = out_path("line_chart.png");
    std::remove(png.c_str());
    const LineChart chart = two_lines();
    const int width = 720, height = 430;
    ASSERT_TRUE(write_line_chart_png(chart, png, width, height));
    const Image img = decode_png(png);
    ASSERT_EQ(img.w, width) << "stb_image could not decode " << png;
    ASSERT_EQ(img.h, height);

    ChartLayout L;
    std::vector<uint8_t> rgba;
    ASSERT_TRUE(render_line_chart(chart, width, height, &rgba, &L));
    ASSERT_LT(L.x0, L.x1);
    ASSERT_LT(L.y0, L.y1);
    EXPECT_LT(L.x1, width - 60) << "room for the legend right of the plot area";

    const int n = int(chart.categories.size());
    for (size_t s = 0; s < chart.series.size(); s++) {
        const std::array<uint8_t, 3> c = series_color(s);
        int in_plot = 0, in_legend = 0;
        for (int y = 0; y < img.h; y++)
            for (int x = 0; x < img.w; x++) {
                if (!img.is(x, y, c)) continue;
                (x >= L.x0 && x < L.x1 && y >= L.y0 - 4 && y < L.y1 + 4 ? in_plot : in_legend)++;
            }
        EXPECT_GT(in_plot, 100) << chart.series[s].label;
        EXPECT_GT(in_legend, 0) << chart.series[s].label << " has a legend sample outside the plot area";
        // A marker at every category, at the height of its value.
        for (int i = 0; i < n; i++) {
            const int x = L.x0 + int(std::lround((i + 0.5) * double(L.x1 - L.x0) / n));
            const double v = chart.series[s].values[size_t(i)];
            const int y = L.y1 - 1 - int(std::lround(v / 100.0 * (L.y1 - 1 - L.y0)));
            EXPECT_TRUE(near(img, x, y, c)) << chart.series[s].label << " at " << chart.categories[size_t(i)];
        }
    }
    // Heights follow values: where the first bucket's 80 is drawn, the rnn line (60 there) is not.
    const int x_first = L.x0 + int(std::lround(0.5 * double(L.x1 - L.x0) / n));
    const int y80 = L.y1 - 1 - int(std::lround(0.8 * (L.y1 - 1 - L.y0)));
    EXPECT_FALSE(near(img, x_first, y80, series_color(1)));
}

TEST(LineChart, NanLeavesAGap) {
    LineChart chart = two_lines();
    chart.series.resize(1);
    chart.series[0].values = {50, 50, NAN, 50, 50, 50, 50, 50};
    ChartLayout L;
    std::vector<uint8_t> rgba;
    ASSERT_TRUE(render_line_chart(chart, 640, 400, &rgba, &L));
    const std::array<uint8_t, 3> c = series_color(0);
    const int n = 8;
    auto x_of = [&](int i) { return L.x0 + int(std::lround((i + 0.5) * double(L.x1 - L.x0) / n)); };
    auto coloured = [&](int x0, int x1) {
        int count = 0;
        for (int y = L.y0; y < L.y1; y++)
            for (int x = x0; x < x1; x++) {
                const uint8_t * p = rgba.data() + (size_t(y) * 640 + size_t(x)) * 4;
                count += p[0] == c[0] && p[1] == c[1] && p[2] == c[2];
            }
        return count;
    };
    EXPECT_GT(coloured(x_of(0) + 5, x_of(1) - 5), 0) << "a line joins two values";
    EXPECT_EQ(coloured(x_of(1) + 5, x_of(3) - 5), 0) << "nothing drawn across the missing value";
}

TEST(LineChart, RefusesBadInput) {
    std::vector<uint8_t> rgba;
    LineChart c = two_lines();
    c.series[1].values.pop_back();
    Status s = render_line_chart(c, 640, 400, &rgba);
    EXPECT_FALSE(s);
    EXPECT_NE(s.message.find("rnn"), std::string::npos) << s.message;
    c = two_lines();
    c.series.clear();
    EXPECT_FALSE(render_line_chart(c, 640, 400, &rgba));
    c = two_lines();
    c.y_max = c.y_min;
    EXPECT_FALSE(render_line_chart(c, 640, 400, &rgba));
    EXPECT_FALSE(render_line_chart(two_lines(), 100, 400, &rgba));
    s = write_line_chart_png(two_lines(), "/nonexistent-dir/x.png", 640, 400);
    EXPECT_FALSE(s);
    EXPECT_NE(s.message.find("/nonexistent-dir/x.png"), std::string::npos) << s.message;
}

// The progress line (pure formatting, and when ProgressBar writes), the CSV training log (new,
// resumed, trimmed), and loss plots: pixels of a synthetic falling curve, the PNG file, and
// malformed logs. Files go to ATTN_TEST_OUT_DIR.
#include "train/plot.h"
#include "train/progress.h"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace attn;

namespace {

std::string out_path(const std::string & name) {
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);
    return std::string(ATTN_TEST_OUT_DIR) + "/" + name;
}

std::string read_file(const std::string & path) {
    std::string s;
    FILE * f = std::fopen(path.c_str(), "rb");
    if (!f) return s;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, n);
    std::fclose(f);
    return s;
}

void write_file(const std::string & path, const std::string & text) {
    FILE * f = std::fopen(path.c_str(), "wb");
    ASSERT_TRUE(f);
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
}

// Everything ProgressBar wrote to a temporary file.
std::string contents(FILE * f) {
    std::fflush(f);
    std::rewind(f);
    std::string s;
    int c;
    while ((c = std::fgetc(f)) != EOF) s += char(c);
    return s;
}

// The loss of the synthetic run: exponential decay to 1.0 plus a deterministic wiggle.
double synthetic_loss(int step) { return 1.0 + 4.0 * std::exp(-step / 800.0) + 0.05 * std::sin(step * 0.37); }

} // namespace

TEST(Progress, FormatsDurations) {
    EXPECT_EQ(format_duration(0), "0s");
    EXPECT_EQ(format_duration(44.6), "45s");
    EXPECT_EQ(format_duration(192), "3m12s");
    EXPECT_EQ(format_duration(65), "1m05s");
    EXPECT_EQ(format_duration(2 * 3600 + 5 * 60 + 9), "2h05m");
    EXPECT_EQ(format_duration(-1), "?");
    EXPECT_EQ(format_duration(std::numeric_limits<double>::quiet_NaN()), "?");
}

TEST(Progress, FormatsTheLine) {
    ProgressInfo p;
    p.step = 1200;
    p.total_steps = 5000;
    p.loss = 2.3141;
    p.lr = 4.1e-4;
    p.tokens_per_s = 1830.2;
    p.eta_s = 192;
    // 24% of a 14-wide bar is 3.36 → 3 filled cells.
    EXPECT_EQ(format_progress(p), "step 1200/5000 [###...........] 24% loss 2.314 lr 4.1e-04 1830 tok/s ETA 3m12s");
    p.step = 5000;
    p.eta_s = 0;
    EXPECT_EQ(format_progress(p), "step 5000/5000 [##############] 100% loss 2.314 lr 4.1e-04 1830 tok/s ETA 0s");
    p.step = 7000;  // past the end (a resumed run with a smaller total): clamped
    EXPECT_NE(format_progress(p).find("[##############] 100%"), std::string::npos);
    p.step = 7;
    p.total_steps = 0;  // unknown total: no bar, no ETA
    EXPECT_EQ(format_progress(p), "step 7 loss 2.314 lr 4.1e-04 1830 tok/s");
    p.total_steps = 10;
    p.eta_s = -1;
    EXPECT_NE(format_progress(p).find("ETA ?"), std::string::npos);
}

TEST(Progress, BarWritesLinesOnlyEveryIntervalWhenNotATerminal) {
    FILE * f = std::tmpfile();
    ASSERT_TRUE(f);
    ProgressBar bar(f, 1000, /*interval_s=*/10.0);
    EXPECT_FALSE(bar.is_terminal());
    bar.update(100, 3.0, 1e-3, 500, /*now_s=*/0.0);   // first: written
    bar.update(150, 3.0, 1e-3, 500, 5.0);             // 5 s later: skipped
    bar.update(200, 2.5, 1e-3, 500, 10.0);            // 10 s: written; 100 steps in 10 s, 800 to go → 80 s
    bar.update(1000, 2.0, 1e-3, 500, 11.0);           // the last step: always written
    bar.finish();
    std::string s = contents(f);
    std::fclose(f);
    EXPECT_EQ(std::count(s.begin(), s.end(), '\n'), 3) << s;
    EXPECT_EQ(s.find('\r'), std::string::npos);
    EXPECT_NE(s.find("step 200/1000"), std::string::npos);
    EXPECT_NE(s.find("ETA 1m20s"), std::string::npos) << s;
    EXPECT_EQ(s.find("step 150/"), std::string::npos);
}

TEST(Progress, BarRedrawsInPlaceOnATerminal) {
    FILE * f = std::tmpfile();
    ASSERT_TRUE(f);
    ProgressBar bar(f, 0, 10.0, /*tty_interval_s=*/0.0);
    bar.set_terminal(true);
    bar.update(100000, 12.0, 1e-3, 123456, 0.0);
    bar.update(2, 1.0, 1e-3, 1, 1.0);  // a shorter line: the old tail is blanked with spaces
    bar.finish();
    std::string s = contents(f);
    std::fclose(f);
    std::string first = "step 100000 loss 12.000 lr 1.0e-03 123456 tok/s";
    std::string second = "step 2 loss 1.000 lr 1.0e-03 1 tok/s";
    EXPECT_EQ(s, "\r" + first + "\r" + second + std::string(first.size() - second.size(), ' ') + "\n");
}

TEST(Progress, CsvLogNewResumedAndTrimmed) {
    const std::string path = out_path("train_log_resume.csv");
    {
        CsvLog log;
        ASSERT_TRUE(log.open(path));
        for (int step = 10; step <= 40; step += 10) ASSERT_TRUE(log.row(step, 0, 2.5, 1e-3, 1000, step * 0.5));
    }
    EXPECT_EQ(read_file(path),
              "step,epoch,loss,lr,tokens_per_s,elapsed_s\n"
              "10,0,2.5,0.001,1000.0,5.000\n20,0,2.5,0.001,1000.0,10.000\n"
              "30,0,2.5,0.001,1000.0,15.000\n40,0,2.5,0.001,1000.0,20.000\n");
    // The run crashed after step 40 and resumes from its step-20 checkpoint: rows 30 and 40 go.
    write_file(path, read_file(path) + "50,0,2.4");  // and a row cut short by the crash
    {
        CsvLog log;
        ASSERT_TRUE(log.open(path, 20));
        ASSERT_TRUE(log.row(30, 1, 2.25, 5e-4, 900, 15.5));
    }
    EXPECT_EQ(read_file(path),
              "step,epoch,loss,lr,tokens_per_s,elapsed_s\n"
              "10,0,2.5,0.001,1000.0,5.000\n20,0,2.5,0.001,1000.0,10.000\n"
              "30,1,2.25,0.0005,900.0,15.500\n");
    // Resuming with no log yet starts one; a file that is not a log is refused.
    const std::string fresh = out_path("train_log_fresh.csv");
    std::remove(fresh.c_str());
    CsvLog log;
    ASSERT_TRUE(log.open(fresh, 100));
    log.close();
    EXPECT_EQ(read_file(fresh), "step,epoch,loss,lr,tokens_per_s,elapsed_s\n");
    const std::string other = out_path("train_log_other.csv");
    write_file(other, "a,b\n1,2\n");
    Status s = log.open(other, 5);
    EXPECT_FALSE(s);
    EXPECT_NE(s.message.find("not a training log"), std::string::npos) << s.message;
    EXPECT_EQ(read_file(other), "a,b\n1,2\n");  // left alone
    EXPECT_FALSE(log.row(1, 0, 1, 1, 1, 1));    // not open
}

TEST(Plot, FallingCurveIsDrawnFromUpperLeftToLowerRight) {
    std::vector<LossPoint> pts;
    for (int step = 0; step <= 5000; step += 25) pts.push_back({double(step), synthetic_loss(step)});
    pts.push_back({5010, std::numeric_limits<double>::quiet_NaN()});  // skipped, not an error
    std::vector<uint8_t> img;
    ChartLayout L;
    ASSERT_TRUE(render_loss_chart(pts, 800, 500, "test", &img, &L));
    ASSERT_EQ(img.size(), size_t(800 * 500 * 4));
    ASSERT_TRUE(L.x0 > 0 && L.y0 > 0 && L.x1 < 800 && L.y1 < 500 && L.x1 - L.x0 > 500 && L.y1 - L.y0 > 300);

    auto is = [&](int x, int y, const uint8_t c[3]) {
        const uint8_t * p = img.data() + (size_t(y) * 800 + size_t(x)) * 4;
        return p[0] == c[0] && p[1] == c[1] && p[2] == c[2] && p[3] == 255;
    };
    // The smoothed curve's mean row in the column at fraction fx of the plot area's width.
    auto curve_row = [&](double fx) {
        int x = L.x0 + int(fx * (L.x1 - L.x0 - 1));
        double sum = 0;
        int n = 0;
        for (int y = L.y0; y < L.y1; y++)
            if (is(x, y, ChartColors::smoothed)) sum += y, n++;
        return n ? sum / n : -1.0;
    };
    const double h = L.y1 - L.y0;
    const double y_start = curve_row(0.02), y_mid = curve_row(0.3), y_end = curve_row(0.98);
    ASSERT_GT(y_start, 0);
    ASSERT_GT(y_mid, 0);
    ASSERT_GT(y_end, 0);
    EXPECT_LT(y_start, L.y0 + 0.25 * h);  // starts high (row 0 is the top)
    EXPECT_GT(y_end, L.y0 + 0.75 * h);    // ends low
    EXPECT_LT(y_start, y_mid);
    EXPECT_LT(y_mid, y_end);

    // The raw series, grid, axes and labels are there too; the margins hold text.
    int raw = 0, grid = 0, axis = 0, outside_text = 0;
    for (int y = 0; y < 500; y++)
        for (int x = 0; x < 800; x++) {
            bool inside = x >= L.x0 && x < L.x1 && y >= L.y0 && y < L.y1;
            raw += inside && is(x, y, ChartColors::raw);
            grid += inside && is(x, y, ChartColors::grid);
            axis += is(x, y, ChartColors::axis);
            outside_text += !inside && !is(x, y, ChartColors::background) && !is(x, y, ChartColors::axis);
        }
    EXPECT_GT(raw, 300);
    EXPECT_GT(grid, 1000);
    EXPECT_GT(axis, 800);
    EXPECT_GT(outside_text, 500);
    // Nothing of the curves leaks outside the plot area.
    for (int y = 0; y < 500; y++)
        for (int x = 0; x < 800; x++)
            if (x < L.x0 || x >= L.x1 || y < L.y0 || y >= L.y1) {
                ASSERT_FALSE(is(x, y, ChartColors::smoothed)) << x << "," << y;
                ASSERT_FALSE(is(x, y, ChartColors::raw)) << x << "," << y;
            }
}

TEST(Plot, WritesPngFromCsvLog) {
    const std::string csv = out_path("plot_log.csv");
    const std::string png = out_path("plot_log.png");
    std::remove(png.c_str());
    {
        CsvLog log;
        ASSERT_TRUE(log.open(csv));
        for (int step = 0; step <= 3000; step += 20)
            ASSERT_TRUE(log.row(step, step / 1000, synthetic_loss(step), 1e-3, 2000, step * 0.1));
    }
    Status s = plot_loss_csv(csv, png, 640, 400);
    ASSERT_TRUE(s) << s.message;
    std::string bytes = read_file(png);
    ASSERT_GT(bytes.size(), 33u);
    EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    // IHDR: big-endian width and height at bytes 16 and 20.
    auto be32 = [&](size_t at) {
        return (uint32_t(uint8_t(bytes[at])) << 24) | (uint32_t(uint8_t(bytes[at + 1])) << 16) |
               (uint32_t(uint8_t(bytes[at + 2])) << 8) | uint32_t(uint8_t(bytes[at + 3]));
    };
    EXPECT_EQ(be32(16), 640u);
    EXPECT_EQ(be32(20), 400u);
}

TEST(Plot, FewPointsAndFlatLossStillPlot) {
    std::vector<uint8_t> img;
    EXPECT_TRUE(render_loss_chart({{5, 2.0}}, 300, 200, "one", &img));
    EXPECT_TRUE(render_loss_chart({{1, 2.0}, {2, 2.0}, {3, 2.0}}, 300, 200, "flat", &img));
    EXPECT_TRUE(render_loss_chart({{1e18, 2.0}, {1e18 + 256, 1.0}}, 300, 200, "huge steps", &img));
    EXPECT_FALSE(render_loss_chart({{1, std::nan("")}}, 300, 200, "nan", &img));
    EXPECT_FALSE(render_loss_chart({}, 300, 200, "empty", &img));
    EXPECT_FALSE(render_loss_chart({{1, 2.0}}, 10, 10, "tiny", &img));
}

TEST(Plot, MalformedCsvGivesMessages) {
    const std::string png = out_path("plot_bad.png");
    auto expect_error = [&](const std::string & name, const std::string & text, const std::string & part) {
        const std::string csv = out_path(name);
        write_file(csv, text);
        Status s = plot_loss_csv(csv, png);
        EXPECT_FALSE(s) << name;
        EXPECT_NE(s.message.find(part), std::string::npos) << s.message;
    };
    expect_error("plot_bad_header.csv", "time,value\n1,2\n", "\"step\" and \"loss\"");
    expect_error("plot_bad_fields.csv", "step,loss\n1,2\n2,3,4\n", ":3: expected 2 fields, found 3");
    expect_error("plot_bad_number.csv", "step,loss\n1,2\nx,3\n", ":3: step \"x\"");
    expect_error("plot_bad_loss.csv", "step,epoch,loss\n1,0,2\n2,0,abc\n3,0,1\n", ":3: loss \"abc\"");
    expect_error("plot_empty.csv", "", "empty");
    expect_error("plot_no_rows.csv", "step,loss\n", "no finite loss");
    Status s = plot_loss_csv(out_path("plot_missing.csv"), png);
    EXPECT_FALSE(s);
    EXPECT_NE(s.message.find("cannot open"), std::string::npos) << s.message;
    // A last row still being written is ignored; the rest plots.
    const std::string partial = out_path("plot_partial.csv");
    write_file(partial, "step,loss\n1,3\n2,2\n3,");
    EXPECT_TRUE(plot_loss_csv(partial, png));
}

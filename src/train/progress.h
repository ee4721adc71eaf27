// Reporting a training run as it goes: a one-line progress bar for the terminal, and a CSV log
// (one row per logged step) that plot_loss_csv (plot.h) turns into a chart.
//
//   step 1200/5000 [###...........] 24% loss 2.314 lr 4.1e-04 1830 tok/s ETA 3m12s
#pragma once
#include "core/status.h"

#include <cstdint>
#include <cstdio>
#include <string>

namespace attn {

struct ProgressInfo {
    int64_t step = 0;
    int64_t total_steps = 0;  // ≤ 0: unknown (no bar, percentage or ETA)
    double loss = 0.0;
    double lr = 0.0;
    double tokens_per_s = 0.0;
    double eta_s = -1.0;      // < 0: unknown ("ETA ?")
    int bar_width = 14;
};

// "45s", "3m12s", "2h05m", "?" for a negative or non-finite duration.
std::string format_duration(double seconds);
// The line above, without "\r" or "\n". Pure, so that it is unit-tested.
std::string format_progress(const ProgressInfo & info);

// Writes the line to `out` (stderr, usually). On a terminal the line is redrawn in place ("\r")
// on every update, at most every `tty_interval_s`; otherwise (a log file, a CI console) a full line
// is written every `interval_s`, so logs get a readable record instead of thousands of \r's.
class ProgressBar {
public:
    ProgressBar(FILE * out, int64_t total_steps, double interval_s = 30.0, double tty_interval_s = 0.1);

    // ETA comes from the rate since the first update (a resumed run counts from its first step).
    void update(int64_t step, double loss, double lr, double tokens_per_s);
    void update(int64_t step, double loss, double lr, double tokens_per_s, double now_s);  // explicit clock, for tests
    void finish();  // ends the in-place line with a newline, on a terminal

    bool is_terminal() const { return m_tty; }
    void set_terminal(bool tty) { m_tty = tty; }  // for tests

private:
    FILE * m_out;
    int64_t m_total;
    double m_interval, m_tty_interval;
    bool m_tty;
    bool m_started = false;
    int64_t m_first_step = 0;
    double m_first_time = 0.0;
    double m_last_write = -1e300;
    size_t m_last_len = 0;  // the previous in-place line, to blank out its tail
    bool m_line_open = false;
};

// The training log: step,epoch,loss,lr,tokens_per_s,elapsed_s. Each row is flushed at once, so a
// crash loses nothing logged and the file can be plotted while the run goes on.
class CsvLog {
public:
    static constexpr const char * kHeader = "step,epoch,loss,lr,tokens_per_s,elapsed_s";

    CsvLog() = default;
    ~CsvLog();
    CsvLog(const CsvLog &) = delete;
    CsvLog & operator=(const CsvLog &) = delete;

    // resume_step < 0: start a new log (truncating any old one). resume_step ≥ 0: continue the
    // existing log (a new one if there is none): its header must match, rows with step >
    // resume_step are dropped (they were logged after the checkpoint the run resumes from and
    // will be logged again), and new rows are appended.
    Status open(const std::string & path, int64_t resume_step = -1);
    Status row(int64_t step, int64_t epoch, double loss, double lr, double tokens_per_s, double elapsed_s);
    void close();
    bool is_open() const { return m_file != nullptr; }

private:
    FILE * m_file = nullptr;
    std::string m_path;
};

} // namespace attn

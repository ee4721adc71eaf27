#include "train/progress.h"

#include "core/clock.h"
#include "core/printf_string.h"
#include "train/meta_value.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

namespace attn {

namespace {

bool read_whole_file(const std::string & path, std::string * out, bool * exists) {
    FILE * f = std::fopen(path.c_str(), "rb");
    *exists = f != nullptr;
    if (!f) return true;
    char buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out->append(buf, n);
    bool ok = !std::ferror(f);
    std::fclose(f);
    return ok;
}

} // namespace

std::string format_duration(double seconds) {
    if (!(seconds >= 0.0) || !std::isfinite(seconds)) return "?";
    int64_t s = int64_t(std::llround(seconds));
    if (s < 60) return printf_string("%llds", (long long)s);
    if (s < 3600) return printf_string("%lldm%02llds", (long long)(s / 60), (long long)(s % 60));
    return printf_string("%lldh%02lldm", (long long)(s / 3600), (long long)(s / 60 % 60));
}

std::string format_progress(const ProgressInfo & in) {
    std::string line;
    if (in.total_steps > 0) {
        double frac = std::clamp(double(in.step) / double(in.total_steps), 0.0, 1.0);
        int width = std::max(in.bar_width, 1);
        int filled = int(frac * width);
        line = printf_string("step %lld/%lld [", (long long)in.step, (long long)in.total_steps);
        line += std::string(size_t(filled), '#') + std::string(size_t(width - filled), '.');
        line += printf_string("] %d%%", int(frac * 100.0));
    } else {
        line = printf_string("step %lld", (long long)in.step);
    }
    line += printf_string(" loss %.3f lr %.1e %.0f tok/s", in.loss, in.lr, in.tokens_per_s);
    if (in.total_steps > 0) line += " ETA " + format_duration(in.eta_s);
    return line;
}

ProgressBar::ProgressBar(FILE * out, int64_t total_steps, double interval_s, double tty_interval_s)
    : m_out(out), m_total(total_steps), m_interval(interval_s), m_tty_interval(tty_interval_s),
      m_tty(out && ::isatty(::fileno(out))) {}

void ProgressBar::update(int64_t step, double loss, double lr, double tokens_per_s) {
    update(step, loss, lr, tokens_per_s, now_seconds());
}

void ProgressBar::update(int64_t step, double loss, double lr, double tokens_per_s, double now_s) {
    if (!m_out) return;
    if (!m_started) {
        m_started = true;
        m_first_step = step;
        m_first_time = now_s;
    }
    const bool last = m_total > 0 && step >= m_total;
    if (!last && now_s - m_last_write < (m_tty ? m_tty_interval : m_interval)) return;
    m_last_write = now_s;

    ProgressInfo info;
    info.step = step;
    info.total_steps = m_total;
    info.loss = loss;
    info.lr = lr;
    info.tokens_per_s = tokens_per_s;
    if (m_total > 0 && step > m_first_step)
        info.eta_s = (now_s - m_first_time) / double(step - m_first_step) * double(std::max<int64_t>(m_total - step, 0));
    std::string line = format_progress(info);
    if (m_tty) {
        size_t len = line.size();
        if (len < m_last_len) line.append(m_last_len - len, ' ');  // blank the tail of a longer old line
        m_last_len = len;
        std::fprintf(m_out, "\r%s", line.c_str());
        m_line_open = true;
    } else {
        std::fprintf(m_out, "%s\n", line.c_str());
    }
    std::fflush(m_out);
}

void ProgressBar::finish() {
    if (m_out && m_tty && m_line_open) {
        std::fputc('\n', m_out);
        std::fflush(m_out);
    }
    m_line_open = false;
}

CsvLog::~CsvLog() { close(); }

void CsvLog::close() {
    if (m_file) std::fclose(m_file);
    m_file = nullptr;
}

Status CsvLog::open(const std::string & path, int64_t resume_step) {
    close();
    m_path = path;
    std::string kept = std::string(kHeader) + "\n";
    if (resume_step >= 0) {
        std::string old;
        bool exists = false;
        if (!read_whole_file(path, &old, &exists)) return Status::error(path + ": cannot read the log to resume it");
        if (exists && !old.empty()) {
            size_t pos = 0;
            int line_no = 0;
            while (pos < old.size()) {
                size_t end = old.find('\n', pos);
                if (end == std::string::npos) break;  // a row cut short by a crash: drop it
                std::string line = old.substr(pos, end - pos);
                pos = end + 1;
                line_no++;
                if (!line.empty() && line.back() == '\r') line.pop_back();
                if (line_no == 1) {
                    if (line != kHeader)
                        return Status::error(path + ": not a training log (its header is \"" + line + "\", expected \"" +
                                             kHeader + "\")");
                    continue;
                }
                if (line.empty()) continue;
                int64_t step = 0;
                if (!parse_int64(line.substr(0, line.find(',')), &step))
                    return Status::error(path + ": line " + std::to_string(line_no) + " does not start with a step number");
                if (step <= resume_step) kept += line + "\n";
            }
        }
    }
    // Rewrite atomically, then append: a crash here leaves either the old or the trimmed log.
    std::string tmp = path + ".tmp";
    FILE * f = std::fopen(tmp.c_str(), "wb");
    if (!f) return Status::error(path + ": cannot write (" + std::strerror(errno) + ")");
    bool ok = std::fwrite(kept.data(), 1, kept.size(), f) == kept.size();
    ok = (std::fclose(f) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        return Status::error(path + ": cannot write the log");
    }
    m_file = std::fopen(path.c_str(), "ab");
    if (!m_file) return Status::error(path + ": cannot open for appending (" + std::strerror(errno) + ")");
    return Status::success();
}

Status CsvLog::row(int64_t step, int64_t epoch, double loss, double lr, double tokens_per_s, double elapsed_s) {
    if (!m_file) return Status::error("training log is not open");
    std::fprintf(m_file, "%lld,%lld,%.7g,%.6g,%.1f,%.3f\n", (long long)step, (long long)epoch, loss, lr, tokens_per_s,
                 elapsed_s);
    if (std::fflush(m_file) != 0 || std::ferror(m_file)) return Status::error(m_path + ": write failed");
    return Status::success();
}

} // namespace attn

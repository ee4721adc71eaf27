#include "train/train_snapshot.h"

#include "core/printf_string.h"
#include "io/safetensors.h"
#include "train/run_history.h"

#include <cmath>
#include <cstdlib>

namespace attn {

namespace {

constexpr const char * kFormat = "attention-playground/train-snapshot/1";
constexpr char kSeparator = '\x1f';  // between labels, and between a message's text and its args

std::string joined(const std::vector<std::string> & parts) {
    std::string out;
    for (size_t i = 0; i < parts.size(); i++) out += (i ? std::string(1, kSeparator) : "") + parts[i];
    return out;
}

std::vector<std::string> split(const std::string & text) {
    std::vector<std::string> out;
    if (text.empty()) return out;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); i++)
        if (i == text.size() || text[i] == kSeparator) {
            out.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    return out;
}

std::string real(double v) { return printf_string("%.17g", v); }

bool read_real(const std::map<std::string, std::string> & meta, const std::string & key, double * out) {
    const auto it = meta.find(key);
    if (it == meta.end() || it->second.empty() || it->second.size() > 32) return false;
    char * end = nullptr;
    const double v = std::strtod(it->second.c_str(), &end);
    if (*end) return false;
    *out = v;  // NaN and ∞ pass: a loss that blew up is part of the story
    return true;
}

} // namespace

TrainSnapshot snapshot_of(const LiveTraining & run, bool running, TimelineCursor * cursor) {
    TrainSnapshot s;
    s.started = run.started();
    s.running = running && s.started;
    if (!s.started) {
        s.timeline_restarted = true;
        cursor->epoch = -1;
        cursor->frames = 0;
        return s;
    }
    s.finished = run.finished();
    s.failure = run.failure();
    s.setup = run.setup();
    s.step = run.step();
    s.loss = run.last_loss();
    s.lr = run.learning_rate();
    s.steps_per_second = run.steps_per_second();
    s.tokens_per_second = run.tokens_per_second();
    s.score = run.last_score();
    s.curves = run.curves();
    s.probe_text = run.probe_text();
    s.probe_output = run.probe_output();
    s.probe_reference = run.probe_has_reference();
    s.probe = run.probe();
    s.saved_step = run.saved_step();
    if (!run.save_status()) s.save_error = run.save_status().message;
    const std::vector<TimelineFrame> & frames = run.timeline();
    s.timeline_restarted = cursor->epoch != run.timeline_epoch() || cursor->frames > frames.size();
    const size_t from = s.timeline_restarted ? 0 : cursor->frames;
    s.new_frames.assign(frames.begin() + std::ptrdiff_t(from), frames.end());
    cursor->epoch = run.timeline_epoch();
    cursor->frames = frames.size();
    return s;
}

void apply_frames(const TrainSnapshot & s, std::vector<TimelineFrame> * timeline) {
    if (s.timeline_restarted) timeline->clear();
    timeline->insert(timeline->end(), s.new_frames.begin(), s.new_frames.end());
}

std::vector<uint8_t> encode_snapshot(const TrainSnapshot & s) {
    WeightsFile f;
    put_curves_and_frames(s.curves, s.new_frames, &f);
    const ProbeAttention & p = s.probe;
    Tensor maps(Shape{int64_t(p.maps.size())});
    std::copy(p.maps.begin(), p.maps.end(), maps.data());
    f.tensors["probe/maps"] = std::move(maps);
    Tensor heads(Shape{int64_t(s.score.head_follows.size())});
    for (size_t i = 0; i < s.score.head_follows.size(); i++) heads[int64_t(i)] = float(s.score.head_follows[i]);
    f.tensors["score/head_follows"] = std::move(heads);
    Tensor by_length(Shape{int64_t(s.score.exact_by_length.size())});
    for (size_t i = 0; i < s.score.exact_by_length.size(); i++) by_length[int64_t(i)] = float(s.score.exact_by_length[i]);
    f.tensors["score/exact_by_length"] = std::move(by_length);
    std::vector<std::string> failure{s.failure.text};
    failure.insert(failure.end(), s.failure.args.begin(), s.failure.args.end());
    f.metadata.insert({{"format", kFormat},
                       {"started", s.started ? "1" : "0"},
                       {"finished", s.finished ? "1" : "0"},
                       {"running", s.running ? "1" : "0"},
                       {"failure", s.failure.empty() ? "" : joined(failure)},
                       {"setup", setup_to_text(s.setup)},
                       {"step", std::to_string(s.step)},
                       {"loss", real(s.loss)},
                       {"lr", real(s.lr)},
                       {"steps_per_second", real(s.steps_per_second)},
                       {"tokens_per_second", real(s.tokens_per_second)},
                       {"exact_match", real(s.score.exact_match)},
                       {"bleu", real(s.score.bleu)},
                       {"probe_reference", s.probe_reference ? "1" : "0"},
                       {"best_head", std::to_string(s.score.best_head)},
                       {"score_rows", std::to_string(s.score.rows)},
                       {"probe_text", s.probe_text},
                       {"probe_output", s.probe_output},
                       {"probe_shape", printf_string("%d %d %d %d", p.layers, p.heads, p.rows, p.cols)},
                       {"probe_source", joined(p.source_labels)},
                       {"probe_target", joined(p.target_labels)},
                       {"timeline_restarted", s.timeline_restarted ? "1" : "0"},
                       {"saved_step", std::to_string(s.saved_step)},
                       {"save_error", s.save_error}});
    return serialize_safetensors(f);
}

Status decode_snapshot(const uint8_t * bytes, size_t size, TrainSnapshot * out) {
    WeightsFile f;
    ReadLimits limits;
    limits.allow_non_finite = true;
    if (Status s = read_safetensors(bytes, size, &f, limits); !s) return Status::error("training snapshot: " + s.message);
    const auto & m = f.metadata;
    const auto bad = [](const std::string & what) { return Status::error("training snapshot: " + what); };
    if (m.count("format") == 0 || m.at("format") != kFormat) return bad("not a training snapshot");
    for (const char * key : {"started", "finished", "running", "failure", "setup", "probe_text", "probe_output", "probe_shape", "probe_source",
                             "probe_target", "timeline_restarted", "save_error"})
        if (m.count(key) == 0) return bad(std::string("no ") + key);
    TrainSnapshot s;
    s.started = m.at("started") == "1";
    s.finished = m.at("finished") == "1";
    s.running = m.at("running") == "1";
    s.timeline_restarted = m.at("timeline_restarted") == "1";
    s.probe_reference = m.count("probe_reference") == 0 || m.at("probe_reference") == "1";
    const std::vector<std::string> failure = split(m.at("failure"));
    if (!failure.empty()) s.failure = {failure[0], std::vector<std::string>(failure.begin() + 1, failure.end())};
    if (s.started) {
        if (Status st = setup_from_text(m.at("setup"), &s.setup); !st) return bad(st.message);
    }
    int64_t best_head = 0, rows = 0;
    if (!read_int(m, "step", 0, int64_t(1) << 40, &s.step) || !read_int(m, "best_head", -1, 64, &best_head) ||
        !read_int(m, "score_rows", 0, int64_t(1) << 40, &rows) || !read_int(m, "saved_step", -1, int64_t(1) << 40, &s.saved_step) ||
        !read_real(m, "loss", &s.loss) || !read_real(m, "lr", &s.lr) || !read_real(m, "steps_per_second", &s.steps_per_second) ||
        !read_real(m, "tokens_per_second", &s.tokens_per_second) || !read_real(m, "exact_match", &s.score.exact_match) ||
        !read_real(m, "bleu", &s.score.bleu))
        return bad("a number in its metadata is missing or malformed");
    s.score.best_head = int(best_head);
    s.score.rows = int(rows);
    if (Status st = get_curves_and_frames(f, "training snapshot", &s.curves, &s.new_frames); !st) return st;
    if (f.tensors.count("probe/maps") == 0 || f.tensors.count("score/head_follows") == 0) return bad("no probe maps or head scores");
    const Tensor & heads = f.tensors.at("score/head_follows");
    s.score.head_follows.assign(heads.data(), heads.data() + heads.numel());
    if (auto it = f.tensors.find("score/exact_by_length"); it != f.tensors.end())
        s.score.exact_by_length.assign(it->second.data(), it->second.data() + it->second.numel());
    if (s.score.best_head >= int(s.score.head_follows.size())) return bad("the best head is not one of the heads");
    ProbeAttention & p = s.probe;
    if (std::sscanf(m.at("probe_shape").c_str(), "%d %d %d %d", &p.layers, &p.heads, &p.rows, &p.cols) != 4 || p.layers < 0 ||
        p.heads < 0 || p.rows < 0 || p.cols < 0 || p.layers > 64 || p.heads > 64 || p.rows > 1024 || p.cols > 1024)
        return bad("the probe's shape is malformed");
    const Tensor & maps = f.tensors.at("probe/maps");
    if (maps.numel() != int64_t(p.layers) * p.heads * p.rows * p.cols) return bad("the probe's maps do not have its shape");
    p.maps.assign(maps.data(), maps.data() + maps.numel());
    p.source_labels = split(m.at("probe_source"));
    p.target_labels = split(m.at("probe_target"));
    if (int(p.source_labels.size()) != p.cols || int(p.target_labels.size()) != p.rows) return bad("the probe's labels do not fit its maps");
    for (const TimelineFrame & fr : s.new_frames)
        if (fr.maps.size() != p.maps.size()) return bad("a timeline frame is not the probe's shape");
    s.probe_text = m.at("probe_text");
    s.probe_output = m.at("probe_output");
    s.save_error = m.at("save_error");
    *out = std::move(s);
    return Status::success();
}

} // namespace attn

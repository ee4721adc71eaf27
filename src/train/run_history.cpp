#include "train/run_history.h"

#include "io/safetensors.h"

#include <cmath>

namespace attn {

namespace {

Tensor vector_tensor(const std::vector<double> & v) {
    Tensor t(Shape{int64_t(std::max<size_t>(v.size(), 1))});
    for (size_t i = 0; i < v.size(); i++) t[int64_t(i)] = float(v[i]);
    return t;
}

// Tensors of one element stand for empty vectors too (a tensor may not be empty); `count` says.
std::vector<double> vector_of(const WeightsFile & f, const std::string & name, size_t count) {
    std::vector<double> v;
    const auto it = f.tensors.find(name);
    if (it == f.tensors.end()) return v;
    for (size_t i = 0; i < count && int64_t(i) < it->second.numel(); i++) v.push_back(it->second[int64_t(i)]);
    return v;
}

bool read_int(const std::map<std::string, std::string> & meta, const std::string & key, int64_t lo, int64_t hi, int64_t * out) {
    const auto it = meta.find(key);
    if (it == meta.end() || it->second.empty() || it->second.size() > 12) return false;
    char * end = nullptr;
    const long long v = std::strtoll(it->second.c_str(), &end, 10);
    if (*end || v < lo || v > hi) return false;
    *out = v;
    return true;
}

} // namespace

Status save_run_history(const std::string & path, const RunHistory & h) {
    WeightsFile f;
    const TrainCurves & c = h.curves;
    f.tensors["loss/x"] = vector_tensor(c.loss.x());
    f.tensors["loss/y"] = vector_tensor(c.loss.y());
    f.tensors["lr/x"] = vector_tensor(c.lr.x());
    f.tensors["lr/y"] = vector_tensor(c.lr.y());
    f.tensors["eval/step"] = vector_tensor(c.eval_step);
    f.tensors["eval/exact"] = vector_tensor(c.exact_match);
    f.tensors["eval/follows"] = vector_tensor(c.attention_follows);
    std::vector<double> steps;
    for (const TimelineFrame & fr : h.timeline) steps.push_back(double(fr.step));
    f.tensors["timeline/step"] = vector_tensor(steps);
    const size_t per_frame = h.timeline.empty() ? 1 : std::max<size_t>(h.timeline[0].maps.size(), 1);
    Tensor maps(Shape{int64_t(std::max<size_t>(h.timeline.size(), 1)), int64_t(per_frame)});
    for (size_t i = 0; i < h.timeline.size(); i++) {
        if (h.timeline[i].maps.size() != per_frame) return Status::error(path + ": the timeline's frames differ in size");
        std::copy(h.timeline[i].maps.begin(), h.timeline[i].maps.end(), maps.data() + i * per_frame);
    }
    f.tensors["timeline/maps"] = std::move(maps);
    f.metadata = {{"format", "attention-playground/train-history/1"},
                  {"probe", h.probe},
                  {"snapshot_every", std::to_string(h.snapshot_every)},
                  {"loss_points", std::to_string(c.loss.x().size())},
                  {"lr_points", std::to_string(c.lr.x().size())},
                  {"eval_points", std::to_string(c.eval_step.size())},
                  {"frames", std::to_string(h.timeline.size())},
                  {"loss_group", std::to_string(c.loss.group())},
                  {"lr_group", std::to_string(c.lr.group())},
                  {"good_step", std::to_string(h.good_step)}};
    return save_safetensors(path, f);
}

Status load_run_history(const std::string & path, RunHistory * out) {
    WeightsFile f;
    if (Status s = load_safetensors(path, &f); !s) return s;
    const auto & m = f.metadata;
    const auto bad = [&](const std::string & what) { return Status::error(path + ": " + what); };
    if (m.count("format") == 0 || m.at("format") != "attention-playground/train-history/1") return bad("not a training history");
    int64_t loss_n = 0, lr_n = 0, eval_n = 0, frames = 0, loss_group = 0, lr_group = 0, every = 0, good = 0;
    if (!read_int(m, "loss_points", 0, int64_t(ThinnedSeries::kMaxPoints), &loss_n) || !read_int(m, "lr_points", 0, int64_t(ThinnedSeries::kMaxPoints), &lr_n) ||
        !read_int(m, "eval_points", 0, 1 << 20, &eval_n) || !read_int(m, "frames", 0, int64_t(LiveTraining::kMaxTimelineFrames), &frames) ||
        !read_int(m, "loss_group", 1, 1 << 30, &loss_group) || !read_int(m, "lr_group", 1, 1 << 30, &lr_group) ||
        !read_int(m, "snapshot_every", 1, 1 << 30, &every) || !read_int(m, "good_step", 0, int64_t(1) << 40, &good) || m.count("probe") == 0)
        return bad("a count in its metadata is missing or out of range");
    for (const char * name : {"loss/x", "loss/y", "lr/x", "lr/y", "eval/step", "eval/exact", "eval/follows", "timeline/step", "timeline/maps"})
        if (f.tensors.count(name) == 0) return bad(std::string("no tensor ") + name);
    const auto holds = [&](const char * name, int64_t n) { return f.tensors.at(name).numel() >= std::max<int64_t>(n, 1); };
    if (!holds("loss/x", loss_n) || !holds("loss/y", loss_n) || !holds("lr/x", lr_n) || !holds("lr/y", lr_n) ||
        !holds("eval/step", eval_n) || !holds("eval/exact", eval_n) || !holds("eval/follows", eval_n) || !holds("timeline/step", frames))
        return bad("a tensor is shorter than its count");
    const Tensor & maps = f.tensors.at("timeline/maps");
    if (maps.shape().rank != 2 || maps.shape()[0] < std::max<int64_t>(frames, 1)) return bad("timeline/maps does not hold the frames");

    RunHistory h;
    if (!h.curves.loss.restore(vector_of(f, "loss/x", size_t(loss_n)), vector_of(f, "loss/y", size_t(loss_n)), int(loss_group)) ||
        !h.curves.lr.restore(vector_of(f, "lr/x", size_t(lr_n)), vector_of(f, "lr/y", size_t(lr_n)), int(lr_group)))
        return bad("a curve's points do not form a curve");
    h.curves.eval_step = vector_of(f, "eval/step", size_t(eval_n));
    h.curves.exact_match = vector_of(f, "eval/exact", size_t(eval_n));
    h.curves.attention_follows = vector_of(f, "eval/follows", size_t(eval_n));
    const std::vector<double> steps = vector_of(f, "timeline/step", size_t(frames));
    const int64_t per_frame = maps.shape()[1];
    for (int64_t i = 0; i < frames; i++)
        h.timeline.push_back({int64_t(steps[size_t(i)]), std::vector<float>(maps.data() + i * per_frame, maps.data() + (i + 1) * per_frame)});
    h.probe = m.at("probe");
    h.snapshot_every = int(every);
    h.good_step = good;
    *out = std::move(h);
    return Status::success();
}

} // namespace attn

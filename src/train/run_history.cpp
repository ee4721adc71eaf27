#include "train/run_history.h"

#include "io/safetensors.h"

#include <cmath>

namespace attn {

namespace {

Tensor vector_tensor(const std::vector<double> & v) {
    Tensor t(Shape{int64_t(v.size())});
    for (size_t i = 0; i < v.size(); i++) t[int64_t(i)] = float(v[i]);
    return t;
}

std::vector<double> vector_of(const WeightsFile & f, const std::string & name) {
    const Tensor & t = f.tensors.at(name);
    return std::vector<double>(t.data(), t.data() + t.numel());
}

} // namespace

void put_curves_and_frames(const TrainCurves & c, const std::vector<TimelineFrame> & frames, WeightsFile * f) {
    f->tensors["loss/x"] = vector_tensor(c.loss.x());
    f->tensors["loss/y"] = vector_tensor(c.loss.y());
    f->tensors["lr/x"] = vector_tensor(c.lr.x());
    f->tensors["lr/y"] = vector_tensor(c.lr.y());
    f->tensors["eval/step"] = vector_tensor(c.eval_step);
    f->tensors["eval/exact"] = vector_tensor(c.exact_match);
    f->tensors["eval/follows"] = vector_tensor(c.attention_follows);
    if (!c.bleu.empty()) f->tensors["eval/bleu"] = vector_tensor(c.bleu);
    std::vector<double> steps;
    for (const TimelineFrame & fr : frames) steps.push_back(double(fr.step));
    f->tensors["timeline/step"] = vector_tensor(steps);
    const size_t per_frame = frames.empty() ? 0 : frames[0].maps.size();
    Tensor maps(Shape{int64_t(frames.size()), int64_t(per_frame)});
    for (size_t i = 0; i < frames.size(); i++)
        std::copy(frames[i].maps.begin(), frames[i].maps.end(), maps.data() + i * per_frame);
    f->tensors["timeline/maps"] = std::move(maps);
    f->metadata["loss_group"] = std::to_string(c.loss.group());
    f->metadata["lr_group"] = std::to_string(c.lr.group());
}

Status get_curves_and_frames(const WeightsFile & f, const std::string & where, TrainCurves * curves,
                             std::vector<TimelineFrame> * frames) {
    const auto bad = [&](const std::string & what) { return Status::error(where + ": " + what); };
    for (const char * name : {"loss/x", "loss/y", "lr/x", "lr/y", "eval/step", "eval/exact", "eval/follows", "timeline/step", "timeline/maps"})
        if (f.tensors.count(name) == 0) return bad(std::string("no tensor ") + name);
    const auto length = [&](const char * name) { return f.tensors.at(name).numel(); };
    int64_t loss_group = 0, lr_group = 0;
    if (!read_int(f.metadata, "loss_group", 1, 1 << 30, &loss_group) || !read_int(f.metadata, "lr_group", 1, 1 << 30, &lr_group))
        return bad("a curve's group is missing or out of range");
    if (length("eval/step") != length("eval/exact") || length("eval/step") != length("eval/follows"))
        return bad("the held-out checks' series differ in length");
    if (f.tensors.count("eval/bleu") && length("eval/bleu") != length("eval/step")) return bad("the BLEU series differs in length");
    const Tensor & maps = f.tensors.at("timeline/maps");
    const int64_t n_frames = length("timeline/step");
    if (maps.shape().rank != 2 || maps.shape()[0] != n_frames) return bad("timeline/maps does not hold the frames");
    TrainCurves c;
    if (!c.loss.restore(vector_of(f, "loss/x"), vector_of(f, "loss/y"), int(loss_group)) ||
        !c.lr.restore(vector_of(f, "lr/x"), vector_of(f, "lr/y"), int(lr_group)))
        return bad("a curve's points do not form a curve");
    c.eval_step = vector_of(f, "eval/step");
    c.exact_match = vector_of(f, "eval/exact");
    c.attention_follows = vector_of(f, "eval/follows");
    if (f.tensors.count("eval/bleu")) c.bleu = vector_of(f, "eval/bleu");
    const std::vector<double> steps = vector_of(f, "timeline/step");
    const int64_t per_frame = maps.shape()[1];
    std::vector<TimelineFrame> fr;
    for (int64_t i = 0; i < n_frames; i++)
        fr.push_back({int64_t(steps[size_t(i)]), std::vector<float>(maps.data() + i * per_frame, maps.data() + (i + 1) * per_frame)});
    *curves = std::move(c);
    *frames = std::move(fr);
    return Status::success();
}

bool read_int(const std::map<std::string, std::string> & meta, const std::string & key, int64_t lo, int64_t hi, int64_t * out) {
    const auto it = meta.find(key);
    if (it == meta.end() || it->second.empty() || it->second.size() > 20) return false;
    char * end = nullptr;
    const long long v = std::strtoll(it->second.c_str(), &end, 10);
    if (*end || v < lo || v > hi) return false;
    *out = v;
    return true;
}

Status save_run_history(const std::string & path, const RunHistory & h) {
    for (const TimelineFrame & fr : h.timeline)
        if (fr.maps.size() != h.timeline[0].maps.size()) return Status::error(path + ": the timeline's frames differ in size");
    WeightsFile f;
    put_curves_and_frames(h.curves, h.timeline, &f);
    f.metadata["format"] = "attention-playground/train-history/1";
    f.metadata["probe"] = h.probe;
    f.metadata["snapshot_every"] = std::to_string(h.snapshot_every);
    f.metadata["good_step"] = std::to_string(h.good_step);
    return save_safetensors(path, f);
}

Status load_run_history(const std::string & path, RunHistory * out) {
    WeightsFile f;
    if (Status s = load_safetensors(path, &f); !s) return s;
    const auto & m = f.metadata;
    if (m.count("format") == 0 || m.at("format") != "attention-playground/train-history/1")
        return Status::error(path + ": not a training history");
    int64_t every = 0, good = 0;
    if (!read_int(m, "snapshot_every", 1, 1 << 30, &every) || !read_int(m, "good_step", 0, int64_t(1) << 40, &good) || m.count("probe") == 0)
        return Status::error(path + ": a count in its metadata is missing or out of range");
    RunHistory h;
    if (Status s = get_curves_and_frames(f, path, &h.curves, &h.timeline); !s) return s;
    if (h.timeline.size() > LiveTraining::kMaxTimelineFrames) return Status::error(path + ": more timeline frames than a run keeps");
    h.probe = m.at("probe");
    h.snapshot_every = int(every);
    h.good_step = good;
    *out = std::move(h);
    return Status::success();
}

} // namespace attn

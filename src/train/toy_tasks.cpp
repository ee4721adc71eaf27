#include "train/toy_tasks.h"

#include "core/rng.h"

#include <algorithm>

namespace attn {

bool parse_toy_task(const std::string & name, ToyTask * out) {
    if (name == "copy") *out = ToyTask::Copy;
    else if (name == "reverse") *out = ToyTask::Reverse;
    else if (name == "sort") *out = ToyTask::Sort;
    else return false;
    return true;
}

const char * toy_task_name(ToyTask task) {
    switch (task) {
    case ToyTask::Copy: return "copy";
    case ToyTask::Reverse: return "reverse";
    case ToyTask::Sort: return "sort";
    }
    return "?";
}

std::vector<int32_t> toy_target(ToyTask task, const std::vector<int32_t> & src) {
    std::vector<int32_t> t = src;
    if (task == ToyTask::Reverse) std::reverse(t.begin(), t.end());
    if (task == ToyTask::Sort) std::sort(t.begin(), t.end());
    return t;
}

std::vector<Example> make_toy_examples(ToyTask task, int count, int min_len, int max_len, uint64_t seed) {
    Rng rng(seed);
    std::vector<Example> out;
    out.reserve(size_t(count));
    for (int i = 0; i < count; i++) {
        const int len = min_len + int(rng.below(uint64_t(max_len - min_len + 1)));
        Example e;
        for (int k = 0; k < len; k++) e.src.push_back(kToyFirstDigit + int32_t(rng.below(10)));
        e.tgt = toy_target(task, e.src);
        // The source ends with EOS, as in translation: it marks where the sequence ends, which
        // reverse needs (the first output is the last input) and attention can find.
        e.src.push_back(kToyEos);
        out.push_back(std::move(e));
    }
    return out;
}

} // namespace attn

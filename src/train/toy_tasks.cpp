#include "train/toy_tasks.h"

#include "core/rng.h"

#include <algorithm>

namespace attn {

bool parse_toy_task(const std::string & name, ToyTask * out) {
    for (ToyTask t : kToyTasks)
        if (name == toy_task_name(t)) return (*out = t), true;
    return false;
}

const char * toy_task_name(ToyTask task) {
    switch (task) {
    case ToyTask::Copy: return "copy";
    case ToyTask::Reverse: return "reverse";
    case ToyTask::Sort: return "sort";
    case ToyTask::MiniEnDe: return "mini_en_de";
    case ToyTask::MiniEnZh: return "mini_en_zh_TW";
    }
    return "?";
}

const char * corpus_task_language(ToyTask task) {
    return task == ToyTask::MiniEnDe ? "de" : task == ToyTask::MiniEnZh ? "zh_TW" : nullptr;
}

std::vector<int32_t> toy_target(ToyTask task, const std::vector<int32_t> & src) {
    std::vector<int32_t> t = src;
    if (task == ToyTask::Reverse) std::reverse(t.begin(), t.end());
    if (task == ToyTask::Sort) std::sort(t.begin(), t.end());
    return t;
}

std::vector<Example> make_toy_examples(ToyTask task, int count, int min_len, int max_len, uint64_t seed, int alphabet) {
    Rng rng(seed);
    std::vector<Example> out;
    out.reserve(size_t(count));
    for (int i = 0; i < count; i++) {
        const int len = min_len + int(rng.below(uint64_t(max_len - min_len + 1)));
        Example e;
        for (int k = 0; k < len; k++) e.src.push_back(kToyFirstDigit + int32_t(rng.below(uint64_t(alphabet))));
        e.tgt = toy_target(task, e.src);
        // The source ends with EOS, as in translation: it marks where the sequence ends, which
        // reverse needs (the first output is the last input) and attention can find.
        e.src.push_back(kToyEos);
        out.push_back(std::move(e));
    }
    return out;
}

std::string toy_symbol(int32_t token) {
    static const char * const kSpecial[] = {"<pad>", "<s>", "</s>", "<unk>"};
    if (token >= 0 && token < kToyFirstDigit) return kSpecial[token];
    const int32_t k = token - kToyFirstDigit;
    if (k < 10) return std::string(1, char('0' + k));
    if (k < kToyMaxAlphabet) return std::string(1, char('a' + k - 10));
    return "?";
}

bool parse_toy_symbols(std::string_view text, int alphabet, std::vector<int32_t> * out) {
    std::vector<int32_t> tokens;
    for (char c : text) {
        int k = -1;
        if (c == ' ' || c == ',') continue;
        if (c >= '0' && c <= '9') k = c - '0';
        else if (c >= 'A' && c <= 'Z') k = 10 + c - 'A';
        else if (c >= 'a' && c <= 'z') k = 10 + c - 'a';
        if (k < 0 || k >= alphabet) return false;
        tokens.push_back(kToyFirstDigit + k);
    }
    if (tokens.empty()) return false;
    *out = std::move(tokens);
    return true;
}

} // namespace attn

#include "train/batching.h"

#include "core/check.h"
#include "core/rng.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace attn {

namespace {

// Mixes the epoch into the seed so that epochs 0, 1, 2... give unrelated streams (a plain
// seed + epoch would make (seed, epoch + 1) and (seed + 1, epoch) collide).
uint64_t epoch_seed(uint64_t seed, int64_t epoch) {
    Rng mix(uint64_t(epoch) ^ 0xD1B54A32D192ED03ull);
    return seed ^ mix.next_u64();
}

// Fisher-Yates with our portable generator (std::shuffle's algorithm differs between libstdc++
// and libc++, so it would give the web build another order).
template <typename T>
void shuffle(std::vector<T> & v, Rng & rng) {
    for (size_t i = v.size(); i > 1; i--) std::swap(v[i - 1], v[size_t(rng.below(i))]);
}

} // namespace

std::vector<size_t> epoch_permutation(size_t n, uint64_t seed, int64_t epoch) {
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t(0));
    Rng rng(epoch_seed(seed, epoch));
    shuffle(order, rng);
    return order;
}

int64_t padded_length(const Example & e) { return std::max<int64_t>(int64_t(e.src.size()), int64_t(e.tgt.size()) + 1); }

int64_t batch_cost(const std::vector<Example> & examples, const std::vector<size_t> & indices) {
    int64_t longest = 0;
    for (size_t i : indices) longest = std::max(longest, padded_length(examples[i]));
    return int64_t(indices.size()) * longest;
}

std::vector<std::vector<size_t>> make_token_batches(const std::vector<Example> & examples, int64_t max_tokens,
                                                    uint64_t seed, int64_t epoch) {
    Rng rng(epoch_seed(seed, epoch));
    // Random tie-break keys; the sort is then a total order, so std::sort (unstable) is deterministic.
    std::vector<uint64_t> key(examples.size());
    for (auto & k : key) k = rng.next_u64();
    std::vector<int64_t> len(examples.size());
    for (size_t i = 0; i < examples.size(); i++) len[i] = padded_length(examples[i]);
    std::vector<size_t> order(examples.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        if (len[a] != len[b]) return len[a] < len[b];
        if (key[a] != key[b]) return key[a] < key[b];
        return a < b;
    });

    // Ascending lengths: the example being added is always the batch's longest.
    std::vector<std::vector<size_t>> batches;
    std::vector<size_t> cur;
    for (size_t i : order) {
        if (!cur.empty() && (max_tokens <= 0 || int64_t(cur.size() + 1) * len[i] > max_tokens)) {
            batches.push_back(std::move(cur));
            cur.clear();
        }
        cur.push_back(i);
    }
    if (!cur.empty()) batches.push_back(std::move(cur));

    shuffle(batches, rng);
    return batches;
}

PaddedBatch make_padded_batch(const std::vector<Example> & examples, const std::vector<size_t> & indices, int32_t pad,
                              int32_t bos, int32_t eos) {
    PaddedBatch b;
    b.B = int(indices.size());
    b.S = 1;
    b.T = 1;
    for (size_t i : indices) {
        ATTN_ASSERT(i < examples.size(), "example index %zu of %zu", i, examples.size());
        b.S = std::max(b.S, int(examples[i].src.size()));
        b.T = std::max(b.T, int(examples[i].tgt.size()) + 1);
    }
    const size_t B = size_t(b.B), S = size_t(b.S), T = size_t(b.T);
    b.src.assign(B * S, pad);
    b.tgt_in.assign(B * T, pad);
    b.tgt_out.assign(B * T, pad);
    b.src_len.resize(B);
    b.tgt_len.resize(B);
    b.src_key_mask = Tensor({int64_t(B), int64_t(S)});
    b.tgt_key_mask = Tensor({int64_t(B), int64_t(T)});
    const float ninf = -std::numeric_limits<float>::infinity();
    for (size_t r = 0; r < B; r++) {
        const Example & e = examples[indices[r]];
        const size_t ns = e.src.size(), nt = e.tgt.size();
        std::copy(e.src.begin(), e.src.end(), b.src.begin() + r * S);
        b.tgt_in[r * T] = bos;
        std::copy(e.tgt.begin(), e.tgt.end(), b.tgt_in.begin() + r * T + 1);
        std::copy(e.tgt.begin(), e.tgt.end(), b.tgt_out.begin() + r * T);
        b.tgt_out[r * T + nt] = eos;
        b.src_len[r] = int(ns);
        b.tgt_len[r] = int(nt) + 1;
        b.target_tokens += int64_t(nt) + 1;
        for (size_t s = ns; s < S; s++) b.src_key_mask[int64_t(r * S + s)] = ninf;
        for (size_t t = nt + 1; t < T; t++) b.tgt_key_mask[int64_t(r * T + t)] = ninf;
    }
    bool aligned = false;
    for (size_t i : indices) aligned |= !examples[i].alignment.empty();
    if (!aligned) return b;
    b.alignment = Tensor({int64_t(B), int64_t(T), int64_t(S)});
    for (size_t r = 0; r < B; r++) {
        const Example & e = examples[indices[r]];
        std::vector<int> links_per_row(T, 0);
        for (const auto & [t, s] : e.alignment)
            if (t >= 0 && size_t(t) <= e.tgt.size() && s >= 0 && size_t(s) < e.src.size()) links_per_row[size_t(t)]++;
        for (const auto & [t, s] : e.alignment)
            if (t >= 0 && size_t(t) <= e.tgt.size() && s >= 0 && size_t(s) < e.src.size())
                b.alignment[int64_t((r * T + size_t(t)) * S + size_t(s))] += 1.0f / float(links_per_row[size_t(t)]);
        for (int n : links_per_row) b.alignment_rows += n > 0;
    }
    return b;
}

} // namespace attn

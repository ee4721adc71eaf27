// Toy sequence tasks that prove a model learns, fast enough for tests and the browser demo:
//   copy     4 7 1  ->  4 7 1
//   reverse  4 7 1  ->  1 7 4
//   sort     4 7 1  ->  1 4 7
// Tokens: 0 pad, 1 BOS, 2 EOS, 3 unknown, 4..13 the digits 0..9 (vocabulary of 14).
#pragma once
#include "train/batching.h"

#include <string>

namespace attn {

enum class ToyTask { Copy, Reverse, Sort };
bool parse_toy_task(const std::string & name, ToyTask * out);
const char * toy_task_name(ToyTask task);

constexpr int kToyVocab = 14;
constexpr int32_t kToyFirstDigit = 4;
constexpr int32_t kToyEos = 2;

// `count` examples with lengths uniform in [min_len, max_len] (the source then ends with EOS),
// deterministic from the seed.
// Different seeds give (almost surely) disjoint sets for the train / held-out split.
std::vector<Example> make_toy_examples(ToyTask task, int count, int min_len, int max_len, uint64_t seed);

// The expected output for one input (digits, without the EOS) under a task.
std::vector<int32_t> toy_target(ToyTask task, const std::vector<int32_t> & src);

} // namespace attn

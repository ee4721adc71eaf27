// Toy sequence tasks that prove a model learns, fast enough for tests and the Train panel:
//   copy     4 7 1  ->  4 7 1
//   reverse  4 7 1  ->  1 7 4
//   sort     4 7 1  ->  1 4 7
// and, beside them, translating the mini corpus (train/mini_corpus.h) to German or Chinese, whose
// sentences are words rather than symbols.
// Tokens: 0 pad, 1 BOS, 2 EOS, 3 unknown, then the alphabet's symbols. An alphabet of A symbols
// (2..kToyMaxAlphabet) is written 0-9 then a-j; the default, the digits, gives a vocabulary of 14.
#pragma once
#include "train/batching.h"

#include <string>
#include <string_view>

namespace attn {

enum class ToyTask { Copy, Reverse, Sort, MiniEnDe, MiniEnZh };
bool parse_toy_task(const std::string & name, ToyTask * out);
const char * toy_task_name(ToyTask task);  // "copy" ... "mini_en_de", "mini_en_zh_TW"
constexpr ToyTask kToyTasks[] = {ToyTask::Copy, ToyTask::Reverse, ToyTask::Sort, ToyTask::MiniEnDe, ToyTask::MiniEnZh};
// The mini corpus's target language ("de", "zh_TW"), or null for a task of symbols.
const char * corpus_task_language(ToyTask task);
inline bool is_corpus_task(ToyTask task) { return corpus_task_language(task) != nullptr; }

constexpr int32_t kToyFirstDigit = 4;
constexpr int32_t kToyEos = 2;
constexpr int kToyDefaultAlphabet = 10;
constexpr int kToyMinAlphabet = 2, kToyMaxAlphabet = 20;
constexpr int kToyVocab = kToyFirstDigit + kToyDefaultAlphabet;
constexpr int toy_vocab(int alphabet) { return kToyFirstDigit + alphabet; }

// `count` examples with lengths uniform in [min_len, max_len] (the source then ends with EOS),
// symbols uniform over the alphabet, deterministic from the seed.
// Different seeds give (almost surely) disjoint sets for the train / held-out split.
std::vector<Example> make_toy_examples(ToyTask task, int count, int min_len, int max_len, uint64_t seed,
                                       int alphabet = kToyDefaultAlphabet);

// The expected output for one input (symbols, without the EOS) under a task.
std::vector<int32_t> toy_target(ToyTask task, const std::vector<int32_t> & src);

// A token as the panel writes it: "0".."9", "a".."j", or "</s>", "<s>", "<pad>", "<unk>".
std::string toy_symbol(int32_t token);
// "3 1 4 1 5" (spaces optional, letters in either case) -> the symbols' tokens, without EOS.
// False for an empty text or a character outside the alphabet.
bool parse_toy_symbols(std::string_view text, int alphabet, std::vector<int32_t> * out);

} // namespace attn

// A generated corpus as training examples for one direction (English → zh_TW or English → de):
// the vocabularies written beside the splits, and each split's sentences as token ids. The
// source ends with </s>, as the toy tasks' do, so the encoder sees where the sentence stops.
#pragma once
#include "corpus/corpus.h"
#include "text/vocab.h"
#include "train/batching.h"

#include <string>
#include <vector>

namespace attn::corpus {

// "zh_TW" or "de".
bool valid_target_language(const std::string & lang);

struct ParallelData {
    Vocabulary src_vocab, tgt_vocab;
    std::vector<CorpusExample> rows;
    std::vector<Example> examples;  // rows encoded; unknown words become <unk>; sure gold links attached
};

// Reads <dir>/vocab.en, <dir>/vocab.<lang> and <dir>/<split> (e.g. "train.tsv"); at most
// `limit` rows (0: all).
Status load_parallel_data(const std::string & dir, const std::string & split, const std::string & lang, size_t limit,
                          ParallelData * out);

// The target column of a row for a language.
const std::string & target_text(const CorpusExample & e, const std::string & lang);
const std::string & target_alignment(const CorpusExample & e, const std::string & lang);

std::vector<int32_t> encode_tokens(const Vocabulary & v, const std::string & space_separated);

} // namespace attn::corpus

// A generated corpus as training examples for one direction (English → zh_TW or English → de):
// the vocabularies written beside the splits, and each split's sentences as token ids. The
// source ends with </s>, as the toy tasks' do, so the encoder sees where the sentence stops.
#pragma once
#include "corpus/aligned_text.h"
#include "corpus/corpus.h"
#include "text/piece_text.h"
#include "text/subword.h"
#include "text/vocab.h"
#include "train/batching.h"

#include <string>
#include <vector>

namespace attn {

// "zh_TW" or "de".
bool valid_target_language(const std::string & lang);

struct ParallelData {
    Vocabulary src_vocab, tgt_vocab;
    std::vector<corpus::CorpusExample> rows;
    std::vector<Example> examples;  // rows encoded; unknown words become <unk>; guided_alignment_links attached
};

// Reads <dir>/vocab.en, <dir>/vocab.<lang> and <dir>/<split> (e.g. "train.tsv"); at most
// `limit` rows (0: all).
Status load_parallel_data(const std::string & dir, const std::string & split, const std::string & lang, size_t limit,
                          ParallelData * out);

// Rows of the corpus as examples in out's vocabularies (words, as load_parallel_data reads them),
// appended to out's rows and examples.
void add_parallel_rows(std::vector<corpus::CorpusExample> rows, const std::string & lang, ParallelData * out);

// The same split as subword pieces of one model shared by both sides: the English words joined by
// spaces, the target words as the language writes them (text/piece_text.h), and the gold
// alignment carried from words to pieces, so guided alignment trains on pieces. Both
// vocabularies are the model's pieces in id order.
Status load_parallel_pieces(const std::string & dir, const std::string & split, const std::string & lang,
                            const SubwordModel & pieces, size_t limit, ParallelData * out);

// Real sentence pairs (scripts/real-text's *.train.tsv) added to a pieces split: English in column
// 0 as typed (tokenised as the Translator tokenises typed text), the target as written in column
// `target_column`. They have no gold alignment, so guided alignment skips them. Rows whose
// pieces do not fit `max_tokens` (the source with </s>, the target with </s>) are left out and
// counted in *skipped. Appended `copies` times to out's rows and examples.
Status append_real_pieces(const std::string & path, const std::string & lang, int target_column, const SubwordModel & pieces, int copies,
                          int max_tokens, ParallelData * out, size_t * skipped);

// The subword model's pieces as a Vocabulary (ids unchanged; <pad> <s> </s> <unk> first, as both have them).
Status piece_vocabulary(const SubwordModel & pieces, Vocabulary * out);

// The target column of a row for a language.
const std::string & target_text(const corpus::CorpusExample & e, const std::string & lang);
const std::string & target_alignment(const corpus::CorpusExample & e, const std::string & lang);

// The links guided alignment trains on, one or more for every target row including the final
// </s>: a row's sure links; else its possible links (Chinese 的, classifiers, 了; German
// auxiliaries); else the source </s>, which is how a head says "this word translates nothing"
// (AER reads an argmax on </s> as no link). Supervising only sure rows left the others free to
// point anywhere, and those wrong links cost the zh-TW head its AER gate.
// `source_length` counts the source </s>; `target_length` does not count the target </s>.
std::vector<Link> guided_alignment_links(const corpus::GoldAlignment & gold, int source_length, int target_length);

std::vector<int32_t> encode_tokens(const Vocabulary & v, const std::string & space_separated);

} // namespace attn

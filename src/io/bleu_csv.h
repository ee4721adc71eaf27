// The shipped BLEU-by-length numbers, assets/models/bleu-by-length.csv: written by
// `attn eval --by-length --csv` through format_bleu_csv, read back by the Compare panel:
//
//   bucket,sentences,<model label>,<model label>,...
//   1-5,375,71.20,80.02,...        one row per 5-word bucket (1-5 … 36-40, 41+ when present)
//   <=10,750,...                   then the summary rows <=10, 31-40 and drop, which are skipped
//
// A label is the model file's stem by default ("rnn_search-en-de"); an empty cell is "no score".
#pragma once
#include "core/status.h"

#include <string>
#include <vector>

namespace attn {

struct BleuTable {
    std::vector<std::string> buckets;          // "1-5", "6-10", ...
    std::vector<std::string> labels;           // one per model column
    std::vector<std::vector<double>> bleu;     // [label][bucket]; NaN for an empty cell

    // The column of `label`, or nullptr.
    const std::vector<double> * column(const std::string & label) const;
};

// A row as the writer takes it: bucket rows first, then the summary rows (<=10, 31-40, drop).
struct BleuCsvRow {
    std::string name, sentences;  // sentences may be empty (the drop row)
    std::vector<double> bleu;     // per label; a non-finite value is an empty cell
};
std::string format_bleu_csv(const std::vector<std::string> & labels, const std::vector<BleuCsvRow> & rows);

Status parse_bleu_csv(const std::string & text, BleuTable * out);
Status read_bleu_csv(const std::string & path, BleuTable * out);

} // namespace attn

#include "nn/attention_merge.h"

namespace attn {

AttentionMap merge_attention(const AttentionMap & m, const std::vector<int> & row_word, int row_words,
                             const std::vector<int> & col_word, int col_words) {
    AttentionMap out;
    out.kind = m.kind;
    out.layer = m.layer;
    out.head = m.head;
    out.rows = row_words;
    out.cols = col_words;
    out.values.assign(size_t(row_words) * size_t(col_words), 0.0f);
    std::vector<int> pieces_in_row(size_t(row_words), 0);
    for (int r = 0; r < m.rows && r < int(row_word.size()); r++) {
        const int wr = row_word[size_t(r)];
        if (wr < 0 || wr >= row_words) continue;
        pieces_in_row[size_t(wr)]++;
        for (int c = 0; c < m.cols && c < int(col_word.size()); c++) {
            const int wc = col_word[size_t(c)];
            if (wc >= 0 && wc < col_words) out.values[size_t(wr) * size_t(col_words) + size_t(wc)] += m.at(r, c);
        }
    }
    for (int wr = 0; wr < row_words; wr++)
        if (pieces_in_row[size_t(wr)] > 1)
            for (int wc = 0; wc < col_words; wc++) out.values[size_t(wr) * size_t(col_words) + size_t(wc)] /= float(pieces_in_row[size_t(wr)]);
    return out;
}

} // namespace attn

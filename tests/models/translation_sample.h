// The committed 300-sentence sample of the everyday corpus's synthetic test split
// (tests/fixtures/everyday-sample.tsv: every 10th sentence of `attn corpus --everyday`'s test.tsv,
// so every length bucket from 1-5 to 36-40 words is in it) as evaluation items for one target language.
#pragma once
#include "corpus/corpus.h"
#include "models/translation_eval.h"
#include "train/parallel_data.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

inline std::vector<attn::EvalItem> translation_sample(const std::string & lang) {
    std::ifstream f(std::string(ATTN_FIXTURES_DIR) + "/everyday-sample.tsv");
    std::vector<attn::EvalItem> items;
    std::string line;
    while (std::getline(f, line)) {
        attn::corpus::CorpusExample e;
        EXPECT_TRUE(attn::corpus::parse_example_tsv_line(line, &e)) << line;
        items.push_back({e.en, attn::target_text(e, lang), attn::target_alignment(e, lang)});
    }
    return items;
}

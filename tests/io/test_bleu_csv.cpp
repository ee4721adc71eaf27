// The BLEU-by-length CSV (io/bleu_csv.h): the bucket rows read, the summaries skipped, and what
// the writer writes read back unchanged.
#include "io/bleu_csv.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace attn;

TEST(BleuCsv, ReadsTheBucketRowsOfAttnEvalByLength) {
    BleuTable t;
    const Status s = parse_bleu_csv("bucket,sentences,en-de,\"a,b\"\n1-5,375,71.20,\n6-10,375,65.5,60.25\n"
                                    "<=10,750,68.00,1.00\n31-40,750,40.00,2.00\ndrop,,28.00,3.00\n", &t);
    ASSERT_TRUE(s.ok) << s.message;
    EXPECT_EQ(t.buckets, (std::vector<std::string>{"1-5", "6-10"}));
    EXPECT_EQ(t.labels, (std::vector<std::string>{"en-de", "a,b"}));
    ASSERT_NE(t.column("en-de"), nullptr);
    EXPECT_DOUBLE_EQ((*t.column("en-de"))[1], 65.5);
    EXPECT_TRUE(std::isnan((*t.column("a,b"))[0]));  // an empty cell: no score
    EXPECT_EQ(t.column("missing"), nullptr);
    EXPECT_FALSE(parse_bleu_csv("step,loss\n1,2\n", &t).ok);
}

// What the writer writes, the reader reads: quoted labels, empty cells, the summary rows skipped.
TEST(BleuCsv, WriterAndReaderAgree) {
    const std::string text = format_bleu_csv({"en-de", "a,b"}, {{"1-5", "375", {71.2, NAN}}, {"6-10", "375", {65.5, 60.25}},
                                                                {"<=10", "750", {68.0, 60.25}}, {"drop", "", {1.0, 2.0}}});
    EXPECT_EQ(text, "bucket,sentences,en-de,\"a,b\"\n1-5,375,71.20,\n6-10,375,65.50,60.25\n<=10,750,68.00,60.25\ndrop,,1.00,2.00\n");
    BleuTable t;
    ASSERT_TRUE(parse_bleu_csv(text, &t).ok);
    ASSERT_EQ(t.buckets, (std::vector<std::string>{"1-5", "6-10"}));
    ASSERT_NE(t.column("a,b"), nullptr);
    EXPECT_TRUE(std::isnan((*t.column("a,b"))[0]));
    EXPECT_DOUBLE_EQ((*t.column("en-de"))[1], 65.5);
}

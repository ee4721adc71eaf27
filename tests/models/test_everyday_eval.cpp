// The everyday set's comparison with a second translator (models/everyday_eval.h): both rows are
// scored against the first reference alone, never the second.
#include "models/everyday_eval.h"

#include "text/chrf.h"

#include <gtest/gtest.h>

using namespace attn;

namespace {

EverydayItem item(const std::string & first, const std::string & second) { return {"x-01", "x", "source", {first, second}}; }

} // namespace

TEST(EverydayEval, SecondReferenceIsScoredAgainstTheFirstAlone) {
    // The model copies the second reference: against both it would score 100, against the first alone 0.
    const std::vector<EverydayItem> items = {item("abcdef", "uvwxyz"), item("ghijkl", "ghijkl")};
    const std::vector<std::string> hyps = {"uvwxyz", "mnopqr"};
    EverydayScore model, second;
    score_against_first_reference(items, hyps, false, &model, &second);
    EXPECT_EQ(model.sentences, 2);
    EXPECT_EQ(second.sentences, 2);
    // Model: no character of either output is in its first reference.
    EXPECT_DOUBLE_EQ(model.chrf, 0.0);
    // Second reference: 0 of 6 characters match in the first item, 6 of 6 in the second; every order
    // then matches half of its n-grams (order n: 7-n of 2(7-n)), so precision = recall = 1/2 and F = 50.
    EXPECT_NEAR(second.chrf, 50.0, 1e-9);
    EXPECT_NEAR(second.chrf, corpus_chrf({"uvwxyz", "ghijkl"}, {{"abcdef"}, {"ghijkl"}}), 1e-9);
}

TEST(EverydayEval, ItemsWithOneReferenceAreLeftOut) {
    const std::vector<EverydayItem> items = {{"x-01", "x", "source", {"abc"}}, item("abc", "abc")};
    EverydayScore model, second;
    score_against_first_reference(items, {"abc", "abc"}, true, &model, &second);
    EXPECT_EQ(model.sentences, 1);
    EXPECT_NEAR(model.chrf, 100.0, 1e-9);
    EXPECT_NEAR(second.chrf, 100.0, 1e-9);
}

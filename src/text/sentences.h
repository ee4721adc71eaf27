// Pasted text as sentences: the translators take one sentence at a time (and at most their
// positions' worth of it), so a paragraph is cut into sentences first and each is translated on
// its own.
//
// A sentence ends at . ! ? (any run of them, with closing quotes or brackets after) when
// whitespace and then something other than a lower-case letter follow, or the text ends; at
// 。！？ whatever follows; and at a line break. A full stop after a known abbreviation ("Mr.",
// "Dr.", "e.g.", "a.m.") or a single letter ("J. K. Rowling") ends nothing. Digits with a dot
// inside ("3.5", "NT$4.50") are not followed by whitespace, so they never split.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace attn {

// The sentences, trimmed, each with its own final punctuation; no empty ones. Text that is not
// valid UTF-8 is split as it is (the translator repairs it later).
std::vector<std::string> split_sentences(std::string_view text);

// Translations of consecutive sentences as one text: Chinese without spaces between them,
// other languages with one space.
std::string join_sentences(const std::vector<std::string> & translations, bool chinese);

} // namespace attn

// What a visitor should be told about the sentence they gave, besides its translation: the input
// is free text (typed, pasted, set by a host page or a URL), so it may be empty, not UTF-8, full
// of control characters, in a script the model never saw, or far too long. The translator never
// fails on such text (it reads <unk> and cuts to its length); these notices say why the output
// looks the way it does. One function, shared by the app's Translate panel, its state JSON (the
// browser tests) and `attn translate`, so all three say the same thing.
#pragma once
#include "core/message.h"
#include "text/vocab.h"

#include <string>
#include <string_view>
#include <vector>

namespace attn {

// raw: the text as given (before or after utf8_sanitize: a U+FFFD counts as a repaired byte);
// source: encode_words of it, before any cut; truncated/max_words: whether the translator cut it
// to its max_words words. Notices come in a fixed order, each one complete sentence.
std::vector<Message> sentence_notices(std::string_view raw, const EncodedText & source, bool truncated, int max_words);

} // namespace attn

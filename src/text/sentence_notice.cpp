#include "text/sentence_notice.h"

#include "core/utf8.h"

namespace attn {

namespace {

// Control and invisible formatting characters, which the tokenizer treats as spaces
// (text/vocab.cpp, is_ignorable) — the same list, so the notice appears exactly when they were dropped.
bool has_ignorable(std::string_view clean) {
    for (size_t i = 0; i < clean.size();)
        if (is_ignorable_codepoint(utf8_decode(clean, i))) return true;
    return false;
}

} // namespace

std::vector<Message> sentence_notices(std::string_view raw, const EncodedText & source, bool truncated, int max_words) {
    std::vector<Message> out;
    const std::string clean = utf8_sanitize(raw);
    if (!utf8_is_valid(raw) || clean.find("\xEF\xBF\xBD") != std::string::npos)  // U+FFFD
        out.push_back({N_("Some bytes of the text were not valid UTF-8: they show as \xEF\xBF\xBD and the model reads them as "
                          "unknown words."), {}});
    if (has_ignorable(clean)) out.push_back({N_("Control or invisible formatting characters in the text were ignored."), {}});
    if (source.words.empty()) {
        out.push_back({N_("The sentence is empty: type some English words, or pick one from Examples."), {}});
    } else if (source.unknown_count == int(source.words.size())) {
        out.push_back({N_("None of the words is in the model's vocabulary: it reads only <unk>, so the translation means nothing."), {}});
    } else if (source.unknown_count > 0) {
        out.push_back({N_("{0} word(s) are not in the model's vocabulary; the model reads <unk> there."),
                       {std::to_string(source.unknown_count)}});
    }
    if (truncated) out.push_back({N_("Only the first {0} words were translated (the model's limit)."), {std::to_string(max_words)}});
    return out;
}

} // namespace attn

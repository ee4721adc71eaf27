#include "ui/app_state.h"

#include "core/utf8.h"

namespace attn {

void AppState::set_sentence(std::string_view text, bool from_outside) {
    const std::string clean = utf8_sanitize(text);
    const std::string_view capped = utf8_prefix(clean, kMaxSentenceChars);
    sentence_was_truncated = capped.size() < clean.size();
    sentence = std::string(capped);
    sentence_set_from_outside |= from_outside;
}

} // namespace attn

#include "core/message.h"

namespace attn {

std::string format_message(std::string_view pattern, const std::vector<std::string> & args) {
    std::string out;
    for (size_t i = 0; i < pattern.size(); i++) {
        const bool slot = pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 1] >= '0' && pattern[i + 1] <= '9' &&
                          pattern[i + 2] == '}';
        const size_t k = slot ? size_t(pattern[i + 1] - '0') : 0;
        if (slot && k < args.size()) {
            out += args[k];
            i += 2;
        } else {
            out += pattern[i];
        }
    }
    return out;
}

std::string english(const Message & m) { return format_message(m.text, m.args); }

std::vector<std::string> english(const std::vector<Message> & messages) {
    std::vector<std::string> out;
    for (const Message & m : messages) out.push_back(english(m));
    return out;
}

std::string english_lines(const std::vector<Message> & messages) {
    std::string out;
    for (const Message & m : messages) out += (out.empty() ? "" : "\n") + english(m);
    return out;
}

} // namespace attn

// A sentence for the reader whose variable parts are kept apart, so that the interface can show it
// in the reader's language: `text` is the English with {0}, {1}, … where the args go. The English
// is the catalogue's key (ui/i18n.h: tr_message); the command line and the JSON print english().
//
//   Message{N_("Only the first {0} words were translated (the model's limit)."), {"63"}}
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace attn {

// Marks a string for the interface catalogue where it is written, to be translated where it is
// shown (gettext's N_): scripts/i18n-extract collects every N_("...") under src/.
constexpr const char * N_(const char * english) { return english; }

struct Message {
    std::string text;               // English, with {0} … {9}
    std::vector<std::string> args;  // what the placeholders stand for, in order

    bool empty() const { return text.empty(); }
    void clear() { text.clear(), args.clear(); }
};

// `pattern` with each {i} replaced by args[i]; a {i} without an arg stays as it is.
std::string format_message(std::string_view pattern, const std::vector<std::string> & args);
std::string english(const Message & m);
std::vector<std::string> english(const std::vector<Message> & messages);
// The messages in English, a line each.
std::string english_lines(const std::vector<Message> & messages);

} // namespace attn

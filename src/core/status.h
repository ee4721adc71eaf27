// The result of an operation on user input (a file, an upload) that may fail: ok, or an error with a
// message meant for the person who supplied the input. Returned instead of thrown, because the web
// build cannot catch C++ exceptions (a throw there aborts the whole app).
//
//     Status s = load_safetensors(path, &weights);
//     if (!s) show_error(s.message);
//
// [[nodiscard]]: dropping a Status on the floor is almost always a bug, so the compiler says so.
//
// An error a visitor may meet (a bad upload, a bad link) is made from a Message, so the interface
// can say it in the visitor's language; the others (training configs, corpus files) are plain text.
//
//     return Status::error(Message{N_("the file is empty (0 bytes)"), {}});
#pragma once
#include "core/message.h"

#include <string>
#include <utility>

namespace attn {

struct [[nodiscard]] Status {
    bool ok = true;
    std::string message;  // in English (the CLI, logs, the JSON); empty when ok
    Message said;         // the same for the interface to translate (ui/i18n.h: tr_message)

    static Status success() { return {}; }
    static Status error(std::string message) {
        Message m{message, {}};
        return {false, std::move(message), std::move(m)};
    }
    static Status error(Message m) {
        std::string text = english(m);
        return {false, std::move(text), std::move(m)};
    }
    explicit operator bool() const { return ok; }
};

} // namespace attn

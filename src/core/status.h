// The result of an operation on user input (a file, an upload) that may fail: ok, or an error with a
// message meant for the person who supplied the input. Returned instead of thrown, because the web
// build cannot catch C++ exceptions (a throw there aborts the whole app).
//
//     Status s = load_safetensors(path, &weights);
//     if (!s) show_error(s.message);
//
// [[nodiscard]]: dropping a Status on the floor is almost always a bug, so the compiler says so.
#pragma once
#include <string>
#include <utility>

namespace attn {

struct [[nodiscard]] Status {
    bool ok = true;
    std::string message;  // empty when ok

    static Status success() { return {}; }
    static Status error(std::string message) { return {false, std::move(message)}; }
    explicit operator bool() const { return ok; }
};

} // namespace attn

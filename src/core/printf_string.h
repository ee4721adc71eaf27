// printf into a std::string: for messages built from a format that comes from elsewhere (a
// translated catalogue string, say) or that is not worth a stream.
#pragma once
#include <string>

namespace attn {

// Truncated at 1 KiB.
std::string printf_string(const char * format, ...) __attribute__((format(printf, 1, 2)));

} // namespace attn

#include "core/printf_string.h"

#include <cstdarg>
#include <cstdio>

namespace attn {

std::string printf_string(const char * format, ...) {
    char buf[1024];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    return buf;
}

} // namespace attn

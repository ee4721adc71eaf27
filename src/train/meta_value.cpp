#include "train/meta_value.h"

namespace attn {

bool parse_uint64(const std::string & s, uint64_t * out) {
    if (s.empty() || s.size() > 20) return false;
    uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        uint64_t d = uint64_t(c - '0');
        if (v > (UINT64_MAX - d) / 10) return false;  // v·10 + d would wrap
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

bool parse_int64(const std::string & s, int64_t * out) {
    bool negative = !s.empty() && s[0] == '-';
    uint64_t mag = 0;
    if (!parse_uint64(negative ? s.substr(1) : s, &mag)) return false;
    if (negative ? mag > uint64_t(INT64_MAX) + 1 : mag > uint64_t(INT64_MAX)) return false;
    *out = negative ? int64_t(0 - mag) : int64_t(mag);
    return true;
}

Status meta_int64(const Metadata & md, const std::string & key, int64_t min_value, int64_t * out) {
    auto it = md.find(key);
    if (it == md.end()) return Status::error("metadata \"" + key + "\" is missing");
    int64_t v = 0;
    if (!parse_int64(it->second, &v))
        return Status::error("metadata \"" + key + "\" is not an integer: \"" + it->second + "\"");
    if (v < min_value)
        return Status::error("metadata \"" + key + "\" is " + it->second + ", expected at least " +
                             std::to_string(min_value));
    *out = v;
    return Status::success();
}

Status meta_uint64(const Metadata & md, const std::string & key, uint64_t * out) {
    auto it = md.find(key);
    if (it == md.end()) return Status::error("metadata \"" + key + "\" is missing");
    if (!parse_uint64(it->second, out))
        return Status::error("metadata \"" + key + "\" is not an unsigned 64-bit integer: \"" + it->second + "\"");
    return Status::success();
}

} // namespace attn

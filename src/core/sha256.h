// SHA-256 (FIPS 180-4), so a regenerated corpus can be compared with the one a model was trained
// on by a short fingerprint that `sha256sum` can confirm.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace attn {

class Sha256 {
public:
    Sha256();
    void update(std::string_view data);
    std::string hex_digest();  // finishes the hash; 64 lower-case hex digits

private:
    void block(const uint8_t * p);
    uint32_t m_h[8];
    uint8_t m_buffer[64];
    size_t m_buffered = 0;
    uint64_t m_length = 0;
};

std::string sha256_hex(std::string_view data);

} // namespace attn

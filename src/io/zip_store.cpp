#include "io/zip_store.h"

#include <cstdint>

namespace attn {

namespace {

uint32_t crc32(const std::string & bytes) {
    static uint32_t table[256];
    static bool ready = false;
    if (!ready) {
        for (uint32_t i = 0; i < 256; i++) {
            uint32_t c = i;
            for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            table[i] = c;
        }
        ready = true;
    }
    uint32_t c = 0xFFFFFFFFu;
    for (unsigned char b : bytes) c = table[(c ^ b) & 0xff] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

void u16(std::string & o, uint32_t v) { o += char(v & 0xff), o += char((v >> 8) & 0xff); }
void u32(std::string & o, uint32_t v) { u16(o, v & 0xffff), u16(o, v >> 16); }

} // namespace

std::string zip_store(const std::vector<std::pair<std::string, std::string>> & members) {
    std::string out, central;
    for (const auto & [name, data] : members) {
        const uint32_t crc = crc32(data), offset = uint32_t(out.size()), size = uint32_t(data.size());
        // Local file header: version 2.0, no flags, stored, DOS time 0 (1980-01-01), sizes known.
        u32(out, 0x04034b50); u16(out, 20); u16(out, 0); u16(out, 0); u16(out, 0); u16(out, 0x21);
        u32(out, crc); u32(out, size); u32(out, size); u16(out, uint32_t(name.size())); u16(out, 0);
        out += name;
        out += data;
        // Its central directory entry.
        u32(central, 0x02014b50); u16(central, 20); u16(central, 20); u16(central, 0); u16(central, 0); u16(central, 0);
        u16(central, 0x21); u32(central, crc); u32(central, size); u32(central, size); u16(central, uint32_t(name.size()));
        u16(central, 0); u16(central, 0); u16(central, 0); u16(central, 0); u32(central, 0); u32(central, offset);
        central += name;
    }
    const uint32_t cd_offset = uint32_t(out.size()), cd_size = uint32_t(central.size());
    out += central;
    // End of central directory.
    u32(out, 0x06054b50); u16(out, 0); u16(out, 0); u16(out, uint32_t(members.size())); u16(out, uint32_t(members.size()));
    u32(out, cd_size); u32(out, cd_offset); u16(out, 0);
    return out;
}

} // namespace attn

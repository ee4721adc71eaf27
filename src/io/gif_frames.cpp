#include "io/gif_frames.h"

#include <cstring>

namespace attn {

namespace {

// The GIF89a layout (https://www.w3.org/Graphics/GIF/spec-gif89a.txt), as a cursor over the file.
struct GifCursor {
    const uint8_t * b;
    size_t size, at = 0;

    bool skip(size_t n) {
        if (n > size - at) return false;
        at += n;
        return true;
    }
    // A colour table follows a descriptor whose packed byte has its top bit set: 3 × 2^(k+1) bytes.
    bool skip_colour_table(uint8_t packed) { return !(packed & 0x80) || skip(3u << ((packed & 7) + 1)); }
    // Data sub-blocks: a length byte, that many bytes, ..., ended by a zero length.
    bool skip_sub_blocks() {
        while (at < size) {
            const uint8_t n = b[at++];
            if (n == 0) return true;
            if (!skip(n)) return false;
        }
        return false;
    }
};

} // namespace

int gif_frame_count(const uint8_t * bytes, size_t size) {
    if (size < 13 || (std::memcmp(bytes, "GIF87a", 6) != 0 && std::memcmp(bytes, "GIF89a", 6) != 0)) return 0;
    GifCursor c{bytes, size, 13};  // header (6) + logical screen descriptor (7)
    if (!c.skip_colour_table(bytes[10])) return 0;
    int frames = 0;
    while (c.at < size) {
        const uint8_t introducer = bytes[c.at++];
        if (introducer == 0x21) {  // extension: a label byte, then sub-blocks
            if (!c.skip(1) || !c.skip_sub_blocks()) break;
        } else if (introducer == 0x2C) {  // image descriptor: 9 bytes, colour table, LZW code size, data
            if (c.at + 9 > size) break;
            const uint8_t packed = bytes[c.at + 8];
            if (!c.skip(9) || !c.skip_colour_table(packed) || !c.skip(1) || !c.skip_sub_blocks()) break;
            frames++;
        } else {  // 0x3B, the trailer, or something that is not GIF structure
            break;
        }
    }
    return frames;
}

} // namespace attn

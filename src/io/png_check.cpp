#include "io/png_check.h"

#include <cstring>
#include <string>

namespace attn {

Status check_png_chunk_lengths(const uint8_t * b, size_t size) {
    static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (size < 8 || std::memcmp(b, kSignature, 8) != 0) return Status::success();
    // Chunks as stb_image walks them: [u32 BE length][4-byte type][data][u32 CRC].
    for (size_t at = 8; at + 8 <= size;) {
        const uint64_t length = uint64_t(b[at]) << 24 | uint64_t(b[at + 1]) << 16 | uint64_t(b[at + 2]) << 8 | b[at + 3];
        const uint64_t left = size - at - 8;  // bytes after this chunk's header
        if (length > left)
            return Status::error(Message{N_("the image is damaged or cut short (a PNG chunk of {0} bytes runs past the end of the file)"),
                                         {std::to_string(length)}});
        if (std::memcmp(b + at + 4, "IEND", 4) == 0) break;
        at += 8 + size_t(length) + 4;
    }
    return Status::success();
}

} // namespace attn

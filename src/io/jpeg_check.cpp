#include "io/jpeg_check.h"

#include <string>

namespace attn {

Status check_jpeg_huffman_tables(const uint8_t * b, size_t size) {
    // SOI, which stb_image accepts after any number of 0xFF fill bytes (FF FF .. FF D8).
    size_t i = 0;
    if (size < 2 || b[0] != 0xFF) return Status::success();
    while (i < size && b[i] == 0xFF) i++;
    if (i >= size || b[i] != 0xD8) return Status::success();  // not a JPEG: nothing to check
    i++;
    // stb_image reads past the end as zeros; so does this.
    const auto at = [&](size_t k) -> unsigned { return k < size ? b[k] : 0u; };
    while (i + 1 < size) {
        // Outside segments (and inside entropy-coded data) stb_image skips to the next 0xFF.
        if (b[i] != 0xFF) { i++; continue; }
        const unsigned m = b[i + 1];
        if (m == 0xFF) { i++; continue; }                                 // fill byte
        if (m == 0x00 || m == 0x01 || m == 0xD8 || (m >= 0xD0 && m <= 0xD7)) { i += 2; continue; }  // no length
        if (m == 0xD9) break;                                             // EOI
        const size_t len = at(i + 2) << 8 | at(i + 3);
        if (len < 2) break;  // stb_image refuses this segment itself
        if (m == 0xC4) {     // DHT: tables of [class/id][16 counts][sum of counts symbols] until L is used up
            long remaining = long(len) - 2;
            size_t p = i + 4;
            while (remaining > 0) {  // each table uses up at least 17 bytes: this ends
                const unsigned q = at(p);
                if ((q >> 4) > 1 || (q & 15) > 3) break;  // stb_image refuses a bad class/id before counting
                unsigned symbols = 0;
                for (size_t k = 1; k <= 16; k++) symbols += at(p + k);
                if (symbols > 256)
                    return Status::error("the image is damaged: a JPEG Huffman table declares " + std::to_string(symbols) +
                                         " symbols (at most 256 exist)");
                p += 17 + symbols;
                remaining -= long(17 + symbols);
            }
        }
        i += 2 + len;
    }
    return Status::success();
}

} // namespace attn

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
    bool defined[2][4] = {};  // [DC 0 / AC 1][table id]: which Huffman tables a DHT has set so far
    bool progressive = false;
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
                    return Status::error(Message{N_("the image is damaged: a JPEG Huffman table declares {0} symbols (at most 256 exist)"),
                                                 {std::to_string(symbols)}});
                defined[q >> 4][q & 15] = true;
                p += 17 + symbols;
                remaining -= long(17 + symbols);
            }
        }
        if (m == 0xC2) progressive = true;
        if (m == 0xDA) {  // SOS: [Ns][Cs, Td/Ta]×Ns [Ss][Se][Ah/Al]
            // stb_image decodes with whatever tables a scan names. One no DHT has set is
            // uninitialised heap memory, and the symbol index computed from it reads far outside
            // the table (stbi__jpeg_huff_decode; found by fuzz_image, upstream 2.28 bounds it).
            // Check the tables stb_image will use: both in a baseline scan; in a progressive one,
            // DC for a first DC scan, AC for an AC scan, none for a DC refinement.
            const unsigned ns = at(i + 4), ss = at(i + 5 + 2 * ns), ah = at(i + 7 + 2 * ns) >> 4;
            const bool uses_dc = !progressive || (ss == 0 && ah == 0), uses_ac = !progressive || ss != 0;
            for (unsigned c = 0; c < ns; c++) {
                const unsigned td = at(i + 6 + 2 * c) >> 4, ta = at(i + 6 + 2 * c) & 15;
                if (td > 3 || ta > 3) break;  // stb_image refuses these itself
                if ((uses_dc && !defined[0][td]) || (uses_ac && !defined[1][ta]))
                    return Status::error(Message{N_("the image is damaged: a JPEG scan uses a Huffman table the file never defines"), {}});
            }
        }
        i += 2 + len;
    }
    return Status::success();
}

} // namespace attn

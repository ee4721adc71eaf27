#include "data/gzip.h"

#include <stb_image.h>

#include <cstdlib>
#include <cstring>
#include <limits>

namespace attn {

Status gunzip(const std::vector<uint8_t> & gz, size_t max_output_bytes, std::vector<uint8_t> * out) {
    // Header: ID1 ID2 CM FLG MTIME(4) XFL OS, then the optional fields FLG announces.
    if (gz.size() < 18) return Status::error("not a gzip file: " + std::to_string(gz.size()) + " bytes is too short");
    if (gz[0] != 0x1f || gz[1] != 0x8b) return Status::error("not a gzip file (bad magic bytes)");
    if (gz[2] != 8) return Status::error("gzip: unsupported compression method " + std::to_string(gz[2]));
    const uint8_t flags = gz[3];
    if (flags & 0xe0) return Status::error("gzip: reserved header flags set");
    size_t at = 10;
    const auto need = [&](size_t n) { return at + n <= gz.size() - 8; };
    if (flags & 0x04) {  // FEXTRA: 2-byte length, then that many bytes
        if (!need(2)) return Status::error("gzip: truncated header");
        const size_t len = size_t(gz[at]) | size_t(gz[at + 1]) << 8;
        at += 2;
        if (!need(len)) return Status::error("gzip: truncated header");
        at += len;
    }
    for (uint8_t field : {uint8_t(0x08), uint8_t(0x10)}) {  // FNAME, FCOMMENT: zero-terminated
        if (!(flags & field)) continue;
        while (need(1) && gz[at] != 0) at++;
        if (!need(1)) return Status::error("gzip: truncated header");
        at++;
    }
    if (flags & 0x02) at += 2;  // FHCRC
    if (!need(0)) return Status::error("gzip: truncated header");
    const size_t trailer = gz.size() - 4;
    const uint32_t isize = uint32_t(gz[trailer]) | uint32_t(gz[trailer + 1]) << 8 | uint32_t(gz[trailer + 2]) << 16 |
                           uint32_t(gz[trailer + 3]) << 24;
    if (isize > max_output_bytes)
        return Status::error("gzip: the file says it holds " + std::to_string(isize) + " bytes; the limit is " +
                             std::to_string(max_output_bytes));
    // The deflate stream plus the 8-byte trailer: this stb_image refuses to decode a code when fewer
    // than 16 bits of input remain, so a stream that ends exactly at the buffer's end fails; the
    // trailer's bytes pad it (PNG's zlib streams are padded the same way by their checksum).
    const size_t body = gz.size() - at;
    if (body > size_t(std::numeric_limits<int>::max())) return Status::error("gzip: file too large");
    int got = 0;
    // stb grows its buffer as needed; starting at ISIZE avoids regrowth for honest files, and a
    // lying ISIZE can make it grow at most as far as the data really inflates (checked below).
    char * data = stbi_zlib_decode_malloc_guesssize_headerflag(reinterpret_cast<const char *>(gz.data() + at), int(body),
                                                               int(std::max<uint32_t>(isize, 1)), &got, 0);
    if (!data) return Status::error("gzip: corrupt compressed data");
    if (uint32_t(got) != isize) {
        std::free(data);
        return Status::error("gzip: inflated to " + std::to_string(got) + " bytes, the trailer says " + std::to_string(isize));
    }
    out->assign(reinterpret_cast<uint8_t *>(data), reinterpret_cast<uint8_t *>(data) + got);
    std::free(data);
    return Status::success();
}

} // namespace attn

// Decompressing a .gz file (RFC 1952) held in memory, for the Fashion-MNIST IDX files Debian ships
// gzipped. The deflate stream is inflated by stb_image's zlib decoder, which both targets already
// compile, so neither needs zlib. Untrusted input: the header is parsed strictly, the output is
// capped before anything is allocated (the trailer's ISIZE), and the CRC-less trailer size is
// checked against what came out.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <vector>

namespace attn {

Status gunzip(const std::vector<uint8_t> & gz, size_t max_output_bytes, std::vector<uint8_t> * out);

} // namespace attn

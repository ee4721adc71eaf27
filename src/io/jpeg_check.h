// A guard in front of stb_image's JPEG decoder. Debian 12's stb_image (2.27) trusts the symbol
// counts of a JPEG Huffman table (DHT segment): a table declaring more than 256 symbols makes
// stbi__build_huffman write past its 257-byte size array, and the value loop past its 256-byte
// values array, inside the decoder's heap object (found by tests/fuzz/fuzz_image; upstream 2.28
// added the same check). We cannot patch the system header, so uploads are walked here first,
// marker by marker as stb_image walks them, and such a table is refused before stb sees it; so is
// a scan that names a Huffman table no DHT segment has defined (stb then decodes with
// uninitialised memory and indexes far outside the table).
#pragma once
#include "core/status.h"

#include <cstddef>
#include <cstdint>

namespace attn {

// Success for anything that is not a JPEG, or a JPEG whose Huffman tables all declare at most 256
// symbols and whose scans use only tables defined before them; otherwise a message for the visitor. Reads only within [bytes, bytes + size).
Status check_jpeg_huffman_tables(const uint8_t * bytes, size_t size);

} // namespace attn

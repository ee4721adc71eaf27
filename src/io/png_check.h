// A guard in front of stb_image's PNG decoder. Debian 12's stb_image (2.27) grows its IDAT buffer
// to a chunk's declared length before checking that the file holds that many bytes: a 77-byte
// file declaring a 1.4 GB IDAT makes it allocate 1.4 GB (found by tests/fuzz/fuzz_image with
// -malloc_limit_mb). In the browser that is wasm memory that never shrinks again. A real PNG's
// chunks all fit in the file, so uploads whose chunks do not are refused here, before stb sees them.
#pragma once
#include "core/status.h"

#include <cstddef>
#include <cstdint>

namespace attn {

// Success for anything that is not a PNG, or a PNG whose chunks up to IEND (or the end of the
// file) each fit in the file; otherwise a message for the visitor.
Status check_png_chunk_lengths(const uint8_t * bytes, size_t size);

} // namespace attn

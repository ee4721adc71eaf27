// How many frames a GIF holds. stb_image decodes only the first frame of an animated GIF (its
// all-frames loader would need frames × width × height × 4 bytes at once), so the app says
// "only the first of N frames was classified" instead of silently dropping the rest. This walks
// the block structure without decoding any pixels.
#pragma once
#include <cstddef>
#include <cstdint>

namespace attn {

// 0 for anything that is not a GIF. Otherwise the number of image descriptors (frames) before the
// trailer, the end of the file, or the first malformed block, whichever comes first.
int gif_frame_count(const uint8_t * bytes, size_t size);

} // namespace attn

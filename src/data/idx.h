// The IDX format of (Fashion-)MNIST: a big-endian magic (0x0000, a type byte, a rank byte), the
// rank dimensions as big-endian u32, then the data. We read unsigned bytes only (type 0x08), as
// both files of each split use: images (N, 28, 28) and labels (N).
// Debian's dataset-fashion-mnist installs the four files gzipped under
// /usr/share/datasets/fashion-mnist/; read_idx_file takes .gz or raw.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct IdxArray {
    std::vector<uint32_t> dims;
    std::vector<uint8_t> data;  // Π dims bytes, row-major
};

Status parse_idx(const std::vector<uint8_t> & bytes, IdxArray * out);
// Reads a file (gunzipping when it ends in .gz), at most max_bytes after decompression.
Status read_idx_file(const std::string & path, IdxArray * out, size_t max_bytes = 256u << 20);

// A labelled image set: images (N, rows, cols) as bytes 0..255, labels (N) in 0..9.
struct ImageSet {
    int count = 0, rows = 0, cols = 0;
    std::vector<uint8_t> images, labels;
};
// <dir>/<split>-images-idx3-ubyte.gz and <split>-labels-idx1-ubyte.gz ("train" or "t10k"); checks
// that the counts agree and every label is a class.
Status load_image_set(const std::string & dir, const std::string & split, int classes, ImageSet * out);

constexpr const char * kFashionMnistDir = "/usr/share/datasets/fashion-mnist";

} // namespace attn

#include "data/idx.h"

#include "data/gzip.h"

#include <fstream>
#include <iterator>

namespace attn {

Status parse_idx(const std::vector<uint8_t> & b, IdxArray * out) {
    if (b.size() < 4) return Status::error("IDX: " + std::to_string(b.size()) + " bytes, too short for a header");
    if (b[0] != 0 || b[1] != 0) return Status::error("IDX: bad magic number (the first two bytes must be 0)");
    if (b[2] != 0x08) return Status::error("IDX: element type " + std::to_string(b[2]) + " is not unsigned bytes (0x08)");
    const size_t rank = b[3];
    if (rank < 1 || rank > 4) return Status::error("IDX: rank " + std::to_string(rank) + " (expected 1 to 4)");
    if (b.size() < 4 + 4 * rank) return Status::error("IDX: header truncated");
    IdxArray a;
    uint64_t total = 1;
    for (size_t i = 0; i < rank; i++) {
        const uint8_t * d = b.data() + 4 + 4 * i;
        a.dims.push_back(uint32_t(d[0]) << 24 | uint32_t(d[1]) << 16 | uint32_t(d[2]) << 8 | uint32_t(d[3]));
        total *= a.dims.back();
        if (total > b.size()) break;  // larger than the file: reported below, without overflow
    }
    const size_t header = 4 + 4 * rank;
    if (total != b.size() - header)
        return Status::error("IDX: the header's dimensions need " + std::to_string(total) + " data bytes, the file has " +
                             std::to_string(b.size() - header));
    a.data.assign(b.begin() + long(header), b.end());
    *out = std::move(a);
    return Status::success();
}

Status read_idx_file(const std::string & path, IdxArray * out, size_t max_bytes) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return Status::error("cannot read " + path);
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0) {
        std::vector<uint8_t> raw;
        if (Status s = gunzip(bytes, max_bytes, &raw); !s) return Status::error(path + ": " + s.message);
        bytes = std::move(raw);
    } else if (bytes.size() > max_bytes) {
        return Status::error(path + ": larger than " + std::to_string(max_bytes) + " bytes");
    }
    if (Status s = parse_idx(bytes, out); !s) return Status::error(path + ": " + s.message);
    return Status::success();
}

Status load_image_set(const std::string & dir, const std::string & split, int classes, ImageSet * out) {
    IdxArray images, labels;
    const std::string ip = dir + "/" + split + "-images-idx3-ubyte.gz", lp = dir + "/" + split + "-labels-idx1-ubyte.gz";
    if (Status s = read_idx_file(ip, &images); !s) return s;
    if (Status s = read_idx_file(lp, &labels); !s) return s;
    if (images.dims.size() != 3) return Status::error(ip + ": expected 3 dimensions (count, rows, cols)");
    if (labels.dims.size() != 1) return Status::error(lp + ": expected 1 dimension (count)");
    if (images.dims[0] != labels.dims[0])
        return Status::error(split + ": " + std::to_string(images.dims[0]) + " images but " + std::to_string(labels.dims[0]) +
                             " labels");
    for (uint8_t l : labels.data)
        if (l >= classes) return Status::error(lp + ": label " + std::to_string(l) + " is not one of the " + std::to_string(classes) + " classes");
    ImageSet s;
    s.count = int(images.dims[0]), s.rows = int(images.dims[1]), s.cols = int(images.dims[2]);
    s.images = std::move(images.data);
    s.labels = std::move(labels.data);
    *out = std::move(s);
    return Status::success();
}

} // namespace attn

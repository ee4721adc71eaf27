#include "io/npy_write.h"

#include <cstring>

namespace attn {

std::string npy_bytes(const std::vector<int64_t> & shape, const float * data) {
    std::string dims;
    int64_t count = 1;
    for (int64_t d : shape) {
        dims += std::to_string(d) + ", ";  // "(5, )" is valid Python; "(5,)" is what numpy writes, both load
        count *= d;
    }
    if (shape.size() > 1) dims.resize(dims.size() - 2);   // "(2, 3)"
    else if (shape.size() == 1) dims.resize(dims.size() - 1);  // "(5,)": a 1-tuple needs its comma
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims + "), }";
    // magic (6) + version (2) + length (2) + header + '\n' must be a multiple of 64.
    const size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    std::string out("\x93NUMPY\x01\x00", 8);
    out += char(header.size() & 0xff);
    out += char(header.size() >> 8);
    out += header;
    const size_t bytes = size_t(count) * sizeof(float);
    const size_t at = out.size();
    out.resize(at + bytes);
    if (bytes) std::memcpy(&out[at], data, bytes);
    return out;
}

} // namespace attn

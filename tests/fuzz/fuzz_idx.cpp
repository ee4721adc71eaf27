// libFuzzer target: the IDX reader (src/data/idx.h) and the gunzip in front of it (src/data/gzip.h),
// which read Fashion-MNIST files: on success the data holds exactly Π dims bytes. gunzip gets a
// small output cap so the fuzzer cannot make it allocate much.
#include "data/gzip.h"
#include "data/idx.h"

#include <cstdlib>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t * data, size_t size) {
    const std::vector<uint8_t> bytes(data, data + size);
    attn::IdxArray a;
    if (attn::parse_idx(bytes, &a).ok) {
        uint64_t n = 1;
        for (uint32_t d : a.dims) n *= d;
        if (a.data.size() != n) std::abort();
    }
    std::vector<uint8_t> raw;
    if (attn::gunzip(bytes, 1 << 20, &raw).ok) {
        if (raw.size() > (1u << 20)) std::abort();
        attn::IdxArray b;
        attn::parse_idx(raw, &b);
    }
    return 0;
}

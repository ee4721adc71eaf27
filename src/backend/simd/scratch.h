// Scratch: a growable, 64-byte aligned float buffer that kernels keep (thread_local) between calls,
// so packing panels and score tiles costs no allocation once the largest shape has been seen.
// Contents do not survive a get() that grows the buffer; each user owns its own Scratch.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace attn {

class Scratch {
public:
    float * get(size_t n) {
        constexpr size_t kPad = 16;  // floats: room to round the start up to 64 bytes
        if (m_buf.size() < n + kPad) m_buf.resize(n + kPad);
        const uintptr_t p = reinterpret_cast<uintptr_t>(m_buf.data());
        return reinterpret_cast<float *>((p + 63) & ~uintptr_t(63));
    }

private:
    std::vector<float> m_buf;
};

} // namespace attn

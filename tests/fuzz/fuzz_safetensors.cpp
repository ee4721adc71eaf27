// libFuzzer target: the safetensors reader (src/io/safetensors.h). Weights files are untrusted
// (downloads, uploads), and the reader promises: never crash, never read out of bounds, never
// allocate more than ReadLimits allows. Small limits keep each execution cheap, so the fuzzer
// spends its time on parsing paths rather than on big allocations. A file that parses must also
// survive a write/read round trip unchanged (the writer and reader agree), and read the same when
// its F16 and I8 matrices are kept compact.
#include "io/safetensors.h"

#include <cstdlib>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t * data, size_t size) {
    attn::ReadLimits limits;
    limits.max_header_bytes = 1 << 16;
    limits.max_total_bytes = 1 << 20;
    limits.max_tensors = 256;
    limits.max_metadata_entries = 64;
    limits.allow_non_finite = (size % 2) == 1;  // both policies, chosen by the input itself

    attn::WeightsFile w;
    attn::ReadLimits compact_limits = limits;
    compact_limits.keep_compact = true;
    attn::WeightsFile compact;
    const bool read = attn::read_safetensors(data, size, &w, limits).ok;
    // Keeping F16/I8 matrices as stored gives the same verdict (but refuses non-finite halves even
    // where the policy allows them), and the same values once widened.
    const bool compact_read = attn::read_safetensors(data, size, &compact, compact_limits).ok;
    if (compact_read != read && !(read && limits.allow_non_finite)) std::abort();
    if (!read) return 0;
    for (const auto & [name, c] : compact.compact) {
        const attn::Tensor wide = c.widen();
        const auto it = w.tensors.find(name);
        if (it == w.tensors.end() || !(it->second.shape() == wide.shape()) ||
            std::memcmp(it->second.data(), wide.data(), size_t(wide.numel()) * 4) != 0)
            std::abort();
    }
    if (!attn::check_savable(w, limits.allow_non_finite).ok) return 0;
    const std::vector<uint8_t> bytes = attn::serialize_safetensors(w);
    attn::WeightsFile again;
    if (!attn::read_safetensors(bytes.data(), bytes.size(), &again, limits).ok) std::abort();
    if (again.tensors.size() != w.tensors.size() || again.metadata != w.metadata) std::abort();
    return 0;
}

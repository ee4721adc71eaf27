// libFuzzer target: the safetensors reader (src/io/safetensors.h). Weights files are untrusted
// (downloads, uploads), and the reader promises: never crash, never read out of bounds, never
// allocate more than ReadLimits allows. Small limits keep each execution cheap, so the fuzzer
// spends its time on parsing paths rather than on big allocations. A file that parses must also
// survive a write/read round trip unchanged (the writer and reader agree).
#include "io/safetensors.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t * data, size_t size) {
    attn::ReadLimits limits;
    limits.max_header_bytes = 1 << 16;
    limits.max_total_bytes = 1 << 20;
    limits.max_tensors = 256;
    limits.max_metadata_entries = 64;
    limits.allow_non_finite = (size % 2) == 1;  // both policies, chosen by the input itself

    attn::WeightsFile w;
    if (!attn::read_safetensors(data, size, &w, limits).ok) return 0;
    if (!attn::check_savable(w, limits.allow_non_finite).ok) return 0;
    const std::vector<uint8_t> bytes = attn::serialize_safetensors(w);
    attn::WeightsFile again;
    if (!attn::read_safetensors(bytes.data(), bytes.size(), &again, limits).ok) std::abort();
    if (again.tensors.size() != w.tensors.size() || again.metadata != w.metadata) std::abort();
    return 0;
}

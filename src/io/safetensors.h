// Model weights in the safetensors format (https://github.com/huggingface/safetensors):
//
//     [u64 little-endian N][N bytes of UTF-8 JSON header][data]
//     header: {"name": {"dtype": "F32", "shape": [2, 3], "data_offsets": [begin, end]}, ...,
//              "__metadata__": {"key": "value", ...}}      (offsets are relative to the data start)
//
// Weights files are untrusted input: they come from downloads and user uploads. The reader checks
// everything before it allocates or copies, and reports every problem as a Status whose message
// names the tensor (or "header") and what is wrong; it never crashes, reads out of bounds, throws,
// or allocates more than ReadLimits allows.
//
// Policies (stricter than "whatever parses", matching the reference implementation where it has one):
//   - dtypes: F32 is read as is; F16 and BF16 are converted to float32 on load, since many published
//     checkpoints use them. Everything else (F64, integers, F8...) is rejected, naming the dtype.
//     The writer always writes F32.
//   - rank 1..4 (our Tensor's range); a dimension may be 0 (an empty tensor).
//   - the data section is exactly the tensors' bytes: no overlaps, no holes, no trailing bytes,
//     as the reference reader requires.
//   - duplicate tensor names, a repeated dtype/shape/data_offsets in an entry and duplicate metadata
//     keys are errors (a JSON parser into a DOM, nlohmann's included, silently keeps one of them).
//   - unknown fields in a tensor entry are ignored, as the reference reader does.
//   - a NUL byte in the header is an error (nlohmann alone would stop reading there).
//   - NaN and ±Inf values are rejected (a diverged checkpoint must not load silently) unless
//     ReadLimits::allow_non_finite is set.
#pragma once
#include "core/status.h"
#include "core/tensor.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace attn {

// Ordered by name, so that serialising and listing are deterministic.
enum class StoreAs { F32, F16 };

struct WeightsFile {
    std::map<std::string, Tensor> tensors;
    std::map<std::string, std::string> metadata;  // the header's "__metadata__": string -> string
    // How serialize_safetensors writes the tensors: as float32, or as IEEE half floats (rounded
    // to nearest, ties to even) for half the size. Reading always gives float32.
    StoreAs store_as = StoreAs::F32;
};

// Bounds on what an untrusted file may make us allocate. The defaults suit real models; a caller
// that knows what it expects (a tiny demo model on the web) should pass tighter ones.
struct ReadLimits {
    uint64_t max_header_bytes = 16ull << 20;  // the JSON header
    uint64_t max_total_bytes = 1ull << 30;    // all tensors, as float32 in memory
    uint64_t max_tensors = 1u << 16;          // tensor entries in the header
    uint64_t max_metadata_entries = 4096;     // keys in "__metadata__"
    bool allow_non_finite = false;            // accept NaN / ±Inf values
};

// Parses a whole file held in memory. On failure *out is left unchanged.
Status read_safetensors(const uint8_t * bytes, size_t size, WeightsFile * out, const ReadLimits & limits = {});

// Reads the file with stdio (native, and Emscripten's MEMFS / NODERAWFS), then read_safetensors.
// Error messages start with the path.
Status load_safetensors(const std::string & path, WeightsFile * out, const ReadLimits & limits = {});

// Whether `weights` can be written as a file that read_safetensors accepts: every tensor has rank
// 1..4, names and metadata are valid UTF-8, no tensor is called "__metadata__", and (unless
// allow_non_finite) every value is finite, and for F16 storage within half precision's ±65504.
Status check_savable(const WeightsFile & weights, bool allow_non_finite = false);

// A float32 as the nearest IEEE half (ties to even; beyond ±65504 becomes ±Inf, NaN stays NaN).
uint16_t float_to_f16(float f);

// The file's bytes: F32 (or F16, by store_as) tensors in name order, contiguous from offset 0, header padded with spaces
// so the data starts at a multiple of 8 bytes (as the reference writer does). The caller must pass
// something that check_savable accepts, except that non-finite values are written as they are.
std::vector<uint8_t> serialize_safetensors(const WeightsFile & weights);

// Writes atomically: the bytes go to `path + ".tmp"`, are flushed to disk (fsync, natively), then
// renamed over `path`. A crash or error part-way leaves any previous file at `path` intact.
// Refuses (without touching `path`) what check_savable refuses, NaN/Inf included.
Status save_safetensors(const std::string & path, const WeightsFile & weights);

} // namespace attn

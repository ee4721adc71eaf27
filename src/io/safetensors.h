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
//     checkpoints use them; I8 is our compact storage (below). Everything else (F64, other integers,
//     F8...) is rejected, naming the dtype. The writer writes F32, F16 or I8 (WeightsFile::store_as).
//   - I8 with per-row scales (core/row_quant.h): an I8 tensor "W" of shape [rows, ...] comes with a
//     float tensor "W.scale" (F32, F16 or BF16) of shape [rows]; row r of W is its int8 codes times
//     scale[r]. Loading multiplies them out (or keeps both, ReadLimits::keep_compact), so "W"
//     arrives as float32 and "W.scale" does not appear among the tensors. An I8 tensor without its scales, scales of another shape or dtype, a
//     scale that is NaN, infinite, zero or negative, or one so large that 128 times it overflows,
//     are errors, whatever ReadLimits says.
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
#include "core/compact_tensor.h"
#include "core/half.h"
#include "core/status.h"
#include "core/tensor.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace attn {

// Ordered by name, so that serialising and listing are deterministic.
enum class StoreAs {
    F32,
    F16,  // every tensor as an IEEE half (rounded to nearest, ties to even)
    I8,   // tensors of rank >= 2 as I8 with per-row F32 scales, the others (biases, norms) as F16
};

struct WeightsFile {
    std::map<std::string, Tensor> tensors;
    std::map<std::string, std::string> metadata;  // the header's "__metadata__": string -> string
    // How serialize_safetensors writes the tensors. Reading gives float32 (with
    // ReadLimits::keep_compact, F16 and I8 matrices as stored, in `compact`).
    StoreAs store_as = StoreAs::F32;
    // With StoreAs::I8 and not empty: only the matrices whose names contain one of these are I8,
    // every other tensor F16 (`attn quantize --dtype i8 --only ffn/`).
    std::vector<std::string> i8_only;
    // With ReadLimits::keep_compact: the F16 and I8 matrices, as stored, instead of in `tensors`.
    CompactMap compact;
    // Filled by reading: each tensor's dtype in the file ("F32", "F16", "BF16" or "I8").
    std::map<std::string, std::string> stored_dtype;

    // The dtypes the file stored its tensors in, the one holding the most values first:
    // "F32", "F16", "I8 + F16". Empty for weights that were not read from a file.
    std::string storage() const;
};

// Bounds on what an untrusted file may make us allocate. The defaults suit real models; a caller
// that knows what it expects (a tiny demo model on the web) should pass tighter ones.
struct ReadLimits {
    uint64_t max_header_bytes = 16ull << 20;  // the JSON header
    uint64_t max_total_bytes = 1ull << 30;    // all tensors, as float32 in memory
    uint64_t max_tensors = 1u << 16;          // tensor entries in the header
    uint64_t max_metadata_entries = 4096;     // keys in "__metadata__"
    bool allow_non_finite = false;            // accept NaN / ±Inf values
    // Not a limit but how to read: F16 and I8 tensors of rank >= 2 stay as stored, in
    // WeightsFile::compact (for inference, whose kernels read them directly); everything else,
    // and everything without it, is widened to float32 into WeightsFile::tensors. Compact F16
    // matrices must be finite, whatever allow_non_finite says.
    bool keep_compact = false;
};

// Parses a whole file held in memory. On failure *out is left unchanged.
Status read_safetensors(const uint8_t * bytes, size_t size, WeightsFile * out, const ReadLimits & limits = {});

// Reads the file with stdio (native, and Emscripten's MEMFS / NODERAWFS), then read_safetensors.
// Error messages start with the path.
Status load_safetensors(const std::string & path, WeightsFile * out, const ReadLimits & limits = {});

// Whether `weights` can be written as a file that read_safetensors accepts: every tensor has rank
// 1..4, names and metadata are valid UTF-8, no tensor is called "__metadata__", and (unless
// allow_non_finite) every value is finite, and for F16 storage within half precision's ±65504.
// I8 storage also needs every value of an I8 tensor finite, and no tensor named like the scales of
// another ("W.scale" beside an I8 "W").
Status check_savable(const WeightsFile & weights, bool allow_non_finite = false);

// The file's bytes: the tensors as store_as says (I8 adds the ".scale" tensors) in name order, contiguous from offset 0, header padded with spaces
// so the data starts at a multiple of 8 bytes (as the reference writer does). The caller must pass
// something that check_savable accepts, except that non-finite values are written as they are.
std::vector<uint8_t> serialize_safetensors(const WeightsFile & weights);

// Writes atomically: the bytes go to `path + ".tmp"`, are flushed to disk (fsync, natively), then
// renamed over `path`. A crash or error part-way leaves any previous file at `path` intact.
// Refuses (without touching `path`) what check_savable refuses, NaN/Inf included.
Status save_safetensors(const std::string & path, const WeightsFile & weights);

} // namespace attn

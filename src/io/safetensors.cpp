// Reading: bytes -> HeaderSax (JSON events -> RawHeader) -> plan_tensors (every size and offset
// checked) -> copy_tensors (allocate within limits, convert, reject NaN/Inf). Nothing is allocated
// from a number in the file before that number has been checked against the file and the limits.
//
// Why a SAX handler and not nlohmann::json::parse into a DOM: a DOM of an adversarial 16 MiB header
// can take hundreds of MiB, and a DOM keeps only one of two duplicate keys without telling us. The
// SAX handler stores only what the format needs, stops at the first problem, sees every key (so
// duplicates are caught), and never throws. nlohmann's parser itself does not throw when the handler
// does not (and it is iterative, so deep nesting cannot overflow the stack).
#include "io/safetensors.h"

#include "core/check.h"
#include "core/half.h"
#include "core/utf8.h"

#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>

#if defined(__unix__) && !defined(__EMSCRIPTEN__)
#include <fcntl.h>
#include <unistd.h>
#define ATTN_HAVE_FSYNC 1   // Emscripten's file systems live in memory (or node's): nothing to sync
#endif

#if defined(__BYTE_ORDER__)
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "safetensors data is little-endian; we memcpy it");
#endif

namespace attn {
namespace {

using json = nlohmann::json;

constexpr const char * kMetadataKey = "__metadata__";
constexpr const char * kScaleSuffix = ".scale";  // an I8 tensor's per-row scales
constexpr size_t kMaxListed = 8;  // shape and data_offsets values kept; longer lists are errors anyway

// ---- Messages --------------------------------------------------------------------------------

// A name from the file, fit for a message: valid UTF-8, one line, not a megabyte long.
std::string shown_name(std::string_view name) {
    constexpr size_t kMaxShown = 64;
    std::string shown = utf8_sanitize(utf8_prefix(name, kMaxShown));
    for (char & c : shown)
        if (static_cast<unsigned char>(c) < 0x20) c = '?';
    if (utf8_length(name) > kMaxShown) shown += "...";
    return "'" + shown + "'";
}

std::string tensor_prefix(std::string_view name) { return "tensor " + shown_name(name) + ": "; }

std::string u64s(uint64_t v) { return std::to_string(v); }

// ---- Header: JSON events -> RawHeader ----------------------------------------------------------

struct NumberList {
    bool present = false;
    size_t count = 0;                 // all values seen
    uint64_t values[kMaxListed] = {};  // the first kMaxListed of them
};

struct RawEntry {
    bool has_dtype = false;
    std::string dtype;
    NumberList shape;
    NumberList offsets;
};

struct RawHeader {
    std::map<std::string, RawEntry> entries;
    std::map<std::string, std::string> metadata;
};

// nlohmann's SAX interface. Only three levels matter: the top object (depth 1), an entry or
// __metadata__ object (depth 2), and a shape / data_offsets array (depth 3). Values of unknown entry
// fields are skipped, containers included, without being stored.
class HeaderSax {
public:
    HeaderSax(RawHeader * out, const ReadLimits & limits) : m_out(out), m_limits(limits) {}
    const std::string & error() const { return m_error; }

    bool null() { return scalar("null"); }
    bool boolean(bool) { return scalar("a boolean"); }
    bool number_integer(json::number_integer_t v) {
        // nlohmann reports only numbers written with a minus sign here; "-0" is a fine zero.
        if (v >= 0) return number_unsigned(static_cast<uint64_t>(v));
        if (m_skip == 0 && m_depth == 3) return fail(list_prefix() + "has a negative value " + std::to_string(v));
        return scalar("a number");
    }
    bool number_unsigned(json::number_unsigned_t v) {
        if (m_skip == 0 && m_depth == 3) {
            if (m_list->count < kMaxListed) m_list->values[m_list->count] = v;
            m_list->count++;
            return true;
        }
        return scalar("a number");
    }
    bool number_float(json::number_float_t v, const std::string &) {
        if (m_skip == 0 && m_depth == 3) {
            char text[32];
            std::snprintf(text, sizeof text, "%g", v);
            return fail(list_prefix() + "has " + text + ", which is not a non-negative integer below 2^64");
        }
        return scalar("a number");
    }
    bool string(std::string & s) {
        if (m_skip == 0 && m_depth == 2 && m_in_metadata) {
            m_out->metadata[m_field] = s;
            return true;
        }
        if (m_skip == 0 && m_depth == 2 && m_field == "dtype") {
            m_entry->has_dtype = true;
            m_entry->dtype = s;
            return true;
        }
        return scalar("a string");
    }
    bool binary(json::binary_t &) { return scalar("binary data"); }  // JSON text has none

    bool start_object(size_t) { return start_container(true); }
    bool start_array(size_t) { return start_container(false); }
    bool end_object() { return end_container(); }
    bool end_array() { return end_container(); }

    bool key(std::string & k) {
        if (m_skip) return true;
        if (m_depth == 1) {
            m_name = k;
            if (k == kMetadataKey) {
                if (m_seen_metadata) return fail("header: __metadata__ appears twice");
                m_seen_metadata = true;
                return true;
            }
            if (m_out->entries.count(k)) return fail(tensor_prefix(k) + "appears twice in the header");
            if (m_out->entries.size() >= m_limits.max_tensors)
                return fail("header: more than " + u64s(m_limits.max_tensors) + " tensors (ReadLimits::max_tensors)");
            m_entry = &m_out->entries[k];
            return true;
        }
        // m_depth == 2: a metadata key, or a field of an entry. Both are checked against what is
        // already stored, so a header of a million distinct keys costs no more than the limits allow.
        m_field = k;
        if (m_in_metadata) {
            if (m_out->metadata.count(k)) return fail("metadata " + shown_name(k) + ": key appears twice");
            if (m_out->metadata.size() >= m_limits.max_metadata_entries)
                return fail("header: more than " + u64s(m_limits.max_metadata_entries) +
                            " metadata entries (ReadLimits::max_metadata_entries)");
            return true;
        }
        const unsigned bit = k == "dtype" ? 1u : k == "shape" ? 2u : k == "data_offsets" ? 4u : 0u;
        if (m_known_fields_seen & bit) return fail(tensor_prefix(m_name) + "field " + shown_name(k) + " appears twice");
        m_known_fields_seen |= bit;  // unknown fields are ignored, repeated or not
        return true;
    }

    bool parse_error(size_t, const std::string &, const json::exception & e) {
        // e.what() is "[json.exception.parse_error.101] parse error at line 1, column 7: ...".
        std::string what = e.what();
        const size_t tag_end = what.find("] ");
        if (tag_end != std::string::npos) what.erase(0, tag_end + 2);
        std::string shown(utf8_prefix(utf8_sanitize(what), 200));
        return fail("header: invalid JSON: " + shown);
    }

private:
    bool fail(std::string message) {
        if (m_error.empty()) m_error = std::move(message);
        return false;  // stops the parser
    }

    bool is_list_field() const { return m_field == "shape" || m_field == "data_offsets"; }
    std::string list_prefix() const { return tensor_prefix(m_name) + m_field + " "; }

    // A value that is not a container, where `what` says what it is.
    bool scalar(const char * what) {
        if (m_skip) return true;
        switch (m_depth) {
        case 0: return fail(std::string("header: the JSON is ") + what + ", not an object");
        case 1: return fail(entry_prefix() + "is " + what + ", not an object");
        case 2:
            if (m_in_metadata) return fail("metadata " + shown_name(m_field) + ": value is " + what + ", not a string");
            if (m_field == "dtype") return fail(tensor_prefix(m_name) + "dtype is " + what + ", not a string");
            if (is_list_field()) return fail(list_prefix() + "is " + what + ", not an array");
            return true;  // an unknown field: ignored
        default: return fail(list_prefix() + "contains " + what + ", not an integer");
        }
    }

    bool start_container(bool is_object) {
        if (m_skip) { m_skip++; return true; }
        const char * what = is_object ? "an object" : "an array";
        switch (m_depth) {
        case 0:
            if (!is_object) return fail(std::string("header: the JSON is ") + what + ", not an object");
            break;
        case 1:
            if (!is_object) return fail(entry_prefix() + "is " + what + ", not an object");
            m_in_metadata = m_name == kMetadataKey;
            m_known_fields_seen = 0;
            break;
        case 2:
            if (m_in_metadata) return fail("metadata " + shown_name(m_field) + ": value is " + what + ", not a string");
            if (m_field == "dtype") return fail(tensor_prefix(m_name) + "dtype is " + what + ", not a string");
            if (!is_list_field()) { m_skip = 1; return true; }  // an unknown field: skipped whole
            if (is_object) return fail(list_prefix() + "is an object, not an array");
            m_list = m_field == "shape" ? &m_entry->shape : &m_entry->offsets;
            m_list->present = true;
            break;
        default: return fail(list_prefix() + "contains " + what + ", not an integer");
        }
        m_depth++;
        return true;
    }

    bool end_container() {
        if (m_skip) { m_skip--; return true; }
        m_depth--;
        if (m_depth == 1) m_in_metadata = false;
        return true;
    }

    std::string entry_prefix() const {
        return m_name == kMetadataKey ? std::string("header: __metadata__ ") : tensor_prefix(m_name) + "entry ";
    }

    RawHeader * m_out;
    const ReadLimits & m_limits;
    std::string m_error;

    int m_depth = 0;        // open containers we interpret
    size_t m_skip = 0;      // open containers inside an ignored value
    std::string m_name;     // current top-level key
    std::string m_field;    // current key inside an entry / __metadata__
    bool m_in_metadata = false;
    bool m_seen_metadata = false;
    RawEntry * m_entry = nullptr;
    NumberList * m_list = nullptr;
    unsigned m_known_fields_seen = 0;  // dtype, shape, data_offsets bits of the current entry
};

// ---- Plan: every number checked, nothing allocated yet -----------------------------------------

enum class DType { F32, F16, BF16, I8 };

struct Planned {
    const std::string * name;
    DType dtype;
    Shape shape;
    uint64_t begin, end;  // within the data section
};

bool parse_dtype(const std::string & s, DType * out, int * bytes) {
    if (s == "F32") { *out = DType::F32; *bytes = 4; return true; }
    if (s == "F16") { *out = DType::F16; *bytes = 2; return true; }
    if (s == "BF16") { *out = DType::BF16; *bytes = 2; return true; }
    if (s == "I8") { *out = DType::I8; *bytes = 1; return true; }
    return false;
}

const char * dtype_name(DType d) {
    switch (d) {
    case DType::F32: return "F32";
    case DType::F16: return "F16";
    case DType::BF16: return "BF16";
    case DType::I8: return "I8";
    }
    return "?";
}

std::string list_str(const NumberList & l) {
    std::string s = "[";
    for (size_t i = 0; i < l.count && i < kMaxListed; i++) s += (i ? ", " : "") + u64s(l.values[i]);
    return s + (l.count > kMaxListed ? ", ...]" : "]");
}

Status plan_entry(const std::string & name, const RawEntry & e, uint64_t data_size, Planned * out) {
    const std::string where = tensor_prefix(name);
    if (!e.has_dtype) return Status::error(where + "missing \"dtype\"");
    if (!e.shape.present) return Status::error(where + "missing \"shape\"");
    if (!e.offsets.present) return Status::error(where + "missing \"data_offsets\"");

    int elem_bytes = 0;
    if (!parse_dtype(e.dtype, &out->dtype, &elem_bytes))
        return Status::error(where + "dtype " + shown_name(e.dtype) + " is not supported (F32, F16, BF16 and I8 are)");

    const NumberList & sh = e.shape;
    const std::string ranks = "; rank must be 1.." + std::to_string(kMaxRank);
    if (sh.count == 0) return Status::error(where + "shape [] (a scalar) is not supported" + ranks);
    if (sh.count > size_t(kMaxRank))
        return Status::error(where + "rank " + std::to_string(sh.count) + " is not supported" + ranks);
    // Every dimension and the product of the non-zero ones are capped, so that byte counts (x4 for
    // float32), their sums and Shape::numel's running product never overflow, even for [2^40, 2^40, 0].
    constexpr uint64_t kMaxElements = uint64_t(std::numeric_limits<int64_t>::max()) / 16;
    uint64_t nonzero_product = 1;
    bool has_zero = false;
    for (size_t i = 0; i < sh.count; i++) {
        const uint64_t d = sh.values[i];
        if (d == 0) { has_zero = true; continue; }
        if (d > kMaxElements / nonzero_product)
            return Status::error(where + "shape " + list_str(sh) + " has too many elements");
        nonzero_product *= d;
    }
    const uint64_t numel = has_zero ? 0 : nonzero_product;

    const NumberList & off = e.offsets;
    if (off.count != 2)
        return Status::error(where + "data_offsets has " + std::to_string(off.count) + " values, not 2 (begin, end)");
    const uint64_t begin = off.values[0], end = off.values[1];
    if (begin > end) return Status::error(where + "data_offsets " + list_str(off) + " has begin > end");
    if (end > data_size)
        return Status::error(where + "data_offsets end " + u64s(end) + " is past the end of the data (" +
                             u64s(data_size) + " bytes)");
    const uint64_t bytes = numel * uint64_t(elem_bytes);
    if (bytes != end - begin)
        return Status::error(where + "shape " + list_str(sh) + " of " + e.dtype + " is " + u64s(bytes) +
                             " bytes, but data_offsets " + list_str(off) + " span " + u64s(end - begin));

    out->name = &name;
    out->shape.rank = int(sh.count);
    for (size_t i = 0; i < sh.count; i++) out->shape.dims[i] = int64_t(sh.values[i]);
    out->begin = begin;
    out->end = end;
    return Status::success();
}

// The data section must be exactly the tensors, end to end: no overlap (two tensors sharing bytes),
// no hole, nothing after the last one. Sorting by offset makes each a check between neighbours.
Status check_layout(std::vector<Planned> plan, uint64_t data_size) {
    std::sort(plan.begin(), plan.end(), [](const Planned & a, const Planned & b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    uint64_t covered = 0;  // data [0, covered) belongs to tensors seen so far
    const Planned * previous = nullptr;
    for (const Planned & p : plan) {
        if (p.begin < covered)
            return Status::error("tensors " + shown_name(*previous->name) + " and " + shown_name(*p.name) +
                                 " overlap in the data (bytes [" + u64s(previous->begin) + ", " + u64s(previous->end) +
                                 ") and [" + u64s(p.begin) + ", " + u64s(p.end) + "))");
        if (p.begin > covered)
            return Status::error("header: data bytes [" + u64s(covered) + ", " + u64s(p.begin) + ") before tensor " +
                                 shown_name(*p.name) + " belong to no tensor (safetensors files have no holes)");
        covered = p.end;
        previous = &p;
    }
    if (covered != data_size)
        return Status::error("header: " + u64s(data_size - covered) +
                             " bytes of data after the last tensor belong to no tensor");
    return Status::success();
}

// ---- Copy: allocate, convert to float32, check values --------------------------------------------

uint16_t load_u16(const uint8_t * p) { return uint16_t(p[0] | (p[1] << 8)); }

float bits_to_float(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

float bf16_to_float(uint16_t h) { return bits_to_float(uint32_t(h) << 16); }  // bf16 is float32's top half

Tensor copy_tensor(const Planned & p, const uint8_t * data) {
    Tensor t(p.shape);
    const uint8_t * src = data + p.begin;  // may be unaligned: copied byte-wise, never cast
    const int64_t n = t.numel();
    switch (p.dtype) {
    case DType::F32: std::memcpy(t.data(), src, size_t(n) * 4); break;
    case DType::F16: for (int64_t i = 0; i < n; i++) t[i] = f16_to_float(load_u16(src + 2 * i)); break;
    case DType::BF16: for (int64_t i = 0; i < n; i++) t[i] = bf16_to_float(load_u16(src + 2 * i)); break;
    case DType::I8: for (int64_t i = 0; i < n; i++) t[i] = float(int8_t(src[i])); break;
    }
    return t;
}

Status check_finite(const std::string & name, const Tensor & t) {
    for (int64_t i = 0; i < t.numel(); i++) {
        if (std::isfinite(t[i])) continue;
        const char * what = std::isnan(t[i]) ? "NaN" : t[i] > 0 ? "+Inf" : "-Inf";
        return Status::error(tensor_prefix(name) + "value " + std::to_string(i) + " of " + std::to_string(t.numel()) +
                             " is " + what + " (ReadLimits::allow_non_finite accepts such files)");
    }
    return Status::success();
}

// The per-row scales of the I8 tensor `p`: "W.scale", a float tensor of shape [rows] (already
// read, as every float tensor is), each finite and positive.
Status find_row_scales(const Planned & p, const std::map<std::string, const Planned *> & by_name,
                       const std::map<std::string, Tensor> & tensors, const Tensor ** out) {
    const std::string scale_name = *p.name + kScaleSuffix;
    const auto found = by_name.find(scale_name);
    if (found == by_name.end())
        return Status::error(tensor_prefix(*p.name) + "is I8 but its per-row scales " + shown_name(scale_name) +
                             " are missing");
    const Planned & sp = *found->second;
    if (sp.dtype == DType::I8) return Status::error(tensor_prefix(scale_name) + "scales must be F32, F16 or BF16, not I8");
    const int64_t rows = p.shape[0];
    if (sp.shape.rank != 1 || sp.shape[0] != rows)
        return Status::error(tensor_prefix(scale_name) + "has shape " + sp.shape.str() + ", but " + shown_name(*p.name) +
                             " has " + std::to_string(rows) + " rows (one scale each)");
    const Tensor & scale = tensors.at(scale_name);
    for (int64_t r = 0; r < rows; r++) {
        if (!std::isfinite(scale[r]) || !(scale[r] > 0.0f))
            return Status::error(tensor_prefix(scale_name) + "scale " + std::to_string(r) + " is " +
                                 std::to_string(scale[r]) + "; a scale must be finite and positive");
        if (!std::isfinite(scale[r] * 128.0f))  // every code (-128 included) times its scale must stay finite
            return Status::error(tensor_prefix(*p.name) + "row " + std::to_string(r) + " overflows to Inf: scale " +
                                 std::to_string(scale[r]) + " is too large");
    }
    *out = &scale;
    return Status::success();
}

// Whether ReadLimits::keep_compact keeps this tensor as stored (a matrix in F16 or I8).
bool kept_compact(const Planned & p, const ReadLimits & limits) {
    return limits.keep_compact && p.shape.rank >= 2 && (p.dtype == DType::F16 || p.dtype == DType::I8);
}

CompactTensor compact_tensor(const Planned & p, const uint8_t * data, const Tensor * scales) {
    const uint8_t * src = data + p.begin;
    const size_t n = size_t(p.shape.numel());
    if (p.dtype == DType::F16) {
        std::vector<uint16_t> halves(n);
        for (size_t i = 0; i < n; i++) halves[i] = load_u16(src + 2 * i);
        return CompactTensor::from_halves(p.shape, std::move(halves));
    }
    std::vector<int8_t> codes(n);
    std::memcpy(codes.data(), src, n);
    return CompactTensor::from_codes(p.shape, std::move(codes),
                                     std::vector<float>(scales->data(), scales->data() + p.shape[0]));
}

bool has_non_finite_half(const Planned & p, const uint8_t * data) {
    for (int64_t i = 0; i < p.shape.numel(); i++)
        if ((load_u16(data + p.begin + 2 * i) & 0x7C00u) == 0x7C00u) return true;
    return false;
}

uint64_t saturating_add(uint64_t a, uint64_t b) {
    return a > std::numeric_limits<uint64_t>::max() - b ? std::numeric_limits<uint64_t>::max() : a + b;
}

// I8 storage quantises the matrices (or those i8_only names); vectors (biases, norm gains) are few
// bytes and sensitive.
bool stored_as_i8(const WeightsFile & weights, const std::string & name, const Tensor & t) {
    if (weights.store_as != StoreAs::I8 || t.shape().rank < 2) return false;
    if (weights.i8_only.empty()) return true;
    return std::any_of(weights.i8_only.begin(), weights.i8_only.end(),
                       [&](const std::string & part) { return name.find(part) != std::string::npos; });
}

} // namespace

Status read_safetensors(const uint8_t * bytes, size_t size, WeightsFile * out, const ReadLimits & limits) {
    if (size < 8)
        return Status::error("header: the file is " + u64s(size) + " bytes, too short for the 8-byte header length");
    uint64_t header_len = 0;
    for (int i = 7; i >= 0; i--) header_len = (header_len << 8) | bytes[i];
    if (header_len > size - 8)
        return Status::error("header: length " + u64s(header_len) + " is more than the " + u64s(size - 8) +
                             " bytes after it (truncated or not a safetensors file)");
    if (header_len > limits.max_header_bytes)
        return Status::error("header: length " + u64s(header_len) + " is over the limit of " +
                             u64s(limits.max_header_bytes) + " bytes (ReadLimits::max_header_bytes)");

    const uint8_t * header = bytes + 8;
    // nlohmann's lexer takes a NUL byte for the end of input (C strings), so "{}\0anything" would
    // parse. JSON text never contains one (not even inside strings), and the reference rejects it.
    if (const void * nul = std::memchr(header, 0, size_t(header_len)))
        return Status::error("header: invalid JSON: a NUL byte at offset " +
                             u64s(uint64_t(static_cast<const uint8_t *>(nul) - header)));
    RawHeader raw;
    HeaderSax sax(&raw, limits);
    const bool parsed = json::sax_parse(header, header + header_len, &sax);
    if (!sax.error().empty()) return Status::error(sax.error());
    if (!parsed) return Status::error("header: invalid JSON");

    const uint8_t * data = header + header_len;
    const uint64_t data_size = size - 8 - header_len;
    std::vector<Planned> plan;
    plan.reserve(raw.entries.size());
    uint64_t total_bytes = 0;  // as float32, i.e. what we are about to allocate
    // On wasm32 size_t is 32 bits: F16 data doubles in size, so the limit alone may not keep it in range.
    const uint64_t max_total = std::min<uint64_t>(limits.max_total_bytes, std::numeric_limits<size_t>::max() / 2);
    for (const auto & [name, entry] : raw.entries) {
        Planned p;
        Status s = plan_entry(name, entry, data_size, &p);
        if (!s) return s;
        total_bytes = saturating_add(total_bytes, uint64_t(p.shape.numel()) * 4);
        if (total_bytes > max_total)
            return Status::error("header: the tensors up to " + shown_name(name) + " need " + u64s(total_bytes) +
                                 " bytes as float32, over the limit of " + u64s(max_total) +
                                 " (ReadLimits::max_total_bytes)");
        plan.push_back(p);
    }
    if (Status s = check_layout(plan, data_size); !s) return s;

    WeightsFile result;
    std::map<std::string, const Planned *> by_name;
    for (const Planned & p : plan) by_name[*p.name] = &p;
    for (const Planned & p : plan) {  // float32 copies of all but the compact ones
        result.stored_dtype.emplace(*p.name, dtype_name(p.dtype));
        if (kept_compact(p, limits)) continue;
        Tensor t = copy_tensor(p, data);
        if (!limits.allow_non_finite)
            if (Status s = check_finite(*p.name, t); !s) return s;
        result.tensors.emplace(*p.name, std::move(t));
    }
    for (const Planned & p : plan) {  // I8 codes times their scales, and the compact matrices
        const Tensor * scales = nullptr;
        if (p.dtype == DType::I8)
            if (Status s = find_row_scales(p, by_name, result.tensors, &scales); !s) return s;
        if (kept_compact(p, limits)) {
            // The kernels widen halves with arithmetic that is exact for finite ones only.
            if (p.dtype == DType::F16 && has_non_finite_half(p, data))
                return Status::error(tensor_prefix(*p.name) + "holds NaN or Inf, which compact weights cannot");
            result.compact.emplace(*p.name, compact_tensor(p, data, scales));
        } else if (p.dtype == DType::I8) {
            Tensor & w = result.tensors.at(*p.name);
            const int64_t rows = p.shape[0], cols = rows ? w.numel() / rows : 0;
            for (int64_t r = 0; r < rows; r++)
                for (int64_t c = 0; c < cols; c++) w[r * cols + c] *= (*scales)[r];
        }
    }
    for (const Planned & p : plan)
        if (p.dtype == DType::I8) {
            result.tensors.erase(*p.name + kScaleSuffix);
            result.stored_dtype.erase(*p.name + kScaleSuffix);
        }
    result.metadata = std::move(raw.metadata);
    *out = std::move(result);
    return Status::success();
}

std::string WeightsFile::storage() const {
    std::map<std::string, int64_t> values;
    for (const auto & [name, dtype] : stored_dtype) {
        if (auto t = tensors.find(name); t != tensors.end()) values[dtype] += t->second.numel();
        if (auto c = compact.find(name); c != compact.end()) values[dtype] += c->second.shape().numel();
    }
    std::vector<std::pair<int64_t, std::string>> order;
    for (const auto & [dtype, n] : values) order.push_back({-n, dtype});
    std::sort(order.begin(), order.end());
    std::string s;
    for (const auto & entry : order) s += (s.empty() ? "" : " + ") + entry.second;
    return s;
}

Status load_safetensors(const std::string & path, WeightsFile * out, const ReadLimits & limits) {
    struct Closer { void operator()(FILE * f) const { std::fclose(f); } };
    std::unique_ptr<FILE, Closer> file(std::fopen(path.c_str(), "rb"));
    if (!file) return Status::error(path + ": cannot open: " + std::strerror(errno));

    // The size comes from the file system, before anything is allocated: a file larger than any
    // file within the limits is refused unread.
    struct stat info;
    if (fstat(fileno(file.get()), &info) != 0) return Status::error(path + ": cannot stat: " + std::strerror(errno));
    if (!S_ISREG(info.st_mode)) return Status::error(path + ": not a regular file");
    const uint64_t size = uint64_t(info.st_size);
    const uint64_t max_size = saturating_add(saturating_add(8, limits.max_header_bytes), limits.max_total_bytes);
    if (size > max_size || size > std::numeric_limits<size_t>::max())
        return Status::error(path + ": the file is " + u64s(size) + " bytes, more than ReadLimits allow (" +
                             u64s(max_size) + ")");

    std::vector<uint8_t> bytes(size_t(size), 0);
    if (size && std::fread(bytes.data(), 1, bytes.size(), file.get()) != bytes.size())
        return Status::error(path + ": read error or file changed while reading");

    Status s = read_safetensors(bytes.data(), bytes.size(), out, limits);
    if (!s) return Status::error(path + ": " + s.message);
    return s;
}

Status check_savable(const WeightsFile & weights, bool allow_non_finite) {
    for (const auto & [name, t] : weights.tensors) {
        if (name == kMetadataKey) return Status::error("a tensor cannot be called __metadata__");
        if (!utf8_is_valid(name)) return Status::error(tensor_prefix(name) + "name is not valid UTF-8");
        if (t.shape().rank < 1 || t.shape().rank > kMaxRank || !t.data())
            return Status::error(tensor_prefix(name) + "is empty (rank " + std::to_string(t.shape().rank) + ")");
        const bool as_i8 = stored_as_i8(weights, name, t);
        if (!allow_non_finite || as_i8)
            if (Status s = check_finite(name, t); !s) return s;
        if (as_i8 && weights.tensors.count(name + kScaleSuffix))
            return Status::error(tensor_prefix(name + kScaleSuffix) + "has the name of the I8 scales of " +
                                 shown_name(name) + "; rename it or store as F16");
        if (weights.store_as != StoreAs::F32 && !as_i8)
            for (int64_t i = 0; i < t.numel(); i++)
                if (std::isfinite(t.data()[i]) && std::fabs(t.data()[i]) > 65504.0f)
                    return Status::error(tensor_prefix(name) + "holds " + std::to_string(t.data()[i]) +
                                         ", beyond what F16 storage can hold (65504)");
    }
    for (const auto & [key, value] : weights.metadata)
        if (!utf8_is_valid(key) || !utf8_is_valid(value))
            return Status::error("metadata " + shown_name(key) + ": not valid UTF-8");
    return Status::success();
}

namespace {

// One entry of the file being written: a tensor as F32 or F16, or an I8 tensor's codes or scales.
struct Stored {
    std::string name;
    const char * dtype;
    Shape shape;
    std::vector<uint8_t> bytes;  // little-endian, as safetensors is
};

void append_f16(const float * values, int64_t n, std::vector<uint8_t> * out) {
    for (int64_t i = 0; i < n; i++) {
        const uint16_t h = float_to_f16(values[i]);
        out->push_back(uint8_t(h & 0xFF));
        out->push_back(uint8_t(h >> 8));
    }
}

void append_f32(const float * values, int64_t n, std::vector<uint8_t> * out) {
    const auto * p = reinterpret_cast<const uint8_t *>(values);
    out->insert(out->end(), p, p + size_t(n) * 4);
}

std::vector<Stored> stored_entries(const WeightsFile & weights) {
    std::vector<Stored> entries;
    for (const auto & [name, t] : weights.tensors) {
        ATTN_ASSERT(t.shape().rank >= 1 && t.data() && name != kMetadataKey, "unsavable tensor '%s'", name.c_str());
        if (stored_as_i8(weights, name, t)) {
            const CompactTensor quantized = CompactTensor::quantize(t, CompactType::I8);
            const CompactView q = quantized.view();
            const auto * codes = reinterpret_cast<const uint8_t *>(q.codes());
            entries.push_back({name, "I8", t.shape(), std::vector<uint8_t>(codes, codes + t.numel())});
            Stored scale_entry{name + kScaleSuffix, "F32", Shape({q.rows}), {}};
            append_f32(q.scales, q.rows, &scale_entry.bytes);
            entries.push_back(std::move(scale_entry));
            continue;
        }
        const bool half = weights.store_as != StoreAs::F32;
        Stored e{name, half ? "F16" : "F32", t.shape(), {}};
        e.bytes.reserve(size_t(t.numel()) * (half ? 2 : 4));
        if (half) append_f16(t.data(), t.numel(), &e.bytes);
        else append_f32(t.data(), t.numel(), &e.bytes);
        entries.push_back(std::move(e));
    }
    std::sort(entries.begin(), entries.end(), [](const Stored & a, const Stored & b) { return a.name < b.name; });
    return entries;
}

} // namespace

std::vector<uint8_t> serialize_safetensors(const WeightsFile & weights) {
    const std::vector<Stored> entries = stored_entries(weights);
    json header = json::object();
    uint64_t offset = 0;
    for (const Stored & e : entries) {
        json shape = json::array();
        for (int i = 0; i < e.shape.rank; i++) shape.push_back(uint64_t(e.shape[i]));
        const uint64_t end = offset + e.bytes.size();
        json entry = json::object();
        entry["dtype"] = e.dtype;
        entry["shape"] = std::move(shape);
        entry["data_offsets"] = json::array({offset, end});
        header[e.name] = std::move(entry);
        offset = end;
    }
    if (!weights.metadata.empty()) header[kMetadataKey] = weights.metadata;

    // `replace` instead of the default `strict`: strict throws on invalid UTF-8, and a throw aborts
    // the web build. check_savable rejects such strings first, so this never changes a byte in practice.
    std::string text = header.dump(-1, ' ', false, json::error_handler_t::replace);
    text.append((8 - text.size() % 8) % 8, ' ');  // data starts 8-aligned, as the reference writer does

    std::vector<uint8_t> out;
    out.reserve(8 + text.size() + size_t(offset));
    for (int i = 0; i < 8; i++) out.push_back(uint8_t(uint64_t(text.size()) >> (8 * i)));
    out.insert(out.end(), text.begin(), text.end());
    for (const Stored & e : entries) out.insert(out.end(), e.bytes.begin(), e.bytes.end());
    return out;
}

namespace {

// Makes a completed rename survive a power cut: the directory entry is data too. Best effort.
void sync_parent_directory(const std::string & path) {
#if ATTN_HAVE_FSYNC
    const size_t slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    const int fd = ::open(dir.c_str(), O_RDONLY);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
#else
    (void)path;
#endif
}

} // namespace

Status save_safetensors(const std::string & path, const WeightsFile & weights) {
    if (Status s = check_savable(weights); !s) return Status::error(path + ": not saved: " + s.message);
    const std::vector<uint8_t> bytes = serialize_safetensors(weights);

    const std::string tmp = path + ".tmp";
    FILE * file = std::fopen(tmp.c_str(), "wb");
    if (!file) return Status::error(tmp + ": cannot create: " + std::strerror(errno));
    int error = 0;  // the first errno seen
    if (std::fwrite(bytes.data(), 1, bytes.size(), file) != bytes.size()) error = errno ? errno : EIO;
    if (!error && std::fflush(file) != 0) error = errno;
#if ATTN_HAVE_FSYNC
    if (!error && ::fsync(fileno(file)) != 0) error = errno;  // data on disk before the rename publishes it
#endif
    if (std::fclose(file) != 0 && !error) error = errno;
    if (error) {
        std::remove(tmp.c_str());
        return Status::error(tmp + ": write failed: " + std::strerror(error));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        error = errno;
        std::remove(tmp.c_str());
        return Status::error(path + ": cannot replace it with " + tmp + ": " + std::strerror(error));
    }
    sync_parent_directory(path);
    return Status::success();
}

} // namespace attn

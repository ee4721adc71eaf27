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

enum class DType { F32, F16, BF16 };

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
    return false;
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
        return Status::error(where + "dtype " + shown_name(e.dtype) + " is not supported (F32, F16 and BF16 are)");

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

float f16_to_float(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t exponent = (h >> 10) & 0x1Fu;
    const uint32_t mantissa = h & 0x3FFu;
    if (exponent == 0x1F) return bits_to_float(sign | 0x7F800000u | (mantissa << 13));  // Inf, NaN
    if (exponent != 0) return bits_to_float(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
    const float subnormal = std::ldexp(float(mantissa), -24);  // exact: mantissa < 2^10
    return sign ? -subnormal : subnormal;
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

uint64_t saturating_add(uint64_t a, uint64_t b) {
    return a > std::numeric_limits<uint64_t>::max() - b ? std::numeric_limits<uint64_t>::max() : a + b;
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
    for (const Planned & p : plan) {
        Tensor t = copy_tensor(p, data);
        if (!limits.allow_non_finite)
            if (Status s = check_finite(*p.name, t); !s) return s;
        result.tensors.emplace(*p.name, std::move(t));
    }
    result.metadata = std::move(raw.metadata);
    *out = std::move(result);
    return Status::success();
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
        if (!allow_non_finite)
            if (Status s = check_finite(name, t); !s) return s;
        if (weights.store_as == StoreAs::F16)
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

uint16_t float_to_f16(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    const uint16_t sign = uint16_t((bits >> 16) & 0x8000u);
    const uint32_t abs = bits & 0x7FFFFFFFu;
    if (abs >= 0x7F800000u) return uint16_t(sign | 0x7C00u | (abs > 0x7F800000u ? 0x200u : 0));  // Inf, NaN
    if (abs >= 0x477FF000u) return uint16_t(sign | 0x7C00u);  // rounds past 65504: Inf
    if (abs < 0x38800000u) {  // below 2^-14: a subnormal half (or zero), in units of 2^-24
        const float scaled = std::ldexp(bits_to_float(abs), 24);  // exact; rint rounds ties to even
        return uint16_t(sign | uint16_t(std::nearbyint(scaled)));
    }
    // Normal: rebias the exponent, round the 13 dropped mantissa bits to nearest, ties to even.
    const uint32_t mantissa_lsb = (abs >> 13) & 1u;
    const uint32_t rounded = abs + 0xFFFu + mantissa_lsb;
    return uint16_t(sign | (((rounded >> 13) - ((127u - 15u) << 10)) & 0x7FFFu));
}

std::vector<uint8_t> serialize_safetensors(const WeightsFile & weights) {
    json header = json::object();
    uint64_t offset = 0;
    const bool half = weights.store_as == StoreAs::F16;
    const uint64_t element_bytes = half ? 2 : 4;
    for (const auto & [name, t] : weights.tensors) {
        ATTN_ASSERT(t.shape().rank >= 1 && t.data() && name != kMetadataKey, "unsavable tensor '%s'", name.c_str());
        json shape = json::array();
        for (int i = 0; i < t.shape().rank; i++) shape.push_back(uint64_t(t.shape()[i]));
        const uint64_t end = offset + uint64_t(t.numel()) * element_bytes;
        json entry = json::object();
        entry["dtype"] = half ? "F16" : "F32";
        entry["shape"] = std::move(shape);
        entry["data_offsets"] = json::array({offset, end});
        header[name] = std::move(entry);
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
    for (const auto & entry : weights.tensors) {
        const Tensor & t = entry.second;
        if (half) {
            for (int64_t i = 0; i < t.numel(); i++) {
                const uint16_t h = float_to_f16(t.data()[i]);
                out.push_back(uint8_t(h & 0xFF));  // little-endian, as safetensors is
                out.push_back(uint8_t(h >> 8));
            }
            continue;
        }
        const auto * p = reinterpret_cast<const uint8_t *>(t.data());
        out.insert(out.end(), p, p + size_t(t.numel()) * 4);
    }
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

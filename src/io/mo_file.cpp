#include "io/mo_file.h"

#include <fstream>

namespace attn {

namespace {

constexpr uint32_t kMagic = 0x950412de, kMagicSwapped = 0xde120495;
constexpr uint64_t kMaxBytes = 16u << 20;  // far above any interface's catalogue

struct Reader {
    const std::vector<uint8_t> & b;
    bool swapped = false;
    bool u32(uint64_t at, uint32_t * v) const {
        if (at + 4 > b.size()) return false;
        *v = uint32_t(b[at]) | uint32_t(b[at + 1]) << 8 | uint32_t(b[at + 2]) << 16 | uint32_t(b[at + 3]) << 24;
        if (swapped) *v = (*v >> 24) | ((*v >> 8) & 0xff00) | ((*v << 8) & 0xff0000) | (*v << 24);
        return true;
    }
    // String `i` of the table at `table`: length and offset, then the bytes and their NUL.
    Status string(uint32_t table, uint32_t i, const char * which, std::string * out) const {
        uint32_t len = 0, off = 0;
        const uint64_t entry = uint64_t(table) + 8ull * i;
        if (!u32(entry, &len) || !u32(entry + 4, &off))
            return Status::error(std::string(which) + " table entry " + std::to_string(i) + " lies past the end of the file");
        if (uint64_t(off) + len + 1 > b.size())
            return Status::error(std::string(which) + " string " + std::to_string(i) + " lies past the end of the file");
        if (b[off + len] != 0) return Status::error(std::string(which) + " string " + std::to_string(i) + " is not NUL-terminated");
        out->assign(reinterpret_cast<const char *>(b.data()) + off, len);
        return Status::success();
    }
};

} // namespace

Status parse_mo(const std::vector<uint8_t> & bytes, MessageCatalogue * out) {
    Reader r{bytes};
    uint32_t magic = 0, revision = 0, n = 0, originals = 0, translations = 0;
    if (!r.u32(0, &magic) || bytes.size() < 20) return Status::error("not a message catalogue: shorter than its header");
    if (magic != kMagic && magic != kMagicSwapped) return Status::error("not a message catalogue: wrong magic number");
    r.swapped = magic == kMagicSwapped;
    r.u32(4, &revision);
    r.u32(8, &n);
    r.u32(12, &originals);
    r.u32(16, &translations);
    if (revision >> 16 != 0) return Status::error("message catalogue revision " + std::to_string(revision >> 16) + " is not 0");
    if (uint64_t(n) * 8 > bytes.size()) return Status::error("message catalogue claims " + std::to_string(n) + " strings, more than fit");
    MessageCatalogue m;
    for (uint32_t i = 0; i < n; i++) {
        std::string original, translation;
        if (Status s = r.string(originals, i, "original", &original); !s) return s;
        if (Status s = r.string(translations, i, "translation", &translation); !s) return s;
        if (original.empty()) continue;  // the header: project, language, plural rule
        // "singular\0plural" -> the singular; "form0\0form1" -> the first form.
        m[original.substr(0, original.find('\0'))] = translation.substr(0, translation.find('\0'));
    }
    *out = std::move(m);
    return Status::success();
}

Status load_mo(const std::string & path, MessageCatalogue * out) {
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f) return Status::error(path + ": cannot open");
    const std::streamoff size = f.tellg();
    if (size < 0 || uint64_t(size) > kMaxBytes) return Status::error(path + ": too large for a message catalogue");
    f.seekg(0);
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    if (!f.read(reinterpret_cast<char *>(bytes.data()), size)) return Status::error(path + ": read failed");
    if (Status s = parse_mo(bytes, out); !s) return Status::error(path + ": " + s.message);
    return Status::success();
}

} // namespace attn

#include "text/subword.h"

#include "core/utf8.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <limits>
#include <locale>
#include <queue>
#include <sstream>

namespace attn {

namespace {

constexpr std::string_view kSpaceSymbol = "\xE2\x96\x81";      // ▁ U+2581, what a space becomes
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";      // U+FFFD, what an invalid byte becomes
constexpr std::string_view kUnknownSurface = " \xE2\x81\x87 "; // " ⁇ ", SentencePiece's default for <unk>

struct SpecialPiece {
    const char * piece;
    PieceType type;
};
constexpr SpecialPiece kSpecials[] = {
    {"<pad>", PieceType::Control}, {"<s>", PieceType::Control}, {"</s>", PieceType::Control}, {"<unk>", PieceType::Unknown}};

struct TypeName {
    const char * name;
    PieceType type;
};
constexpr TypeName kTypeNames[] = {{"normal", PieceType::Normal},        {"unknown", PieceType::Unknown},
                                   {"control", PieceType::Control},      {"user_defined", PieceType::UserDefined},
                                   {"byte", PieceType::Byte},            {"unused", PieceType::Unused}};

const char * type_name(PieceType t) {
    for (const TypeName & n : kTypeNames)
        if (n.type == t) return n.name;
    return "?";
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }
bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;  // SentencePiece spells byte pieces with upper-case hex only
}

// The byte a piece spelled "<0xXX>" stands for, or -1.
int byte_of_piece(std::string_view piece) {
    if (piece.size() != 6 || !starts_with(piece, "<0x") || piece[5] != '>') return -1;
    const int hi = hex_digit(piece[3]), lo = hex_digit(piece[4]);
    return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

// Scores are decimal floats as %.9g prints them. The grammar is checked here and the number read
// with the classic locale, so neither a stray "nan" nor a locale's decimal comma gets through.
bool parse_score(std::string_view s, float * out) {
    size_t i = 0;
    const auto digits = [&] {
        const size_t from = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') i++;
        return i > from;
    };
    if (i < s.size() && s[i] == '-') i++;
    if (!digits()) return false;
    if (i < s.size() && s[i] == '.') {
        i++;
        digits();
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) i++;
        if (!digits()) return false;
    }
    if (i != s.size()) return false;
    std::istringstream in{std::string(s)};
    in.imbue(std::locale::classic());
    double v = 0;
    in >> v;
    if (in.fail() || !(std::abs(v) <= double(std::numeric_limits<float>::max()))) return false;
    *out = float(v);
    return true;
}

// The fields of one "a\tb\tc" line.
std::vector<std::string_view> split_tabs(std::string_view line) {
    std::vector<std::string_view> fields;
    for (size_t from = 0;;) {
        const size_t tab = line.find('\t', from);
        fields.push_back(line.substr(from, tab == std::string_view::npos ? std::string_view::npos : tab - from));
        if (tab == std::string_view::npos) return fields;
        from = tab + 1;
    }
}

} // namespace

// ---- Normalization -------------------------------------------------------------------------------

std::string normalize_for_subwords(std::string_view text) {
    size_t at = 0;
    while (at < text.size() && text[at] == ' ') at++;
    if (at == text.size()) return {};

    std::string out(kSpaceSymbol);  // the dummy prefix: a word at the start looks like any other word
    bool after_space = true;
    while (at < text.size()) {
        const size_t start = at;
        const uint32_t cp = utf8_decode(text, at);
        if (cp == ' ') {
            if (!after_space) out += kSpaceSymbol;
            after_space = true;
            continue;
        }
        after_space = false;
        if (cp == kInvalidCodepoint) out += kReplacement;
        else out.append(text, start, at - start);
    }
    // Trailing ▁ go, including ones the user typed as U+2581 (SentencePiece strips them the same way).
    while (ends_with(out, kSpaceSymbol)) out.resize(out.size() - kSpaceSymbol.size());
    return out;
}

// ---- Loading -------------------------------------------------------------------------------------

SubwordModel::SubwordModel() { m_byte_ids.fill(-1); }

Status SubwordModel::parse(std::string_view text, SubwordModel * out, int32_t max_pieces) {
    const std::string what = "subword vocabulary";
    if (text.empty()) return Status::error(what + ": empty");
    if (!utf8_is_valid(text)) return Status::error(what + ": not valid UTF-8");
    if (text.back() != '\n') return Status::error(what + ": the last line has no newline (is the file cut short?)");

    SubwordModel m;
    int unknown_count = 0, byte_count = 0;
    size_t line_no = 0;
    for (size_t pos = 0; pos < text.size();) {
        const size_t end = text.find('\n', pos);
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        line_no++;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const std::string where = what + " line " + std::to_string(line_no);
        if (m.size() >= max_pieces) return Status::error(what + ": more than " + std::to_string(max_pieces) + " pieces");

        const std::vector<std::string_view> fields = split_tabs(line);
        if (fields.size() != 3) return Status::error(where + ": expected piece<TAB>score<TAB>type");
        const std::string_view piece = fields[0];
        if (piece.empty()) return Status::error(where + ": empty piece");
        if (piece.size() > kMaxPieceBytes)
            return Status::error(where + ": piece longer than " + std::to_string(kMaxPieceBytes) + " bytes");
        if (piece.find_first_of(" \r") != std::string_view::npos)
            return Status::error(where + ": a space or carriage return in a piece (spaces are spelled \u2581)");
        float score = 0;
        if (!parse_score(fields[1], &score)) return Status::error(where + ": bad score \"" + std::string(fields[1]) + "\"");
        const TypeName * type = nullptr;
        for (const TypeName & n : kTypeNames)
            if (fields[2] == n.name) type = &n;
        if (!type) return Status::error(where + ": unknown piece type \"" + std::string(fields[2]) + "\"");
        if (m.m_ids.count(std::string(piece))) return Status::error(where + ": duplicate piece \"" + std::string(piece) + "\"");

        const int32_t id = m.size();
        if (type->type == PieceType::Byte) {
            const int byte = byte_of_piece(piece);
            if (byte < 0) return Status::error(where + ": a byte piece must be spelled <0xXX>, not \"" + std::string(piece) + "\"");
            m.m_byte_ids[size_t(byte)] = id;
            byte_count++;
        }
        unknown_count += type->type == PieceType::Unknown;
        m.m_pieces.emplace_back(piece);
        m.m_scores.push_back(score);
        m.m_types.push_back(type->type);
        m.m_ids.emplace(std::string(piece), id);
    }

    for (int32_t i = 0; i < 4; i++) {
        const SpecialPiece & s = kSpecials[i];
        if (m.size() <= i || m.m_pieces[size_t(i)] != s.piece || m.m_types[size_t(i)] != s.type)
            return Status::error(what + ": id " + std::to_string(i) + " must be " + s.piece + " (" + type_name(s.type) +
                                 "); train with --pad_id=0 --bos_id=1 --eos_id=2 --unk_id=3");
    }
    if (unknown_count != 1) return Status::error(what + ": more than one unknown piece");
    if (byte_count != 0 && byte_count != 256)
        return Status::error(what + ": " + std::to_string(byte_count) +
                             " byte pieces; a model has all 256 (--byte_fallback=true) or none");

    for (int32_t id = 0; id < m.size(); id++) {
        const PieceType t = m.m_types[size_t(id)];
        if (t != PieceType::Normal && t != PieceType::UserDefined && t != PieceType::Unused) continue;
        m.m_mergeable.emplace(m.m_pieces[size_t(id)], id);
        if (t != PieceType::UserDefined) continue;
        if (m.m_user_defined_by_first_byte.empty()) m.m_user_defined_by_first_byte.resize(256);
        m.m_user_defined_by_first_byte[uint8_t(m.m_pieces[size_t(id)][0])].push_back(id);
    }
    for (std::vector<int32_t> & ids : m.m_user_defined_by_first_byte)
        std::stable_sort(ids.begin(), ids.end(),
                         [&](int32_t a, int32_t b) { return m.m_pieces[size_t(a)].size() > m.m_pieces[size_t(b)].size(); });
    *out = std::move(m);
    return Status::success();
}

Status SubwordModel::load(const std::string & path, SubwordModel * out, size_t max_bytes) {
    std::ifstream f(path, std::ios::binary | std::ios::ate);
    if (!f) return Status::error(path + ": cannot open");
    const std::streamoff size = f.tellg();
    if (size < 0 || uint64_t(size) > max_bytes)
        return Status::error(path + ": larger than " + std::to_string(max_bytes) + " bytes");
    std::string text(size_t(size), '\0');
    f.seekg(0);
    if (!f.read(text.data(), size)) return Status::error(path + ": read failed");
    Status s = parse(text, out);
    if (!s) s.message = path + ": " + s.message;
    return s;
}

std::string SubwordModel::serialize() const {
    std::ostringstream out;
    out.imbue(std::locale::classic());
    out << std::setprecision(9);  // %.9g: enough digits to read back the same float32
    for (size_t i = 0; i < m_pieces.size(); i++) out << m_pieces[i] << '\t' << m_scores[i] << '\t' << type_name(m_types[i]) << '\n';
    return out.str();
}

// ---- Lookup --------------------------------------------------------------------------------------

const std::string & SubwordModel::piece(int32_t id) const {
    static const std::string unk = "<unk>";
    return id >= 0 && id < size() ? m_pieces[size_t(id)] : unk;
}

PieceType SubwordModel::type(int32_t id) const { return id >= 0 && id < size() ? m_types[size_t(id)] : PieceType::Unknown; }

float SubwordModel::score(int32_t id) const { return id >= 0 && id < size() ? m_scores[size_t(id)] : 0.0f; }

int32_t SubwordModel::id(std::string_view piece) const {
    const auto it = m_ids.find(std::string(piece));
    return it == m_ids.end() ? -1 : it->second;
}

int32_t SubwordModel::mergeable_id(const std::string & piece) const {
    const auto it = m_mergeable.find(piece);
    return it == m_mergeable.end() ? -1 : it->second;
}

bool SubwordModel::starts_word(int32_t id) const { return id >= 0 && id < size() && starts_with(m_pieces[size_t(id)], kSpaceSymbol); }

size_t SubwordModel::user_defined_prefix(std::string_view text) const {
    if (m_user_defined_by_first_byte.empty() || text.empty()) return 0;
    for (int32_t id : m_user_defined_by_first_byte[uint8_t(text[0])])  // longest first
        if (starts_with(text, m_pieces[size_t(id)])) return m_pieces[size_t(id)].size();
    return 0;
}

// ---- Encoding ------------------------------------------------------------------------------------
//
// SentencePiece's BPE at encoding time does not replay a list of merge rules: it starts from
// characters and repeatedly joins the adjacent pair whose concatenation is a piece with the highest
// score, the leftmost such pair when scores tie. A piece reached by different paths ("aa"+"a" or
// "a"+"aa") is the same piece. A priority queue holds every candidate pair; entries made stale by
// a neighbouring merge are recognised by their length and skipped.

struct SubwordModel::Symbol {
    uint32_t begin = 0, length = 0;  // bytes of the normalized text; length 0 once merged into its left
    int32_t prev = -1, next = -1;    // the neighbouring live symbols, -1 at the ends
    bool frozen = false;             // a user_defined piece: never merged with anything
};

struct SubwordModel::Candidate {
    float score;
    int32_t left, right;  // symbol indices; left is also the tie-break (leftmost wins)
    uint32_t length;      // bytes of the merged piece, to recognise stale entries
};

namespace {
struct LowerPriority {
    template <class C> bool operator()(const C & a, const C & b) const {
        return a.score < b.score || (a.score == b.score && a.left > b.left);
    }
};
} // namespace

std::vector<SubwordModel::Symbol> SubwordModel::split_into_symbols(const std::string & normalized) const {
    std::vector<Symbol> symbols;
    for (size_t at = 0; at < normalized.size();) {
        Symbol s;
        s.begin = uint32_t(at);
        size_t length = user_defined_prefix(std::string_view(normalized).substr(at));
        s.frozen = length > 0;
        if (!s.frozen) {
            size_t next = at;
            utf8_decode(normalized, next);  // normalized text is valid UTF-8: one whole character
            length = next - at;
        }
        s.length = uint32_t(length);
        s.prev = int32_t(symbols.size()) - 1;
        at += length;
        s.next = at < normalized.size() ? int32_t(symbols.size()) + 1 : -1;
        symbols.push_back(s);
    }
    return symbols;
}

std::vector<int32_t> SubwordModel::encode(std::string_view text) const {
    if (m_pieces.empty()) return {};
    const std::string normalized = normalize_for_subwords(text);
    if (normalized.empty()) return {};
    std::vector<Symbol> symbols = split_into_symbols(normalized);

    std::priority_queue<Candidate, std::vector<Candidate>, LowerPriority> queue;
    // An unused piece is split back into the two pieces it was made of; like SentencePiece, the
    // pair remembered is the last one seen forming it anywhere in this text.
    std::unordered_map<std::string, std::pair<std::string, std::string>> unmerge;
    std::string joined;
    const auto consider = [&](int32_t left, int32_t right) {
        if (left < 0 || right < 0 || symbols[size_t(left)].frozen || symbols[size_t(right)].frozen) return;
        const Symbol & l = symbols[size_t(left)];
        const Symbol & r = symbols[size_t(right)];
        joined.assign(normalized, l.begin, l.length + r.length);
        const int32_t id = mergeable_id(joined);
        if (id < 0) return;
        queue.push({m_scores[size_t(id)], left, right, l.length + r.length});
        if (m_types[size_t(id)] == PieceType::Unused)
            unmerge[joined] = {normalized.substr(l.begin, l.length), normalized.substr(r.begin, r.length)};
    };
    for (size_t i = 1; i < symbols.size(); i++) consider(int32_t(i) - 1, int32_t(i));

    while (!queue.empty()) {
        const Candidate c = queue.top();
        queue.pop();
        Symbol & l = symbols[size_t(c.left)];
        Symbol & r = symbols[size_t(c.right)];
        if (l.length == 0 || r.length == 0 || l.length + r.length != c.length) continue;  // stale
        l.length += r.length;
        l.next = r.next;
        if (r.next >= 0) symbols[size_t(r.next)].prev = c.left;
        r.length = 0;
        consider(l.prev, c.left);
        consider(c.left, l.next);
    }

    std::vector<int32_t> ids;
    bool previous_unknown = false;
    for (int32_t i = 0; i >= 0; i = symbols[size_t(i)].next)
        append_ids(normalized.substr(symbols[size_t(i)].begin, symbols[size_t(i)].length), &ids, &previous_unknown, unmerge);
    return ids;
}

// The ids of one final symbol: its piece; an unused piece split back into its parts; a character
// the vocabulary lacks as its UTF-8 byte pieces, or as <unk> in a model without byte fallback
// (one <unk> for a whole run of such characters, as SentencePiece does).
void SubwordModel::append_ids(const std::string & piece, std::vector<int32_t> * ids, bool * previous_unknown,
                              const std::unordered_map<std::string, std::pair<std::string, std::string>> & unmerge) const {
    std::vector<std::string> pending{piece};
    while (!pending.empty()) {
        const std::string p = std::move(pending.back());
        pending.pop_back();
        const int32_t id = mergeable_id(p);
        if (id >= 0 && m_types[size_t(id)] == PieceType::Unused) {
            const auto parts = unmerge.find(p);
            if (parts != unmerge.end()) {
                pending.push_back(parts->second.second);
                pending.push_back(parts->second.first);
                continue;
            }
        }
        if (id >= 0) {
            ids->push_back(id);
            *previous_unknown = false;
            continue;
        }
        if (has_byte_fallback()) {
            for (char b : p) ids->push_back(m_byte_ids[uint8_t(b)]);
        } else if (!*previous_unknown) {
            ids->push_back(kUnk);
        }
        *previous_unknown = true;
    }
}

// ---- Decoding ------------------------------------------------------------------------------------

std::string SubwordModel::decode(const std::vector<int32_t> & ids) const {
    std::string text, bytes;
    const auto flush_bytes = [&] {
        for (size_t i = 0; i < bytes.size();) {
            const size_t start = i;
            if (utf8_decode(bytes, i) == kInvalidCodepoint) text += kReplacement;
            else text.append(bytes, start, i - start);
        }
        bytes.clear();
    };
    bool first_word = true;  // the ▁ SentencePiece put in front of the text is not a space
    for (int32_t id : ids) {
        const PieceType t = type(id);
        if (t == PieceType::Byte) {
            bytes += char(byte_of_piece(m_pieces[size_t(id)]));
            continue;
        }
        flush_bytes();
        if (!text.empty()) first_word = false;
        if (t == PieceType::Control) continue;
        if (t == PieceType::Unknown) {
            text += kUnknownSurface;
            continue;
        }
        std::string_view p = m_pieces[size_t(id)];
        if (first_word && starts_with(p, kSpaceSymbol)) p.remove_prefix(kSpaceSymbol.size());
        for (size_t at; (at = p.find(kSpaceSymbol)) != std::string_view::npos; p.remove_prefix(at + kSpaceSymbol.size()))
            text.append(p.substr(0, at)).push_back(' ');
        text.append(p);
    }
    flush_bytes();
    return text;
}

std::vector<int> SubwordModel::word_of_piece(const std::vector<int32_t> & ids) const {
    std::vector<int> words;
    words.reserve(ids.size());
    int word = -1;
    for (int32_t id : ids) {
        if (id < 0 || id >= size() || m_types[size_t(id)] == PieceType::Control) {
            words.push_back(-1);
            continue;
        }
        if (word < 0 || starts_word(id)) word++;
        words.push_back(word);
    }
    return words;
}

} // namespace attn

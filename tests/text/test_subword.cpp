// The SentencePiece BPE encoder (text/subword.h) against SentencePiece itself: golden ids and decoded
// text that python3-sentencepiece 0.1.97 produced for texts the models never saw
// (tests/reference/make_spm_golden.py), hand-made models that pin down tie-breaking, user-defined and
// unused pieces and byte fallback, pieces grouped into words, and strict loading.
#include "core/utf8.h"
#include "data/gzip.h"
#include "text/subword.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

using namespace attn;

namespace {

const std::string kData = std::string(ATTN_FIXTURES_DIR) + "/";

std::string read_text(const std::string & path) {
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::string read_gz(const std::string & path) {
    const std::string gz = read_text(path);
    std::vector<uint8_t> raw;
    const Status s = gunzip(std::vector<uint8_t>(gz.begin(), gz.end()), 64u << 20, &raw);
    EXPECT_TRUE(s.ok) << path << ": " << s.message;
    return {raw.begin(), raw.end()};
}

// The golden files' escapes: \\ \t \n \r \xHH.
bool unescape(std::string_view s, std::string * out) {
    out->clear();
    for (size_t i = 0; i < s.size(); i++) {
        if (s[i] != '\\') { *out += s[i]; continue; }
        if (++i == s.size()) return false;
        switch (s[i]) {
        case '\\': *out += '\\'; break;
        case 't': *out += '\t'; break;
        case 'n': *out += '\n'; break;
        case 'r': *out += '\r'; break;
        case 'x': {
            if (i + 2 >= s.size()) return false;
            const std::string hex(s.substr(i + 1, 2));
            if (hex.find_first_not_of("0123456789ABCDEF") != std::string::npos) return false;
            *out += char(std::stoi(hex, nullptr, 16));
            i += 2;
            break;
        }
        default: return false;
        }
    }
    return true;
}

// For failure messages: the bytes with everything unprintable as \xHH, long texts shortened.
std::string shown(std::string_view s, size_t max_bytes = 300) {
    std::string out;
    if (s.size() > max_bytes) return shown(utf8_prefix(s, max_bytes / 4), max_bytes) + "... (" + std::to_string(s.size()) + " bytes)";
    for (char c : s) {
        const uint8_t b = uint8_t(c);
        if (b < 0x20 || b == 0x7F || b == '\\') {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", b);
            out += buf;
        } else {
            out += c;
        }
    }
    return utf8_sanitize(out);
}

std::string join_ids(const std::vector<int32_t> & ids, size_t max_ids = 1u << 20) {
    std::string s;
    for (size_t i = 0; i < ids.size() && i < max_ids; i++) s += (i ? " " : "") + std::to_string(ids[i]);
    return ids.size() > max_ids ? s + " ... (" + std::to_string(ids.size()) + " ids)" : s;
}

std::vector<int32_t> parse_ids(std::string_view s) {
    std::vector<int32_t> ids;
    std::istringstream in{std::string(s)};
    for (int32_t id; in >> id;) ids.push_back(id);
    return ids;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    for (size_t from = 0;;) {
        const size_t at = s.find(sep, from);
        parts.push_back(s.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from));
        if (at == std::string_view::npos) return parts;
        from = at + 1;
    }
}

struct GoldenText {
    size_t line = 0;
    std::string input, decoded;  // decoded: SentencePiece's decode of the ids
    std::vector<int32_t> ids;
};

// "input TAB ids [TAB decoded]" lines; '#' lines are comments.
std::vector<GoldenText> read_golden(const std::string & text) {
    std::vector<GoldenText> rows;
    const std::vector<std::string_view> lines = split(text, '\n');
    for (size_t n = 0; n < lines.size(); n++) {
        if (lines[n].empty() || lines[n][0] == '#') continue;
        const std::vector<std::string_view> f = split(lines[n], '\t');
        GoldenText g;
        g.line = n + 1;
        EXPECT_TRUE((f.size() == 2 || f.size() == 3) && unescape(f[0], &g.input)) << "golden line " << g.line;
        g.ids = parse_ids(f.size() > 1 ? f[1] : "");
        if (f.size() == 3) EXPECT_TRUE(unescape(f[2], &g.decoded)) << "golden line " << g.line;
        else g.decoded = g.input;
        rows.push_back(std::move(g));
    }
    return rows;
}

SubwordModel load_fixture(const std::string & name) {
    SubwordModel m;
    const Status s = SubwordModel::load(kData + name + ".vocab.tsv", &m);
    EXPECT_TRUE(s.ok) << s.message;
    return m;
}

std::string pieces_of(const SubwordModel & m, const std::vector<int32_t> & ids, size_t max_ids = 60) {
    std::string s;
    for (size_t i = 0; i < ids.size() && i < max_ids; i++) s += (i ? " " : "") + m.piece(ids[i]);
    return ids.size() > max_ids ? s + " ..." : s;
}

// Every golden text encodes to SentencePiece's ids; the first mismatches are shown in full.
void expect_golden_encodings(const std::string & name, size_t expected_count) {
    const SubwordModel m = load_fixture(name);
    const std::vector<GoldenText> golden = read_golden(read_gz(kData + name + ".golden.tsv.gz"));
    ASSERT_EQ(golden.size(), expected_count);
    size_t mismatches = 0;
    for (const GoldenText & g : golden) {
        const std::vector<int32_t> got = m.encode(g.input);
        if (got == g.ids) continue;
        if (++mismatches <= 5)
            ADD_FAILURE() << name << " golden line " << g.line << ": \"" << shown(g.input) << "\"\n  spm:  " << join_ids(g.ids, 60)
                          << "\n       " << pieces_of(m, g.ids) << "\n  ours: " << join_ids(got, 60) << "\n       " << pieces_of(m, got);
    }
    EXPECT_EQ(mismatches, 0u) << "of " << golden.size() << " golden texts";
}

// decode() gives SentencePiece's text for the golden ids and for random id lists (.decode.tsv).
void expect_golden_decodings(const std::string & name) {
    const SubwordModel m = load_fixture(name);
    size_t mismatches = 0, round_trips = 0;
    for (const GoldenText & g : read_golden(read_gz(kData + name + ".golden.tsv.gz"))) {
        const std::string got = m.decode(g.ids);
        round_trips += g.decoded == g.input;
        if (got != g.decoded && ++mismatches <= 5)
            ADD_FAILURE() << name << " golden line " << g.line << ": ids " << join_ids(g.ids, 60) << "\n  spm:  \"" << shown(g.decoded)
                          << "\"\n  ours: \"" << shown(got) << "\"";
    }
    EXPECT_EQ(mismatches, 0u);
    EXPECT_GT(round_trips, 0u);

    const std::string decode_tsv = read_text(kData + name + ".decode.tsv");
    const std::vector<std::string_view> lines = split(decode_tsv, '\n');
    size_t lists = 0;
    for (size_t n = 0; n < lines.size(); n++) {
        if (lines[n].empty() || lines[n][0] == '#') continue;
        const std::vector<std::string_view> f = split(lines[n], '\t');
        std::string want;
        ASSERT_TRUE(f.size() == 2 && unescape(f[1], &want)) << name << ".decode.tsv line " << n + 1;
        const std::vector<int32_t> ids = parse_ids(f[0]);
        const std::string got = m.decode(ids);
        EXPECT_TRUE(got == want) << name << ".decode.tsv line " << n + 1 << ": ids " << join_ids(ids) << "\n  spm:  \""
                                 << shown(want) << "\"\n  ours: \"" << shown(got) << "\"";
        lists++;
    }
    EXPECT_GE(lists, 100u);
}

// A model written by hand: the four specials, then the given "piece score type" lines; with
// byte_fallback, all 256 byte pieces after the specials.
std::string model_text(const std::vector<std::string> & lines, bool byte_fallback = true) {
    std::string t = "<pad>\t0\tcontrol\n<s>\t0\tcontrol\n</s>\t0\tcontrol\n<unk>\t0\tunknown\n";
    if (byte_fallback)
        for (int b = 0; b < 256; b++) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "<0x%02X>\t0\tbyte\n", b);
            t += buf;
        }
    for (const std::string & l : lines) t += l + "\n";
    return t;
}

SubwordModel model_of(const std::vector<std::string> & lines, bool byte_fallback = true) {
    SubwordModel m;
    const Status s = SubwordModel::parse(model_text(lines, byte_fallback), &m);
    EXPECT_TRUE(s.ok) << s.message;
    return m;
}

// Encodes and names the pieces: "▁a|a|<0xE4>".
std::string encoded(const SubwordModel & m, std::string_view text) {
    std::string s;
    for (int32_t id : m.encode(text)) s += (s.empty() ? "" : "|") + m.piece(id);
    return s;
}

} // namespace

TEST(SubwordGolden, ProjectModelEncodesLikeSentencePiece) { expect_golden_encodings("spm_bpe_small", 10000); }
TEST(SubwordGolden, ProjectModelDecodesLikeSentencePiece) { expect_golden_decodings("spm_bpe_small"); }
TEST(SubwordGolden, EdgeModelEncodesLikeSentencePiece) { expect_golden_encodings("spm_bpe_edge", 2000); }
TEST(SubwordGolden, EdgeModelDecodesLikeSentencePiece) { expect_golden_decodings("spm_bpe_edge"); }

TEST(SubwordGolden, SerializeReproducesTheExport) {
    for (const char * name : {"spm_bpe_small", "spm_bpe_edge"}) {
        const std::string text = read_text(kData + name + ".vocab.tsv");
        SubwordModel m;
        ASSERT_TRUE(SubwordModel::parse(text, &m).ok) << name;
        EXPECT_EQ(m.serialize(), text) << name;  // scripts/spm-export and serialize() print scores alike
    }
    const SubwordModel m = load_fixture("spm_bpe_small");
    EXPECT_EQ(m.size(), 2000);
    EXPECT_TRUE(m.has_byte_fallback());
    EXPECT_FALSE(load_fixture("spm_bpe_edge").has_byte_fallback());
}

// The pieces of each space-separated word decode back to that word, so the UI can show words.
TEST(SubwordGolden, PiecesGroupIntoTheTypedWords) {
    for (const char * name : {"spm_bpe_small", "spm_bpe_edge"}) {
        const SubwordModel m = load_fixture(name);
        size_t checked = 0;
        for (const GoldenText & g : read_golden(read_gz(kData + name + ".golden.tsv.gz"))) {
            // Only ASCII space separates words; a typed U+2581 would look like one, invalid bytes decode
            // as U+FFFD and an unknown character (the edge model has no byte fallback) as " ⁇ ".
            const bool has_unknown = std::find(g.ids.begin(), g.ids.end(), SubwordModel::kUnk) != g.ids.end();
            if (!utf8_is_valid(g.input) || g.input.find("\xE2\x96\x81") != std::string::npos || has_unknown) continue;
            std::vector<std::string> words;
            for (std::string_view w : split(g.input, ' '))
                if (!w.empty()) words.emplace_back(w);
            const std::vector<int> word = m.word_of_piece(g.ids);
            std::vector<std::vector<int32_t>> groups;
            for (size_t i = 0; i < g.ids.size(); i++) {
                ASSERT_GE(word[i], 0);
                if (size_t(word[i]) == groups.size()) groups.emplace_back();
                ASSERT_EQ(size_t(word[i]), groups.size() - 1) << "word indices count up by one";
                groups.back().push_back(g.ids[i]);
            }
            ASSERT_EQ(groups.size(), words.size()) << name << " golden line " << g.line << ": \"" << shown(g.input) << "\"";
            for (size_t w = 0; w < words.size(); w++)
                ASSERT_EQ(m.decode(groups[w]), words[w]) << name << " golden line " << g.line;
            checked++;
        }
        EXPECT_GT(checked, 900u) << name;
    }
}

TEST(SubwordModel, WordOfPiece) {
    const SubwordModel m = load_fixture("spm_bpe_small");
    const int32_t the = m.id("\xE2\x96\x81the"), space = m.id("\xE2\x96\x81"), e = m.id("e");
    ASSERT_GE(the, 0);
    ASSERT_GE(space, 0);
    ASSERT_GE(e, 0);
    EXPECT_TRUE(m.starts_word(the));
    EXPECT_FALSE(m.starts_word(e));
    EXPECT_FALSE(m.starts_word(-1));
    const std::vector<int32_t> ids = {SubwordModel::kBos, the, e, the, space, m.id("<0xE4>"), m.id("<0xBD>"), m.id("<0xA0>"),
                                      SubwordModel::kEos, 99999};
    EXPECT_EQ(m.word_of_piece(ids), (std::vector<int>{-1, 0, 0, 1, 2, 2, 2, 2, -1, -1}));
    EXPECT_EQ(m.word_of_piece({e, the}), (std::vector<int>{0, 1})) << "a first piece without ▁ still starts word 0";
    EXPECT_EQ(m.word_of_piece({}), std::vector<int>{});
    EXPECT_EQ(m.decode(ids), "thee the \xE4\xBD\xA0 \xE2\x81\x87 ");  // an id out of range shows like <unk>
}

TEST(SubwordModel, Normalization) {
    EXPECT_EQ(normalize_for_subwords("  the  dog "), "\xE2\x96\x81the\xE2\x96\x81" "dog");
    EXPECT_EQ(normalize_for_subwords(""), "");
    EXPECT_EQ(normalize_for_subwords("   "), "");
    EXPECT_EQ(normalize_for_subwords("a\tb"), "\xE2\x96\x81" "a\tb") << "only the ASCII space is whitespace";
    EXPECT_EQ(normalize_for_subwords("x \xE2\x96\x81 y"), "\xE2\x96\x81x\xE2\x96\x81\xE2\x96\x81\xE2\x96\x81y")
        << "a typed U+2581 is kept, and the space after it is not folded into it";
    EXPECT_EQ(normalize_for_subwords("x \xE2\x96\x81 "), "\xE2\x96\x81x") << "trailing ones go, typed or not";
    EXPECT_EQ(normalize_for_subwords("\xE2\x96\x81"), "");
    EXPECT_EQ(normalize_for_subwords(std::string("a\xFF", 2)), "\xE2\x96\x81" "a\xEF\xBF\xBD");
}

// SentencePiece joins the best-scoring adjacent pair first, the leftmost one when scores tie, and
// looks the joined text up among the pieces (not among merge rules).
TEST(SubwordModel, MergeOrderAndTies) {
    const SubwordModel m = model_of({"\xE2\x96\x81\t-0\tnormal", "a\t-1\tnormal", "b\t-2\tnormal", "aa\t-3\tnormal",
                                     "\xE2\x96\x81" "a\t-4\tnormal", "ab\t-5\tnormal", "aab\t-6\tnormal"});
    EXPECT_EQ(encoded(m, "aaa"), "\xE2\x96\x81|aa|a") << "aa (-3) beats ▁a (-4); of the two aa pairs the leftmost wins";
    EXPECT_EQ(encoded(m, "ab"), "\xE2\x96\x81" "a|b") << "▁a (-4) before ab (-5)";
    EXPECT_EQ(encoded(m, "bab"), "\xE2\x96\x81|b|ab");
    EXPECT_EQ(encoded(m, "baab"), "\xE2\x96\x81|b|aab") << "aa, then aa+b is the piece aab";
    EXPECT_EQ(encoded(m, "a  a"), "\xE2\x96\x81" "a|\xE2\x96\x81" "a");
    EXPECT_EQ(encoded(m, "c"), "\xE2\x96\x81|<0x63>") << "byte fallback";
    EXPECT_EQ(encoded(m, "\xC3\xA9"), "\xE2\x96\x81|<0xC3>|<0xA9>");
    EXPECT_EQ(encoded(m, std::string("\xFF", 1)), "\xE2\x96\x81|<0xEF>|<0xBF>|<0xBD>") << "an invalid byte is read as U+FFFD";
    EXPECT_EQ(m.decode(m.encode("c \xC3\xA9")), "c \xC3\xA9");
}

TEST(SubwordModel, UserDefinedUnusedAndNoByteFallback) {
    const SubwordModel m = model_of({"<sep>\t0\tuser_defined", "ab\t0\tuser_defined", "abc\t0\tuser_defined",
                                     "\xE2\x96\x81\t-0\tnormal", "a\t-1\tnormal", "b\t-2\tnormal", "c\t-3\tnormal",
                                     "bc\t-4\tunused", "bcb\t-5\tnormal", "cb\t-6\tnormal"},
                                    false);
    EXPECT_EQ(encoded(m, "abcab"), "\xE2\x96\x81|abc|ab") << "the longest user-defined piece, never merged";
    EXPECT_EQ(encoded(m, "x<sep>y"), "\xE2\x96\x81|<unk>|<sep>|<unk>");
    EXPECT_EQ(encoded(m, "xyz"), "\xE2\x96\x81|<unk>") << "one <unk> for a run of unknown characters";
    EXPECT_EQ(encoded(m, "bcb"), "\xE2\x96\x81|bcb") << "an unused piece still merges into others";
    EXPECT_EQ(encoded(m, "bcbc"), "\xE2\x96\x81|b|c|b|c") << "both bc (-4) merge before bcb (-5), then split back";
    EXPECT_EQ(encoded(m, "cbc"), "\xE2\x96\x81|c|b|c") << "bc (-4) merges first, is unused: split back into b c";
}

TEST(SubwordModel, EmptyAndLongInput) {
    const SubwordModel empty;
    EXPECT_EQ(empty.size(), 0);
    EXPECT_TRUE(empty.encode("hello").empty());
    EXPECT_EQ(empty.decode({1, 2, 3}), " \xE2\x81\x87  \xE2\x81\x87  \xE2\x81\x87 ");

    const SubwordModel m = load_fixture("spm_bpe_small");
    std::string noise;
    uint32_t x = 12345;
    for (int i = 0; i < 200000; i++) {
        x = x * 1664525u + 1013904223u;
        noise += char(x >> 24);
    }
    const std::vector<int32_t> ids = m.encode(noise);
    EXPECT_FALSE(ids.empty());
    for (int32_t id : ids) ASSERT_TRUE(id >= 4 && id < m.size());
    EXPECT_TRUE(utf8_is_valid(m.decode(ids)));
    EXPECT_EQ(m.encode(std::string(100000, 'e')).size(), 50001u);  // "▁e" then 49,999 "ee" and one "e"
}

TEST(SubwordModel, RejectsBadFiles) {
    const std::string good = model_text({"\xE2\x96\x81\t-0\tnormal", "a\t-1.5\tnormal", "b\t-2000\tnormal"});
    SubwordModel m;
    ASSERT_TRUE(SubwordModel::parse(good, &m).ok);
    EXPECT_EQ(m.size(), 263);
    EXPECT_FLOAT_EQ(m.score(261), -1.5f);

    const auto error = [](const std::string & text, int32_t max_pieces = 1 << 20) {
        SubwordModel out = model_of({"z\t-1\tnormal"});
        const Status s = SubwordModel::parse(text, &out, max_pieces);
        EXPECT_EQ(out.size(), 261) << "a failed parse leaves the model as it was";
        return s.ok ? std::string("(accepted)") : s.message;
    };
    const auto has = [](const std::string & message, const char * what) {
        return message.find(what) != std::string::npos;
    };
    const std::string fixture = read_text(kData + "spm_bpe_small.vocab.tsv");
    EXPECT_PRED2(has, error(fixture.substr(0, fixture.find("\xE2\x96\x81the\t") + 4)), "no newline");  // cut inside a line
    EXPECT_PRED2(has, error(fixture.substr(0, fixture.find("<0x41>") + 7) + "\n"), "expected piece");
    EXPECT_PRED2(has, error(fixture.substr(0, fixture.find("<0x41>"))), "byte pieces");  // cut between lines
    EXPECT_PRED2(has, error(""), "empty");
    EXPECT_PRED2(has, error(good + "a\t-9\tnormal\n"), "duplicate piece \"a\"");
    EXPECT_PRED2(has, error(good + "<unk>\t0\tcontrol\n"), "duplicate");
    EXPECT_PRED2(has, error(good + "x\t-9\tweird\n"), "unknown piece type \"weird\"");
    EXPECT_PRED2(has, error(good + "x\xFF\t-9\tnormal\n"), "UTF-8");
    EXPECT_PRED2(has, error(good + "\xC0\xAF\t-9\tnormal\n"), "UTF-8");  // an overlong "/"
    for (const char * score : {"abc", "nan", "inf", "1e999", "1,5", "", "-", "1.5x", "+1", ".5"})
        EXPECT_PRED2(has, error(good + "x\t" + score + "\tnormal\n"), "bad score") << score;
    EXPECT_PRED2(has, error(good + "\t-9\tnormal\n"), "empty piece");
    EXPECT_PRED2(has, error(good + "a b\t-9\tnormal\n"), "a space");
    EXPECT_PRED2(has, error(good + std::string(2000, 'x') + "\t-9\tnormal\n"), "longer than");
    EXPECT_PRED2(has, error(good + "x\t-9\n"), "expected piece");
    EXPECT_PRED2(has, error(good + "x\t-9\tnormal\textra\n"), "expected piece");
    EXPECT_PRED2(has, error(good + "\n"), "expected piece");  // an empty line
    EXPECT_PRED2(has, error(good + "<0x41x>\t0\tbyte\n"), "<0xXX>");
    EXPECT_PRED2(has, error(model_text({"<0x4a>\t0\tbyte"}, false)), "<0xXX>");  // lower-case hex
    EXPECT_PRED2(has, error(model_text({"<0x41>\t0\tbyte"}, false)), "1 byte pieces");
    EXPECT_PRED2(has, error(good + "<oov>\t0\tunknown\n"), "more than one unknown");
    EXPECT_PRED2(has, error("<s>\t0\tcontrol\n<pad>\t0\tcontrol\n</s>\t0\tcontrol\n<unk>\t0\tunknown\n"), "id 0 must be <pad>");
    EXPECT_PRED2(has, error("<pad>\t0\tcontrol\n<s>\t0\tcontrol\n</s>\t0\tcontrol\n<unk>\t0\tcontrol\n"), "id 3 must be <unk>");
    EXPECT_PRED2(has, error("<pad>\t0\tcontrol\n<s>\t0\tcontrol\n"), "id 2 must be </s>");
    EXPECT_PRED2(has, error(good, 100), "more than 100 pieces");

    std::string crlf;
    for (char c : good) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    ASSERT_TRUE(SubwordModel::parse(crlf, &m).ok) << "CRLF line ends are read like LF";
    EXPECT_EQ(m.serialize(), good);

    const Status missing = SubwordModel::load(kData + "no_such.vocab.tsv", &m);
    EXPECT_FALSE(missing.ok);
    EXPECT_PRED2(has, missing.message, "no_such.vocab.tsv");
    EXPECT_PRED2(has, SubwordModel::load(kData + "spm_bpe_small.vocab.tsv", &m, 1000).message, "larger than 1000 bytes");
}

#include "share/url_state.h"

#include "core/percent_encoding.h"
#include "core/printf_string.h"
#include "core/utf8.h"
#include "train/train_setup.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <cstdio>

namespace attn {

namespace {

constexpr std::array<const char *, 8> kPanels = {"translate", "attention", "step", "architecture", "compare", "image", "train", "about"};
constexpr std::array<const char *, 2> kSwitch = {"0", "1"};
constexpr size_t kMaxProbeBytes = 64;
constexpr std::array<const char *, 3> kKinds = {"encoder", "decoder", "cross"};
constexpr std::array<const char *, 3> kViews = {"heatmap", "model", "lines"};
constexpr std::array<const char *, 2> kTokens = {"pieces", "words"};
constexpr std::array<const char *, 2> kLangs = {"en", "zh-TW"};  // ui/i18n.h ui_language_id

// `allowed`: an array or vector of names.
template <class Names>
bool one_of(const std::string & v, const Names & allowed) {
    for (const char * a : allowed)
        if (v == a) return true;
    return false;
}

template <class Names>
std::string list(const Names & allowed) {
    std::string s;
    for (const char * a : allowed) s += (s.empty() ? "" : ", ") + std::string(a);
    return s;
}

// Identifiers (model and backend ids): short, letters, digits, '_' and '-' only, so they can be
// shown and compared without escaping.
bool is_identifier(const std::string & v) {
    if (v.empty() || v.size() > 32) return false;
    for (char c : v)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
    return true;
}

// A value as it may be quoted in a message: printable ASCII only, at most 40 bytes.
std::string shown(const std::string & v) {
    std::string s;
    for (char c : v.substr(0, 40)) s += (c >= 32 && c < 127) ? c : '?';
    return v.size() > 40 ? s + "..." : s;
}

// A decimal integer in [lo, hi]: optional '-', at most 6 digits, nothing else (no "1e3", " 1", "0x1").
Status parse_int(const std::string & key, const std::string & v, int lo, int hi, int * out) {
    size_t i = v.size() > 0 && v[0] == '-' ? 1 : 0;
    const auto not_a_number = [&] { return Status::error(Message{N_("{0}: \"{1}\" is not a number"), {key, shown(v)}}); };
    if (i == v.size() || v.size() - i > 6) return not_a_number();
    long value = 0;
    for (; i < v.size(); i++) {
        if (v[i] < '0' || v[i] > '9') return not_a_number();
        value = value * 10 + (v[i] - '0');
    }
    if (v[0] == '-') value = -value;
    if (value < lo || value > hi)
        return Status::error(Message{N_("{0}: {1} is out of range ({2} to {3})"), {key, v, std::to_string(lo), std::to_string(hi)}});
    *out = int(value);
    return Status::success();
}

template <class Names>
Status not_one_of(const std::string & key, const std::string & value, const Names & allowed) {
    return Status::error(Message{N_("{0}: \"{1}\" is not one of {2}"), {key, shown(value), list(allowed)}});
}

// A decimal number in [lo, hi] ("0.001", "1e-3"): at most 16 characters, finite, nothing after it.
Status parse_real(const std::string & key, const std::string & v, double lo, double hi) {
    char * end = nullptr;
    const double value = v.empty() || v.size() > 16 ? NAN : std::strtod(v.c_str(), &end);
    if (!std::isfinite(value) || end != v.c_str() + v.size() || v[0] == ' ')
        return Status::error(Message{N_("{0}: \"{1}\" is not a number"), {key, shown(v)}});
    if (value < lo || value > hi)
        return Status::error(Message{N_("{0}: {1} is out of range ({2} to {3})"), {key, v, printf_string("%g", lo), printf_string("%g", hi)}});
    return Status::success();
}

// The Train panel's keys; any other key is left to parse_field. Stored as written once checked.
Status parse_train_field(const std::string & key, const std::string & value, UrlState * st) {
    Status s = Status::success();
    bool ours = true;
    if (const SetupChoiceField * f = find_setup_choice(key)) s = one_of(value, f->names) ? s : not_one_of(key, value, f->names);
    else if (key == "autostart") s = one_of(value, kSwitch) ? s : not_one_of(key, value, kSwitch);
    else if (key == "probe") {
        for (char c : value)
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == ' ' || c == ','))
                return Status::error(Message{N_("probe: \"{0}\" is not a sequence of symbols"), {shown(value)}});
        if (value.empty() || value.size() > kMaxProbeBytes)
            return Status::error(Message{N_("probe: \"{0}\" is not a sequence of symbols"), {shown(value)}});
    } else {
        ours = false;
        for (const SetupIntField & f : setup_int_fields())
            if (key == f.key) {
                int v = 0;
                s = parse_int(key, value, f.min, f.max, &v);
                ours = true;
            }
        for (const SetupRealField & f : setup_real_fields())
            if (key == f.key) {
                s = parse_real(key, value, f.min, f.max);
                ours = true;
            }
    }
    if (ours && s) st->train[key] = value;
    return s;
}

Status parse_field(const std::string & key, const std::string & value, UrlState * st) {
    if (key == "panel") {
        if (!one_of(value, kPanels)) return not_one_of(key, value, kPanels);
        st->panel = value;
    } else if (key == "model") {
        if (!is_identifier(value)) return Status::error(Message{N_("model: \"{0}\" is not a model id"), {shown(value)}});
        st->model = value;
    } else if (key == "sentence") {
        if (value.size() > kUrlMaxSentenceBytes)
            return Status::error(Message{N_("sentence: {0} bytes is longer than a link may carry ({1})"),
                                         {std::to_string(value.size()), std::to_string(kUrlMaxSentenceBytes)}});
        if (!utf8_is_valid(value)) return Status::error(Message{N_("sentence: not valid UTF-8 text"), {}});
        st->sentence = value;
    } else if (key == "beam") {
        int b = 0;
        if (Status s = parse_int(key, value, 1, kUrlMaxBeam, &b); !s) return s;
        st->beam = b;
    } else if (key == "kind") {
        if (!one_of(value, kKinds)) return not_one_of(key, value, kKinds);
        st->kind = value;
    } else if (key == "layer") {
        int l = 0;
        if (Status s = parse_int(key, value, 0, kUrlMaxLayer, &l); !s) return s;
        st->layer = l;
    } else if (key == "head") {
        int h = -1;
        if (value != "mean")
            if (Status s = parse_int(key, value, -1, kUrlMaxHead, &h); !s) return s;
        st->head = h;
    } else if (key == "query") {
        int q = 0;
        if (Status s = parse_int(key, value, 0, kUrlMaxQuery, &q); !s) return s;
        st->query = q;
    } else if (key == "view") {
        if (!one_of(value, kViews)) return not_one_of(key, value, kViews);
        st->view = value;
    } else if (key == "tokens") {
        if (!one_of(value, kTokens)) return not_one_of(key, value, kTokens);
        st->tokens = value;
    } else if (key == "tour") {
        int v = 0;
        if (Status s = parse_int(key, value, 1, kUrlMaxTourStep, &v); !s) return s;
        st->tour = v;
    } else if (key == "lang") {
        if (!one_of(value, kLangs)) return not_one_of(key, value, kLangs);
        st->lang = value;
    } else if (Status s = parse_train_field(key, value, st); !s) {
        return s;
    } else if (key == "backend") {
        if (!is_identifier(value)) return Status::error(Message{N_("backend: \"{0}\" is not a backend id"), {shown(value)}});
        st->backend = value;
    }
    // Any other key: ignored, so links from newer or older versions still open.
    return Status::success();
}

} // namespace

Status parse_url_state(std::string_view hash, UrlState * out) {
    if (!hash.empty() && hash[0] == '#') hash.remove_prefix(1);
    if (hash.size() > kUrlMaxFragmentBytes)
        return Status::error(Message{N_("the link's state is {0} bytes, more than {1}"),
                                     {std::to_string(hash.size()), std::to_string(kUrlMaxFragmentBytes)}});
    // Parsed into a fresh state and committed at the end: a bad field must not leave half a link
    // applied. Fields the link does not name stay unset (the app keeps its own values for them).
    UrlState st;
    size_t start = 0;
    while (start <= hash.size()) {
        size_t end = hash.find('&', start);
        if (end == std::string_view::npos) end = hash.size();
        const std::string_view pair = hash.substr(start, end - start);
        start = end + 1;
        if (pair.empty()) continue;  // "a=1&&b=2", a trailing '&'
        const size_t eq = pair.find('=');
        std::string key, value;
        if (!percent_decode(pair.substr(0, eq), &key)) return Status::error(Message{N_("a key has a malformed percent-escape"), {}});
        if (eq == std::string_view::npos) continue;  // a bare word: not ours, ignored like an unknown key
        if (!percent_decode(pair.substr(eq + 1), &value)) return Status::error(Message{N_("{0}: malformed percent-escape"), {shown(key)}});
        if (Status s = parse_field(key, value, &st); !s) return s;
    }
    *out = st;
    return Status::success();
}

std::string format_url_state(const UrlState & s) {
    std::string out;
    auto add = [&](const char * key, const std::string & value) {
        if (!out.empty()) out += '&';
        out += key;
        out += '=';
        out += percent_encode(value);
    };
    if (s.panel) add("panel", *s.panel);
    if (s.model) add("model", *s.model);
    if (s.sentence) add("sentence", *s.sentence);
    if (s.beam) add("beam", std::to_string(*s.beam));
    if (s.backend) add("backend", *s.backend);
    if (s.kind) add("kind", *s.kind);
    if (s.layer) add("layer", std::to_string(*s.layer));
    if (s.head) add("head", *s.head < 0 ? std::string("mean") : std::to_string(*s.head));
    if (s.query) add("query", std::to_string(*s.query));
    if (s.view) add("view", *s.view);
    if (s.tokens) add("tokens", *s.tokens);
    if (s.tour) add("tour", std::to_string(*s.tour));
    if (s.lang) add("lang", *s.lang);
    for (const SetupChoiceField & f : setup_choice_fields())
        if (auto it = s.train.find(f.key); it != s.train.end()) add(f.key, it->second);
    if (auto it = s.train.find("probe"); it != s.train.end()) add("probe", it->second);
    for (const SetupIntField & f : setup_int_fields())
        if (auto it = s.train.find(f.key); it != s.train.end()) add(f.key, it->second);
    for (const SetupRealField & f : setup_real_fields())
        if (auto it = s.train.find(f.key); it != s.train.end()) add(f.key, it->second);
    if (auto it = s.train.find("autostart"); it != s.train.end()) add("autostart", it->second);
    return out;
}

} // namespace attn

// The view as a URL fragment, so a link (or an embedding iframe's src) reopens exactly what the
// sender saw, or what they trained:  #panel=attention&model=de&sentence=the%20cat%20sat&beam=4&kind=cross&layer=1&head=2&query=3
// (and &lang=zh-TW when the interface is in Chinese)
//
// A pure function pair with no globals (the URL-state fuzzer calls parse_url_state directly):
//   - parse_url_state: text from the address bar or a host page, hence untrusted. Every field is
//     checked; unknown keys are ignored (links stay usable after a key is retired or added);
//     anything malformed refuses the whole fragment with a message, so the caller keeps its
//     previous state rather than applying half a link.
//   - format_url_state: the canonical fragment (fixed key order, only the fields that are set),
//     percent-encoding UTF-8 so Chinese text and emoji survive copy and paste.
// Syntactic limits live here; whether layer 5 exists in the current model is the app's question
// (url_state_apply.h), because this parser knows nothing about models.
#pragma once
#include "core/status.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace attn {

struct UrlState {
    std::optional<std::string> panel;     // "translate", "attention", "step", "architecture", "compare", "image", "about"
    std::optional<std::string> model;     // a model id: "zh_TW", "de"
    std::optional<std::string> sentence;  // valid UTF-8, at most kMaxSentenceBytes
    std::optional<int> beam;              // 1 (greedy) .. kMaxBeam
    std::optional<std::string> kind;      // "encoder", "decoder", "cross"
    std::optional<int> layer;             // 0 .. kMaxLayer
    std::optional<int> head;              // -1 (mean over heads, written "mean") .. kMaxHead
    std::optional<int> query;             // the selected token (query row), 0 .. kMaxQuery
    std::optional<std::string> view;      // "heatmap", "model", "lines"
    std::optional<std::string> tokens;    // "pieces", "words": a subword model's maps by piece or by word
    std::optional<std::string> backend;   // a compute backend id, e.g. "simd", "webgl" (an identifier)
    std::optional<std::string> lang;      // the interface language: "en", "zh-TW"
    std::optional<int> tour;              // the guided tour's step, 1 .. kUrlMaxTourStep
    // The Train panel's setup (train/train_setup.h), each value checked against its range:
    // task (copy, reverse, sort), arch (transformer, rnn_search, rnn_encdec), schedule (constant,
    // noam), norm (post, pre), probe (symbols), autostart (0, 1) and every numeric field by its
    // key (min_len, layers, lr, ...), so a tutorial can link "train this":
    // #panel=train&task=reverse&layers=2&autostart=1
    std::map<std::string, std::string> train;

    bool operator==(const UrlState & o) const {
        return panel == o.panel && model == o.model && sentence == o.sentence && beam == o.beam && kind == o.kind &&
               layer == o.layer && head == o.head && query == o.query && view == o.view && tokens == o.tokens &&
               backend == o.backend && lang == o.lang && tour == o.tour && train == o.train;
    }
};

// Bounds far above any model the playground ships (2-6 layers, 4-8 heads, 64 source words): a
// number past them is a broken or hostile link, refused; a number inside them that the current
// model lacks is clamped by the app with a note.
constexpr int kUrlMaxBeam = 16;
constexpr int kUrlMaxLayer = 63;
constexpr int kUrlMaxHead = 63;
constexpr int kUrlMaxQuery = 1023;
constexpr int kUrlMaxTourStep = 99;
constexpr size_t kUrlMaxSentenceBytes = 6000;   // 1,500 characters of up to 4 bytes (AppState's cap)
constexpr size_t kUrlMaxFragmentBytes = 20000;  // ~3 bytes per percent-encoded byte, plus the rest

// `hash` may start with '#'; an empty fragment gives an empty UrlState. On error *out is left as it
// was and the message says which key and why, e.g. "layer: 999 is out of range (0 to 63)".
Status parse_url_state(std::string_view hash, UrlState * out);

// Without the leading '#'; "" when nothing is set.
std::string format_url_state(const UrlState & state);

} // namespace attn

#include "text/piece_text.h"

#include "text/vocab.h"

#include <algorithm>

namespace attn {

namespace {

const std::string kSpaceSymbol = "\xE2\x96\x81";  // ▁, what SentencePiece writes for a space

bool closing_punct(const std::string & t) {
    return t == "." || t == "," || t == "!" || t == "?" || t == ";" || t == ":" || t == ")";
}

} // namespace

PieceText encode_word_pieces(const SubwordModel & model, const std::vector<std::string> & words, WordJoin join) {
    PieceText out;
    // The joined text and, per byte of it, the word it belongs to (-1: a space).
    std::vector<int> owner;
    for (size_t w = 0; w < words.size(); w++) {
        if (words[w].empty()) continue;
        const bool space = !out.text.empty() && (join == WordJoin::Spaces || (join == WordJoin::Display && !closing_punct(words[w])));
        if (space) { out.text += ' '; owner.push_back(-1); }
        out.text += words[w];
        owner.insert(owner.end(), words[w].size(), int(w));
    }
    out.ids = model.encode(out.text);
    // SentencePiece's view of the text: ▁ in front and for every space. Pieces cover it in order,
    // a byte piece one byte, any other piece its own spelling; the map goes back to `owner`.
    std::vector<int> normalized_owner(kSpaceSymbol.size(), -1);
    for (size_t i = 0; i < out.text.size(); i++) {
        if (out.text[i] == ' ') normalized_owner.insert(normalized_owner.end(), kSpaceSymbol.size(), -1);
        else normalized_owner.push_back(owner[i]);
    }
    const bool same_view = normalize_for_subwords(out.text).size() == normalized_owner.size();
    const std::vector<int> word_of = model.word_of_piece(out.ids);  // the fallback: ▁ starts a word
    size_t at = 0;
    for (size_t p = 0; p < out.ids.size(); p++) {
        const int32_t id = out.ids[p];
        const size_t len = model.type(id) == PieceType::Byte ? 1 : model.piece(id).size();
        std::vector<int> covered;
        if (same_view)
            for (size_t b = at; b < at + len && b < normalized_owner.size(); b++)
                if (normalized_owner[b] >= 0 && (covered.empty() || covered.back() != normalized_owner[b]))
                    covered.push_back(normalized_owner[b]);
        at += len;
        if (covered.empty()) {  // only ▁ (or an unusual text): the next word's, else by the ▁ rule
            int next = -1;
            for (size_t b = at; same_view && b < normalized_owner.size() && next < 0; b++) next = normalized_owner[b];
            covered.push_back(next >= 0 ? next : std::max(0, std::min(word_of[p], int(words.size()) - 1)));
        }
        out.words.push_back(std::move(covered));
    }
    return out;
}

std::vector<Link> piece_links(const std::vector<Link> & word_links, const PieceText & source, const PieceText & target) {
    std::vector<Link> links;
    for (const Link & l : word_links)
        for (size_t t = 0; t < target.words.size(); t++) {
            if (std::find(target.words[t].begin(), target.words[t].end(), l.first) == target.words[t].end()) continue;
            for (size_t s = 0; s < source.words.size(); s++)
                if (std::find(source.words[s].begin(), source.words[s].end(), l.second) != source.words[s].end())
                    links.emplace_back(int(t), int(s));
        }
    std::sort(links.begin(), links.end());
    links.erase(std::unique(links.begin(), links.end()), links.end());
    return links;
}

} // namespace attn

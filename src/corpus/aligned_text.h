// Text that remembers which concepts each word expresses, so two realisations of one derivation
// give gold word alignments: words that share a concept are linked. A link is "sure" when both
// words express the concept as their main meaning, and "possible" when either only helps to express
// it (Chinese 的, German auxiliaries, English do-support), following Och & Ney's S ⊆ P.
#pragma once
#include "corpus/derivation.h"
#include "text/aer.h"

#include <string>
#include <vector>

namespace attn::corpus {

struct Word {
    std::string text;
    std::vector<ConceptId> sure, possible;
};

class AlignedText {
public:
    // Appends words; each gets the concept as sure (or possible) link.
    void add(const std::string & text, ConceptId id, bool sure = true);
    void add(const std::vector<std::string> & texts, ConceptId id, bool sure = true);
    void add_punct(const std::string & text, ConceptId id = -1);  // -1: linked to nothing
    void also(ConceptId id, bool sure);  // the last word expresses one more concept
    void append(const AlignedText & other);
    // Removes a comma before another punctuation mark or at the start (German clause commas are
    // written around every clause and cleaned up here).
    void tidy_commas();
    void capitalize_first();

    const std::vector<Word> & words() const { return m_words; }
    std::vector<Word> & words() { return m_words; }
    std::vector<std::string> texts() const;
    size_t size() const { return m_words.size(); }

private:
    std::vector<Word> m_words;
};

// Links (target index, source index) between two realisations.
struct GoldAlignment {
    std::vector<Link> sure, possible;  // possible ⊇ sure
};
GoldAlignment align(const AlignedText & source, const AlignedText & target);

// "0-0 1-2 3p4": source-target index pairs (Pharaoh style, source first), 'p' marking
// possible-only links. Sorted by source, then target.
std::string format_alignment(const GoldAlignment & a);
bool parse_alignment(const std::string & text, GoldAlignment * out);

} // namespace attn::corpus

#include "train/parallel_data.h"

#include "corpus/aligned_text.h"

#include <fstream>
#include <sstream>

namespace attn {

using namespace corpus;  // the generated corpus this adapts: its rows, alignments and tokens

namespace {
Status read_file(const std::string & path, std::string * out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return Status::error("cannot read " + path + " (generate the corpus with `attn corpus --out DIR`)");
    std::stringstream ss;
    ss << f.rdbuf();
    *out = ss.str();
    return Status::success();
}
} // namespace

bool valid_target_language(const std::string & lang) { return lang == "zh_TW" || lang == "de"; }

const std::string & target_text(const CorpusExample & e, const std::string & lang) { return lang == "de" ? e.de : e.zh; }
const std::string & target_alignment(const CorpusExample & e, const std::string & lang) { return lang == "de" ? e.align_de : e.align_zh; }

std::vector<Link> guided_alignment_links(const GoldAlignment & gold, int source_length, int target_length) {
    std::vector<std::vector<int>> sure(size_t(target_length) + 1), possible(size_t(target_length) + 1);
    const auto in_range = [&](const Link & l) { return l.first >= 0 && l.first < target_length && l.second >= 0 && l.second < source_length - 1; };
    for (const Link & l : gold.sure)
        if (in_range(l)) sure[size_t(l.first)].push_back(l.second);
    for (const Link & l : gold.possible)
        if (in_range(l)) possible[size_t(l.first)].push_back(l.second);
    std::vector<Link> links;
    for (int t = 0; t <= target_length; t++) {
        const std::vector<int> & row = !sure[size_t(t)].empty() ? sure[size_t(t)] : possible[size_t(t)];
        if (row.empty()) links.emplace_back(t, source_length - 1);
        for (int s : row) links.emplace_back(t, s);
    }
    return links;
}

std::vector<int32_t> encode_tokens(const Vocabulary & v, const std::string & text) {
    std::vector<int32_t> ids;
    std::stringstream ss(text);
    std::string w;
    while (ss >> w) ids.push_back(v.id(w));
    return ids;
}

Status piece_vocabulary(const SubwordModel & pieces, Vocabulary * out) {
    Vocabulary v;
    for (int32_t id = 4; id < pieces.size(); id++)
        if (v.add(pieces.piece(id)) != id) return Status::error("piece " + std::to_string(id) + " does not fit a vocabulary");
    if (pieces.size() < 4) return Status::error("a subword model needs at least the four special pieces");
    *out = std::move(v);
    return Status::success();
}

Status load_parallel_pieces(const std::string & dir, const std::string & split, const std::string & lang,
                            const SubwordModel & pieces, size_t limit, ParallelData * out) {
    if (!valid_target_language(lang)) return Status::error("target language must be zh_TW or de, not " + lang);
    ParallelData d;
    if (Status s = piece_vocabulary(pieces, &d.src_vocab); !s) return s;
    d.tgt_vocab = d.src_vocab;
    std::string text;
    if (Status s = read_file(dir + "/" + split, &text); !s) return s;
    const WordJoin target_join = lang == "de" ? WordJoin::Display : WordJoin::Chinese;
    std::stringstream lines(text);
    std::string line;
    for (int n = 1; std::getline(lines, line) && (limit == 0 || d.rows.size() < limit); n++) {
        CorpusExample e;
        if (!parse_example_tsv_line(line, &e)) return Status::error(dir + "/" + split + ":" + std::to_string(n) + ": not a corpus row");
        const PieceText src = encode_word_pieces(pieces, split_tokens(e.en), WordJoin::Spaces);
        const PieceText tgt = encode_word_pieces(pieces, split_tokens(target_text(e, lang)), target_join);
        Example x;
        x.src = src.ids;
        x.src.push_back(Vocabulary::kEos);
        x.tgt = tgt.ids;
        GoldAlignment words, gold;
        if (parse_alignment(target_alignment(e, lang), &words)) {
            gold.sure = piece_links(words.sure, src, tgt);
            gold.possible = piece_links(words.possible, src, tgt);
            x.alignment = guided_alignment_links(gold, int(x.src.size()), int(x.tgt.size()));
        }
        d.examples.push_back(std::move(x));
        d.rows.push_back(std::move(e));
    }
    *out = std::move(d);
    return Status::success();
}

Status append_real_pieces(const std::string & path, const std::string & lang, int target_column, const SubwordModel & pieces, int copies,
                          int max_tokens, ParallelData * out, size_t * skipped) {
    if (target_column < 1) return Status::error(path + ": the target column must be 1 or more (column 0 is English)");
    std::string text;
    if (Status s = read_file(path, &text); !s) return s;
    std::vector<CorpusExample> rows;
    std::vector<Example> examples;
    std::stringstream lines(text);
    std::string line;
    *skipped = 0;
    for (int n = 1; std::getline(lines, line); n++) {
        std::vector<std::string> cells;
        std::stringstream cut(line);
        for (std::string cell; std::getline(cut, cell, '\t');) cells.push_back(cell);
        if (int(cells.size()) <= target_column) return Status::error(path + ":" + std::to_string(n) + ": fewer than " + std::to_string(target_column + 1) + " columns");
        const std::vector<std::string> english = tokenize_words(cells[0]);
        std::string target;  // as written, whitespace collapsed
        for (const std::string & w : split_tokens(cells[size_t(target_column)])) target += (target.empty() ? "" : " ") + w;
        Example x;
        x.src = encode_word_pieces(pieces, english, WordJoin::Spaces).ids;
        x.src.push_back(Vocabulary::kEos);
        x.tgt = pieces.encode(target);
        if (english.empty() || target.empty() || int(x.src.size()) > max_tokens || int(x.tgt.size()) + 1 > max_tokens) {
            ++*skipped;
            continue;
        }
        CorpusExample e;
        for (const std::string & w : english) e.en += (e.en.empty() ? "" : " ") + w;
        (lang == "de" ? e.de : e.zh) = target;
        e.tags = {"real"};
        rows.push_back(std::move(e));
        examples.push_back(std::move(x));
    }
    for (int c = 0; c < copies; c++) {
        out->rows.insert(out->rows.end(), rows.begin(), rows.end());
        out->examples.insert(out->examples.end(), examples.begin(), examples.end());
    }
    return Status::success();
}

Status load_parallel_data(const std::string & dir, const std::string & split, const std::string & lang, size_t limit,
                          ParallelData * out) {
    if (!valid_target_language(lang)) return Status::error("target language must be zh_TW or de, not " + lang);
    ParallelData d;
    std::string text;
    if (Status s = read_file(dir + "/vocab.en", &text); !s) return s;
    if (Status s = Vocabulary::parse(text, &d.src_vocab); !s) return Status::error(dir + "/vocab.en: " + s.message);
    if (Status s = read_file(dir + "/vocab." + lang, &text); !s) return s;
    if (Status s = Vocabulary::parse(text, &d.tgt_vocab); !s) return Status::error(dir + "/vocab." + lang + ": " + s.message);
    if (Status s = read_file(dir + "/" + split, &text); !s) return s;
    std::vector<CorpusExample> rows;
    std::stringstream lines(text);
    std::string line;
    for (int n = 1; std::getline(lines, line) && (limit == 0 || rows.size() < limit); n++) {
        CorpusExample e;
        if (!parse_example_tsv_line(line, &e)) return Status::error(dir + "/" + split + ":" + std::to_string(n) + ": not a corpus row");
        rows.push_back(std::move(e));
    }
    add_parallel_rows(std::move(rows), lang, &d);
    *out = std::move(d);
    return Status::success();
}

void add_parallel_rows(std::vector<CorpusExample> rows, const std::string & lang, ParallelData * d) {
    for (CorpusExample & e : rows) {
        Example x;
        x.src = encode_tokens(d->src_vocab, e.en);
        x.src.push_back(Vocabulary::kEos);
        x.tgt = encode_tokens(d->tgt_vocab, target_text(e, lang));
        GoldAlignment gold;
        if (parse_alignment(target_alignment(e, lang), &gold))
            x.alignment = guided_alignment_links(gold, int(x.src.size()), int(x.tgt.size()));
        d->examples.push_back(std::move(x));
        d->rows.push_back(std::move(e));
    }
}

} // namespace attn

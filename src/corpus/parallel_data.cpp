#include "corpus/parallel_data.h"

#include "corpus/aligned_text.h"

#include <fstream>
#include <sstream>

namespace attn::corpus {

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

std::vector<int32_t> encode_tokens(const Vocabulary & v, const std::string & text) {
    std::vector<int32_t> ids;
    std::stringstream ss(text);
    std::string w;
    while (ss >> w) ids.push_back(v.id(w));
    return ids;
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
    std::stringstream lines(text);
    std::string line;
    for (int n = 1; std::getline(lines, line) && (limit == 0 || d.rows.size() < limit); n++) {
        CorpusExample e;
        if (!parse_example_tsv_line(line, &e)) return Status::error(dir + "/" + split + ":" + std::to_string(n) + ": not a corpus row");
        Example x;
        x.src = encode_tokens(d.src_vocab, e.en);
        x.src.push_back(Vocabulary::kEos);
        x.tgt = encode_tokens(d.tgt_vocab, target_text(e, lang));
        GoldAlignment gold;  // sure links only: guided alignment trains on the certain ones
        if (parse_alignment(target_alignment(e, lang), &gold)) x.alignment = gold.sure;
        d.examples.push_back(std::move(x));
        d.rows.push_back(std::move(e));
    }
    *out = std::move(d);
    return Status::success();
}

} // namespace attn::corpus

#include "io/bleu_csv.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace attn {

namespace {

// One CSV line: commas separate fields; a field in double quotes may hold commas and "" for ".
std::vector<std::string> csv_fields(const std::string & line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); i++) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', i++;
        else if (c == '"') quoted = !quoted;
        else if (c == ',' && !quoted) out.emplace_back();
        else if (c != '\r') out.back() += c;
    }
    return out;
}

std::string csv_field(const std::string & s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

const char * const kFirstSummaryRow = "<=10";  // the bucket rows end where the summaries start

} // namespace

std::string format_bleu_csv(const std::vector<std::string> & labels, const std::vector<BleuCsvRow> & rows) {
    std::string out = "bucket,sentences";
    for (const std::string & l : labels) out += "," + csv_field(l);
    out += "\n";
    char cell[32];
    for (const BleuCsvRow & row : rows) {
        out += csv_field(row.name) + "," + row.sentences;
        for (double b : row.bleu) {
            std::snprintf(cell, sizeof cell, "%.2f", b);
            out += "," + (std::isfinite(b) ? std::string(cell) : std::string());
        }
        out += "\n";
    }
    return out;
}

const std::vector<double> * BleuTable::column(const std::string & label) const {
    for (size_t i = 0; i < labels.size(); i++)
        if (labels[i] == label) return &bleu[i];
    return nullptr;
}

Status parse_bleu_csv(const std::string & text, BleuTable * out) {
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line)) return Status::error("empty file");
    const std::vector<std::string> header = csv_fields(line);
    if (header.size() < 3 || header[0] != "bucket" || header[1] != "sentences")
        return Status::error("not a BLEU-by-length table: the header is not \"bucket,sentences,<model>...\"");
    BleuTable t;
    t.labels.assign(header.begin() + 2, header.end());
    t.bleu.resize(t.labels.size());
    while (std::getline(in, line)) {
        const std::vector<std::string> f = csv_fields(line);
        if (f[0] == kFirstSummaryRow) break;
        if (f.size() != header.size()) return Status::error("row \"" + f[0] + "\" has " + std::to_string(f.size()) + " fields, the header " + std::to_string(header.size()));
        t.buckets.push_back(f[0]);
        for (size_t m = 0; m < t.labels.size(); m++) {
            const std::string & cell = f[m + 2];
            char * end = nullptr;
            const double v = std::strtod(cell.c_str(), &end);
            t.bleu[m].push_back(cell.empty() || *end ? NAN : v);
        }
    }
    if (t.buckets.empty()) return Status::error("no bucket rows");
    *out = std::move(t);
    return Status::success();
}

Status read_bleu_csv(const std::string & path, BleuTable * out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return Status::error("cannot open " + path);
    std::stringstream text;
    text << f.rdbuf();
    if (Status s = parse_bleu_csv(text.str(), out); !s) return Status::error(path + ": " + s.message);
    return Status::success();
}

} // namespace attn

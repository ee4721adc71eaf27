#include "core/tsv.h"

namespace attn {

std::vector<std::string> split_tabs(const std::string & line) {
    std::vector<std::string> cells;
    size_t start = 0;
    for (size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1) cells.push_back(line.substr(start, tab - start));
    cells.push_back(line.substr(start));
    return cells;
}

} // namespace attn

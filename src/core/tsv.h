// One line of a tab-separated file as its cells: every tab separates two cells, so "a\t\tb" is
// three cells and a trailing tab makes an empty last cell (the files' readers count cells).
#pragma once
#include <string>
#include <vector>

namespace attn {

std::vector<std::string> split_tabs(const std::string & line);

} // namespace attn

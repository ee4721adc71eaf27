#include "io/published_models.h"

#include "core/tsv.h"

#include <cctype>
#include <sstream>
#include <vector>

namespace attn {

namespace {

bool is_sha256(const std::string & s) {
    if (s.size() != 64) return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

bool is_plain_name(const std::string & s) {  // a file name: no folder, nothing hidden
    if (s.empty() || s[0] == '.') return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) return false;
    return true;
}

} // namespace

Status parse_published_models(const std::string & text, PublishedModels * out) {
    PublishedModels models;
    std::istringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); number++) {
        if (line.empty()) continue;
        const std::string where = "published models, line " + std::to_string(number) + ": ";
        const std::vector<std::string> c = split_tabs(line);
        if (c.size() != 4) return Status::error(where + "expected 4 tab-separated cells, found " + std::to_string(c.size()));
        const std::string & name = c[0], & url = c[1], & sha = c[2], & bytes = c[3];
        if (!is_plain_name(name)) return Status::error(where + "'" + name + "' is not a plain file name");
        if (url.rfind("models/", 0) != 0 || !is_plain_name(url.substr(7)))
            return Status::error(where + "'" + url + "' is not a file in the site's models/ folder");
        if (!is_sha256(sha)) return Status::error(where + "the SHA-256 must be 64 lowercase hex digits");
        if (bytes.empty() || bytes.size() > 15 || bytes.find_first_not_of("0123456789") != std::string::npos)
            return Status::error(where + "the size '" + bytes + "' is not a number of bytes");
        if (models.count(name)) return Status::error(where + "'" + name + "' is listed twice");
        models[name] = {url, sha, std::stoull(bytes)};
    }
    *out = std::move(models);
    return Status::success();
}

} // namespace attn

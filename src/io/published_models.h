// The web build's list of published models (scripts/publish-models writes it, index.data carries
// it): for each model file the app asks for by name, where the site keeps it under a
// content-hashed name, its SHA-256 and its size. The fetcher (platform/fetch_file.h) downloads the
// hashed name, checks the bytes against the hash, and keeps them in the browser's Cache API.
//
//     en-de.safetensors <TAB> models/en-de.0123456789abcdef.safetensors <TAB> <64 hex> <TAB> <bytes>
//
// The parser is strict: the file is ours, so anything else means a broken build, and a URL that
// could leave the site (a scheme, "//", "..") is refused rather than fetched.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <map>
#include <string>

namespace attn {

struct PublishedModel {
    std::string url;     // relative to the page, under models/
    std::string sha256;  // 64 lowercase hex digits
    uint64_t bytes = 0;
};

// By file name ("en-de.safetensors").
using PublishedModels = std::map<std::string, PublishedModel>;

Status parse_published_models(const std::string & text, PublishedModels * out);

} // namespace attn

// Writes the attention exports (attention_export.h) to files: what `attn translate --export-*` and
// the native app's Share menu do; the web app downloads the same bytes instead.
#pragma once
#include "share/attention_export.h"
#include "core/status.h"

#include <string>

namespace attn {

struct ExportPaths {
    std::string json;               // every map with its tokens
    std::string npz;                // every kind, (layers, heads, rows, cols) each
    std::string npy;                // one kind, (layers, heads, rows, cols)
    std::string npy_kind = "cross"; // which kind --export-npy writes
    bool any() const { return !json.empty() || !npz.empty() || !npy.empty(); }
};

Status write_bytes_file(const std::string & path, const std::string & bytes);

// Writes each requested file; stops at the first failure with a message naming the file.
Status write_attention_exports(const AttentionTrace & trace, const AttentionExportInfo & info, const ExportPaths & paths);

} // namespace attn

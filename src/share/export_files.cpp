#include "share/export_files.h"

#include <cstdio>

namespace attn {

Status write_bytes_file(const std::string & path, const std::string & bytes) {
    FILE * f = std::fopen(path.c_str(), "wb");
    if (!f) return Status::error("cannot create " + path);
    const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
    if (std::fclose(f) != 0 || !ok) return Status::error("cannot write " + path + " (disk full?)");
    return Status::success();
}

Status write_attention_exports(const AttentionTrace & trace, const AttentionExportInfo & info, const ExportPaths & paths) {
    if (!paths.json.empty())
        if (Status s = write_bytes_file(paths.json, attention_maps_json(trace, info)); !s) return s;
    if (!paths.npz.empty()) {
        std::string npz;
        if (Status s = attention_maps_npz(trace, &npz); !s) return s;
        if (Status s = write_bytes_file(paths.npz, npz); !s) return s;
    }
    if (!paths.npy.empty()) {
        std::string npy;
        if (Status s = attention_kind_npy(trace, paths.npy_kind, &npy); !s) return s;
        if (Status s = write_bytes_file(paths.npy, npy); !s) return s;
    }
    return Status::success();
}

} // namespace attn

#include "share/attention_export.h"

#include "io/npy_write.h"
#include "io/zip_store.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace attn {

std::string attention_maps_json(const AttentionTrace & trace, const AttentionExportInfo & info) {
    nlohmann::json maps = nlohmann::json::array();
    for (const AttentionMap & m : trace.maps) {
        nlohmann::json rows = nlohmann::json::array();
        for (int r = 0; r < m.rows; r++)
            rows.push_back(std::vector<float>(m.values.begin() + int64_t(r) * m.cols, m.values.begin() + int64_t(r + 1) * m.cols));
        maps.push_back({{"kind", m.kind}, {"layer", m.layer}, {"head", m.head}, {"rows", m.rows}, {"cols", m.cols}, {"values", rows}});
    }
    nlohmann::json j = {{"format", "attention-playground/maps"}, {"version", 1},
                        {"sentence", info.sentence}, {"model", info.model}, {"translation", info.translation},
                        {"source_tokens", info.source_tokens}, {"decoder_tokens", info.decoder_tokens}, {"maps", maps}};
    // Tokens come from user text: invalid UTF-8 becomes U+FFFD instead of throwing (no exceptions on the web).
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::vector<std::string> attention_kinds(const AttentionTrace & trace) {
    std::vector<std::string> kinds;
    for (const AttentionMap & m : trace.maps)
        if (std::find(kinds.begin(), kinds.end(), m.kind) == kinds.end()) kinds.push_back(m.kind);
    return kinds;
}

Status attention_kind_npy(const AttentionTrace & trace, const std::string & kind, std::string * npy) {
    int layers = 0, heads = 0, rows = -1, cols = -1;
    for (const AttentionMap & m : trace.maps) {
        if (m.kind != kind) continue;
        if (m.layer < 0 || m.head < 0) return Status::error(kind + ": a map with a negative layer or head");
        if (rows >= 0 && (m.rows != rows || m.cols != cols))
            return Status::error(kind + ": maps of different shapes cannot be stacked into one array");
        rows = m.rows, cols = m.cols;
        layers = std::max(layers, m.layer + 1);
        heads = std::max(heads, m.head + 1);
    }
    if (rows < 0) return Status::error("no " + kind + " attention in the last run");
    const size_t cell = size_t(rows) * size_t(cols);
    std::vector<float> stacked(size_t(layers) * size_t(heads) * cell, 0.0f);
    std::vector<bool> seen(size_t(layers) * size_t(heads), false);
    for (const AttentionMap & m : trace.maps) {
        if (m.kind != kind) continue;
        if (m.values.size() != cell) return Status::error(kind + ": a map's values do not match its shape");
        const size_t slot = size_t(m.layer) * size_t(heads) + size_t(m.head);
        std::copy(m.values.begin(), m.values.end(), stacked.begin() + int64_t(slot * cell));
        seen[slot] = true;
    }
    if (std::find(seen.begin(), seen.end(), false) != seen.end())
        return Status::error(kind + ": some layer/head maps are missing, so they do not form a grid");
    *npy = npy_bytes({layers, heads, rows, cols}, stacked.data());
    return Status::success();
}

Status attention_maps_npz(const AttentionTrace & trace, std::string * npz) {
    std::vector<std::pair<std::string, std::string>> members;
    for (const std::string & kind : attention_kinds(trace)) {
        std::string npy;
        if (Status s = attention_kind_npy(trace, kind, &npy); !s) return s;
        members.emplace_back(kind + ".npy", std::move(npy));
    }
    if (members.empty()) return Status::error("the last run recorded no attention maps");
    *npz = zip_store(members);
    return Status::success();
}

} // namespace attn

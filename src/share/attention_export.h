// Every attention map of a run, exported for use outside the playground: as JSON (maps with their
// tokens, nested rows) and as NumPy arrays, one float32 array per kind of attention shaped
// (layers, heads, rows, cols), so `np.load("attention.npz")["cross"][layer, head]` is one map.
// Pure C++ without any UI: the CLI, the native app and the web app share it (the web downloads the
// bytes as a file).
#pragma once
#include "core/status.h"
#include "nn/attention_trace.h"

#include <string>
#include <vector>

namespace attn {

// What the maps' axes mean: rows and columns are tokens of these lists (see attention_trace.h).
struct AttentionExportInfo {
    std::string sentence, model, translation;
    std::vector<std::string> source_tokens;   // encoder positions: the columns of cross, encoder_self
    std::vector<std::string> decoder_tokens;  // decoder positions: the rows of cross and decoder_self
};

// {"format":"attention-playground/maps","version":1, sentence, model, translation, source_tokens,
//  decoder_tokens, "maps":[{"kind","layer","head","rows","cols","values":[[row 0], ...]}]}
std::string attention_maps_json(const AttentionTrace & trace, const AttentionExportInfo & info);

// The kinds present in the trace, in first-seen order ("encoder_self", "decoder_self", "cross", ...).
std::vector<std::string> attention_kinds(const AttentionTrace & trace);

// One kind's maps stacked as a (layers, heads, rows, cols) .npy file. Fails with a message when
// the trace has no such maps or they do not form a full grid of one shape.
Status attention_kind_npy(const AttentionTrace & trace, const std::string & kind, std::string * npy);

// Every kind as <kind>.npy inside one .npz (a stored zip), for np.load.
Status attention_maps_npz(const AttentionTrace & trace, std::string * npz);

} // namespace attn

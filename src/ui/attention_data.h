// What the attention views need from a translation, whatever the view: the map for the selected
// kind, layer and head (or the mean over heads), and the tokens along its two axes.
#pragma once
#include "ui/state/app_state.h"

#include <string>
#include <vector>

namespace attn {

struct AttentionAxes {
    const std::vector<std::string> * rows = nullptr;  // queries: the positions attending
    const std::vector<std::string> * cols = nullptr;  // keys: the positions attended to
    const char * row_caption = "";
    const char * col_caption = "";
};

// The translation the maps show: pieces, or with AttentionSelection::words (subword models only)
// the words view.
const TranslationState & attention_view(const AppState & s);

AttentionAxes attention_axes(const TranslationState & t, AttentionKind kind);
int attention_layers(const TranslationState & t, AttentionKind kind);

// The selected map; head -1 is the mean over heads (computed into `storage`). Empty when the
// translation has no such map.
struct AttentionMatrix {
    const float * values = nullptr;
    int rows = 0, cols = 0;
};
AttentionMatrix attention_matrix(const TranslationState & t, AttentionKind kind, int layer, int head,
                                 std::vector<float> * storage);
// The same from any trace: maps of `kind` ("cross", ...), `heads` heads per layer.
AttentionMatrix trace_matrix(const std::vector<AttentionMap> & maps, const char * kind, int layer, int head, int heads,
                             std::vector<float> * storage);

} // namespace attn

// The line every attention view carries: where its attention sits in the taxonomy of Chaudhari et
// al. (2021, "An Attentive Survey of Attention Models": number of sequences, abstraction levels,
// positions, representations), and that attention weights are not an explanation. Grad-CAM is
// no attention at all, and its line says what it is instead.
#pragma once
#include "ui/state/app_state.h"  // AttentionKind

namespace attn {

enum class AttentionView {
    EncoderSelf,   // Transformer encoder self-attention
    DecoderSelf,   // Transformer masked decoder self-attention
    Cross,         // Transformer encoder-decoder attention
    Bahdanau,      // RNNsearch's alignment
    CbamChannel,   // CBAM's M_c
    CbamSpatial,   // CBAM's M_s
    GradCam,       // not attention
};

AttentionView attention_view_of(AttentionKind k);  // the Transformer's three
const char * taxonomy_line(AttentionView v);      // English; shown through tr()
// The taxonomy line and, unless `caveat` is false (a second map in the same place), the caveat.
void draw_view_caveat(AttentionView v, bool caveat = true);

} // namespace attn

// The guided tour (導覽): ten steps that follow the article, each with a preset view of the
// playground, a highlight on the window to look at, and the step's claim measured live on the
// model the reader sees, so a sentence of their own that makes the claim come out differently says so.
//
//   1 softmax weights   2 the RNN's one vector C   3 long sentences without attention
//   4 Bahdanau attention   5 CBAM and Grad-CAM   6 Q, K, V and ÷√d_k   7 multi-head
//   8 the masked decoder   9 6 + 6 blocks   10 the taxonomy of Chaudhari et al.
//
// A step has a link (#tour=6&lang=zh-TW), so a tutorial can embed one step (?embed=1).
#pragma once
#include "ui/state/app_state.h"

#include <string>

namespace attn {

constexpr int kTourSteps = 10;

// What a step opens: the panel, the attention map, the sentence (empty: the reader's own) and
// for the CNN step a test image of the gallery.
struct TourPreset {
    const char * panel;       // a panel id (ui.h, panel_title)
    AttentionKind kind = AttentionKind::Cross;
    int layer = 0, head = -1, query = 0;
    int view = 0;             // 0 heatmap, 1 model view, 2 lines
    const char * sentence = "";
    int gallery_cell = -1;
};

struct TourStep {
    const char * title;  // English, shown through tr()
    const char * text;
    TourPreset preset;
};

const TourStep & tour_step(int step);  // 0-based

// Opens `step` (0-based; out of range closes the tour) and applies its preset on the next frame.
void open_tour_step(AppState & s, int step);
// Applies a pending preset: panels, map, sentence, picture. Called by draw_tour.
void apply_tour_preset(AppState & s);
// The step's claim as measured on what the reader sees now, in the interface language; empty while
// there is nothing to measure yet. `holds` is false when this sentence or picture goes against the
// claim.
std::string tour_check(const AppState & s, int step, bool * holds);

void draw_tour(AppState & s);  // the tour window and its highlight; nothing when closed
// Embedded (?embed=1), the box sits under the one panel, full width, instead of over it: its height
// in the last frame, which the panel leaves free; 0 when no box was drawn.
float docked_tour_height();

} // namespace attn

// What the canvas shows, as text for a screen reader. The page keeps a visually hidden region in
// step with it (web/app.js), announced politely: the sentence, the model and its translation; for
// the attention map on screen, the three words each output word attends to most, with their
// weights; the step-through's scores, √d_k and softmax row; the Compare panel's three
// translations; the Image panel's verdicts; the Train panel at its last held-out check. In the
// interface language, from the same state the panels draw.
#pragma once
#include "ui/state/app_state.h"

#include <string>
#include <vector>

namespace attn {

struct ReaderSection {
    std::string heading;
    std::vector<std::string> lines;
};

std::vector<ReaderSection> screen_reader_text(const AppState & s);

// "cat 0.98, the 0.01, sat 0.01": the `k` largest weights of a row, by key, largest first.
std::string top_attended(const float * row, int cols, const std::vector<std::string> & keys, int k);

} // namespace attn

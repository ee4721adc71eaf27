// The app's state as JSON, for the browser tests and the embedding host: what is typed, what was
// translated, the selected attention map, and the step-through's softmax row for the selected
// query, so a test can check the two agree without reading pixels; and the Compare panel's three
// translations with what each decoder saw; and the Image panel's picture, preprocessing stages and
// both classifiers' verdicts.
#pragma once
#include "ui/state/app_state.h"

#include <string>

namespace attn {

std::string app_state_json(const AppState & state);

} // namespace attn

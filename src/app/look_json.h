// The reader's look: light or dark theme, the size of text and controls, the attention colours.
// The page keeps it in the browser (localStorage, web/app.js) so that the next visit looks as the
// reader left it. A link does not carry it: it belongs to the reader, not to the figure a link
// shows, and a reader who needs 200% text must not lose it by following someone's link.
#pragma once
#include "ui/state/app_state.h"

#include <string>
#include <string_view>

namespace attn {

// {"theme": "light"|"dark", "ui_scale_percent": 100..200, "palette": "viridis"|"blues"}
std::string look_json(const AppState & state);

// Applies each field of a kept look that is valid and leaves the others as they are: a value
// from another version, or edited by hand, must not stop the page. False when the text is not a
// JSON object at all.
bool apply_look_json(AppState & state, std::string_view json);

} // namespace attn

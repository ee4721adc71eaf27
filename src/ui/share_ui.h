// The UI side of sharing: the Share menu (copy link, exports), embed mode (one panel
// filling the window, no menu bar), the window that explains a link that could not be applied as
// written, and remembering which panel the link should name.
#pragma once
#include "ui/state/app_state.h"

namespace attn {

void draw_share_menu(AppState & state);       // inside the main menu bar
void draw_embedded_panel(AppState & state);   // instead of the menu bar and every other panel
void draw_link_message(AppState & state);     // share.link_message / notice, when there is one
void remember_focused_panel(AppState & state);  // share.panel follows the window the user works in

} // namespace attn

// The app's keyboard shortcuts, so that every task the mouse does has a key, and `?` lists them:
//   ?        the shortcut sheet          1 / 2 / 3  encoder self- / decoder masked self- / cross-attention
//   [ / ]    previous / next layer       , / .      previous / next head (past the first: the mean)
//   m        the mean over heads         c          move to the heatmap's cells (then the arrows, Enter)
//   s        the step-through            t          the Train panel
// They are typed characters, not key codes, so they follow the reader's keyboard layout; they do
// nothing while a text field has the keyboard (the sentence box, a number being typed).
#pragma once
#include "ui/state/app_state.h"

namespace attn {

// Acts on this frame's typed characters; returns whether any was a shortcut.
bool handle_shortcuts(AppState & state);

// The sheet, while state.show_shortcuts is set.
void draw_shortcut_sheet(AppState & state);

} // namespace attn

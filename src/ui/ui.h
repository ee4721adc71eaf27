// The UI root: main menu bar plus every panel, drawn once per frame from AppState.
#pragma once
#include "ui/state/app_state.h"

namespace attn {

void draw_ui(AppState & state);

// A panel's window title in the interface language, with its id as the window's identity
// ("翻譯###translate"), so the window keeps its place when the language changes. ids as links
// name the panels: translate, attention, step, architecture, compare, image, train, about.
const char * panel_title(const char * id);

// Panels: one file each under ui/panels/.
void draw_panel_translate(AppState & state);
void draw_panel_attention(AppState & state);
void draw_panel_step(AppState & state);
void draw_panel_architecture(AppState & state);
void draw_panel_compare(AppState & state);
void draw_panel_image(AppState & state);
void draw_panel_train(AppState & state);
void draw_panel_about(AppState & state);

} // namespace attn

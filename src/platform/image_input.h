// How a picture gets into the Image panel, which differs by target:
//   web     the page's file chooser (<input type=file>, opened from the panel's button), a file
//           dropped anywhere on the page, or an image pasted (the page's paste event); web/app.js
//           hands the bytes to attn_image_upload (main_web.cpp)
//   native  a file dropped on the window (SDL_DROPFILE, Platform::take_dropped_files),
//           `attn_app --image FILE`, or a path typed into the panel. No chooser (SDL 2 has none)
//           and no pasting: SDL 2's clipboard carries text only.
#pragma once

namespace attn {

// Web only: true. Natively the panel shows a path box instead.
bool image_chooser_available();
// Asks the page to open its file chooser; the chosen file arrives later through the upload hook.
void open_image_chooser();
// Web only: true.
bool image_paste_available();

} // namespace attn

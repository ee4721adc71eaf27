#include "platform/image_input.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace attn {

#if defined(__EMSCRIPTEN__)

bool image_chooser_available() { return true; }
// The click comes from an ImGui button, i.e. inside the frame after the mouse event: still within
// the browser's user-activation window, so the page may open the chooser.
void open_image_chooser() { EM_ASM({ if (window.attnChooseImage) window.attnChooseImage(); }); }
bool image_paste_available() { return true; }

#else

bool image_chooser_available() { return false; }
void open_image_chooser() {}
bool image_paste_available() { return false; }

#endif

} // namespace attn

// The web app's side of sharing, after each frame: "Copy link" and exports go to
// web/app.js (clipboard, Blob download), and the host page hears about each new translation
// (the postMessage API's attn:translated). Browser only: compiled into attn_web.
#pragma once
#include "ui/state/app_state.h"

namespace attn {

void service_share_requests_in_browser(AppState & state);

} // namespace attn

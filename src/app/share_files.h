// The native app's side of the Share menu: "Copy link" puts the link on the system clipboard (and
// prints it), exports are written to the working directory. Called after each frame.
#pragma once
#include "ui/state/app_state.h"

#include <string>

namespace attn {

// The address a native link is built on: the playground's page (web/index.html) as served by ./play.
constexpr const char * kNativeLinkBase = "http://127.0.0.1:8080/";

void service_share_requests_with_files(AppState & state);

} // namespace attn

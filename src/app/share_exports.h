// The Share menu's exports, from what is on screen (AppState): the bytes, a file name and a MIME
// type. The web app downloads them (main_web.cpp → web/app.js), the native app writes them to the
// working directory (share_files.h).
#pragma once
#include "core/status.h"
#include "ui/state/app_state.h"

#include <string>

namespace attn {

struct ExportFile {
    std::string name, mime, bytes;
};

// what: "png" (the selected map as shown), "json" and "npz" (every map of the last translation),
// "npy" (every map of the selected kind). Fails with a message when there is nothing to export.
Status make_export(const AppState & state, const std::string & what, ExportFile * out);

} // namespace attn

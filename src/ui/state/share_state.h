// Sharing state: embed mode, what a link said about itself, and the requests the Share
// menu makes that only the platform can carry out (copy to the clipboard, download or write a
// file). Part of AppState; the URL fragment itself is app/url_state.h.
#pragma once
#include "core/message.h"

#include <string>
#include <vector>

namespace attn {

struct ShareState {
    // ?embed=1 (web) or --embed (native): no menu bar, one panel filling the window.
    bool embed = false;
    // The panel a link names: in embed mode the only one drawn; otherwise the one last focused.
    std::string panel = "attention";
    // Whether the window shows a translation: everything but an embedded Image, Train or About panel,
    // which then loads no translator and says nothing of one.
    bool shows_translation() const { return !embed || (panel != "image" && panel != "about" && panel != "train"); }
    // What the last link (address bar, host page) did wrong or had to change, for the user, a
    // line each; empty when it applied as written. Shown in a small window until dismissed.
    std::vector<Message> link_message;
    // Set by the Share menu, taken by the platform code after the frame (main_web.cpp, share_files.h).
    bool copy_link_requested = false;
    std::string export_request;  // "png", "json", "npz" or "npy"; empty when none
    std::vector<Message> notice;  // the last action's result ("Link copied", "Wrote attention.png"), a line each
};

} // namespace attn

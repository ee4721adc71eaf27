#include "app/share_web.h"

#include "app/share_exports.h"
#include "app/url_state_apply.h"

#include <emscripten.h>

namespace attn {

namespace {

// A translation counts as new when any of these changed; milliseconds differs between runs, so a
// repeated run of the same sentence is announced too (the host asked for it).
std::string translation_key(const TranslationState & t) {
    return t.sentence + '\x1f' + t.display + '\x1f' + std::to_string(t.model) + '\x1f' + std::to_string(t.milliseconds) + '\x1f' +
           english(t.error);
}

} // namespace

void service_share_requests_in_browser(AppState & s) {
    if (s.share.copy_link_requested) {
        s.share.copy_link_requested = false;
        const std::string hash = format_url_state(url_state_of(s));
        // The menu click is a user gesture, so the page may still write the clipboard now.
        EM_ASM({ if (window.attnCopyLink) window.attnCopyLink(UTF8ToString($0)); }, hash.c_str());
        s.share.notice = {{N_("Link copied: paste it anywhere to reopen this view"), {}}};
    }
    if (!s.share.export_request.empty()) {
        const std::string what = s.share.export_request;
        s.share.export_request.clear();
        ExportFile f;
        if (Status st = make_export(s, what, &f); !st) {
            s.share.notice = {{N_("Export failed:"), {}}, st.said};
        } else {
            EM_ASM({ if (window.attnDownload) window.attnDownload(UTF8ToString($0), UTF8ToString($1), HEAPU8.slice($2, $2 + $3)); },
                   f.name.c_str(), f.mime.c_str(), f.bytes.data(), int(f.bytes.size()));
            s.share.notice = {{N_("Downloaded {0}"), {f.name}}};
        }
    }
    static std::string last_translation;
    if (s.translation.ready || !s.translation.error.empty()) {
        std::string key = translation_key(s.translation);
        if (key != last_translation) {
            last_translation = std::move(key);
            EM_ASM({ if (window.attnTranslated) window.attnTranslated(); });
        }
    }
}

} // namespace attn

#include "app/share_files.h"

#include "share/export_files.h"
#include "app/share_exports.h"
#include "app/url_state_apply.h"

#include <imgui.h>

#include <cstdio>

namespace attn {

void service_share_requests_with_files(AppState & s) {
    if (s.share.copy_link_requested) {
        s.share.copy_link_requested = false;
        const std::string link = std::string(kNativeLinkBase) + "#" + format_url_state(url_state_of(s));
        ImGui::SetClipboardText(link.c_str());  // SDL's clipboard: the system one natively
        std::printf("link: %s\n", link.c_str());
        std::fflush(stdout);
        s.share.notice = {{N_("Link copied to the clipboard:"), {}}, {link, {}}};
    }
    if (!s.share.export_request.empty()) {
        const std::string what = s.share.export_request;
        s.share.export_request.clear();
        ExportFile f;
        Status st = make_export(s, what, &f);
        if (st) st = write_bytes_file(f.name, f.bytes);
        if (st) s.share.notice = {{N_("Wrote {0} ({1} bytes) in the working directory"), {f.name, std::to_string(f.bytes.size())}}};
        else s.share.notice = {{N_("Export failed:"), {}}, st.said};
    }
}

} // namespace attn

// Version, build and renderer facts: what a bug report needs, and proof of which path runs.
#include "core/build_info.h"
#include "platform/fetch_file.h"
#include "ui/i18n.h"
#include "ui/threads_text.h"
#include "ui/ui.h"
#include "ui/widgets/text_width.h"

#include <imgui.h>

#include <algorithm>

namespace attn {

static const char * fetch_source_text(FetchSource source) {
    switch (source) {
        case FetchSource::Downloaded: return tr("downloaded, its SHA-256 checked, kept in this browser");
        case FetchSource::FromCache: return tr("from this browser's cache, its SHA-256 checked: nothing downloaded");
        case FetchSource::StaleCacheReplaced: return tr("the cached copy did not match its SHA-256: deleted and downloaded again");
        case FetchSource::NotCached: return tr("downloaded and checked, but this browser would not keep it (storage full?)");
        case FetchSource::Unverified: return tr("downloaded as served (no published hash, or no way to check it here)");
    }
    return "";
}

static void row(const char * key, const char * value) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", tr(key));
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", value);
}

void draw_panel_about(AppState & s) {
    const ImGuiViewport * vp = ImGui::GetMainViewport();
    const float top = vp->Pos.y + ImGui::GetFrameHeight() + 16;
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x - 16, top),
                            ImGuiCond_FirstUseEver, ImVec2(1.0f, 0.0f));
    ImGui::SetNextWindowSize(ImVec2(std::min(text_width(480), vp->WorkSize.x - 32), 0), ImGuiCond_FirstUseEver);  // a phone: its width less a margin
    // As tall as its text, but never past the screen (large text): beyond that it scrolls.
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(vp->WorkSize.x, std::max(100.0f, vp->WorkPos.y + vp->WorkSize.y - top - 16)));
    if (!ImGui::Begin(panel_title("about"), &s.show_about)) { ImGui::End(); return; }

    ImGui::TextUnformatted(tr("Attention Playground"));
    ImGui::TextWrapped(tr("See attention at work on your own sentence: every number on screen comes "
                          "from a trained model running here, in this %s build."), build_kind());
    ImGui::Separator();
    if (ImGui::BeginTable("about", 2, ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("key");  // i18n: not drawn (no header row)
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);  // i18n: not drawn
        row(N_("Version"), version());
        row(N_("Build"), build_kind());
        row("SIMD", simd_compiled() ? simd_isa() : tr("not compiled in (scalar kernels only)"));
        row(N_("Compiler"), compiler());
        row(N_("GL renderer"), s.gl_renderer.c_str());
        row(N_("GL version"), s.gl_version.c_str());
        row("Dear ImGui", ImGui::GetVersion());
        row(N_("Fonts"), s.font_status.c_str());
        row(N_("Threads"), threads_details().c_str());
        if (!s.translation.weights_storage.empty()) row(N_("Translator weights"), s.translation.weights_storage.c_str());
        for (const FetchRecord & r : fetch_records()) {  // where each model of this visit came from
            const std::string line = r.file + ": " + fetch_source_text(r.source);
            row(N_("Model"), line.c_str());
        }
        char fps[64];
        snprintf(fps, sizeof fps, tr("%.1f FPS (%.2f ms/frame)"), ImGui::GetIO().Framerate,
                 1000.0f / ImGui::GetIO().Framerate);
        row(N_("Frame rate"), fps);
        ImGui::EndTable();
    }
    ImGui::End();
}

} // namespace attn

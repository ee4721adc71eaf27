#include "ui/share_ui.h"

#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/tour.h"
#include "ui/ui.h"

#include <imgui.h>
#include <imgui_internal.h>  // the focused window, for remember_focused_panel

#include <algorithm>
#include <cstring>

namespace attn {

namespace {

// Panel ids as links name them, and how to draw them (their titles: panel_title, ui.h).
struct PanelEntry {
    const char * id;
    void (*draw)(AppState &);
};
const PanelEntry kPanels[] = {
    {"translate", draw_panel_translate},
    {"attention", draw_panel_attention},
    {"step", draw_panel_step},
    {"architecture", draw_panel_architecture},
    {"compare", draw_panel_compare},
    {"image", draw_panel_image},
    {"train", draw_panel_train},
    {"about", draw_panel_about},
};

const PanelEntry * find_panel(const std::string & id) {
    for (const PanelEntry & p : kPanels)
        if (id == p.id) return &p;
    return nullptr;
}

} // namespace

void draw_share_menu(AppState & s) {
    if (!ImGui::BeginMenu(tr_id("Share", "share"))) return;
    if (ImGui::MenuItem(tr_id("Copy link to this view", "copy_link"))) s.share.copy_link_requested = true;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("A link that reopens this panel, sentence, model, attention kind, layer, head and token"));
    ImGui::Separator();
    const bool have = s.translation.ready && !s.translation.trace.maps.empty();
    if (ImGui::MenuItem(tr_id("Export this attention view as PNG", "png"), nullptr, false, have)) s.share.export_request = "png";
    if (ImGui::MenuItem(tr_id("Export every attention map as JSON", "json"), nullptr, false, have)) s.share.export_request = "json";
    if (ImGui::MenuItem(tr_id("Export every attention map as NumPy .npz", "npz"), nullptr, false, have)) s.share.export_request = "npz";
    if (ImGui::MenuItem(tr_id("Export this kind's maps as NumPy .npy", "npy"), nullptr, false, have)) s.share.export_request = "npy";
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("One float32 array shaped (layers, heads, rows, cols)"));
    ImGui::EndMenu();
}

void draw_embedded_panel(AppState & s) {
    const PanelEntry * p = find_panel(s.share.panel);
    if (!p) p = &kPanels[1];  // parse_url_state only lets known ids through; this is the fallback
    // The panel's own place_next_window() fills the viewport while this is on, every frame, so the
    // window follows the iframe's size.
    // A tour step leaves its box room below the panel.
    const float below = s.tour.step >= 0 ? docked_tour_height() : 0.0f;
    set_fill_viewport(true, below);
    const ImGuiViewport * vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos, ImGuiCond_Always);  // for panels that do not place themselves
    ImGui::SetNextWindowSize(ImVec2(vp->WorkSize.x, std::max(100.0f, vp->WorkSize.y - below)), ImGuiCond_Always);
    bool * open = s.panel_flag(p->id);
    if (open) *open = true;
    p->draw(s);
    if (open) *open = true;  // its close button would leave an empty iframe
    set_fill_viewport(false);
}

void draw_link_message(AppState & s) {
    std::vector<Message> & lines = !s.share.link_message.empty() ? s.share.link_message : s.share.notice;
    if (lines.empty()) return;
    const ImGuiViewport * vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->WorkPos.x + vp->WorkSize.x - 12, vp->WorkPos.y + vp->WorkSize.y - 12), ImGuiCond_Always,
                            ImVec2(1, 1));
    ImGui::SetNextWindowBgAlpha(0.92f);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    if (ImGui::Begin("##link_message", nullptr, flags)) {
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
        for (const Message & m : lines) ImGui::TextUnformatted(tr_message(m).c_str());
        ImGui::PopTextWrapPos();
        if (ImGui::SmallButton(tr_id("OK", "ok"))) lines.clear();
    }
    ImGui::End();
}

void remember_focused_panel(AppState & s) {
    const ImGuiWindow * w = ImGui::GetCurrentContext()->NavWindow;
    if (!w || !w->RootWindow) return;
    // A panel's window is "<title in the interface language>###<id>".
    const char * name = std::strstr(w->RootWindow->Name, "###");
    for (const PanelEntry & p : kPanels)
        if (name && std::strcmp(name + 3, p.id) == 0) s.share.panel = p.id;
}

} // namespace attn

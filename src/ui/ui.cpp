#include "ui/ui.h"

#include "core/printf_string.h"
#include "ui/i18n.h"
#include "ui/share_ui.h"
#include "ui/shortcuts.h"
#include "ui/tour.h"

#include <imgui.h>
#include <imgui_internal.h>  // the window list, back to front

#include <cstring>

namespace attn {

const char * panel_title(const char * id) {
    struct Title { const char * id, * english; };
    static const Title kTitles[] = {
        {"translate", N_("Translate")},
        {"attention", N_("Attention")},
        {"step", N_("Step-through: one attention row, computed")},
        {"architecture", N_("Architecture")},
        {"compare", N_("Compare: one sentence, three translators")},
        {"image", N_("Image: where a CNN looks")},
        {"train", N_("Train: watch attention learn")},
        {"about", N_("About")},
    };
    for (const Title & t : kTitles)
        if (!std::strcmp(t.id, id)) return tr_id(t.english, t.id);
    return id;
}

// Each language's name in that language, so a reader finds their own whatever is showing.
static void draw_language_menu(AppState & s) {
    if (!ImGui::BeginMenu(tr_id("Language", "language"))) return;
    for (UiLanguage l : {UiLanguage::English, UiLanguage::TraditionalChinese})
        if (ImGui::MenuItem(ui_language_name(l), nullptr, s.ui_language == l)) s.ui_language = l;
    if (!s.catalogue_status.empty()) ImGui::TextDisabled("%s", s.catalogue_status.c_str());
    ImGui::EndMenu();
}

static void draw_main_menu_bar(AppState & s) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu(tr_id("View", "view"))) {
        ImGui::MenuItem(tr_id("Translate", "translate"), nullptr, &s.show_translate);
        ImGui::MenuItem(tr_id("Attention", "attention"), nullptr, &s.show_attention);
        ImGui::MenuItem(tr_id("Step-through", "step"), nullptr, &s.show_step);
        ImGui::MenuItem(tr_id("Architecture", "architecture"), nullptr, &s.show_architecture);
        ImGui::MenuItem(tr_id("Compare: RNN vs. attention vs. Transformer", "compare"), nullptr, &s.show_compare);
        ImGui::MenuItem(tr_id("Image: where a CNN looks", "image"), nullptr, &s.show_image);
        ImGui::MenuItem(tr_id("Train: watch attention learn", "train"), nullptr, &s.show_train);
        ImGui::MenuItem(tr_id("About", "about"), nullptr, &s.show_about);
        ImGui::Separator();
        ImGui::MenuItem(tr_id("Light theme", "light"), nullptr, &s.light_theme);
        if (ImGui::BeginMenu(tr_id("Size of text and controls", "size"))) {
            for (int percent : AppState::kUiScales)
                if (ImGui::MenuItem(printf_string("%d%%", percent).c_str(), nullptr, s.ui_scale_percent == percent))
                    s.ui_scale_percent = percent;
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu(tr_id("Attention colours", "palette"))) {
            if (ImGui::MenuItem(tr("Viridis (readable with colour blindness)"), nullptr, s.attention_palette == AttentionPalette::Viridis))
                s.attention_palette = AttentionPalette::Viridis;
            if (ImGui::MenuItem(tr("Blues (white to dark blue)"), nullptr, s.attention_palette == AttentionPalette::Blues))
                s.attention_palette = AttentionPalette::Blues;
            ImGui::EndMenu();
        }
        ImGui::EndMenu();
    }
    draw_language_menu(s);
    draw_share_menu(s);
    if (ImGui::MenuItem(tr_id("Tour", "tour"))) open_tour_step(s, s.tour.step >= 0 ? s.tour.step : 0);
    if (ImGui::BeginMenu(tr_id("Help", "help"))) {
        ImGui::MenuItem(tr_id("Keyboard shortcuts", "shortcuts"), "?", &s.show_shortcuts);
        ImGui::MenuItem(tr_id("About Attention Playground", "about_app"), nullptr, &s.show_about);
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

// The browser lays a real <input> over the sentence box (web/app.js), and a DOM element is always
// above the canvas: when a window drawn above Translate (Compare, Architecture, a popup) covers
// the box, the box is reported as not drawn so the <input> hides instead of floating over it.
static void forget_covered_sentence_box(AppState & s) {
    const WidgetRect r = s.sentence_rect;
    ImGuiWindow * translate = ImGui::FindWindowByName("###translate");
    if (r.w <= 0 || !translate) return;
    const ImRect box(r.x, r.y, r.x + r.w, r.y + r.h);
    bool above = false;
    for (ImGuiWindow * w : ImGui::GetCurrentContext()->Windows) {
        if (w == translate) above = true;
        // WasActive: not ImGui's implicit "Debug##Default" window, active only while a frame is built.
        else if (above && w->Active && w->WasActive && !w->Hidden && w->RootWindow != translate && w->Rect().Overlaps(box)) {
            s.sentence_rect = {};
            return;
        }
    }
}

void draw_ui(AppState & s) {
    set_ui_language(s.ui_language);
    set_attention_palette(s.attention_palette);
    if (s.share.embed) {  // ?embed=1: one panel, no menu bar (share_ui.h)
        draw_embedded_panel(s);
        draw_tour(s);
        draw_link_message(s);
        forget_covered_sentence_box(s);
        return;
    }
    handle_shortcuts(s);
    draw_main_menu_bar(s);
    if (s.show_translate) draw_panel_translate(s);
    if (s.show_attention) draw_panel_attention(s);
    if (s.show_step) draw_panel_step(s);
    if (s.show_architecture) draw_panel_architecture(s);
    if (s.show_compare) draw_panel_compare(s);
    if (s.show_image) draw_panel_image(s);
    if (s.show_train) draw_panel_train(s);
    if (s.show_about) draw_panel_about(s);
    draw_shortcut_sheet(s);
    draw_tour(s);
    draw_link_message(s);
    remember_focused_panel(s);
    forget_covered_sentence_box(s);
}

} // namespace attn

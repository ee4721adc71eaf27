// Everything the UI shows or lets the user choose, in one plain struct (imgui_demo / Tracy style).
// Panels read and write it; the models never see it. Later issues add model, attention-view and
// backend selections here, and the URL-state code serialises exactly this struct.
#pragma once
#include <string>
#include <string_view>

namespace attn {

struct WidgetRect { float x = 0, y = 0, w = 0, h = 0; };  // in CSS/window pixels, for tests and overlays

struct AppState {
    // Input. Capped because a pasted book must not freeze the UI or the models; the cap is shown.
    static constexpr size_t kMaxSentenceChars = 500;
    std::string sentence = "The black cat sat on the mat.";
    bool sentence_was_truncated = false;
    bool sentence_set_from_outside = false;  // the box must drop its own edit buffer and show this

    // Repairs invalid UTF-8 and applies the cap; used for typed, pasted and host-provided text.
    void set_sentence(std::string_view text, bool from_outside);

    // Windows.
    bool show_sentence = true;
    bool show_about = false;
    bool show_imgui_demo = false;

    // Facts shown in About, filled by the app at start-up.
    std::string gl_renderer, gl_version, font_status;
    long long frame_count = 0;

    // Where the sentence box is drawn: the browser test clicks it, the IME bridge will overlay it.
    WidgetRect sentence_rect;
};

} // namespace attn

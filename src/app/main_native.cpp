// Native entry point: a window with the app, or N frames and a screenshot for looking at it
// from scripts (e.g. `xvfb-run build/native/attn_app --frames 30 --screenshot shot.png`).
#include "app/app.h"
#include "app/share_files.h"
#include "app/url_state_apply.h"
#include "core/parallel.h"
#include "io/png_write.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

static void usage() {
    std::puts("usage: attn_app [--frames N] [--screenshot out.png] [--size WxH] [--hidden] [--about] [--compare] [--image FILE]\n"
              "  --frames N         quit after N frames (default: run until the window is closed)\n"
              "  --screenshot PATH  save the last frame as PNG (needs --frames)\n"
              "  --size WxH         window size in points (default 1280x800)\n"
              "  --hidden           do not show the window (with SDL_VIDEODRIVER=offscreen no X is needed)\n"
              "  --about            open the About panel\n"
              "  --shortcuts        open the keyboard shortcut sheet (also: press ?)\n"
              "  --sentence TEXT    translate TEXT instead of the default sentence\n"
              "  --model N          0: English → Chinese (default), 1: English → German\n"
              "  --import FILE      translate with a model file made by this project (a Transformer or an RNN, e.g.\n"
              "                     one the Train panel exported), as the Train panel's Import does\n"
              "  --kind K           attention shown: encoder, decoder or cross (default)\n"
              "  --layer L --head H layer and head (head -1: mean over heads)\n"
              "  --view V           heatmap (default), model or lines\n"
              "  --architecture     open the Architecture panel\n"
              "  --compare          open the Compare panel (RNNencdec, RNNsearch and Transformer side by side)\n"
              "  --image FILE       open the Image panel on a picture (PNG, JPEG, BMP or GIF)\n"
              "  --image-sample N   open the Image panel on test image N of its gallery (0-99)\n"
              "  --link FRAGMENT    open a shared link's view (the part after '#', e.g. \"panel=step&layer=1\");\n"
              "                     applied after the options above\n"
              "  --embed            embed mode: no menu bar, only the link's panel (default attention)\n"
              "  --lang L           interface language: en or zh-TW (default: from LANG)\n"
              "  --saved-runs DIR   keep the Train panel's run in DIR, and offer to resume one found there\n"
              "  --threads N        split the kernels' large products over N threads (default: every core)");
}

int main(int argc, char ** argv) {
    attn::AppOptions opts;
    long long max_frames = -1;
    std::string screenshot;
    bool open_about = false, open_architecture = false, open_compare = false, open_shortcuts = false;
    std::string sentence, kind = "cross", view = "heatmap", image, import;
    int image_sample = -1;
    std::string link;
    bool embed = false;
    std::string lang;  // empty: from LANG
    int model = 0, layer = 0, head = -1;
    int threads = attn::hardware_threads();  // an interactive app has the machine to itself
    for (int i = 1; i < argc; i++) {
        const char * a = argv[i];
        const bool has_value = i + 1 < argc;
        if (!std::strcmp(a, "--frames") && has_value) max_frames = std::atoll(argv[++i]);
        else if (!std::strcmp(a, "--screenshot") && has_value) screenshot = argv[++i];
        else if (!std::strcmp(a, "--size") && has_value) std::sscanf(argv[++i], "%dx%d", &opts.platform.width, &opts.platform.height);
        else if (!std::strcmp(a, "--hidden")) opts.platform.hidden = true;
        else if (!std::strcmp(a, "--about")) open_about = true;
        else if (!std::strcmp(a, "--shortcuts")) open_shortcuts = true;
        else if (!std::strcmp(a, "--architecture")) open_architecture = true;
        else if (!std::strcmp(a, "--compare")) open_compare = true;
        else if (!std::strcmp(a, "--sentence") && has_value) sentence = argv[++i];
        else if (!std::strcmp(a, "--model") && has_value) model = std::atoi(argv[++i]);
        else if (!std::strcmp(a, "--import") && has_value) import = argv[++i];
        else if (!std::strcmp(a, "--kind") && has_value) kind = argv[++i];
        else if (!std::strcmp(a, "--layer") && has_value) layer = std::atoi(argv[++i]);
        else if (!std::strcmp(a, "--head") && has_value) head = std::atoi(argv[++i]);
        else if (!std::strcmp(a, "--view") && has_value) view = argv[++i];
        else if (!std::strcmp(a, "--image") && has_value) image = argv[++i];
        else if (!std::strcmp(a, "--image-sample") && has_value) image_sample = std::atoi(argv[++i]);
        else if (!std::strcmp(a, "--link") && has_value) link = argv[++i];
        else if (!std::strcmp(a, "--embed")) embed = true;
        else if (!std::strcmp(a, "--lang") && has_value) lang = argv[++i];
        else if (!std::strcmp(a, "--saved-runs") && has_value) opts.saved_runs_dir = argv[++i];
        else if (!std::strcmp(a, "--threads") && has_value) threads = std::atoi(argv[++i]);
        else { usage(); return std::strcmp(a, "--help") ? 2 : 0; }
    }
    if (!screenshot.empty() && max_frames <= 0) {
        std::fprintf(stderr, "--screenshot needs --frames N\n");
        return 2;
    }

    attn::set_compute_threads(threads);
    attn::App app;
    if (!app.init(opts)) {
        std::fprintf(stderr, "attn_app: %s\n", app.error().c_str());
        return 1;
    }
    attn::AppState & st = app.state();
    if (lang.empty()) {
        const char * env = std::getenv("LANG");
        st.ui_language = attn::ui_language_from_locale(env ? env : "");
    } else if (!attn::parse_ui_language(lang, &st.ui_language)) {
        std::fprintf(stderr, "attn_app: --lang %s: use en or zh-TW\n", lang.c_str());
        return 2;
    }
    st.show_about = open_about;
    st.show_shortcuts = open_shortcuts;
    st.show_architecture = open_architecture;
    st.show_compare = open_compare;
    if (!sentence.empty()) st.set_sentence(sentence, /*from_outside=*/true);
    st.model = model;
    st.attention.kind = kind == "encoder" ? attn::AttentionKind::EncoderSelf
                        : kind == "decoder" ? attn::AttentionKind::DecoderSelf : attn::AttentionKind::Cross;
    st.attention.layer = layer;
    st.attention.head = head;
    st.attention.request_view = view == "model" ? 1 : view == "lines" ? 2 : 0;
    st.request_translation(-1e9);
    if (!import.empty()) {  // taken at the first frame, as the Train panel's Import button is
        st.train.import_path = import;
        st.train.import_requested = true;
    }
    if (!image.empty()) app.images().upload_file(st, image);  // a bad file: the panel says why
    if (image_sample >= 0) {
        st.show_image = true;
        st.image.gallery_request = image_sample;
    }
    st.share.embed = embed;
    if (!link.empty()) {
        const auto config_of = [&](int) -> const attn::TransformerConfig * {
            const attn::Translator * t = app.translator().current(st);
            return t && t->is_transformer() ? &t->model().config() : nullptr;
        };
        if (!attn::apply_url_fragment(link, config_of, &st)) std::fprintf(stderr, "attn_app: %s\n", english_lines(st.share.link_message).c_str());
    }
    app.set_always_draw(max_frames > 0);  // a scripted run draws every one of its N frames
    for (long long n = 0; max_frames < 0 || n < max_frames; n++) {
        if (n + 1 == max_frames && !screenshot.empty()) app.platform().capture_next_frame();
        if (!app.frame()) break;
        if (n == 0 && !import.empty() && st.train.message_is_error)
            std::fprintf(stderr, "attn_app: --import %s: %s\n", import.c_str(), english(st.train.message).c_str());
        attn::service_share_requests_with_files(st);  // Share menu: clipboard, exported files
    }
    int rc = 0;
    if (!screenshot.empty()) {
        const attn::FramePixels & px = app.platform().captured();
        std::string err;
        if (!attn::write_png(screenshot, px.width, px.height, px.rgba.data(), &err)) {
            std::fprintf(stderr, "attn_app: %s\n", err.c_str());
            rc = 1;
        }
    }
    app.shutdown();
    return rc;
}

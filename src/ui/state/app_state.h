// Everything the UI shows or lets the user choose, in one plain struct (imgui_demo / Tracy style).
// Panels read and write it; the models never see it; the URL state and the state JSON are made
// from it. ui/state/ holds it and its parts, plain data without ImGui, each named *State
// (CompareState, ImageState, ShareState, TranslationState); a "view" is a widget (ui/widgets/).
#pragma once
#include "models/decode_stop.h"
#include "models/rnn_config.h"
#include "nn/transformer_config.h"
#include "ui/backend_choice.h"
#include "nn/attention_trace.h"
#include "ui/i18n.h"
#include "ui/state/compare_state.h"
#include "ui/state/image_state.h"
#include "ui/state/share_state.h"
#include "ui/state/tour_state.h"
#include "ui/state/train_state.h"
#include "ui/widgets/color_scale.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn {

struct WidgetRect { float x = 0, y = 0, w = 0, h = 0; };  // in CSS/window pixels, for tests and overlays

// Which attention the views show. Rows are queries (the position attending), columns keys.
enum class AttentionKind : int { EncoderSelf = 0, DecoderSelf = 1, Cross = 2 };
const char * attention_kind_id(AttentionKind k);     // "encoder_self", "decoder_self", "cross" (trace names)
const char * attention_kind_label(AttentionKind k);  // for people

struct AttentionSelection {
    AttentionKind kind = AttentionKind::Cross;
    int layer = 0;
    int head = -1;       // -1: the mean over heads
    int query = 0;       // the query row the step-through explains
    int highlight_row = -1, highlight_col = -1;
    bool show_gold = true;
    int view = 0;        // 0 heatmap, 1 model view (all layers × heads), 2 lines
    bool words = false;  // a subword model's maps with each word's pieces merged (AppState::translation_words)
    int request_view = -1;  // set to open a view's tab on the next frame (command line, host API)
    bool focus_heatmap = false;  // the heatmap takes the keyboard on the next frame (ui/shortcuts.h)
};

// An example sentence per grammar phenomenon, with the corpus's gold alignments.
struct ExampleSentence {
    std::string tag, english;
    std::string reference[2], alignment[2];  // per model: 0 zh_TW, 1 de
};

// The last translation and everything recorded while computing it. Filled by the app, read by
// the panels.
struct TranslationState {
    bool ready = false;
    Message error;                           // a message for the user, when translation failed
    std::string sentence;                    // the text it is for
    int model = 0;
    std::vector<std::string> encoder_tokens; // source words, then </s>
    std::vector<bool> unknown;               // per source word: not in the vocabulary
    bool truncated = false;
    // What to tell the visitor about the input (text/sentence_notice.h, models/translator.h):
    // `sentence` 0 for the sentence shown, i > 0 for sentence i of pasted text.
    struct Notice {
        int sentence = 0;
        Message message;
    };
    std::vector<Notice> notices;
    std::vector<std::string> english_notices() const;  // "Sentence 2: …" for the others (JSON, tests)
    std::vector<std::string> decoder_inputs; // <s>, then the output tokens: the decoder's positions
    std::vector<std::string> outputs;        // the token written at each decoder position, ending in </s>
    std::string display;                     // the translation as text (of the picked sentence)
    // Pasted text is translated sentence by sentence; everything above is for one of them.
    std::vector<std::string> sentences, sentence_translations;
    int sentence_index = 0;
    std::string paragraph_display;           // every sentence's translation, joined
    DecodeStop stopped = DecodeStop::Eos;    // why decoding ended (a cap is also a notice)
    int repeats_avoided = 0;                 // repetitions the decoder turned down (also a notice)
    AttentionTrace trace;
    TransformerConfig config;
    // An RNN translator (the Train panel's, or imported): RNNsearch's one map is its alignment α,
    // kept as "cross" layer 0 head 0 (config: one layer of one head) beside the scores e_ij it was
    // softmaxed from ("alignment_energy"); RNNencdec has no map, only C.
    bool rnn = false;
    RnnConfig rnn_config;
    std::vector<float> context_c;            // an RNN's C: the encoder's last forward state
    double milliseconds = 0;
    // Gold alignment (source word, target word) when the sentence is a corpus example and the
    // output equals its reference; in (row = output position, col = source position) form.
    std::vector<std::pair<int, int>> gold_sure, gold_possible;
    // The cross-attention head trained to follow the gold alignment (guided alignment), or -1.
    int guided_layer = -1, guided_head = -1;
    // A subword model reads and writes pieces; then the tokens above are pieces, and each one's
    // word (an index into AppState::translation_words' tokens) is here: encoder positions, then
    // output positions.
    bool pieces = false;
    // How the model file stored its weights ("F32", "F16", "I8 + F16"): the timing line and About say it.
    std::string weights_storage;
    std::vector<int> encoder_word_of, output_word_of;
};

struct AppState {
    // The interface language (ui/i18n.h): chosen in the View menu, by lang= in a link, by the host
    // page, or from the browser's or the system's language. Switching keeps everything else.
    UiLanguage ui_language = UiLanguage::English;
    std::string catalogue_status;  // why the catalogues did not load, or empty
    // The attention colour scale (ui/widgets/color_scale.h): viridis, which stays readable for
    // colour-blind readers, or the earlier Blues; chosen in the View menu.
    AttentionPalette attention_palette = AttentionPalette::Viridis;
    // The light theme (ui/theme.h): the View menu, or the browser's prefers-color-scheme.
    bool light_theme = false;
    // Text and controls grow together (View > Size of text and controls), by this percentage of
    // their normal size, on top of the screen's own scale (a browser's zoom, a dense display).
    static constexpr int kUiScales[] = {100, 125, 150, 175, 200};
    int ui_scale_percent = 100;

    // Input. Capped because a pasted book must not freeze the UI or the models; the cap is shown.
    // Pasted paragraphs are split into sentences, each within the model's own limit.
    static constexpr size_t kMaxSentenceChars = 1500;
    std::string sentence = "the girl who bought a red dress yesterday is my sister";
    bool sentence_was_truncated = false;
    bool sentence_set_from_outside = false;  // the box must drop its own edit buffer and show this

    // Repairs invalid UTF-8 and applies the cap; used for typed, pasted and host-provided text.
    void set_sentence(std::string_view text, bool from_outside);

    // Translation: models the app found, the one in use, how to decode, when to run.
    std::vector<std::string> model_names;    // e.g. "English → 中文 (台灣)"
    int model = 0;
    // The chosen translator while the web app downloads it (empty once it is in), with how much
    // has arrived (0..1, or -1 while the size is unknown); after a failed download the panel
    // offers to try again.
    Message translator_loading;
    float translator_progress = -1.0f;
    bool translator_can_retry = false;
    bool translator_retry_requested = false;
    int beam = 1;                            // 1: greedy
    int sentence_pick = 0;                   // of pasted text, the sentence whose maps are shown
    bool translate_requested = true;
    double edit_time = 0;                    // seconds (ImGui time) of the last edit, for debouncing
    std::vector<std::string> vocabulary;     // the current model's source words, for the browser
    std::vector<std::string> target_words;   // its target vocabulary by id, to name alternatives
    std::vector<ExampleSentence> examples;
    TranslationState translation;
    // With a subword model: the same translation with each word's pieces merged into one row and
    // column (nn/attention_merge.h: keys summed, queries averaged), words along the axes.
    TranslationState translation_words;
    AttentionSelection attention;
    void request_translation(double now) { translate_requested = true; edit_time = now; }
    // The compute backend the translator runs on (Translate panel), and what the app reports about
    // it: availability, fallback notice, parity against the CPU, the last run's per-op timing.
    ComputeBackend backend = ComputeBackend::Cpu;
    BackendStatus backend_status;
    bool show_op_timing = false;             // the Translate panel's timing table is open
    // The user (or the host: URL, tests) picks a backend: clears the last fallback notice and
    // translates again on it.
    void choose_backend(ComputeBackend b) {
        backend = b;
        backend_status.notice.clear();
        request_translation(-1e9);
    }
    CompareState compare;                     // the Compare panel: the sentence through all three models
    ImageState image;                         // the Image panel: a picture through both CNNs
    TrainState train;                         // the Train panel: a model learning in the page
    ShareState share;                        // embed mode, link messages, copy/export requests
    TourState tour;                          // the guided tour (ui/tour.h)

    // Windows.
    bool show_translate = true, show_attention = true, show_step = true, show_architecture = false;
    bool show_about = false, show_compare = false, show_image = false, show_train = false;
    bool show_shortcuts = false;  // the keyboard shortcut sheet (ui/shortcuts.h)
    // A window's flag by name ("translate", "attention", "step", "architecture", "about",
    // "compare", "image", "train", and "timing" for the Translate panel's timing table), for the command
    // line and the host API; nullptr for an unknown name.
    bool * panel_flag(std::string_view name);

    // Facts shown in About, filled by the app at start-up.
    std::string gl_renderer, gl_version, font_status;
    std::string font_dir;  // where the UI's fonts are; the PNG export draws its text with them too
    long long frame_count = 0;   // frames drawn
    long long idle_frames = 0;   // frames skipped because nothing changed

    // Where the sentence box is drawn: the browser test clicks it, the IME bridge will overlay it.
    WidgetRect sentence_rect;   // reset every frame: zero when the box is not drawn
    WidgetRect heatmap_rect;    // the heatmap's cell grid (rows × cols cells), for the pixel test
    WidgetRect heatmap_visible; // the part of it not scrolled away
    WidgetRect image_measure_rect;  // the Image panel's "Check it on all … test images" button
};

} // namespace attn

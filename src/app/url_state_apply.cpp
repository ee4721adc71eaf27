#include "app/url_state_apply.h"

#include "core/printf_string.h"
#include "ui/tour.h"

#include <algorithm>
#include <cstdlib>

namespace attn {

namespace {

const char * const kModelIds[] = {"zh_TW", "de"};  // TranslationRunner's kModelFiles, in order
const char * const kViewIds[] = {"heatmap", "model", "lines"};

const char * kind_url_id(AttentionKind k) {
    switch (k) {
        case AttentionKind::EncoderSelf: return "encoder";
        case AttentionKind::DecoderSelf: return "decoder";
        case AttentionKind::Cross: return "cross";
    }
    return "cross";
}

void note(std::vector<Message> * notes, Message m) { notes->push_back(std::move(m)); }

// The Train panel's setup in a link: the task and probe always, the other fields where they
// differ from the task's preset, so a link stays short and readable.
void add_train_setup(const TrainState & t, UrlState * u) {
    const TrainSetup & s = t.setup;
    const TrainSetup defaults = setup_preset(s.task);
    u->train["task"] = toy_task_name(s.task);
    for (const SetupChoiceField & f : setup_choice_fields())
        if (f.get(s) != f.get(defaults)) u->train[f.key] = setup_choice_name(s, f);
    if (!t.probe.empty()) u->train["probe"] = t.probe;
    for (const SetupIntField & f : setup_int_fields())
        if (s.*f.field != defaults.*f.field) u->train[f.key] = std::to_string(s.*f.field);
    for (const SetupRealField & f : setup_real_fields())
        if (s.*f.field != defaults.*f.field) u->train[f.key] = printf_string("%.9g", s.*f.field);
}

// Values the parser checked one by one; together they may still disagree (min_len > max_len),
// in which case the setup stays as it was and a note says why.
void apply_train_setup(const std::map<std::string, std::string> & link, AppState * s, std::vector<Message> * notes) {
    TrainSetup setup = s->train.setup;
    ToyTask task;
    if (auto it = link.find("task"); it != link.end() && parse_toy_task(it->second, &task)) {
        if (task != setup.task && link.count("probe") == 0) s->train.probe.clear();  // the old task's probe
        setup = setup_preset(task);  // the fields a link leaves out are the preset's
    }
    for (const auto & [key, value] : link) {
        if (key == "probe") {
            s->train.probe = value;
            s->train.probe_changed = true;
        }
        else (void)set_setup_field(&setup, key, value);
    }
    if (Status v = validate_setup(setup); !v) {
        note(notes, {N_("the training setup was not applied:"), {}});
        note(notes, v.said);
        return;
    }
    s->train.setup = setup;
    if (auto it = link.find("autostart"); it != link.end() && it->second == "1") s->train.start_requested = true;
}

} // namespace

const char * model_url_id(int model) { return model >= 0 && model < 2 ? kModelIds[model] : ""; }

UrlState url_state_of(const AppState & s) {
    UrlState u;
    u.panel = s.share.panel;
    if (*model_url_id(s.model)) u.model = model_url_id(s.model);
    u.sentence = s.sentence;
    u.beam = s.beam;
    u.backend = compute_backend_id(s.backend);
    const AttentionSelection & a = s.attention;
    u.kind = kind_url_id(a.kind);
    u.layer = std::max(0, a.layer);
    u.head = std::max(-1, a.head);
    u.query = std::max(0, a.query);
    u.view = kViewIds[std::clamp(a.view, 0, 2)];
    if (s.translation.pieces) u.tokens = a.words ? "words" : "pieces";
    // Written only when not English: a link made in English opens in the reader's own language.
    if (s.ui_language == UiLanguage::TraditionalChinese) u.lang = ui_language_id(s.ui_language);
    if (s.tour.step >= 0) u.tour = s.tour.step + 1;
    if (s.share.panel == "train") add_train_setup(s.train, &u);
    return u;
}

std::string apply_url_state(const UrlState & link, const ModelConfigLookup & config_of, AppState * s) {
    std::vector<Message> notes;
    if (link.model) {
        const auto it = std::find_if(std::begin(kModelIds), std::end(kModelIds), [&](const char * id) { return *link.model == id; });
        if (it == std::end(kModelIds)) note(&notes, {N_("model \"{0}\" is not one of zh_TW, de: kept the current model"), {*link.model}});
        else s->model = int(it - std::begin(kModelIds));
    }
    if (link.sentence) s->set_sentence(*link.sentence, /*from_outside=*/true);
    if (link.lang) parse_ui_language(*link.lang, &s->ui_language);  // the parser allows only known ids
    if (link.tour) {
        if (*link.tour > kTourSteps) note(&notes, {N_("tour step {0}: the tour has {1} steps"), {std::to_string(*link.tour), std::to_string(kTourSteps)}});
        else open_tour_step(*s, *link.tour - 1);
    }
    if (link.beam) {
        // The UI offers greedy and beam 4; other widths run but have no radio button.
        s->beam = *link.beam;
    }
    if (link.backend) {
        ComputeBackend b;
        if (parse_compute_backend(*link.backend, &b)) s->choose_backend(b);
        else note(&notes, {N_("backend \"{0}\" is not one of reference, cpu, webgl2: kept {1}"), {*link.backend, compute_backend_id(s->backend)}});
    }
    AttentionSelection & a = s->attention;
    if (link.kind)
        a.kind = *link.kind == "encoder" ? AttentionKind::EncoderSelf : *link.kind == "decoder" ? AttentionKind::DecoderSelf : AttentionKind::Cross;
    if (link.layer) a.layer = *link.layer;
    if (link.head) a.head = *link.head;
    if (link.query) a.query = *link.query;
    if (link.tokens) a.words = *link.tokens == "words";
    if (link.view) a.request_view = int(std::find(std::begin(kViewIds), std::end(kViewIds), *link.view) - std::begin(kViewIds));
    // Layer and head against the model the link selects (numbers past the parser's bounds never get here).
    if (const TransformerConfig * c = config_of ? config_of(s->model) : nullptr) {
        const int layers = a.kind == AttentionKind::EncoderSelf ? c->encoder_layers : c->decoder_layers;
        if (a.layer >= layers) {
            note(&notes, {N_("layer {0}: this model has {1} layers (0-{2}), showing layer {2}"),
                          {std::to_string(a.layer), std::to_string(layers), std::to_string(layers - 1)}});
            a.layer = std::max(0, layers - 1);
        }
        if (a.head >= c->heads) {
            note(&notes, {N_("head {0}: this model has {1} heads (0-{2}), showing the mean over heads"),
                          {std::to_string(a.head), std::to_string(c->heads), std::to_string(c->heads - 1)}});
            a.head = -1;
        }
    }
    if (!link.train.empty()) apply_train_setup(link.train, s, &notes);
    if (link.panel) {
        s->share.panel = *link.panel;
        if (bool * open = s->panel_flag(*link.panel)) *open = true;
    }
    s->request_translation(-1e9);
    s->share.link_message.clear();
    if (!notes.empty()) s->share.link_message.push_back({N_("The link was adjusted:"), {}});
    for (Message & m : notes) s->share.link_message.push_back(std::move(m));
    return english_lines(notes);
}

bool apply_url_fragment(const std::string & fragment, const ModelConfigLookup & config_of, AppState * s) {
    UrlState link;
    if (Status st = parse_url_state(fragment, &link); !st) {
        s->share.link_message = {{N_("This link could not be opened; nothing was changed:"), {}}, st.said};
        return false;
    }
    apply_url_state(link, config_of, s);
    return true;
}

} // namespace attn

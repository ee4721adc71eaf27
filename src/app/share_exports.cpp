#include "app/share_exports.h"

#include "share/attention_export.h"
#include "app/app.h"
#include "app/attention_png.h"
#include "app/url_state_apply.h"
#include "core/printf_string.h"
#include "ui/attention_data.h"
#include "ui/i18n.h"

namespace attn {

namespace {

AttentionExportInfo export_info(const AppState & s) {
    const TranslationState & t = attention_view(s);
    AttentionExportInfo info;
    info.sentence = t.sentence;
    info.model = model_url_id(t.model);
    info.translation = t.display;
    info.source_tokens = t.encoder_tokens;
    info.decoder_tokens = t.decoder_inputs;
    return info;
}

// The UI's fonts, read on the first PNG export: most visits never export one.
const FontRaster & export_font(const std::string & dir, Status * status) {
    static std::string loaded_dir;
    static FontRaster font;
    static Status loaded;
    if (loaded_dir != dir) loaded = font.load({dir + "/ui.ttf", dir + "/cjk.ttf"}), loaded_dir = dir;
    *status = loaded;
    return font;
}

} // namespace

Status make_export(const AppState & s, const std::string & what, ExportFile * out) {
    const TranslationState & t = attention_view(s);  // what the maps show: pieces, or words
    if (!t.ready || t.trace.maps.empty()) return Status::error(Message{N_("nothing to export yet: translate a sentence first"), {}});
    const AttentionSelection & a = s.attention;
    const std::string kind = attention_kind_id(a.kind);
    if (what == "json") {
        *out = {"attention.json", "application/json", attention_maps_json(t.trace, export_info(s))};
    } else if (what == "npz") {
        out->name = "attention.npz", out->mime = "application/zip";
        if (Status st = attention_maps_npz(t.trace, &out->bytes); !st) return st;
    } else if (what == "npy") {
        out->name = "attention-" + kind + ".npy", out->mime = "application/octet-stream";
        if (Status st = attention_kind_npy(t.trace, kind, &out->bytes); !st) return st;
    } else if (what == "png") {
        std::vector<float> storage;
        const AttentionMatrix m = attention_matrix(t, a.kind, a.layer, a.head, &storage);
        if (!m.values) return Status::error(Message{N_("this translation has no {0} attention to draw"), {kind}});
        const AttentionAxes axes = attention_axes(t, a.kind);
        AttentionPicture p{m.values, m.rows, m.cols, axes.rows ? *axes.rows : std::vector<std::string>{},
                           axes.cols ? *axes.cols : std::vector<std::string>{}, ""};
        // The title in the interface language, as the Attention panel names the map.
        p.title = a.head < 0 ? printf_string(tr("%s, layer %d, mean over heads"), tr(attention_kind_label(a.kind)), a.layer)
                             : printf_string(tr("%s, layer %d, head %d"), tr(attention_kind_label(a.kind)), a.layer, a.head);
        Status fonts;
        const FontRaster & font = export_font(s.font_dir.empty() ? default_assets_dir() + "/fonts" : s.font_dir, &fonts);
        if (!fonts) return Status::error(Message{N_("cannot draw the picture's labels: {0}"), {fonts.message}});
        const std::string head = a.head < 0 ? "mean" : "h" + std::to_string(a.head);
        *out = {"attention-" + kind + "-l" + std::to_string(a.layer) + "-" + head + ".png", "image/png", attention_png(p, font)};
        if (out->bytes.empty()) return Status::error(Message{N_("the selected map is empty"), {}});
    } else {
        return Status::error("unknown export \"" + what + "\" (png, json, npz, npy)");
    }
    return Status::success();
}

} // namespace attn

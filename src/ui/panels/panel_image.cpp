// Image: where a CNN looks. A picture (the user's own, or a Fashion-MNIST test image) goes through
// the preprocessing chain that turns it into what the networks were trained on (each step shown,
// each switchable), then through two classifiers side by side: a small ResNet, and the same
// network with CBAM (Woo et al. 2018) in every residual block. Each shows its class probabilities
// and Grad-CAM over the input; the CBAM model also shows its own attention: the spatial map M_s
// of every block over the input, and the channel weights M_c as bars.
#include "models/image_classifier.h"
#include "platform/image_input.h"
#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/ui.h"
#include "ui/widgets/channel_bars.h"
#include "ui/widgets/class_bars.h"
#include "ui/widgets/heat_overlay.h"
#include "ui/widgets/pixel_texture.h"
#include "ui/widgets/text_width.h"
#include "ui/widgets/view_caveat.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>

namespace attn {

namespace {

const ImVec4 kWarning(1.0f, 0.55f, 0.25f, 1.0f);
constexpr float kThumb = 24.0f;        // a gallery cell on screen
constexpr float kThumbGap = 2.0f;
constexpr float kStagePreview = 64.0f; // the box a stage's picture is fitted into
constexpr float kGradCamSide = 140.0f;
constexpr float kSpatialSide = 80.0f;
// Narrower than these, the panel stacks what it otherwise sets side by side (a phone, a small
// iframe in a tutorial): a preprocessing step with its note, the two models' columns, and the
// results beside the gallery.
constexpr float kStageWidth = 170.0f;
constexpr float kModelsSideBySide = 720.0f;
constexpr float kSettingsWidth = 300.0f;

// How the panel measures Grad-CAM's cover (models/cam_coverage.h), for its tooltips.
const char * const kCoverageMethod =  // shown with "%s": its "X% of" is no format directive
    // xgettext:no-c-format
    N_("Lit: where the Grad-CAM map, stretched over the 28 × 28 input as drawn, is at least half its peak\n"
       "(outlined in blue on the maps).\n"
       "The item: the input's pixels brighter than 0.1 (the background is black).\n"
       "Lights X% of the item: lit item pixels ÷ item pixels. Y% falls off it: lit pixels off the item ÷ lit pixels.\n"
       "`attn eval --classifier` averages both over the 10,000 test images (the model card).");

// The classes as the catalogue holds them: models/ names them in English (fashion_class_name).
const char * const kClassNames[kFashionClasses] = {N_("T-shirt/top"), N_("Trouser"), N_("Pullover"), N_("Dress"), N_("Coat"),
                                                   N_("Sandal"), N_("Shirt"), N_("Sneaker"), N_("Bag"), N_("Ankle boot")};

const char * class_name(int label) { return label >= 0 && label < kFashionClasses ? tr(kClassNames[label]) : "?"; }

std::vector<std::string> class_names() {
    std::vector<std::string> names;
    for (int c = 0; c < kFashionClasses; c++) names.push_back(class_name(c));
    return names;
}

void intro() {
    dim_text_wrapped(tr("CBAM (in ResNet + CBAM): attention inside each block, weighing channels (M_c), then places (M_s). "
                        "Grad-CAM: where the picture raised a class's score. Bright = strong."));
}

// Dim text after the last item: on its line, wrapped at the window's edge, or on the next line when
// less than a few words' room is left (a narrow window).
void dim_text_beside(const std::string & text) {
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < std::min(ImGui::CalcTextSize(text.c_str()).x, 160.0f)) ImGui::NewLine();
    dim_text_wrapped(text);
}

// The file chooser (web) or a path box (native), and how else a picture gets in.
void input_row(ImageState & v) {
    if (image_chooser_available()) {
        if (ImGui::Button(tr_id("Choose a picture…", "choose"))) open_image_chooser();
        dim_text_beside(tr("or drop one on the page, paste one (Ctrl+V), or click a test image."));
        return;
    }
    ImGui::SetNextItemWidth(text_width(280));
    // i18n: a path
    const bool enter = ImGui::InputTextWithHint("##path", "path/to/picture.png", &v.open_path, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button(tr_id("Open", "open")) || enter) && !v.open_path.empty()) v.open_path_requested = true;
    dim_text_beside(std::string(tr("or drop a file on the window, or click a test image.")) +
                    (image_paste_available() ? "" : tr(" Pasting pictures works in the browser version.")));
}

// The gallery's row names: the longest class name.
float gallery_label_width() {
    float w = 0;
    for (int c = 0; c < kFashionClasses; c++) w = std::max(w, ImGui::CalcTextSize(class_name(c)).x);
    return w + 8;
}

// Room for 10 thumbnails while none are loaded: the column then holds a message.
float gallery_width(const ImageGallery & g) { return gallery_label_width() + float(std::max(g.columns, 10)) * (kThumb + kThumbGap); }

void gallery(ImageState & v) {
    const ImageGallery & g = v.gallery;
    ImGui::TextUnformatted(tr("Fashion-MNIST test images"));
    ImGui::TextDisabled("%s", tr("Never seen in training. Click one."));
    if (!g.error.empty()) { ImGui::TextColored(kWarning, "%s", tr_message(g.error).c_str()); return; }
    if (g.cells() == 0) { ImGui::TextDisabled("%s", tr("Loading…")); return; }
    const ImTextureID sheet = pixel_texture(ImGui::GetID("gallery_sheet"), 1, {g.sheet.pixels.data(), g.sheet.width, g.sheet.height, 1},
                                            Sampling::Nearest);
    const float name_w = gallery_label_width();
    // Smaller cells where ten of them and the names do not fit (a phone), but still a finger's width.
    const float thumb = std::clamp((ImGui::GetContentRegionAvail().x - name_w) / float(g.columns) - kThumbGap, 16.0f, kThumb);
    const float y_text = (thumb - ImGui::GetTextLineHeight()) / 2;
    ImDrawList * dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const int rows = g.cells() / g.columns;
    for (int r = 0; r < rows; r++) {
        const float y = origin.y + float(r) * (thumb + kThumbGap);
        // The sheet holds one class per row (scripts/make-fashion-gallery): name the row once.
        ImGui::SetCursorScreenPos(ImVec2(origin.x, y + y_text));
        ImGui::TextDisabled("%s", class_name(g.labels[size_t(r * g.columns)]));
        for (int c = 0; c < g.columns; c++) {
            const int cell = r * g.columns + c;
            const ImVec2 p0(origin.x + name_w + float(c) * (thumb + kThumbGap), y), p1(p0.x + thumb, p0.y + thumb);
            ImGui::SetCursorScreenPos(p0);
            ImGui::PushID(cell);
            if (ImGui::InvisibleButton("##cell", ImVec2(thumb, thumb))) v.gallery_request = cell;
            if (sheet) {
                const float du = 1.0f / float(g.columns), dv = 1.0f / float(rows);
                dl->AddImage(sheet, p0, p1, ImVec2(du * float(c), dv * float(r)), ImVec2(du * float(c + 1), dv * float(r + 1)));
            }
            const bool selected = cell == v.source.gallery_cell;
            if (selected || ImGui::IsItemHovered())
                dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), selected ? IM_COL32(255, 170, 60, 255) : IM_COL32(255, 255, 255, 160), 0, 0, 2);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(tr("Test image #%d: %s"), g.test_index[size_t(cell)], class_name(g.labels[size_t(cell)]));
            ImGui::PopID();
        }
    }
}

// A stage's picture fitted into the preview box, aspect kept: square pixels when enlarged.
void stage_picture(const ImageState & v, int index) {
    const PreprocessStage & st = v.stages[size_t(index)];
    const float scale = kStagePreview / float(std::max({st.width, st.height, 1}));
    const ImVec2 size(std::max(1.0f, std::round(float(st.width) * scale)), std::max(1.0f, std::round(float(st.height) * scale)));
    const ImVec2 box = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(kStagePreview, kStagePreview));
    const ImVec2 p0(box.x + (kStagePreview - size.x) / 2, box.y + (kStagePreview - size.y) / 2), p1(p0.x + size.x, p0.y + size.y);
    ImDrawList * dl = ImGui::GetWindowDrawList();
    dl->AddRect(ImVec2(box.x - 1, box.y - 1), ImVec2(box.x + kStagePreview + 1, box.y + kStagePreview + 1), ImGui::GetColorU32(ImGuiCol_Border));
    char key[16];
    std::snprintf(key, sizeof key, "stage%d", index);
    if (ImTextureID t = pixel_texture(ImGui::GetID(key), v.revision, {st.pixels.data(), st.width, st.height, st.channels},
                                      scale >= 1.0f ? Sampling::Nearest : Sampling::Smooth))
        dl->AddImage(t, p0, p1);
}

// The chain left to right: each step's picture, and beside it its switch and what it did (beside,
// not below: the two models' maps need the height).
void preprocessing(ImageState & v, const std::vector<std::string> & names) {
    if (v.source.gallery_cell >= 0 && v.source.gallery_cell < v.gallery.cells()) {
        char name[64];  // formatted here, not stored, so it follows the interface language
        std::snprintf(name, sizeof name, tr("test image #%d"), v.gallery.test_index[size_t(v.source.gallery_cell)]);
        ImGui::Text(tr("Preprocessing %s"), name);
    } else {
        ImGui::Text(tr("Preprocessing %s"), v.source.name.c_str());
    }
    if (v.source.true_label >= 0) {
        char label[96];
        std::snprintf(label, sizeof label, tr(" (true label: %s)"), names[size_t(v.source.true_label)].c_str());
        ImGui::SameLine(0, 0);
        if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label).x) ImGui::NewLine();
        ImGui::TextUnformatted(label);
    }
    dim_text_beside(tr("into the 28×28 input both networks get"));
    const int per_row = std::clamp(int(ImGui::GetContentRegionAvail().x / text_width(kStageWidth)), 1, std::max(1, int(v.stages.size())));
    if (!ImGui::BeginTable("##stages", per_row, ImGuiTableFlags_SizingStretchSame)) return;
    for (size_t i = 0; i < v.stages.size(); i++) {
        ImGui::TableNextColumn();
        ImGui::PushID(int(i));
        const PreprocessStage & st = v.stages[i];
        stage_picture(v, int(i));
        ImGui::SameLine();
        ImGui::BeginGroup();
        if (bool * on = stage_option(v.options, st.name)) {
            if (ImGui::Checkbox(tr_id(preprocess_stage_label(st.name), st.name.c_str()), on)) v.rerun_requested = true;
        } else {
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted(tr(preprocess_stage_label(st.name)));
        }
        dim_text_wrapped(tr_message(st.note));
        ImGui::EndGroup();
        ImGui::PopID();
    }
    ImGui::EndTable();
}

// A label, then the next item `indent` px from where the label starts, filling the line.
void field_label(const char * text, float indent) {
    const float x = ImGui::GetCursorScreenPos().x;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine();
    ImGui::SetCursorScreenPos(ImVec2(x + indent, ImGui::GetCursorScreenPos().y));
    ImGui::SetNextItemWidth(-FLT_MIN);
}

// The maps' settings, shared by both models; under the gallery, where there is room for them.
void map_settings(ImageState & v, const std::vector<std::string> & names) {
    ImGui::TextUnformatted(tr("Maps"));
    const float indent = std::max(ImGui::CalcTextSize(tr("Grad-CAM explains")).x, ImGui::CalcTextSize(tr("Overlay opacity")).x) +
                         ImGui::GetStyle().ItemSpacing.x;
    field_label(tr("Grad-CAM explains"), indent);
    // "the prediction": each model's own, which may differ between the two.
    const char * current = v.explain_class < 0 ? tr("the prediction") : names[size_t(v.explain_class)].c_str();
    if (ImGui::BeginCombo("##explain", current)) {
        if (ImGui::Selectable(tr_id("the prediction", "prediction"), v.explain_class < 0)) v.explain_class = -1, v.explain_changed = true;
        for (int c = 0; c < kFashionClasses; c++)
            if (ImGui::Selectable(names[size_t(c)].c_str(), c == v.explain_class)) v.explain_class = c, v.explain_changed = true;
        ImGui::EndCombo();
    }
    field_label(tr("Overlay opacity"), indent);
    ImGui::SliderFloat("##opacity", &v.opacity, 0.0f, 1.0f, "%.2f");
    ImGui::Checkbox(tr_id("Outline where Grad-CAM is lit", "outline"), &v.outline_lit);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(kCoverageMethod));
}

void model_header(const ImageState & v, ImageModel m, const std::vector<std::string> & names) {
    const ImageModelState & r = v[m];
    ImGui::TextUnformatted(image_model_title(m));
    char text[128];
    if (r.test_accuracy >= 0) {
        std::snprintf(text, sizeof text, tr("· %.1f%% right on the 10k test images"), 100.0 * r.test_accuracy);
        text_beside(text);
    }
    if (r.has_result) {
        std::snprintf(text, sizeof text, tr("· %.1f ms"), r.milliseconds);
        text_beside(text);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("The forward pass and Grad-CAM on this picture, just now."));
    }
    if (!r.error.empty()) { ImGui::TextColored(kWarning, "%s", tr_message(r.error).c_str()); return; }
    if (!r.has_result) { ImGui::TextDisabled("%s", tr("Classifying…")); return; }
    ImGui::SetWindowFontScale(1.25f);
    ImGui::Text("%s  %.1f%%", names[size_t(r.predicted)].c_str(), 100.0 * double(r.probabilities[size_t(r.predicted)]));
    ImGui::SetWindowFontScale(1.0f);
    if (v.source.true_label >= 0) {
        static const ImVec4 kRight(0.47f, 0.86f, 0.47f, 1);
        if (v.source.true_label == r.predicted) {
            text_beside(tr("correct"), &kRight);
        } else {
            std::snprintf(text, sizeof text, tr("wrong: the true label is %s"), names[size_t(v.source.true_label)].c_str());
            text_beside(text, &kWarning);
        }
    }
}

std::string grad_cam_title(const ImageModelState & r, const std::vector<std::string> & names) {
    return std::string(tr("Grad-CAM: ")) + names[size_t(std::clamp(r.explained, 0, kFashionClasses - 1))];
}

void grad_cam(const ImageState & v, const ImageModelState & r, const std::vector<std::string> & names) {
    ImGui::TextUnformatted(grad_cam_title(r, names).c_str());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(tr("Grad-CAM (Selvaraju et al. 2017): the last block's %d × %d feature maps, each weighted by how much it\n"
                             "raises this class's score (the mean gradient), summed, negatives set to 0; stretched over the input."),
                          r.grad_cam.rows, r.grad_cam.cols);
    draw_heat_overlay("##gradcam", v.revision, v.input, kModelImageSide, r.grad_cam, v.opacity, kGradCamSide, "Grad-CAM",
                      /*stretch=*/false, v.outline_lit && r.cam_coverage.valid ? &r.cam_coverage.lit : nullptr);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + kGradCamSide);
    if (map_max(r.grad_cam) <= 0) ImGui::TextDisabled("%s", tr("0 everywhere: nothing here raises this class."));
    else if (r.cam_coverage.valid) {
        ImGui::TextDisabled(tr("lights %.0f%% of the item; %.0f%% of the lit area is off it"), 100.0 * r.cam_coverage.coverage,
                            100.0 * r.cam_coverage.spill);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(kCoverageMethod));
    }
    ImGui::PopTextWrapPos();
}

// The same question over the gallery's 100 test images, on request: a button, then progress,
// then the tally.
void gallery_tally(ImageState & v, WidgetRect & button_rect) {
    const GalleryCoverage & g = v.gallery_coverage;
    if (g.running) {
        char label[48];
        std::snprintf(label, sizeof label, tr("measuring %d of %d test images"), g.done, g.cells);
        ImGui::ProgressBar(float(g.done) / float(std::max(g.cells, 1)), ImVec2(std::min(320.0f, ImGui::GetContentRegionAvail().x), 0), label);
        return;
    }
    if (g.finished()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped(tr("Over the %d test images of the gallery (each model explaining its own prediction): CBAM's Grad-CAM "
                              "lights more of the item on %d, less on %d, about the same on %d; on average %.0f%% of the item with "
                              "CBAM, %.0f%% without."), g.cells, g.cbam_more, g.cbam_less, g.same, 100.0 * g.mean[int(ImageModel::Cbam)],
                           100.0 * g.mean[int(ImageModel::Plain)]);
        ImGui::PopStyleColor();
        return;
    }
    if (v.gallery.cells() == 0) return;
    char label[48];
    std::snprintf(label, sizeof label, tr("Check it on all %d test images"), v.gallery.cells());
    if (ImGui::SmallButton(label)) v.measure_gallery_requested = true;
    const ImVec2 mn = ImGui::GetItemRectMin(), mx = ImGui::GetItemRectMax();
    button_rect = {mn.x, mn.y, mx.x - mn.x, mx.y - mn.y};
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("Runs both networks and Grad-CAM on each test image of the gallery, preprocessed as a click\n"
                                "on it would be, and counts where CBAM's Grad-CAM lights more of the item. Takes a second or two."));
}

// The article's claim (after Woo et al. 2018): with attention, Grad-CAM covers more of the object.
// Said of this picture, with both numbers, whichever way it comes out; then, on request, of the
// gallery's test images.
void coverage_verdict(ImageState & v, WidgetRect & button_rect) {
    const ImageModelState & plain = v[ImageModel::Plain];
    const ImageModelState & cbam = v[ImageModel::Cbam];
    if (!plain.has_result || !cbam.has_result || !plain.cam_coverage.valid || !cbam.cam_coverage.valid) return;
    const double p = plain.cam_coverage.coverage, c = cbam.cam_coverage.coverage;
    const int verdict = cbam_covers_more(p, c);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(tr("Does attention make Grad-CAM cover more of the object? Here Grad-CAM lights %.0f%% of the item with CBAM "
                          "and %.0f%% without: %s"), 100.0 * c, 100.0 * p,
                       verdict > 0 ? tr("more with CBAM, as the article says.") :
                       verdict < 0 ? tr("less with CBAM on this one: the article's claim is about the average over many pictures.") :
                                     tr("about the same either way."));
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(kCoverageMethod));
    gallery_tally(v, button_rect);
}

// CBAM's own attention, block by block: where (M_s over the input) and which channels (M_c).
void cbam_maps(const ImageState & v, const ImageModelState & r) {
    ImGui::TextUnformatted(tr("CBAM spatial attention M_s per block"));
    // The lowest weights say how much a block dims anything at all: near 1 everywhere, it keeps
    // the whole picture. Each map's colours are stretched from its lowest to its highest weight.
    std::string lowest, sizes;
    for (const AttentionMap & m : r.spatial) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "%.2f", double(map_min(m)));
        lowest += (lowest.empty() ? "" : ", ") + std::string(buf);
        sizes += (sizes.empty() ? "" : ", ") + std::to_string(m.rows) + "×" + std::to_string(m.cols);
    }
    char lowest_text[96];
    std::snprintf(lowest_text, sizeof lowest_text, tr("lowest: %s"), lowest.c_str());
    text_beside(lowest_text);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(tr("Each block multiplies every position of its features by M_s in (0, 1): a 7×7 convolution over the\n"
                             "channels' mean and max, then a sigmoid. The blocks work at %s; stretched over the input.\n"
                             "A block whose lowest weight is near 1 keeps the whole picture. Colours run from each map's\n"
                             "lowest weight (black) to its highest (pale yellow): see the numbers under each map."), sizes.c_str());
    for (size_t b = 0; b < r.spatial.size(); b++) {
        if (b) {  // apart: one legend's max, the next one's 0; on the next line where the row is full
            ImGui::SameLine(0, 2 * ImGui::GetStyle().ItemSpacing.x);
            if (ImGui::GetContentRegionAvail().x < kSpatialSide) ImGui::NewLine();
        }
        ImGui::BeginGroup();
        ImGui::PushID(int(b));
        draw_heat_overlay("##spatial", v.revision, v.input, kModelImageSide, r.spatial[b], v.opacity, kSpatialSide, "M_s",
                          /*stretch=*/true);
        ImGui::PopID();
        ImGui::EndGroup();
    }
    draw_view_caveat(AttentionView::CbamSpatial, /*caveat=*/false);  // said once, under the channel bars
    ImGui::TextUnformatted(tr("CBAM channel attention M_c per block"));
    text_beside(tr("bar height 0 to 1"));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", tr("Each block multiplies each of its channels by M_c in (0, 1), from the channels' average and maximum\n"
                                "through a small shared MLP and a sigmoid: which features count for this picture."));
    char widest[64];
    std::snprintf(widest, sizeof widest, tr("block %zu · %d channels"), size_t(9), 999);
    const float label_w = ImGui::CalcTextSize(widest).x + 8;
    // Bars closer than text lines: three strips must fit under the maps.
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 2.0f));
    for (size_t b = 0; b < r.channel.size(); b++) {
        const ImVec2 row = ImGui::GetCursorScreenPos();
        ImGui::TextDisabled(tr("block %zu · %d channels"), b + 1, r.channel[b].cols);
        ImGui::SetCursorScreenPos(ImVec2(row.x + label_w, row.y));
        ImGui::PushID(int(b));
        draw_channel_bars("##channels", r.channel[b].values, 0, ImGui::GetTextLineHeight());
        ImGui::PopID();
    }
    ImGui::PopStyleVar();
    draw_view_caveat(AttentionView::CbamChannel);
}

void model_column(ImageState & v, ImageModel m, const std::vector<std::string> & names) {
    model_header(v, m, names);
    const ImageModelState & r = v[m];
    if (!r.has_result) return;
    const float cam_w = std::max(kGradCamSide, ImGui::CalcTextSize(grad_cam_title(r, names).c_str()).x);
    const float bars_w = std::max(200.0f, ImGui::GetContentRegionAvail().x - cam_w - 2 * ImGui::GetStyle().ItemSpacing.x);
    draw_class_bars("##probabilities", names, r.probabilities, r.predicted, v.source.true_label, bars_w);
    same_line_if_fits(cam_w);
    ImGui::BeginGroup();
    grad_cam(v, r, names);
    ImGui::EndGroup();
    draw_view_caveat(AttentionView::GradCam);
    if (m == ImageModel::Cbam) {
        cbam_maps(v, r);
        return;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", tr("No attention modules inside: Grad-CAM is the only look into this network."));
    ImGui::PopStyleColor();
}

void results(ImageState & v, WidgetRect & button_rect) {
    const std::vector<std::string> names = class_names();
    preprocessing(v, names);
    ImGui::Separator();
    if (!v.message.empty()) ImGui::TextColored(kWarning, "%s", tr_message(v.message).c_str());
    coverage_verdict(v, button_rect);
    const int columns = ImGui::GetContentRegionAvail().x >= text_width(kModelsSideBySide) ? kImageModels : 1;
    const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchSame;
    if (!ImGui::BeginTable("##models", columns, flags)) return;
    for (int i = 0; i < kImageModels; i++) {
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        model_column(v, ImageModel(i), names);
        ImGui::PopID();
    }
    ImGui::EndTable();
}

// In the narrow layout the gallery is below the results: a new picture (not the same one run
// again) scrolls back up to them.
void scroll_up_on_new_picture(const ImageState & v) {
    ImGuiStorage * storage = ImGui::GetStateStorage();
    const ImGuiID key = ImGui::GetID("##shown_picture");
    const int picture = int(std::hash<std::string>{}(v.source.name) ^ size_t(v.source.gallery_cell + 1));
    if (storage->GetInt(key, 0) == picture) return;
    storage->SetInt(key, picture);
    ImGui::SetScrollY(0);
}

void results_or_message(ImageState & v, WidgetRect & button_rect) {
    if (v.ready) results(v, button_rect);
    else ImGui::TextDisabled("%s", v.message.empty() ? tr("Choose a picture or click a test image.") : tr_message(v.message).c_str());
}

} // namespace

void draw_panel_image(AppState & s) {
    place_next_window(Panel::Image);
    ImGui::SetNextWindowBgAlpha(1.0f);  // it covers the other windows: their text must not show through
    if (!ImGui::Begin(panel_title("image"), &s.show_image)) { ImGui::End(); return; }
    ImageState & v = s.image;
    intro();
    input_row(v);
    if (!v.error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
        const std::string said = tr_message(v.error);
        const char * stays = v.ready ? tr(" The previous picture stays below.") : "";
        if (v.error_file.empty()) ImGui::TextWrapped("%s%s", said.c_str(), stays);
        else ImGui::TextWrapped(tr("%s: %s%s"), v.error_file.c_str(), said.c_str(), stays);
        ImGui::PopStyleColor();
    }
    if (v.ready && v.error.empty() && !v.warnings.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarning);
        for (const Message & w : v.warnings) ImGui::TextWrapped(tr("%s: %s."), v.source.name.c_str(), tr_message(w).c_str());
        ImGui::PopStyleColor();
    }
    if (ImGui::GetContentRegionAvail().x >= gallery_width(v.gallery) + text_width(kModelsSideBySide)) {
        if (ImGui::BeginTable("##layout", 2, ImGuiTableFlags_BordersInnerV)) {
            ImGui::TableSetupColumn("gallery", ImGuiTableColumnFlags_WidthFixed, gallery_width(v.gallery));  // i18n: not drawn
            ImGui::TableSetupColumn("result", ImGuiTableColumnFlags_WidthStretch);                         // i18n: not drawn
            ImGui::TableNextColumn();
            gallery(v);
            if (v.ready) {
                ImGui::Spacing();
                map_settings(v, class_names());
            }
            ImGui::TableNextColumn();
            results_or_message(v, s.image_measure_rect);
            ImGui::EndTable();
        }
    } else {
        // Too narrow for the results beside the gallery (a phone, a small iframe): the results
        // first, since a click or an upload changes them, then the gallery with the settings
        // beside it if they fit.
        if (v.ready) scroll_up_on_new_picture(v);
        results_or_message(v, s.image_measure_rect);
        ImGui::Separator();
        ImGui::BeginGroup();
        gallery(v);
        ImGui::EndGroup();
        if (v.ready) {
            same_line_if_fits(text_width(kSettingsWidth));
            ImGui::BeginGroup();
            map_settings(v, class_names());
            ImGui::EndGroup();
        }
    }
    ImGui::End();
}

} // namespace attn

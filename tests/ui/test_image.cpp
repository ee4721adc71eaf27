// The Image panel: its runner on the shipped classifiers and gallery (build/assets), each kind of
// bad upload the bad-input catalogue names (a message, and the previous result stays), a photo-like PNG, the
// preprocessing toggles and the class Grad-CAM explains, missing files, the heat scale, and the
// panel drawn headless with a result and with an error.
#include "headless_ui.h"
#include "app/runners/fashion_gallery.h"
#include "app/runners/image_runner.h"
#include "app/state_json.h"
#include "ui/ui.h"
#include "ui/widgets/heat_scale.h"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <stb_image_write.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <numeric>
#include <sys/stat.h>
#include <unistd.h>

namespace attn {
namespace {

constexpr int kAnkleBootCell = 90;  // the gallery's last row is class 9 (scripts/make-fashion-gallery)

std::vector<uint8_t> png_of(int w, int h, int channels, const std::vector<uint8_t> & pixels) {
    std::vector<uint8_t> out;
    stbi_write_png_to_func([](void * ctx, void * data, int n) {
        auto * v = static_cast<std::vector<uint8_t> *>(ctx);
        v->insert(v->end(), static_cast<uint8_t *>(data), static_cast<uint8_t *>(data) + n);
    }, &out, w, h, channels, pixels.data(), w * channels);
    return out;
}

// A product photo in miniature: 300 × 300 RGB, an off-white background with noise, and a dark
// blue pair of trousers (waistband, two legs) in the middle.
std::vector<uint8_t> photo_like_png() {
    const int side = 300;
    std::vector<uint8_t> rgb(size_t(side) * side * 3);
    uint32_t noise = 12345;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            noise = noise * 1664525u + 1013904223u;
            const int jitter = int(noise >> 28) - 8;
            const bool waist = y >= 40 && y < 80 && x >= 100 && x < 200;
            const bool legs = y >= 80 && y < 270 && ((x >= 100 && x < 145) || (x >= 155 && x < 200));
            const bool cloth = waist || legs;
            const int base[3] = {cloth ? 40 : 245, cloth ? 55 : 243, cloth ? 110 : 238};
            for (int k = 0; k < 3; k++) rgb[(size_t(y) * side + x) * 3 + k] = uint8_t(std::clamp(base[k] + jitter, 0, 255));
        }
    return png_of(side, side, 3, rgb);
}

// The models' widths: how many channel weights each CBAM block has.
std::vector<int> cbam_widths() {
    ImageClassifier c;
    const Status s = ImageClassifier::load(std::string(ATTN_BUILD_ASSETS_DIR) + "/models/" + image_model_file(ImageModel::Cbam), &c);
    EXPECT_TRUE(s.ok) << s.message;
    return c.model().config().widths;
}

// A runner on the shipped files with a gallery sample on screen.
struct Shown {
    AppState state;
    ImageRunner runner{ATTN_BUILD_ASSETS_DIR};
    explicit Shown(int cell = kAnkleBootCell) {
        state.show_image = true;
        state.image.gallery_request = cell;
        runner.update(state);
    }
    const ImageState & view() const { return state.image; }
};

void expect_verdict(const ImageModelState & m) {
    ASSERT_TRUE(m.error.empty()) << attn::english(m.error);
    ASSERT_TRUE(m.has_result);
    ASSERT_EQ(m.probabilities.size(), size_t(kFashionClasses));
    EXPECT_NEAR(std::accumulate(m.probabilities.begin(), m.probabilities.end(), 0.0), 1.0, 1e-4);
    EXPECT_GE(m.predicted, 0);
    EXPECT_LT(m.predicted, kFashionClasses);
    for (float p : m.probabilities) EXPECT_LE(p, m.probabilities[size_t(m.predicted)]);
    EXPECT_EQ(m.grad_cam.rows, 7);
    EXPECT_EQ(m.grad_cam.cols, 7);
    for (float g : m.grad_cam.values) EXPECT_GE(g, 0.0f);  // ReLU'd
}

TEST(ImageRunner, GallerySampleGoesThroughBothModels) {
    Shown s;
    const ImageState & v = s.view();
    ASSERT_TRUE(v.gallery.error.empty()) << attn::english(v.gallery.error);
    EXPECT_EQ(v.gallery.cells(), 100);
    ASSERT_TRUE(v.ready);
    EXPECT_TRUE(v.error.empty()) << attn::english(v.error);
    EXPECT_EQ(v.source.gallery_cell, kAnkleBootCell);
    EXPECT_EQ(v.source.true_label, 9);
    EXPECT_EQ(v.source.name, "test image #" + std::to_string(v.gallery.test_index[kAnkleBootCell]));
    const std::vector<std::string> names = {"decode", "grayscale", "crop", "resize", "invert"};
    ASSERT_EQ(v.stages.size(), names.size());
    for (size_t i = 0; i < names.size(); i++) {
        EXPECT_EQ(v.stages[i].name, names[i]);
        EXPECT_FALSE(v.stages[i].pixels.empty());
    }
    ASSERT_EQ(v.input.size(), size_t(kModelImageSide * kModelImageSide));
    for (int i = 0; i < kImageModels; i++) {
        SCOPED_TRACE(image_model_title(ImageModel(i)));
        expect_verdict(v.models[i]);
        EXPECT_EQ(v.models[i].explained, v.models[i].predicted);  // by default each explains its own answer
        EXPECT_GE(v.models[i].test_accuracy, 0.0);
    }
    // Only the CBAM model has attention maps of its own: M_s per block at 28, 14, 7, and M_c.
    EXPECT_TRUE(v[ImageModel::Plain].spatial.empty());
    EXPECT_TRUE(v[ImageModel::Plain].channel.empty());
    const ImageModelState & cbam = v[ImageModel::Cbam];
    const std::vector<int> widths = cbam_widths();
    ASSERT_EQ(cbam.spatial.size(), widths.size());
    ASSERT_EQ(cbam.channel.size(), widths.size());
    for (size_t b = 0; b < widths.size(); b++) {
        EXPECT_EQ(cbam.spatial[b].rows, kModelImageSide >> b);
        EXPECT_EQ(cbam.spatial[b].cols, kModelImageSide >> b);
        EXPECT_EQ(cbam.channel[b].cols, widths[b]);
        // A sigmoid: (0, 1), which float rounds to [0, 1] once a trained model saturates it.
        for (float w : cbam.channel[b].values) EXPECT_TRUE(w >= 0 && w <= 1) << w;
        for (float m : cbam.spatial[b].values) EXPECT_TRUE(m >= 0 && m <= 1) << m;
    }
}

// A gallery cell is a t10k image as is: without crop and resize (nothing to invert on its black
// background) the networks' input is exactly the sheet's pixels.
TEST(ImageRunner, GallerySampleInputIsTheTestImage) {
    AppState state;
    ImageRunner runner(ATTN_BUILD_ASSETS_DIR);
    state.image.options.crop = state.image.options.resize = false;
    runner.show_gallery(state, kAnkleBootCell);
    const ImageState & v = state.image;
    ASSERT_EQ(v.input.size(), size_t(kModelImageSide * kModelImageSide));
    const RgbImage cell = gallery_cell_rgb(v.gallery, kAnkleBootCell);
    double worst = 0;
    for (size_t i = 0; i < v.input.size(); i++) worst = std::max(worst, std::fabs(v.input[i] - cell.pixels[i * 3] / 255.0));
    EXPECT_LT(worst, 1e-6) << "the input is not the gallery image";
}

TEST(ImageRunner, BadUploadsKeepThePreviousResult) {
    Shown s;
    ImageState & v = s.state.image;
    ASSERT_TRUE(v.ready);
    const ImageSource before = v.source;
    const std::vector<float> probabilities = v[ImageModel::Cbam].probabilities, input = v.input;
    const uint64_t revision = v.revision;

    const std::vector<uint8_t> png = png_of(16, 16, 1, std::vector<uint8_t>(256, 77));
    std::vector<uint8_t> bomb = png;  // a valid PNG header claiming 20000×20000 pixels
    const uint8_t dims[8] = {0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20};
    std::memcpy(bomb.data() + 16, dims, 8);
    const std::string text = "this is a text file, not an image";
    struct Case { const char * name; std::vector<uint8_t> bytes; const char * says; };
    const Case cases[] = {
        {"empty.png", {}, "empty"},
        {"notes.txt", std::vector<uint8_t>(text.begin(), text.end()), "not an image"},
        {"cut.png", std::vector<uint8_t>(png.begin(), png.begin() + long(png.size() / 2)), "damaged"},
        {"bomb.png", bomb, "20000×20000"},
    };
    for (const Case & c : cases) {
        SCOPED_TRACE(c.name);
        s.runner.upload(s.state, c.bytes.data(), c.bytes.size(), c.name);
        s.runner.update(s.state);
        EXPECT_EQ(v.error_file, c.name);
        EXPECT_NE(attn::english(v.error).find(c.says), std::string::npos) << attn::english(v.error);
        EXPECT_TRUE(v.ready);
        EXPECT_EQ(v.source.name, before.name);
        EXPECT_EQ(v.source.gallery_cell, before.gallery_cell);
        EXPECT_EQ(v.input, input);
        EXPECT_TRUE(v[ImageModel::Cbam].has_result);
        EXPECT_EQ(v[ImageModel::Cbam].probabilities, probabilities);
        EXPECT_EQ(v.revision, revision) << "nothing new to draw";
    }
    // A working upload afterwards clears the message.
    const std::vector<uint8_t> photo = photo_like_png();
    s.runner.upload(s.state, photo.data(), photo.size(), "trousers.png");
    EXPECT_TRUE(v.error.empty()) << attn::english(v.error);
    EXPECT_TRUE(v.error_file.empty()) << "the last failure's file name outlived its message";
    EXPECT_EQ(v.source.name, "trousers.png");
}

TEST(ImageRunner, GalleryCellOutOfRangeSaysSo) {
    Shown s;
    s.runner.show_gallery(s.state, 100);
    EXPECT_EQ(attn::english(s.view().error), "There is no test image 100 in the gallery (it has 100).");
    EXPECT_EQ(s.view().source.gallery_cell, kAnkleBootCell);
}

TEST(ImageRunner, FilesTooLargeOrMissingAreRefusedBeforeReading) {
    Shown s;
    ImageState & v = s.state.image;
    mkdir(ATTN_TEST_OUT_DIR, 0755);
    const std::string big = std::string(ATTN_TEST_OUT_DIR) + "/image-too-large.png";
    { std::ofstream(big, std::ios::binary).put('x'); }
    ASSERT_EQ(truncate(big.c_str(), off_t(ImageRunner::kMaxUploadBytes) + 1), 0);  // sparse: costs no disk
    s.runner.upload_file(s.state, big);
    EXPECT_EQ(v.error_file, "image-too-large.png");
    EXPECT_NE(attn::english(v.error).find("the file is 64 MB"), std::string::npos) << attn::english(v.error);
    EXPECT_EQ(v.source.gallery_cell, kAnkleBootCell);
    std::remove(big.c_str());
    s.runner.upload_file(s.state, "/nonexistent/picture.png");
    EXPECT_NE(attn::english(v.error).find("Could not open /nonexistent/picture.png"), std::string::npos) << attn::english(v.error);
    EXPECT_EQ(v.source.gallery_cell, kAnkleBootCell);
}

TEST(ImageRunner, PhotoLikePngIsPreprocessedAndClassified) {
    AppState state;
    ImageRunner runner(ATTN_BUILD_ASSETS_DIR);
    const std::vector<uint8_t> photo = photo_like_png();
    runner.upload(state, photo.data(), photo.size(), "trousers.png");
    EXPECT_TRUE(state.show_image) << "an upload opens the panel";
    runner.update(state);
    const ImageState & v = state.image;
    ASSERT_TRUE(v.ready) << attn::english(v.error);
    EXPECT_EQ(v.source.true_label, -1);
    EXPECT_EQ(v.stages[0].width, 256);  // the 300-pixel photo's preview, capped
    EXPECT_EQ(v.stages[0].channels, 3);
    // Light background: inverted and levelled to the training images' black, the object light.
    EXPECT_EQ(v.input[0], 0.0f);
    EXPECT_GT(v.input[size_t(14 * kModelImageSide + 9)], 0.5f) << "a trouser leg, left of the gap";
    for (int i = 0; i < kImageModels; i++) expect_verdict(v.models[i]);
}

TEST(ImageRunner, TogglingAStepPreprocessesAgain) {
    AppState state;
    ImageRunner runner(ATTN_BUILD_ASSETS_DIR);
    const std::vector<uint8_t> photo = photo_like_png();
    runner.upload(state, photo.data(), photo.size(), "trousers.png");
    runner.update(state);
    ImageState & v = state.image;
    const float corner = v.input[0];
    v.options.invert = false;
    v.rerun_requested = true;
    EXPECT_TRUE(runner.busy(state));
    runner.update(state);
    EXPECT_FALSE(runner.busy(state));
    EXPECT_FALSE(v.stages[4].enabled);
    EXPECT_GT(v.input[0], 0.8f) << "not inverted: the light background stays light";
    EXPECT_LT(corner, 0.1f);
    expect_verdict(v[ImageModel::Cbam]);
    EXPECT_EQ(v.source.name, "trousers.png");
}

TEST(ImageRunner, GradCamExplainsTheChosenClass) {
    Shown s;
    ImageState & v = s.state.image;
    const std::vector<float> cam = v[ImageModel::Cbam].grad_cam.values;
    v.explain_class = 3;
    v.explain_changed = true;
    s.runner.update(s.state);
    for (int i = 0; i < kImageModels; i++) {
        EXPECT_EQ(v.models[i].explained, 3);
        EXPECT_EQ(v.models[i].grad_cam.values.size(), 49u);
    }
    if (v[ImageModel::Cbam].predicted != 3) {
        EXPECT_NE(v[ImageModel::Cbam].grad_cam.values, cam) << "a different class, a different map";
    }
}

TEST(ImageRunner, MissingFilesGiveMessages) {
    AppState state;
    ImageRunner runner("/nonexistent");
    state.show_image = true;
    runner.update(state);
    const ImageState & v = state.image;
    EXPECT_NE(attn::english(v.gallery.error).find("fashion-gallery.png was not found"), std::string::npos) << attn::english(v.gallery.error);
    for (int i = 0; i < kImageModels; i++)
        EXPECT_NE(attn::english(v.models[i].error).find(std::string(image_model_file(ImageModel(i))) + " was not found"), std::string::npos)
            << attn::english(v.models[i].error);
    // Preprocessing still works without the models: the stages show, the verdicts say why not.
    const std::vector<uint8_t> photo = photo_like_png();
    runner.upload(state, photo.data(), photo.size(), "trousers.png");
    EXPECT_TRUE(v.ready);
    EXPECT_EQ(v.stages.size(), 5u);
    EXPECT_FALSE(v[ImageModel::Cbam].has_result);
    EXPECT_FALSE(runner.busy(state));
}

TEST(HeatScale, RunsFromBlackToPaleYellowGettingLighter) {
    uint8_t rgb[3];
    heat_rgb(0.0f, rgb);
    EXPECT_EQ(rgb[0] + rgb[1] + rgb[2], 0 + 0 + 4);
    heat_rgb(1.0f, rgb);
    EXPECT_EQ(rgb[0], 252);
    EXPECT_EQ(rgb[1], 255);
    EXPECT_EQ(rgb[2], 164);
    double last = -1;
    for (int i = 0; i <= 100; i++) {
        heat_rgb(float(i) / 100.0f, rgb);
        const double luma = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2];
        EXPECT_GE(luma, last) << "at " << i;
        last = luma;
    }
    AttentionMap m;
    m.rows = 1, m.cols = 2, m.values = {0.5f, 2.0f};
    std::vector<uint8_t> px = heat_pixels(m, 0.0f, 2.0f);
    ASSERT_EQ(px.size(), 6u);
    EXPECT_EQ(px[3], 252);  // the maximum is the top of the scale
    uint8_t quarter[3];
    heat_rgb(0.25f, quarter);
    EXPECT_EQ(px[0], quarter[0]) << "0.5 of 2 is a quarter of the way up";
    px = heat_pixels(m, 0.5f, 2.0f);  // stretched from the minimum: 0.5 is black
    EXPECT_EQ(px[0], 0);
    EXPECT_EQ(px[2], 4);
    EXPECT_EQ(px[3], 252);
}

// The article's claim over the gallery: every test image measured over several frames, each
// model's number for a cell the one the panel shows when that cell is clicked, the tally adding up.
TEST(ImageRunner, GalleryCoverageMeasuresEveryTestImage) {
    Shown s(0);
    s.state.image.measure_gallery_requested = true;
    s.runner.update(s.state);
    EXPECT_TRUE(s.view().gallery_coverage.running);
    s.state.show_image = false;  // closing the panel does not stop it
    EXPECT_TRUE(s.runner.busy(s.state)) << "frames keep coming while it measures";
    for (int i = 0; i < 1000 && s.view().gallery_coverage.running; i++) s.runner.update(s.state);
    s.state.show_image = true;
    const GalleryCoverage & g = s.view().gallery_coverage;
    ASSERT_TRUE(g.finished());
    ASSERT_EQ(g.cells, 100);
    EXPECT_EQ(g.cbam_more + g.cbam_less + g.same, 100) << "every test image has an item and a lit map";
    double mean[kImageModels] = {};
    for (int m = 0; m < kImageModels; m++) {
        for (double c : g.covered[m]) mean[m] += c / 100.0;
        EXPECT_NEAR(g.mean[m], mean[m], 1e-12);
        EXPECT_GT(g.mean[m], 0.2);
        EXPECT_LT(g.mean[m], 1.0);
    }
    for (int cell : {0, 57, kAnkleBootCell}) {
        Shown one(cell);
        for (int m = 0; m < kImageModels; m++) {
            ASSERT_TRUE(one.view().models[m].cam_coverage.valid);
            EXPECT_DOUBLE_EQ(g.covered[m][size_t(cell)], one.view().models[m].cam_coverage.coverage) << "cell " << cell;
        }
    }
    // Switching a preprocessing step makes the tally stale: it is dropped, to be measured again.
    s.state.image.options.crop = false;
    s.state.image.rerun_requested = true;
    s.runner.update(s.state);
    EXPECT_FALSE(s.view().gallery_coverage.finished());
}

// A narrow screen stacks the panel, and a screen that changes size lays the window out again:
// the panel opened at 1280 × 800 fits a phone's 390 × 844 afterwards.
TEST(PanelImage, FollowsTheScreenSize) {
    HeadlessUi ui(1280, 800);
    Shown s;
    ui.frames(s.state, 3);
    const ImGuiWindow * w = ImGui::FindWindowByName("###image");
    ASSERT_NE(w, nullptr);
    EXPECT_GT(w->Size.x, 1000.0f);
    ImGui::GetIO().DisplaySize = ImVec2(390, 844);
    ui.frames(s.state, 3);
    EXPECT_LE(w->Pos.x + w->Size.x, 390.0f);
    EXPECT_LE(w->Pos.y + w->Size.y, 844.0f);
}

TEST(PanelImage, DrawsWithAResultAndWithAnError) {
    HeadlessUi ui;
    Shown s;
    ui.frames(s.state, 3);
    const int with_result = ImGui::GetDrawData()->TotalVtxCount;
    EXPECT_GT(with_result, 5000);  // 100 thumbnails, two sets of ten bars, the maps' legends
    const char corrupt[] = "\x89PNG\r\n\x1a\nnot really";
    s.runner.upload(s.state, reinterpret_cast<const uint8_t *>(corrupt), sizeof corrupt - 1, "corrupt.png");
    ui.frames(s.state, 2);
    EXPECT_GE(ImGui::GetDrawData()->TotalVtxCount, with_result) << "the previous result is still drawn, with the message";
    const nlohmann::json j = nlohmann::json::parse(app_state_json(s.state));
    const nlohmann::json & image = j["image"];
    EXPECT_TRUE(image["open"].get<bool>());
    EXPECT_NE(image["error"].get<std::string>().find("corrupt.png"), std::string::npos);
    EXPECT_TRUE(image["ready"].get<bool>());
    EXPECT_EQ(image["source"]["gallery_cell"], kAnkleBootCell);
    ASSERT_EQ(image["stages"].size(), 5u);
    EXPECT_EQ(image["stages"][0]["name"], "decode");
    ASSERT_EQ(image["models"].size(), 2u);
    EXPECT_EQ(image["models"][0]["label"], "ResNet");
    EXPECT_EQ(image["models"][1]["label"], "ResNet + CBAM");
    EXPECT_EQ(image["models"][1]["probabilities"].size(), 10u);
    EXPECT_EQ(image["models"][1]["spatial"].size(), cbam_widths().size());
    // Every step switched off, another class explained, no opacity: still draws.
    for (const char * step : {"grayscale", "crop", "resize", "invert"}) *stage_option(s.state.image.options, step) = false;
    s.state.image.rerun_requested = true;
    s.state.image.explain_class = 0;
    s.state.image.explain_changed = true;
    s.state.image.opacity = 0;
    s.runner.update(s.state);
    ui.frames(s.state, 2);
    // Missing models and gallery: messages only.
    AppState empty;
    ImageRunner nothing("/nonexistent");
    empty.show_image = true;
    nothing.update(empty);
    ui.frames(empty, 2);
    EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 200);
}

} // namespace
} // namespace attn

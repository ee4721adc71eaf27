// `attn classify [options] image.png`: the image panel's computation on the command line. The
// picture goes through the same preprocessing (vision/preprocess.h), then through each model
// (default: both shipped Fashion-MNIST classifiers), and the result is printed as a table or, with
// --json, as one JSON object with the probabilities, Grad-CAM (and how much of the item it lights,
// models/cam_coverage.h) and every CBAM map.
//
//   --model M.safetensors   a classifier to run (repeatable; default: the shipped plain and CBAM
//                           models from $ATTN_ASSETS/models, else the source tree's assets/models)
//   --no-grayscale --no-crop --no-resize --no-invert    switch a preprocessing step off
//   --explain C             the class (0..9) Grad-CAM explains; default: each model's prediction
//   --json                  machine-readable output
// A file that cannot be used (empty, not an image, damaged, too many pixels) is exit status 1 with
// the reason, as {"error": "..."} under --json.
#include "cli/cli.h"
#include "models/cam_coverage.h"
#include "models/image_classifier.h"
#include "vision/preprocess.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace attn {

namespace {

void usage() {
    std::fprintf(stderr, "usage: attn classify [--model M.safetensors]... [--no-grayscale] [--no-crop] [--no-resize]\n"
                         "                     [--no-invert] [--explain CLASS] [--json] image.png\n");
}

std::vector<std::string> default_models() {
    const char * env = std::getenv("ATTN_ASSETS");
    const std::string dir = std::string(env ? env : ATTN_SOURCE_ASSETS_DIR) + "/models/";
    return {dir + "resnet-fashion.safetensors", dir + "resnet_cbam-fashion.safetensors"};
}

nlohmann::json map_json(const AttentionMap & m) {
    return {{"rows", m.rows}, {"cols", m.cols}, {"values", m.values}};
}

int fail(bool json, const std::string & message) {
    if (json) std::printf("%s\n", nlohmann::json{{"error", message}}.dump().c_str());
    else std::fprintf(stderr, "attn classify: %s\n", message.c_str());
    return 1;
}

} // namespace

int cli_classify(int argc, char ** argv) {
    std::vector<std::string> models;
    std::string image_path;
    PreprocessOptions opts;
    bool json = false;
    int explain = -1;
    for (int i = 0; i < argc; i++) {
        const std::string a = argv[i];
        if (a == "--model" && i + 1 < argc) models.push_back(argv[++i]);
        else if (a == "--json") json = true;
        else if (a == "--no-grayscale") opts.grayscale = false;
        else if (a == "--no-crop") opts.crop = false;
        else if (a == "--no-resize") opts.resize = false;
        else if (a == "--no-invert") opts.invert = false;
        else if (a == "--explain" && i + 1 < argc) explain = std::atoi(argv[++i]);
        else if (!a.empty() && a[0] != '-' && image_path.empty()) image_path = a;
        else { usage(); return 2; }
    }
    if (image_path.empty()) { usage(); return 2; }
    if (models.empty()) models = default_models();

    std::ifstream f(image_path, std::ios::binary);
    if (!f) return fail(json, "cannot read " + image_path);
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    PreprocessResult pre;
    if (Status s = preprocess_image(bytes.data(), bytes.size(), opts, &pre); !s) return fail(json, image_path + ": " + s.message);

    Compute cc = Compute::fastest();
    nlohmann::json out{{"file", image_path}, {"width", pre.source_width}, {"height", pre.source_height},
                       {"background", pre.background}, {"inverted", pre.inverted},
                       {"crop", {pre.crop_x, pre.crop_y, pre.crop_w, pre.crop_h}}, {"input", pre.input}};
    for (const PreprocessStage & s : pre.stages) out["preprocessing"].push_back({{"step", s.name}, {"enabled", s.enabled}, {"note", english(s.note)}});
    out["warnings"] = english(pre.warnings);
    if (!json)
        for (const std::string & w : english(pre.warnings)) std::fprintf(stderr, "note: %s: %s\n", image_path.c_str(), w.c_str());
    for (const std::string & path : models) {
        ImageClassifier clf;
        if (Status s = ImageClassifier::load(path, &clf); !s) return fail(json, s.message);
        const ImageClassification r = clf.classify(cc, pre.input, explain);
        CamCoverage cover;
        nlohmann::json m{{"model", clf.label()}, {"file", path}, {"predicted", r.predicted},
                         {"class", fashion_class_name(r.predicted)}, {"explained", r.explained},
                         {"probabilities", r.probabilities}, {"milliseconds", r.milliseconds}};
        for (const AttentionMap & a : r.trace.maps) {
            if (a.kind == "grad_cam") {
                m["grad_cam"] = map_json(a);
                cover = cam_coverage(pre.input.data(), kModelImageSide, kModelImageSide, a.values.data(), a.rows, a.cols);
                m["grad_cam_coverage"] = cover.valid ? nlohmann::json{{"covered", cover.coverage}, {"off_item", cover.spill}}
                                                     : nlohmann::json(nullptr);
            }
            else if (a.kind == "cbam_channel") m["cbam"][size_t(a.layer)]["channel_weights"] = a.values;
            else if (a.kind == "cbam_spatial") m["cbam"][size_t(a.layer)]["spatial"] = map_json(a);
        }
        if (json) {
            out["models"].push_back(m);
            continue;
        }
        std::printf("%-14s %-12s %5.1f%%   (", clf.label().c_str(), fashion_class_name(r.predicted),
                    100.0 * r.probabilities[size_t(r.predicted)]);
        for (size_t k = 0; k < r.probabilities.size(); k++)
            std::printf("%s%s %.3f", k ? ", " : "", fashion_class_name(int(k)), r.probabilities[k]);
        std::printf(")\n");
        if (cover.valid)
            std::printf("%-14s Grad-CAM lights %.0f%% of the item; %.0f%% of the lit area is off it\n", "",
                        100.0 * cover.coverage, 100.0 * cover.spill);
    }
    if (json) {
        nlohmann::json names = nlohmann::json::array();
        for (int k = 0; k < kFashionClasses; k++) names.push_back(fashion_class_name(k));
        out["classes"] = names;
        std::printf("%s\n", out.dump().c_str());
    }
    return 0;
}

} // namespace attn

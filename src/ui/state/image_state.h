// What the Image panel shows: one picture through the preprocessing chain and then through the
// two Fashion-MNIST classifiers side by side, the plain ResNet and the same network with CBAM,
// with where each looked (Grad-CAM, and CBAM's own attention maps). Filled by
// app/runners/image_runner.h, read by ui/panels/panel_image.cpp and app/state_json.cpp; plain data, no
// ImGui. The panel writes its requests (a gallery click, a toggled step, the class to explain)
// into the fields marked "request"; the runner acts on them on the next frame.
#pragma once
#include "core/message.h"
#include "io/image_decode.h"
#include "models/cam_coverage.h"
#include "nn/attention_trace.h"
#include "vision/preprocess.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

// The two classifiers, in the order the panel shows them: without attention, then with it.
enum class ImageModel : int { Plain = 0, Cbam = 1 };
constexpr int kImageModels = 2;
const char * image_model_file(ImageModel m);   // "resnet-fashion.safetensors", "resnet_cbam-fashion.safetensors"
const char * image_model_title(ImageModel m);  // "ResNet", "ResNet + CBAM" (ImageClassifier::label())

// One classifier's verdict on the current input.
struct ImageModelState {
    std::string label;                // "ResNet", "ResNet + CBAM" (from the model once loaded)
    Message error;                    // why there is no result: file missing, wrong kind of model
    double test_accuracy = -1;        // on the 10k test set, 0..1, from the model file; -1 unknown
    bool has_result = false;
    std::vector<float> probabilities; // one per class, sums to 1
    int predicted = -1, explained = -1;
    AttentionMap grad_cam;            // at the last block (7 × 7), ReLU'd, raw scale
    CamCoverage cam_coverage;         // how much of the item Grad-CAM lights (models/cam_coverage.h)
    std::vector<AttentionMap> spatial;  // CBAM's M_s per block (28², 14², 7²), empty without CBAM
    std::vector<AttentionMap> channel;  // CBAM's M_c per block (1 × C)
    double milliseconds = 0;
};

// Where the current picture came from.
struct ImageSource {
    std::string name;                 // file name, or "test image #123"
    int gallery_cell = -1;            // the gallery thumbnail it is, or -1 for an upload
    int true_label = -1;              // known for gallery images only
};

// Test-set samples to click: one grey sprite sheet of `side`-pixel cells, `columns` per row.
struct ImageGallery {
    GrayImage sheet;
    int side = kModelImageSide, columns = 0;
    std::vector<int> labels;          // per cell, row-major
    std::vector<int> test_index;      // per cell: its index in the t10k set
    Message error;                    // why there is no gallery
    int cells() const { return int(labels.size()); }
};

// The article's claim over the whole gallery, measured on request: for each test image, how much
// of the item each model's Grad-CAM lights (each explaining its own prediction, the picture
// preprocessed as a click on it would be).
struct GalleryCoverage {
    bool running = false;
    int done = 0, cells = 0;          // measured so far, of
    std::vector<double> covered[kImageModels];  // per cell, 0..1; -1 where it cannot be said
    // Once done: the cells where CBAM's Grad-CAM lights more than 2 points more of the item, less,
    // or about the same (as the panel's verdict on one picture), and each model's mean.
    int cbam_more = 0, cbam_less = 0, same = 0;
    double mean[kImageModels] = {};
    bool finished() const { return !running && cells > 0 && done == cells; }
};

struct ImageState {
    // Requests (the panel and the host API write these).
    PreprocessOptions options;        // which preprocessing steps run
    bool rerun_requested = false;     // options changed: preprocess and classify the picture again
    int gallery_request = -1;         // a thumbnail was clicked
    int explain_class = -1;           // the class Grad-CAM explains; -1: each model's own prediction
    bool explain_changed = false;
    std::string open_path;            // natively: the path typed into the panel's file box
    bool open_path_requested = false;
    float opacity = 0.6f;             // of the heat overlays over the input
    bool outline_lit = true;          // outline where Grad-CAM counts as lit (cam_coverage.h)
    bool measure_gallery_requested = false;  // measure GalleryCoverage over every gallery image

    // Results.
    Message message;                  // loading models, or why nothing can be classified
    Message error;                    // why the last upload failed; the previous result stays
    std::string error_file;           // the file `error` is about, when it is about one
    bool ready = false;               // the fields below describe `source`
    ImageSource source;
    std::vector<PreprocessStage> stages;  // decode, grayscale, crop, resize, invert
    std::vector<float> input;         // 28 × 28 in [0, 1], what both models got
    std::vector<Message> warnings;    // classified anyway, but: an animated GIF's first frame, 1×1 pixels
    ImageModelState models[kImageModels];
    uint64_t revision = 0;            // changes with every new result, so images are redrawn

    ImageGallery gallery;
    GalleryCoverage gallery_coverage;

    const ImageModelState & operator[](ImageModel m) const { return models[int(m)]; }
    ImageModelState & operator[](ImageModel m) { return models[int(m)]; }
};

// A preprocessing stage's name as the catalogue holds it ("grayscale"), for tr(); an unknown
// stage's own name.
const char * preprocess_stage_label(const std::string & stage_name);

// The option a stage's checkbox switches ("grayscale" -> options.grayscale, ...), nullptr for a
// step that cannot be switched off (decode).
bool * stage_option(PreprocessOptions & options, const std::string & stage_name);

// Whether CBAM's Grad-CAM lights more of the item than the plain network's (+1), less (-1) or
// about the same (0), from the two coverages (0..1): compared in whole percent, and a difference
// of 2 points or less is a handful of the item's pixels, too few to call either way.
int cbam_covers_more(double plain, double cbam);

// The largest value of a map (0 for an empty one): the top of its colour legend.
float map_max(const AttentionMap & map);
// The smallest (0 for an empty one).
float map_min(const AttentionMap & map);

} // namespace attn

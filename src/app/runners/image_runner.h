// Runs the Image panel: takes a picture (an uploaded, dropped or pasted file, or a gallery
// sample), runs the preprocessing chain (vision/preprocess.h) and both Fashion-MNIST classifiers
// on the result, and fills AppState::image (ui/state/image_state.h) with every stage's preview, each
// model's class probabilities, Grad-CAM and CBAM's attention maps.
//
// Files, all under the assets folder:
//   models/resnet-fashion.safetensors, models/resnet_cbam-fashion.safetensors
//       loaded when the panel first opens (on the web first fetched from the site, fetch_file.h:
//       they are not in index.data, most visitors never open the panel)
//   fashion-gallery.png, fashion-gallery.tsv   the test-set samples (app/runners/fashion_gallery.h)
// A missing file becomes a message in the panel, never a failure. A bad upload (empty, not an
// image, damaged, too many pixels, too many bytes) becomes a message too, and whatever was on
// screen before stays there.
#pragma once
#include "backend/compute.h"
#include "models/image_classifier.h"
#include "ui/state/app_state.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace attn {

class ImageRunner {
public:
    explicit ImageRunner(std::string assets_dir = {}) : m_assets(std::move(assets_dir)) {}
    void set_assets_dir(const std::string & dir) { m_assets = dir; }

    // Once per frame: acts on the panel's requests (gallery click, toggled step, class to
    // explain, typed path) and, while the panel is open or a picture waits for them, loads the
    // gallery and the models, and classifies.
    void update(AppState & state);
    // A file's bytes (file picker, drop, paste, the host API). Opens the panel. Classified at once
    // when the models are loaded, else as soon as they are.
    void upload(AppState & state, const uint8_t * bytes, size_t size, const std::string & name);
    // A file on disk: dropped on the native window, `attn_app --image`, or typed into the panel.
    void upload_file(AppState & state, const std::string & path);
    // A file not even read because it is larger than kMaxUploadBytes (the web checks the size
    // before copying it into the app's memory).
    void refuse_upload(AppState & state, const std::string & name, double bytes);
    // A gallery sample, by cell.
    void show_gallery(AppState & state, int cell);
    // Whether frames must keep coming: a download, a request or a classification is pending.
    bool busy(const AppState & state) const;

    // Generous for any photo a phone takes; the pixel cap (kMaxUploadPixels) is checked after.
    static constexpr size_t kMaxUploadBytes = size_t(64) << 20;

private:
    bool load_models(ImageState & v);  // false while downloading
    void load_gallery(ImageState & v);
    void show(AppState & state, PreprocessResult result, ImageSource source);
    void rerun(AppState & state);
    void classify(ImageState & v);
    void measure_gallery(ImageState & v);  // a frame's share of GalleryCoverage

    std::string m_assets;
    std::unique_ptr<ImageClassifier> m_models[kImageModels];
    bool m_models_loaded = false;   // tried: every file fetched and read, or failed
    bool m_gallery_loaded = false;
    // The picture on screen, kept to preprocess it again when a step is toggled.
    std::vector<uint8_t> m_bytes;   // an upload's file
    int m_gallery_cell = -1;        // or a gallery sample
    bool m_classify_pending = false;
    Compute m_compute = Compute::fastest();
};

} // namespace attn

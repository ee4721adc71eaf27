#include "app/runners/image_runner.h"

#include "app/runners/fashion_gallery.h"
#include "core/clock.h"
#include "platform/fetch_file.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace attn {

namespace {

// On the web the classifiers are not in index.data: CMake copies them into the site's models/
// folder, beside index.html, and fetch_file downloads them from there.
const char * const kSiteModelsFolder = "models/";

bool file_exists(const std::string & path) { return bool(std::ifstream(path)); }

std::string base_name(const std::string & path) {
    const size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string megabytes(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f MB", bytes / double(1 << 20));
    return buf;
}

// The maps of one kind, in block order.
std::vector<AttentionMap> maps_of(const AttentionTrace & trace, const std::string & kind) {
    std::vector<AttentionMap> out;
    for (const AttentionMap & m : trace.maps)
        if (m.kind == kind) out.push_back(m);
    std::sort(out.begin(), out.end(), [](const AttentionMap & a, const AttentionMap & b) { return a.layer < b.layer; });
    return out;
}

} // namespace

bool ImageRunner::load_models(ImageState & v) {
    if (m_models_loaded) return true;
    // Both downloads start before either is awaited, so on the web they run side by side.
    FetchState fetched[kImageModels];
    bool pending = false;
    for (int i = 0; i < kImageModels; i++) {
        const std::string file = image_model_file(ImageModel(i));
        fetched[i] = fetch_file(kSiteModelsFolder + file, m_assets + "/models/" + file);
        pending |= fetched[i] == FetchState::Pending;
    }
    if (pending) return false;
    for (int i = 0; i < kImageModels; i++) {
        const ImageModel m = ImageModel(i);
        ImageModelState & out = v[m];
        const std::string file = image_model_file(m), path = m_assets + "/models/" + file;
        out.label = image_model_title(m);
        if (fetched[i] == FetchState::Failed || !file_exists(path)) {
            out.error = fetched[i] == FetchState::Failed
                            ? Message{N_("{0} is not installed: the site did not serve {1}."), {out.label, std::string(kSiteModelsFolder) + file}}
                            : Message{N_("{0} is not installed: {1} was not found."), {out.label, path}};
            continue;
        }
        auto c = std::make_unique<ImageClassifier>();
        if (Status s = ImageClassifier::load(path, c.get()); !s) {
            out.error = {N_("{0} could not be loaded: {1}"), {out.label, s.message}};
        } else if (c->has_cbam() != (m == ImageModel::Cbam)) {
            out.error = {N_("{0} holds a {1} model, not {2}."), {path, c->label(), out.label}};
        } else {
            const std::string accuracy = c->metadata("test_accuracy");
            out.test_accuracy = accuracy.empty() ? -1 : std::atof(accuracy.c_str());
            m_models[i] = std::move(c);
        }
    }
    m_models_loaded = true;
    return true;
}

void ImageRunner::load_gallery(ImageState & v) {
    if (m_gallery_loaded) return;
    m_gallery_loaded = true;
    if (Status s = load_fashion_gallery(m_assets, &v.gallery); !s) v.gallery.error = {N_("No test images to show: {0}"), {s.message}};
}

void ImageRunner::update(AppState & state) {
    ImageState & v = state.image;
    // A gallery tally under way goes on with the panel closed: busy() keeps the frames coming for it.
    if (!state.show_image && !m_classify_pending && !v.gallery_coverage.running) return;
    load_gallery(v);
    // The first time the panel opens, something to look at: the first test image. Not after a
    // failed upload: its message would vanish, and the sample could pass for the upload's result.
    if (!v.ready && v.error.empty() && v.gallery_request < 0 && v.gallery.cells() > 0) v.gallery_request = 0;
    if (v.gallery_request >= 0) {
        show_gallery(state, v.gallery_request);
        v.gallery_request = -1;
    }
    if (v.open_path_requested) {
        v.open_path_requested = false;
        upload_file(state, v.open_path);
    }
    if (v.rerun_requested) {
        v.rerun_requested = false;
        rerun(state);
        v.gallery_coverage = GalleryCoverage{};  // measured with the old preprocessing: measure again
    }
    if (v.explain_changed) {
        v.explain_changed = false;
        m_classify_pending = v.ready;
    }
    if (!load_models(v)) {
        v.message = {N_("Downloading the two classifiers (0.65 MB, once)…"), {}};
        return;  // the next frame asks again
    }
    v.message.clear();
    if (m_classify_pending) classify(v);
    measure_gallery(v);
}

bool ImageRunner::busy(const AppState & state) const {
    const ImageState & v = state.image;
    if (m_classify_pending || v.open_path_requested || v.gallery_coverage.running) return true;
    if (!state.show_image) return false;
    return !m_models_loaded || !m_gallery_loaded || v.gallery_request >= 0 || v.rerun_requested || v.explain_changed ||
           v.measure_gallery_requested;
}

void ImageRunner::upload(AppState & state, const uint8_t * bytes, size_t size, const std::string & name) {
    state.show_image = true;
    PreprocessResult r;
    if (Status s = preprocess_image(bytes, size, state.image.options, &r); !s) {
        state.image.error = s.said, state.image.error_file = name;
        return;
    }
    m_bytes.assign(bytes, bytes + size);
    m_gallery_cell = -1;
    show(state, std::move(r), ImageSource{name, -1, -1});
}

void ImageRunner::upload_file(AppState & state, const std::string & path) {
    state.show_image = true;
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) {
        state.image.error = {N_("Could not open {0}."), {path}}, state.image.error_file.clear();
        return;
    }
    const std::streamoff size = in.tellg();
    if (size < 0 || size_t(size) > kMaxUploadBytes) {
        refuse_upload(state, base_name(path), double(size));
        return;
    }
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    in.seekg(0);
    if (!in.read(reinterpret_cast<char *>(bytes.data()), size)) {
        state.image.error = {N_("Could not read {0}."), {path}}, state.image.error_file.clear();
        return;
    }
    upload(state, bytes.data(), bytes.size(), base_name(path));
}

void ImageRunner::refuse_upload(AppState & state, const std::string & name, double bytes) {
    state.show_image = true;
    state.image.error = {N_("the file is {0}; pictures up to {1} are accepted."), {megabytes(bytes), megabytes(double(kMaxUploadBytes))}};
    state.image.error_file = name;
}

void ImageRunner::show_gallery(AppState & state, int cell) {
    ImageState & v = state.image;
    load_gallery(v);
    if (cell < 0 || cell >= v.gallery.cells()) {
        v.error = {N_("There is no test image {0} in the gallery (it has {1})."), {std::to_string(cell), std::to_string(v.gallery.cells())}};
        v.error_file.clear();
        return;
    }
    m_bytes.clear();
    m_gallery_cell = cell;
    const std::string name = "test image #" + std::to_string(v.gallery.test_index[size_t(cell)]);  // the panel words it in the interface language
    show(state, preprocess_rgb(gallery_cell_rgb(v.gallery, cell), v.options), ImageSource{name, cell, v.gallery.labels[size_t(cell)]});
}

void ImageRunner::show(AppState & state, PreprocessResult result, ImageSource source) {
    ImageState & v = state.image;
    v.error.clear(), v.error_file.clear();
    v.source = std::move(source);
    v.stages = std::move(result.stages);
    v.input = std::move(result.input);
    v.warnings = std::move(result.warnings);
    v.ready = true;
    v.revision++;
    // The old verdicts describe the old picture: gone until the models have seen the new one.
    for (ImageModelState & m : v.models) m.has_result = false;
    m_classify_pending = true;
    if (m_models_loaded) classify(v);
}

// The same picture again with the current options (a step was switched on or off).
void ImageRunner::rerun(AppState & state) {
    ImageState & v = state.image;
    if (m_gallery_cell >= 0) {
        show(state, preprocess_rgb(gallery_cell_rgb(v.gallery, m_gallery_cell), v.options), v.source);
        return;
    }
    if (m_bytes.empty()) return;
    PreprocessResult r;
    if (Status s = preprocess_image(m_bytes.data(), m_bytes.size(), v.options, &r); !s) {
        v.error = s.said, v.error_file = v.source.name;
        return;
    }
    show(state, std::move(r), v.source);
}

void ImageRunner::classify(ImageState & v) {
    m_classify_pending = false;
    if (!v.ready) return;
    for (int i = 0; i < kImageModels; i++) {
        ImageModelState & out = v.models[i];
        if (!m_models[i]) continue;
        ImageClassification c = m_models[i]->classify(m_compute, v.input, v.explain_class);
        out.has_result = true;
        out.probabilities = std::move(c.probabilities);
        out.predicted = c.predicted;
        out.explained = c.explained;
        out.milliseconds = c.milliseconds;
        const std::vector<AttentionMap> cams = maps_of(c.trace, "grad_cam");
        out.grad_cam = cams.empty() ? AttentionMap{} : cams.back();
        out.cam_coverage = cams.empty() ? CamCoverage{}
                                        : cam_coverage(v.input.data(), kModelImageSide, kModelImageSide, out.grad_cam.values.data(),
                                                       out.grad_cam.rows, out.grad_cam.cols);
        out.spatial = maps_of(c.trace, "cbam_spatial");
        out.channel = maps_of(c.trace, "cbam_channel");
    }
    v.revision++;
}

void ImageRunner::measure_gallery(ImageState & v) {
    GalleryCoverage & g = v.gallery_coverage;
    if (v.measure_gallery_requested) {
        v.measure_gallery_requested = false;
        g = GalleryCoverage{};
        g.cells = v.gallery.cells();
        for (std::vector<double> & c : g.covered) c.assign(size_t(g.cells), -1.0);
        g.running = g.cells > 0 && m_models[0] && m_models[1];
    }
    if (!g.running) return;
    // A few images per frame (about 25 ms of work), so the page stays responsive for the 100.
    const double start = now_ms();
    while (g.done < g.cells && ms_since(start) < 25.0) {
        const PreprocessResult r = preprocess_rgb(gallery_cell_rgb(v.gallery, g.done), v.options);
        for (int i = 0; i < kImageModels; i++) {
            const ImageClassification c = m_models[i]->classify(m_compute, r.input);
            const std::vector<AttentionMap> cams = maps_of(c.trace, "grad_cam");
            if (cams.empty()) continue;
            const AttentionMap & cam = cams.back();
            const CamCoverage cover = cam_coverage(r.input.data(), kModelImageSide, kModelImageSide, cam.values.data(), cam.rows, cam.cols);
            if (cover.valid) g.covered[i][size_t(g.done)] = cover.coverage;
        }
        g.done++;
    }
    if (g.done < g.cells) return;
    g.running = false;
    int counted = 0;
    for (size_t k = 0; k < size_t(g.cells); k++) {
        const double plain = g.covered[int(ImageModel::Plain)][k], cbam = g.covered[int(ImageModel::Cbam)][k];
        if (plain < 0 || cbam < 0) continue;
        const int verdict = cbam_covers_more(plain, cbam);
        (verdict > 0 ? g.cbam_more : verdict < 0 ? g.cbam_less : g.same)++;
        g.mean[int(ImageModel::Plain)] += plain;
        g.mean[int(ImageModel::Cbam)] += cbam;
        counted++;
    }
    for (double & m : g.mean) m = counted ? m / counted : 0.0;
}

} // namespace attn

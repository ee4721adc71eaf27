#include "models/image_classifier.h"

#include "core/check.h"
#include "core/clock.h"
#include "vision/preprocess.h"

#include <algorithm>
#include <cmath>

namespace attn {

const char * fashion_class_name(int label) {
    static const char * const kNames[kFashionClasses] = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                                         "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};
    return label >= 0 && label < kFashionClasses ? kNames[label] : "?";
}

Status ImageClassifier::load(const std::string & path, ImageClassifier * out) {
    CnnModel model;
    if (Status s = CnnModel::load(path, &model); !s) return s;
    *out = from_model(std::move(model));
    return Status::success();
}

ImageClassifier ImageClassifier::from_model(CnnModel model) {
    ImageClassifier c;
    c.m_model = std::move(model);
    return c;
}

std::string ImageClassifier::metadata(const std::string & key) const {
    const auto & m = m_model.metadata();
    auto it = m.find(key);
    return it == m.end() ? std::string() : it->second;
}

static AttentionMap map_of(const char * kind, int layer, int rows, int cols, const float * values) {
    AttentionMap m;
    m.kind = kind;
    m.layer = layer;
    m.rows = rows, m.cols = cols;
    m.values.assign(values, values + int64_t(rows) * cols);
    return m;
}

ImageClassification ImageClassifier::classify(Compute & cc, const std::vector<float> & image, int explain_class) {
    const int S = kModelImageSide;
    ATTN_ASSERT(image.size() == size_t(S) * S, "the classifier takes a 28×28 image");
    const double t0 = now_ms();
    Tensor x({1, 1, S, S});
    std::copy(image.begin(), image.end(), x.data());
    CnnPass pass;
    m_model.forward(cc, x, /*training=*/false, &pass);

    ImageClassification r;
    const int K = int(pass.logits.cols());
    const float * logits = pass.logits.data();
    const float top = *std::max_element(logits, logits + K);
    double sum = 0.0;
    r.probabilities.resize(size_t(K));
    for (int k = 0; k < K; k++) sum += (r.probabilities[size_t(k)] = float(std::exp(double(logits[k] - top))));
    for (float & p : r.probabilities) p = float(p / sum);
    r.predicted = int(std::max_element(logits, logits + K) - logits);
    r.explained = explain_class >= 0 && explain_class < K ? explain_class : r.predicted;

    for (size_t b = 0; b < pass.blocks.size() && has_cbam(); b++) {
        const CbamCache & c = pass.blocks[b].cbam;
        r.trace.maps.push_back(map_of("cbam_channel", int(b), 1, int(c.channel.cols()), c.channel.data()));
        r.trace.maps.push_back(map_of("cbam_spatial", int(b), int(c.spatial.shape()[2]), int(c.spatial.shape()[3]), c.spatial.data()));
    }
    const Tensor cam = grad_cam(m_model, pass, r.explained);
    r.trace.maps.push_back(map_of("grad_cam", int(pass.blocks.size()) - 1, int(cam.shape()[1]), int(cam.shape()[2]), cam.data()));
    r.milliseconds = ms_since(t0);
    return r;
}

} // namespace attn

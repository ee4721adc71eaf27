// A trained Fashion-MNIST classifier (models/cnn.h) behind what the image panel and
// `attn classify` need: class probabilities for one preprocessed 28×28 image, and the attention
// recorded while computing them, in an AttentionTrace:
//   "cbam_channel"  layer b: CBAM's channel weights M_c of block b, 1 × C, each in (0, 1)
//   "cbam_spatial"  layer b: CBAM's spatial map M_s of block b, H × W (28, 14, 7), each in (0, 1)
//   "grad_cam"      layer = last block: Grad-CAM for the explained class at 7 × 7, ReLU'd, raw
//                   (not normalised: the panel scales it, the numbers stay the model's)
// The plain network records only "grad_cam". Maps are for a single image: row-major, rows × cols.
#pragma once
#include "backend/compute.h"
#include "models/cnn.h"
#include "nn/attention_trace.h"

#include <string>
#include <vector>

namespace attn {

constexpr int kFashionClasses = 10;
// Fashion-MNIST's label names, 0..9 ("T-shirt/top", "Trouser", ..., "Ankle boot").
const char * fashion_class_name(int label);

struct ImageClassification {
    std::vector<float> probabilities;  // softmax of the logits, one per class
    int predicted = 0;                 // arg-max
    int explained = 0;                 // the class Grad-CAM explains (predicted unless asked)
    AttentionTrace trace;
    double milliseconds = 0;           // forward + Grad-CAM
};

class ImageClassifier {
public:
    static Status load(const std::string & path, ImageClassifier * out);
    static ImageClassifier from_model(CnnModel model);

    // image: kModelImageSide² floats in [0, 1] (vision/preprocess.h); explain_class < 0: the
    // predicted class.
    ImageClassification classify(Compute & cc, const std::vector<float> & image, int explain_class = -1);

    bool has_cbam() const { return m_model.config().cbam; }
    std::string label() const { return has_cbam() ? "ResNet + CBAM" : "ResNet"; }
    const CnnModel & model() const { return m_model; }
    // Metadata written by `attn train` (test_accuracy, training_steps, ...), "" when absent.
    std::string metadata(const std::string & key) const;

private:
    CnnModel m_model;
};

} // namespace attn

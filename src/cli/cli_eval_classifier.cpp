// `attn eval --classifier M.safetensors [--data DIR] [--png confusion.png]`: an image classifier's
// accuracy on the Fashion-MNIST test set (10,000 images) and on the validation split its training
// held out (the training file's first 5,000), with the test confusion matrix as a table and,
// optionally, as a PNG (train/confusion_chart.h) for the model card; and how much of each test item
// Grad-CAM for the predicted class covers (models/cam_coverage.h), averaged over the test set.
#include "cli/cli.h"
#include "models/cam_coverage.h"
#include "models/image_classifier.h"
#include "train/confusion_chart.h"
#include "train/image_train.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace attn {

int cli_eval_classifier(int argc, char ** argv) {
    std::string model_path, data_dir = kFashionMnistDir, png;
    int validation = 5000;
    for (int i = 0; i < argc; i++) {
        const std::string a = argv[i];
        if (a == "--classifier" && i + 1 < argc) model_path = argv[++i];
        else if (a == "--data" && i + 1 < argc) data_dir = argv[++i];
        else if (a == "--png" && i + 1 < argc) png = argv[++i];
        else {
            std::fprintf(stderr, "usage: attn eval --classifier M.safetensors [--data DIR] [--png confusion.png]\n");
            return 2;
        }
    }
    CnnModel model;
    if (Status s = CnnModel::load(model_path, &model); !s) { std::fprintf(stderr, "attn eval: %s\n", s.message.c_str()); return 1; }
    ImageSet train, test, val, rest;
    for (auto [split, set] : {std::pair{"train", &train}, std::pair{"t10k", &test}})
        if (Status s = load_image_set(data_dir, split, model.config().classes, set); !s) {
            std::fprintf(stderr, "attn eval: %s\n", s.message.c_str());
            return 1;
        }
    split_image_set(train, validation, &val, &rest);
    Compute cc = Compute::fastest();
    const ClassifierScore v = evaluate_classifier(cc, model, val), t = evaluate_classifier(cc, model, test);
    const std::string label = model.config().cbam ? "ResNet + CBAM" : "ResNet";
    std::printf("%s (%s): test accuracy %.2f%% (%lld images), validation %.2f%% (%lld), test loss %.4f\n", label.c_str(),
                model_path.c_str(), 100.0 * t.accuracy(), (long long)t.count, 100.0 * v.accuracy(), (long long)v.count, t.loss);
    std::printf("confusion (rows true, columns predicted):\n");
    for (int r = 0; r < t.classes; r++) {
        std::printf("%-12s", fashion_class_name(r));
        for (int c = 0; c < t.classes; c++) std::printf(" %5lld", (long long)t.confusion[size_t(r * t.classes + c)]);
        std::printf("\n");
    }
    // Grad-CAM coverage of the object, for the predicted class of every test image.
    double coverage = 0.0, spill = 0.0;
    int64_t counted = 0;
    CnnPass pass;
    for (int begin = 0; begin < test.count; begin += 250) {
        std::vector<size_t> idx;
        for (int i = begin; i < std::min(test.count, begin + 250); i++) idx.push_back(size_t(i));
        const Tensor x = image_batch(test, idx, nullptr);
        model.forward(cc, x, /*training=*/false, &pass);
        std::vector<int> predicted(idx.size());
        for (size_t n = 0; n < idx.size(); n++) {
            const float * row = pass.logits.data() + int64_t(n) * pass.logits.cols();
            predicted[n] = int(std::max_element(row, row + pass.logits.cols()) - row);
        }
        const Tensor cam = grad_cam(model, pass, predicted);
        const int h = int(cam.shape()[1]), w = int(cam.shape()[2]);
        for (size_t n = 0; n < idx.size(); n++) {
            const CamCoverage c = cam_coverage(x.data() + int64_t(n) * 784, 28, 28, cam.data() + int64_t(n) * h * w, h, w);
            if (!c.valid) continue;
            coverage += c.coverage, spill += c.spill, counted++;
        }
    }
    std::printf("Grad-CAM (predicted class, map >= half its peak): covers %.1f%% of the object on average, "
                "%.1f%% of the highlighted area is off it (%lld images)\n",
                counted ? 100.0 * coverage / double(counted) : 0.0, counted ? 100.0 * spill / double(counted) : 0.0,
                (long long)counted);
    if (!png.empty()) {
        ConfusionChart chart;
        char title[160];
        std::snprintf(title, sizeof title, "%s on the Fashion-MNIST test set: %.2f%% of %lld", label.c_str(),
                      100.0 * t.accuracy(), (long long)t.count);
        chart.title = title;
        for (int k = 0; k < t.classes; k++) chart.classes.push_back(fashion_class_name(k));
        chart.counts = t.confusion;
        if (Status s = write_confusion_chart_png(chart, png); !s) { std::fprintf(stderr, "attn eval: %s\n", s.message.c_str()); return 1; }
    }
    return 0;
}

} // namespace attn

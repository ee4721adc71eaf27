#include "ui/state/image_state.h"

#include "ui/i18n.h"

#include <algorithm>
#include <cmath>

namespace attn {

const char * image_model_file(ImageModel m) {
    return m == ImageModel::Cbam ? "resnet_cbam-fashion.safetensors" : "resnet-fashion.safetensors";
}

const char * image_model_title(ImageModel m) { return m == ImageModel::Cbam ? "ResNet + CBAM" : "ResNet"; }

const char * preprocess_stage_label(const std::string & stage_name) {
    // vision/preprocess.cpp names the stages; these are the same words, marked for the catalogue.
    static const char * const kStages[] = {N_("decode"), N_("grayscale"), N_("crop"), N_("resize"), N_("invert")};
    for (const char * s : kStages)
        if (stage_name == s) return s;
    return stage_name.c_str();
}

bool * stage_option(PreprocessOptions & options, const std::string & stage_name) {
    if (stage_name == "grayscale") return &options.grayscale;
    if (stage_name == "crop") return &options.crop;
    if (stage_name == "resize") return &options.resize;
    if (stage_name == "invert") return &options.invert;
    return nullptr;
}

int cbam_covers_more(double plain, double cbam) {
    const long p = std::lround(100.0 * plain), c = std::lround(100.0 * cbam);
    return c - p > 2 ? 1 : p - c > 2 ? -1 : 0;
}

float map_max(const AttentionMap & map) {
    float top = 0;
    for (float v : map.values) top = std::max(top, v);
    return top;
}

float map_min(const AttentionMap & map) {
    return map.values.empty() ? 0.0f : *std::min_element(map.values.begin(), map.values.end());
}

} // namespace attn

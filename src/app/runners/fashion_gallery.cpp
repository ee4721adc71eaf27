#include "app/runners/fashion_gallery.h"

#include "models/image_classifier.h"

#include <fstream>
#include <iterator>
#include <sstream>

namespace attn {

namespace {

Status read_labels(const std::string & path, ImageGallery * g) {
    std::ifstream in(path);
    if (!in) return Status::error(path + " was not found");
    std::string line;
    std::getline(in, line);  // header
    for (int expected = 0; std::getline(in, line); expected++) {
        std::istringstream fields(line);
        int cell = -1, label = -1, index = -1;
        if (!(fields >> cell >> label >> index) || cell != expected || label < 0 || label >= kFashionClasses)
            return Status::error(path + ": line " + std::to_string(expected + 2) + " is not \"cell label t10k_index\" for cell " +
                                 std::to_string(expected));
        g->labels.push_back(label);
        g->test_index.push_back(index);
    }
    return Status::success();
}

} // namespace

Status load_fashion_gallery(const std::string & assets_dir, ImageGallery * out) {
    ImageGallery g;
    const std::string png = assets_dir + "/fashion-gallery.png";
    std::ifstream in(png, std::ios::binary);
    if (!in) return Status::error(png + " was not found");
    const std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (Status s = decode_gray_image(bytes.data(), bytes.size(), kMaxUploadPixels, &g.sheet); !s) return Status::error(png + ": " + s.message);
    if (Status s = read_labels(assets_dir + "/fashion-gallery.tsv", &g); !s) return s;
    g.columns = g.sheet.width / g.side;
    const int rows = g.sheet.height / g.side;
    if (g.sheet.width % g.side || g.sheet.height % g.side || g.cells() != g.columns * rows || g.cells() == 0)
        return Status::error(png + " (" + std::to_string(g.sheet.width) + "×" + std::to_string(g.sheet.height) + ") does not hold the " +
                             std::to_string(g.cells()) + " cells of 28×28 the labels list");
    *out = std::move(g);
    return Status::success();
}

RgbImage gallery_cell_rgb(const ImageGallery & g, int cell) {
    RgbImage img;
    img.width = img.height = g.side;
    img.pixels.resize(size_t(g.side) * g.side * 3);
    const int x0 = (cell % g.columns) * g.side, y0 = (cell / g.columns) * g.side;
    for (int y = 0; y < g.side; y++)
        for (int x = 0; x < g.side; x++) {
            const uint8_t v = g.sheet.pixels[size_t(y0 + y) * g.sheet.width + size_t(x0 + x)];
            for (int k = 0; k < 3; k++) img.pixels[(size_t(y) * g.side + x) * 3 + k] = v;
        }
    return img;
}

} // namespace attn

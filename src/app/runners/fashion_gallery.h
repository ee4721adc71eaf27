// The Image panel's gallery: 100 Fashion-MNIST test images (10 per class) in one grey sprite
// sheet with a table of labels, both made by scripts/make-fashion-gallery:
//   <assets>/fashion-gallery.png   rows × columns cells of 28 × 28 pixels
//   <assets>/fashion-gallery.tsv   cell, label, t10k_index (a header line, then one line per cell)
// Small (45 KB), so the web preloads it with the fonts.
#pragma once
#include "core/status.h"
#include "io/image_decode.h"
#include "ui/state/image_state.h"

#include <string>

namespace attn {

Status load_fashion_gallery(const std::string & assets_dir, ImageGallery * out);

// One cell as the RGB picture preprocess_rgb() takes (grey copied into the three channels).
RgbImage gallery_cell_rgb(const ImageGallery & gallery, int cell);

} // namespace attn

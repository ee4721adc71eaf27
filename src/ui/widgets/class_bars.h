// A classifier's answer as one row per class: the class name, a bar as long as its probability,
// and the percentage. The predicted class is drawn in the accent colour; the true label, when
// known (a test image), is marked with a tick, so a wrong prediction shows at a glance.
#pragma once
#include <string>
#include <vector>

namespace attn {

// One item, `width` px wide (0: the available width), one text line per class.
void draw_class_bars(const char * id, const std::vector<std::string> & names, const std::vector<float> & probabilities,
                     int predicted, int true_label, float width);

} // namespace attn

#include "ui/compare_data.h"

#include "ui/i18n.h"
#include "ui/widgets/line_plot.h"

#include <algorithm>
#include <cstdio>

namespace attn {

ImU32 compare_color(CompareModel m) { return series_imcolor(size_t(m)); }

std::vector<TimingLane> compare_timing_lanes(const CompareState & v) {
    std::vector<TimingLane> lanes;
    const char * names[kCompareModels] = {N_("RNNencdec encoder (GRU, left to right)"), N_("RNNsearch encoder (GRU, both directions)"),
                                          N_("Transformer encoder (all layers)")};
    for (int i = 0; i < kCompareModels; i++) {
        const CompareModel m = CompareModel(i);
        const ComparedTranslation & t = v[m];
        if (!t.ok() || t.outputs.empty()) continue;
        TimingLane lane;
        lane.label = tr(names[i]);
        lane.color = compare_color(m);
        if (m == CompareModel::Transformer) {
            lane.ms = {t.encoder_ms};
            char all[96];
            std::snprintf(all, sizeof all, tr("all %zu tokens at once"), v.source.size());
            lane.box_labels = {all};
        } else {
            lane.ms = t.encoder_step_ms;
            lane.box_labels = v.source;
        }
        lanes.push_back(std::move(lane));
    }
    return lanes;
}

int compare_cross_layer(const CompareState & v) {
    const int last = v.transformer_layers - 1;
    return v.cross_layer < 0 ? last : std::min(v.cross_layer, last);
}

AttentionMatrix compare_cross_matrix(const CompareState & v, std::vector<float> * storage) {
    const int head = std::min(v.cross_head, v.transformer_heads - 1);
    return trace_matrix(v.cross, "cross", compare_cross_layer(v), head, v.transformer_heads, storage);
}

} // namespace attn

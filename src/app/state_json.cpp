#include "app/state_json.h"

#include "nn/attention_steps.h"
#include "ui/attention_data.h"

#include <nlohmann/json.hpp>

namespace attn {

std::string app_state_json(const AppState & s) {
    const TranslationView & t = s.translation;
    const AttentionSelection & a = s.attention;
    nlohmann::json j;
    j["sentence"] = s.sentence;
    j["models"] = s.model_names;
    j["model"] = s.model;
    j["beam"] = s.beam;
    j["pending"] = s.translate_requested;
    j["ready"] = t.ready;
    j["error"] = t.error;
    j["translation"] = t.display;
    j["translated_sentence"] = t.sentence;
    j["outputs"] = t.outputs;
    j["source"] = t.encoder_tokens;
    j["unknown"] = t.unknown;
    j["milliseconds"] = t.milliseconds;
    j["selection"] = {{"kind", attention_kind_id(a.kind)}, {"layer", a.layer}, {"head", a.head}, {"query", a.query},
                      {"view", a.view}};
    std::vector<float> storage;
    const AttentionMatrix m = attention_matrix(t, a.kind, a.layer, a.head, &storage);
    j["map"] = {{"rows", m.rows}, {"cols", m.cols},
                {"values", m.values ? std::vector<float>(m.values, m.values + size_t(m.rows) * size_t(m.cols)) : std::vector<float>()}};
    j["heatmap"] = {{"x", s.heatmap_rect.x}, {"y", s.heatmap_rect.y}, {"w", s.heatmap_rect.w}, {"h", s.heatmap_rect.h},
                    {"rows", m.rows}, {"cols", m.cols},
                    {"visible", {{"x", s.heatmap_visible.x}, {"y", s.heatmap_visible.y}, {"w", s.heatmap_visible.w}, {"h", s.heatmap_visible.h}}}};
    for (const QkvCapture & c : t.trace.qkv) {
        if (c.kind != attention_kind_id(a.kind) || c.layer != a.layer || c.head != std::max(a.head, 0)) continue;
        if (a.query < 0 || a.query >= c.q_rows) break;
        const AttentionSteps st = compute_attention_steps(c, a.query, mask_for_kind(c.kind));
        j["step"] = {{"head", c.head}, {"query", a.query}, {"weights", st.weights}, {"sqrt_dk", st.sqrt_dk}};
    }
    return j.dump();
}

} // namespace attn

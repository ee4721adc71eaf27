#include "ui/attention_data.h"

#include "ui/i18n.h"

namespace attn {

const TranslationState & attention_view(const AppState & s) {
    return s.attention.words && s.translation.pieces ? s.translation_words : s.translation;
}

AttentionAxes attention_axes(const TranslationState & t, AttentionKind kind) {
    switch (kind) {
        case AttentionKind::EncoderSelf:
            return {&t.encoder_tokens, &t.encoder_tokens, N_("English word attending"), N_("English word attended to")};
        case AttentionKind::DecoderSelf:
            // The decoder at position i reads the words written so far (<s> first) and may look
            // only at positions ≤ i: the causal mask.
            return {&t.decoder_inputs, &t.decoder_inputs, N_("decoder position (its input word)"), N_("earlier position")};
        default:
            return {&t.outputs, &t.encoder_tokens, N_("word being written"), N_("English word")};
    }
}

int attention_layers(const TranslationState & t, AttentionKind kind) {
    return kind == AttentionKind::EncoderSelf ? t.config.encoder_layers : t.config.decoder_layers;
}

AttentionMatrix attention_matrix(const TranslationState & t, AttentionKind kind, int layer, int head,
                                 std::vector<float> * storage) {
    return trace_matrix(t.trace.maps, attention_kind_id(kind), layer, head, t.config.heads, storage);
}

AttentionMatrix trace_matrix(const std::vector<AttentionMap> & maps, const char * kind, int layer, int head, int heads,
                             std::vector<float> * storage) {
    const auto find = [&](int h) -> const AttentionMap * {
        for (const AttentionMap & m : maps)
            if (m.kind == kind && m.layer == layer && m.head == h) return &m;
        return nullptr;
    };
    if (head >= 0) {
        const AttentionMap * m = find(head);
        return m ? AttentionMatrix{m->values.data(), m->rows, m->cols} : AttentionMatrix{};
    }
    AttentionMatrix out;
    int n = 0;
    for (int h = 0; h < heads; h++) {
        const AttentionMap * m = find(h);
        if (!m) continue;
        if (n == 0) { storage->assign(m->values.size(), 0.0f); out.rows = m->rows; out.cols = m->cols; }
        if (m->values.size() != storage->size()) continue;
        for (size_t i = 0; i < m->values.size(); i++) (*storage)[i] += m->values[i];
        n++;
    }
    if (n == 0) return {};
    for (float & v : *storage) v /= float(n);
    out.values = storage->data();
    return out;
}

} // namespace attn

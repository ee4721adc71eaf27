#include "ui/state/app_state.h"

#include "core/utf8.h"

namespace attn {

const char * attention_kind_id(AttentionKind k) {
    switch (k) {
        case AttentionKind::EncoderSelf: return "encoder_self";
        case AttentionKind::DecoderSelf: return "decoder_self";
        default: return "cross";
    }
}

const char * attention_kind_label(AttentionKind k) {
    switch (k) {
        case AttentionKind::EncoderSelf: return N_("Encoder self-attention");
        case AttentionKind::DecoderSelf: return N_("Decoder masked self-attention");
        default: return N_("Encoder-decoder (cross) attention");
    }
}

std::vector<std::string> TranslationState::english_notices() const {
    std::vector<std::string> out;
    for (const Notice & n : notices)
        out.push_back(n.sentence > 0 ? "Sentence " + std::to_string(n.sentence) + ": " + english(n.message) : english(n.message));
    return out;
}

void AppState::set_sentence(std::string_view text, bool from_outside) {
    const std::string clean = utf8_sanitize(text);
    const std::string_view capped = utf8_prefix(clean, kMaxSentenceChars);
    sentence_was_truncated = capped.size() < clean.size();
    sentence = std::string(capped);
    sentence_set_from_outside |= from_outside;
}

bool * AppState::panel_flag(std::string_view name) {
    if (name == "translate") return &show_translate;
    if (name == "attention") return &show_attention;
    if (name == "step") return &show_step;
    if (name == "architecture") return &show_architecture;
    if (name == "about") return &show_about;
    if (name == "compare") return &show_compare;
    if (name == "image") return &show_image;
    if (name == "train") return &show_train;
    if (name == "timing") return &show_op_timing;
    return nullptr;
}

} // namespace attn

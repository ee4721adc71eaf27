// Architecture: the loaded model's encoder and decoder stacks, drawn from its config (not a
// picture of the paper's 6 + 6): one block per layer with its sub-layers. Clicking an attention
// sub-layer opens it in the Attention window.
#include "core/printf_string.h"
#include "ui/i18n.h"
#include "ui/layout.h"
#include "ui/ui.h"
#include "ui/widgets/wrapped_text.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace attn {

namespace {

constexpr float kBlockWidth = 260.0f;  // a sub-layer's button: its longest label fits

bool sublayer(const char * text, const char * tag, bool selected, ImVec4 color) {
    ImGui::PushStyleColor(ImGuiCol_Button, color);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(color.x + 0.1f, color.y + 0.1f, color.z + 0.1f, 1.0f));
    if (selected) ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 2.0f);
    const bool clicked = ImGui::Button(text, ImVec2(std::min(kBlockWidth, ImGui::GetContentRegionAvail().x), 0));
    if (selected) ImGui::PopStyleVar();
    ImGui::PopStyleColor(2);
    if (tag && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr(tag));
    return clicked;
}

// An RNN translator (Bahdanau, Cho & Bengio 2015) in words and its sizes, in the papers' notation.
void rnn_architecture(const RnnConfig & r) {
    if (r.attention)
        text_wrapped(printf_string(tr("This model is an RNNsearch: a bidirectional GRU encoder (%d units each way) gives every English word an "
                       "annotation h_j of %d numbers; a GRU decoder (%d units) writes one word per step, reading c_i = Σ_j α_ij h_j, "
                       "the alignment α scored by a layer of %d units. Word vectors: %d numbers."),
                    r.hidden, 2 * r.hidden, r.hidden, r.align, r.embed));
    else
        text_wrapped(printf_string(tr("This model is an RNNencdec: a GRU encoder (%d units) reads the English words left to right, and its last "
                       "state C is all the decoder (a GRU of %d units) sees of the sentence, at every step. Word vectors: %d numbers."),
                    r.hidden, r.hidden, r.embed));
    dim_text_wrapped(tr("No blocks, no heads: the Transformer replaced the recurrence with attention (6 + 6 blocks in the paper)."));
}

} // namespace

void draw_panel_architecture(AppState & s) {
    place_next_window(Panel::Architecture);
    if (!ImGui::Begin(panel_title("architecture"), &s.show_architecture)) { ImGui::End(); return; }
    const TransformerConfig & c = s.translation.config;
    if (!s.translation.ready) { ImGui::TextDisabled("%s", tr("No model loaded.")); ImGui::End(); return; }
    if (s.translation.rnn) {
        rnn_architecture(s.translation.rnn_config);
        ImGui::End();
        return;
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text(tr("This model: %d encoder and %d decoder blocks, d_model %d, %d heads of d_k = %d, d_ff %d, %s-norm."),
                c.encoder_layers, c.decoder_layers, c.d_model, c.heads, c.head_dim(), c.d_ff,
                c.norm == NormPlacement::Pre ? tr("pre") : tr("post"));
    ImGui::TextDisabled("%s", tr("The paper's base model has 6 + 6 blocks, d_model 512, 8 heads of d_k = 64 (so QKᵀ/√64 = QKᵀ/8)."));
    ImGui::TextDisabled("%s", tr("Click an attention sub-layer to open it."));
    ImGui::PopTextWrapPos();
    AttentionSelection & a = s.attention;
    const ImVec4 attention_color(0.25f, 0.35f, 0.6f, 1.0f), ffn_color(0.3f, 0.3f, 0.3f, 1.0f);
    auto open = [&](AttentionKind k, int layer) {
        a.kind = k;
        a.layer = layer;
        s.show_attention = true;
        s.request_translation(-1e9);
    };
    char label[96];
    auto encoder_block = [&](int r) {
        ImGui::Text(tr("Encoder block %d"), r);
        std::snprintf(label, sizeof label, tr("Feed-forward (%d → %d → %d)"), c.d_model, c.d_ff, c.d_model);
        sublayer(label, nullptr, false, ffn_color);
        std::snprintf(label, sizeof label, tr("Multi-head self-attention (%d heads)"), c.heads);
        if (sublayer(label, N_("self · soft · multi-head"), a.kind == AttentionKind::EncoderSelf && a.layer == r, attention_color))
            open(AttentionKind::EncoderSelf, r);
    };
    auto decoder_block = [&](int r) {
        ImGui::Text(tr("Decoder block %d"), r);
        std::snprintf(label, sizeof label, tr("Feed-forward (%d → %d → %d)"), c.d_model, c.d_ff, c.d_model);
        sublayer(label, nullptr, false, ffn_color);
        if (sublayer(tr("Encoder-decoder attention"), N_("distinctive · soft · multi-head: queries from the decoder, keys and values from the encoder"),
                     a.kind == AttentionKind::Cross && a.layer == r, attention_color))
            open(AttentionKind::Cross, r);
        if (sublayer(tr("Masked multi-head self-attention"), N_("self · soft · multi-head, masked so a word sees only earlier words"),
                     a.kind == AttentionKind::DecoderSelf && a.layer == r, attention_color))
            open(AttentionKind::DecoderSelf, r);
    };
    // Drawn top (last layer) to bottom (first layer), as in the paper's figure: the two stacks side
    // by side, or on a phone the encoder's above the decoder's.
    if (ImGui::GetContentRegionAvail().x < 2 * kBlockWidth + 40) {
        ImGui::Separator();
        ImGui::TextUnformatted(tr("Encoder (reads English)"));
        for (int r = c.encoder_layers - 1; r >= 0; r--) {
            ImGui::PushID(r);
            encoder_block(r);
            ImGui::PopID();
        }
        ImGui::TextDisabled("%s", tr("English words + positions"));
        ImGui::Separator();
        ImGui::TextUnformatted(tr("Decoder (writes the translation)"));
        for (int r = c.decoder_layers - 1; r >= 0; r--) {
            ImGui::PushID(1000 + r);
            decoder_block(r);
            ImGui::PopID();
        }
        ImGui::TextDisabled("%s", tr("<s> + words written so far + positions"));
    } else if (ImGui::BeginTable("##stacks", 2, ImGuiTableFlags_BordersInnerV)) {
        ImGui::TableSetupColumn(tr("Encoder (reads English)"));
        ImGui::TableSetupColumn(tr("Decoder (writes the translation)"));
        ImGui::TableHeadersRow();
        for (int r = std::max(c.encoder_layers, c.decoder_layers) - 1; r >= 0; r--) {
            ImGui::TableNextRow();
            ImGui::PushID(r);
            ImGui::TableSetColumnIndex(0);
            if (r < c.encoder_layers) encoder_block(r);
            ImGui::TableSetColumnIndex(1);
            if (r < c.decoder_layers) decoder_block(r);
            ImGui::PopID();
        }
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextDisabled("%s", tr("English words + positions"));
        ImGui::TableSetColumnIndex(1);
        ImGui::TextDisabled("%s", tr("<s> + words written so far + positions"));
        ImGui::EndTable();
    }
    ImGui::End();
}

} // namespace attn

#include "ui/widgets/view_caveat.h"

#include "ui/i18n.h"
#include "ui/theme.h"

#include <imgui.h>

namespace attn {

AttentionView attention_view_of(AttentionKind k) {
    switch (k) {
        case AttentionKind::EncoderSelf: return AttentionView::EncoderSelf;
        case AttentionKind::DecoderSelf: return AttentionView::DecoderSelf;
        default: return AttentionView::Cross;
    }
}

const char * taxonomy_line(AttentionView v) {
    switch (v) {
        case AttentionView::EncoderSelf:
            return N_("Chaudhari et al.: sequences: self · levels: single · positions: soft (global) · representations: multi-head");
        case AttentionView::DecoderSelf:
            return N_("Chaudhari et al.: sequences: self, masked to earlier positions · levels: single · positions: soft · multi-head");
        case AttentionView::Cross:
            return N_("Chaudhari et al.: sequences: distinctive (queries from the output, keys from the input) · levels: single · "
                      "positions: soft · multi-head");
        case AttentionView::Bahdanau:
            return N_("Chaudhari et al.: sequences: distinctive (the decoder's state queries the source annotations) · "
                      "levels: single · positions: soft (global) · representations: single");
        case AttentionView::CbamChannel:
            return N_("Chaudhari et al.: sequences: self (a block's own features) · levels: single · positions: soft · "
                      "representations: multi-dimensional (one weight per channel)");
        case AttentionView::CbamSpatial:
            return N_("Chaudhari et al.: sequences: self (a block's own features) · levels: single · positions: soft, over "
                      "the picture's places · representations: single");
        case AttentionView::GradCam:
            return N_("Grad-CAM is not attention: the network never uses it. It is computed afterwards from gradients, to "
                      "show which places raised this class's score (Selvaraju et al. 2017).");
    }
    return "";
}

void draw_view_caveat(AttentionView v, bool caveat) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(taxonomy_line(v)));
    if (caveat && v != AttentionView::GradCam) {
        ImGui::PushStyleColor(ImGuiCol_Text, theme::text().caveat);
        ImGui::TextUnformatted(tr("Attention weights show where the model looked, not why it decided: they are not an explanation."));
        ImGui::PopStyleColor();
    }
    ImGui::PopTextWrapPos();
}

} // namespace attn

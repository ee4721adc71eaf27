#include "ui/train_text.h"

#include "core/printf_string.h"
#include "ui/i18n.h"

namespace attn {

std::string train_heldout_text(const TrainState & t, double exact_match, double attention_follows, double bleu) {
    if (bleu >= 0) {
        const std::string score = printf_string(tr("Held-out: BLEU %.1f · %.1f%% of sentences exactly right"), bleu, 100.0 * exact_match);
        if (t.probe_maps.layers == 0) return score;
        if (t.run_setup.arch != ToyArch::Transformer)
            return score + printf_string(tr(" · the alignment peaks on an English word the gold alignment links on %.1f%% of words"),
                                         100.0 * attention_follows);
        return score + printf_string(tr(" · best head (%d) peaks on an English word the gold alignment links on %.1f%% of words"),
                                     t.best_head, 100.0 * attention_follows);
    }
    if (t.probe_maps.layers == 0) return printf_string(tr("Held-out: %.1f%% exactly right"), 100.0 * exact_match);
    if (t.run_setup.arch != ToyArch::Transformer)
        return printf_string(tr("Held-out: %.1f%% exactly right · the alignment looks where the task says on %.1f%% of rows"),
                             100.0 * exact_match, 100.0 * attention_follows);
    return printf_string(tr("Held-out: %.1f%% exactly right · best head (%d) looks where the task says on %.1f%% of rows"),
                         100.0 * exact_match, t.best_head, 100.0 * attention_follows);
}

const char * train_no_attention_text() {
    return tr("RNNencdec has no attention to show: at every step its decoder reads the same vector C, the encoder's last state, "
              "whatever it is writing. The longer the sequences, the more C must hold; compare its held-out score by length "
              "with RNNsearch's.");
}

} // namespace attn

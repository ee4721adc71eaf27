#include "ui/state/compare_state.h"

#include "ui/i18n.h"

namespace attn {

const char * compare_architecture(CompareModel m) {
    switch (m) {
        case CompareModel::RnnEncDec: return "rnn_encdec";
        case CompareModel::RnnSearch: return "rnn_search";
        default: return "transformer";
    }
}

const char * compare_title(CompareModel m) {
    switch (m) {
        case CompareModel::RnnEncDec: return "RNNencdec";
        case CompareModel::RnnSearch: return "RNNsearch";
        default: return "Transformer";
    }
}

const char * compare_subtitle(CompareModel m) {
    switch (m) {
        case CompareModel::RnnEncDec: return N_("GRU encoder-decoder, no attention (Cho et al. 2014)");
        case CompareModel::RnnSearch: return N_("bidirectional GRU + attention (Bahdanau et al. 2015)");
        default: return N_("attention only, no recurrence (Vaswani et al. 2017)");
    }
}

} // namespace attn

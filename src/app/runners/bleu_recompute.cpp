#include "app/runners/bleu_recompute.h"

#include "core/clock.h"
#include "train/parallel_data.h"

#include <fstream>

namespace attn {

Status read_eval_items(const std::string & path, const std::string & language, std::vector<EvalItem> * out) {
    std::ifstream f(path);
    if (!f) return Status::error("cannot open " + path);
    out->clear();
    std::string line;
    while (std::getline(f, line)) {
        corpus::CorpusExample e;
        if (!corpus::parse_example_tsv_line(line, &e)) continue;
        out->push_back({e.en, target_text(e, language), target_alignment(e, language)});
    }
    if (out->empty()) return Status::error(path + " has no sentences");
    return Status::success();
}

void BleuRecompute::start(std::vector<EvalItem> items, std::vector<const Translator *> models) {
    cancel();
    m_items = std::move(items);
    m_models = std::move(models);
    m_hypotheses.assign(m_models.size(), std::vector<std::string>(m_items.size()));
}

void BleuRecompute::step(Compute & cc, double budget_ms) {
    if (!running()) return;
    const double started = now_ms();
    const size_t pairs = m_items.size() * m_models.size();
    do {
        if (m_next < pairs) {
            const size_t item = m_next / m_models.size(), model = m_next % m_models.size();
            m_hypotheses[model][item] = m_models[model]->translate(cc, m_items[item].source, DecodeOptions{}, nullptr).display;
            m_next++;
        }
    } while (m_next < pairs && ms_since(started) < budget_ms);
    if (m_next < pairs) return;
    for (size_t m = 0; m < m_models.size(); m++)
        m_scores.push_back(bleu_by_source_length(m_items, m_hypotheses[m], m_models[m]->chinese()));
    m_finished = true;
}

float BleuRecompute::progress() const {
    const size_t pairs = m_items.size() * m_models.size();
    return m_finished ? 1.0f : pairs ? float(m_next) / float(pairs) : 0.0f;
}

} // namespace attn

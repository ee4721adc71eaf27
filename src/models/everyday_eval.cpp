#include "models/everyday_eval.h"

#include "core/tsv.h"
#include "text/bleu.h"
#include "text/chrf.h"

#include <algorithm>
#include <fstream>
#include <map>

namespace attn {

Status load_everyday(const std::string & path, const std::string & target_language, std::vector<EverydayItem> * out) {
    const int first_ref = target_language == "de" ? 5 : target_language.rfind("zh", 0) == 0 ? 3 : -1;
    if (first_ref < 0) return Status::error("the everyday set has no references in " + target_language);
    std::ifstream f(path, std::ios::binary);
    if (!f) return Status::error("cannot read " + path);
    out->clear();
    std::string line;
    for (int number = 1; std::getline(f, line); number++) {
        const std::vector<std::string> cells = split_tabs(line);
        bool empty_cell = false;
        for (const std::string & c : cells) empty_cell = empty_cell || c.empty();
        if (cells.size() != 7 || empty_cell)
            return Status::error(path + ":" + std::to_string(number) + ": expected 7 non-empty tab-separated cells");
        out->push_back({cells[0], cells[1], cells[2], {cells[size_t(first_ref)], cells[size_t(first_ref) + 1]}});
    }
    if (out->empty()) return Status::error(path + " has no sentences");
    return Status::success();
}

EverydayScore score_everyday(const std::string & category, const std::vector<const EverydayItem *> & items,
                             const std::vector<const std::string *> & hypotheses, bool chinese) {
    EverydayScore s;
    s.category = category;
    s.sentences = int(items.size());
    std::vector<std::string> hyps;
    std::vector<std::vector<std::string>> refs;
    for (size_t i = 0; i < items.size(); i++) {
        hyps.push_back(*hypotheses[i]);
        refs.push_back(items[i]->references);
    }
    s.chrf = corpus_chrf(hyps, refs);
    s.bleu = corpus_bleu(hyps, refs, chinese ? BleuTokenizer::Zh : BleuTokenizer::Tok13a).bleu;
    return s;
}

void score_against_first_reference(const std::vector<EverydayItem> & items, const std::vector<std::string> & hypotheses,
                                   bool chinese, EverydayScore * model, EverydayScore * second_reference) {
    std::vector<const EverydayItem *> first_only;
    std::vector<EverydayItem> firsts;
    firsts.reserve(items.size());
    std::vector<const std::string *> hyps, seconds;
    for (size_t i = 0; i < items.size() && i < hypotheses.size(); i++) {
        if (items[i].references.size() < 2) continue;
        firsts.push_back({items[i].id, items[i].category, items[i].source, {items[i].references[0]}});
        hyps.push_back(&hypotheses[i]);
        seconds.push_back(&items[i].references[1]);
    }
    for (const EverydayItem & f : firsts) first_only.push_back(&f);
    *model = score_everyday("the model against the first reference alone", first_only, hyps, chinese);
    *second_reference = score_everyday("the second reference against the first (a second translator)", first_only, seconds, chinese);
}

EverydayEval evaluate_everyday(Compute & cc, const Translator & t, const std::vector<EverydayItem> & items,
                               const DecodeOptions & opts) {
    EverydayEval e;
    // Some items are two sentences ("Could you close the window? It's cold in here."): each is
    // translated as the playground translates pasted text, sentence by sentence.
    std::vector<ParagraphTranslation> done;
    done.reserve(items.size());
    for (const EverydayItem & item : items) {
        done.push_back(t.translate_paragraph(cc, item.source, opts, size_t(-1), nullptr));
        e.hypotheses.push_back(done.back().display);
        DecodeStop stop = DecodeStop::Eos;
        double confidence = 1.0;
        int repeats = 0;
        for (const Translation & r : done.back().translations) {
            if (r.decode.stop != DecodeStop::Eos) stop = r.decode.stop;
            confidence = std::min(confidence, output_confidence(r.decode));
            repeats += r.decode.repeats_avoided;
        }
        e.stops.push_back(stop);
        e.repeats_avoided.push_back(repeats);
        e.confidences.push_back(confidence);
    }
    // Scores per category, then for everything, from the same per-item results.
    std::vector<std::string> order;
    std::map<std::string, std::vector<size_t>> members;
    for (size_t i = 0; i < items.size(); i++) {
        if (!members.count(items[i].category)) order.push_back(items[i].category);
        members[items[i].category].push_back(i);
    }
    auto score = [&](const std::string & name, const std::vector<size_t> & which) {
        std::vector<const EverydayItem *> its;
        std::vector<const std::string *> hyps;
        for (size_t i : which) {
            its.push_back(&items[i]);
            hyps.push_back(&e.hypotheses[i]);
        }
        EverydayScore s = score_everyday(name, its, hyps, t.chinese());
        for (size_t i : which) {
            // Tokens that reached the model as <unk>: unknown words, or for a subword model the
            // pieces that are <unk> (none, with byte fallback).
            for (const Translation & r : done[i].translations) {
                s.words += long(r.source.ids.size());
                s.unknown_words += long(std::count(r.source.ids.begin(), r.source.ids.end(), Vocabulary::kUnk));
            }
            s.stopped += e.stops[i] != DecodeStop::Eos;
            s.repeats_avoided += e.repeats_avoided[i] > 0;
        }
        return s;
    };
    for (const std::string & c : order) e.categories.push_back(score(c, members[c]));
    std::vector<size_t> everything(items.size());
    for (size_t i = 0; i < items.size(); i++) everything[i] = i;
    e.all = score("all", everything);
    std::vector<size_t> warned, unwarned;
    for (size_t i = 0; i < items.size(); i++)
        (e.stops[i] != DecodeStop::Eos || e.confidences[i] < kLowConfidence || e.repeats_avoided[i] > 0 ||
                 !construction_notices(items[i].source).empty()
             ? warned : unwarned).push_back(i);
    e.warned = score("with a warning (stopped, unsure, a repetition turned down, or a construction it never learned)", warned);
    e.unwarned = score("without a warning", unwarned);
    score_against_first_reference(items, e.hypotheses, t.chinese(), &e.model_one_reference, &e.references_agree);
    return e;
}

} // namespace attn

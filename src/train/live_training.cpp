#include "train/live_training.h"

#include "core/clock.h"
#include "corpus/lexicon.h"
#include "text/vocab.h"
#include "train/checkpoint.h"
#include "train/run_history.h"

#include <cmath>
#include <cstring>

namespace attn {

void ThinnedSeries::add(double x, double y) {
    m_sum_x += x, m_sum_y += y;
    if (++m_pending < m_group) return;
    m_x.push_back(m_sum_x / m_pending);
    m_y.push_back(m_sum_y / m_pending);
    m_sum_x = m_sum_y = 0;
    m_pending = 0;
    if (m_x.size() < kMaxPoints) return;
    for (size_t i = 0; i + 1 < m_x.size(); i += 2) {
        m_x[i / 2] = 0.5 * (m_x[i] + m_x[i + 1]);
        m_y[i / 2] = 0.5 * (m_y[i] + m_y[i + 1]);
    }
    m_x.resize(m_x.size() / 2);
    m_y.resize(m_y.size() / 2);
    m_group *= 2;
}

bool ThinnedSeries::restore(std::vector<double> x, std::vector<double> y, int group) {
    if (x.size() != y.size() || x.size() >= kMaxPoints || group < 1 || (group & (group - 1)) != 0) return false;
    *this = ThinnedSeries();
    m_x = std::move(x);
    m_y = std::move(y);
    m_group = group;
    return true;
}

Status LiveTraining::start(const TrainSetup & setup, const std::string & save_dir) {
    if (Status s = build(setup, save_dir); !s) return s;
    if (!m_save_dir.empty()) m_save_status = save_checkpoint();  // replaces an earlier run's files
    return Status::success();
}

Status LiveTraining::build(const TrainSetup & setup, const std::string & save_dir) {
    if (Status s = validate_setup(setup); !s) return s;
    if (Status s = check_memory(setup); !s) return s;
    reset();
    m_setup = setup;
    TaskVocab vocab = symbol_vocab(setup);
    const uint64_t seed = uint64_t(setup.seed);
    std::vector<Example> train;
    if (const char * lang = corpus_task_language(setup.task)) {
        if (Status s = load_mini_corpus(m_assets_dir, lang, &m_corpus); !s) {
            reset();
            return s;
        }
        vocab = {m_corpus->train.src_vocab.size(), m_corpus->train.tgt_vocab.size()};
        train = m_corpus->train.examples;
    } else {
        // 20,000 training sequences; the held-out ones come from another seed (disjoint, almost surely).
        train = make_toy_examples(setup.task, 20000, setup.min_len, setup.max_len, seed, setup.alphabet);
        m_heldout = make_toy_examples(setup.task, kHeldOutExamples, setup.min_len, setup.max_len, seed + 1000003, setup.alphabet);
    }
    if (Status s = make_toy_model(m_compute, setup, vocab, &m_model); !s) {
        reset();
        return s;
    }
    TrainerConfig t = setup_trainer_config(setup);
    m_save_dir = save_dir;
    t.checkpoint_path = save_dir.empty() ? "" : checkpoint_file(save_dir);
    t.checkpoint_every = 0;  // saved by advance(), with the history
    m_trainer = std::make_unique<Trainer>(
        m_model->seq2seq(), std::move(train), t,
        std::map<std::string, std::string>{{"task", toy_task_name(setup.task)}, {"config", m_model->config_json()}, {"setup", setup_to_text(setup)}});
    m_snapshot_every = setup.snapshot_every;
    (void)set_probe(default_probe());  // always valid
    evaluate(kQuickEvalExamples);
    keep_good_parameters();
    return Status::success();
}

std::string LiveTraining::default_probe() const {
    // A held-out sentence of 6 to 10 words, whose reference the corpus has.
    if (m_corpus) {
        for (const corpus::CorpusExample & e : m_corpus->heldout.rows) {
            const size_t words = corpus::split_tokens(e.en).size();
            if (words >= 6 && words <= 10) return e.en;
        }
        return m_corpus->heldout.rows.at(0).en;
    }
    // As long as the longest training sequence (at most 8), from the digits of π.
    std::string probe;
    const char * pi = "31415926535897932384";
    for (int i = 0; i < std::min(m_setup.max_len, 8); i++) probe += toy_symbol(kToyFirstDigit + (pi[i] - '0') % m_setup.alphabet) + " ";
    probe.pop_back();
    return probe;
}

void LiveTraining::reset() {
    m_trainer.reset();
    m_model.reset();
    m_corpus.reset();
    m_heldout.clear();
    m_curves = {};
    m_score = {};
    m_probe = {};
    m_probe_text.clear();
    m_probe_src.clear();
    m_probe_want.clear();
    m_probe_words.clear();
    m_probe_reference = true;
    m_probe_output.clear();
    m_timeline.clear();
    m_timeline_epoch++;
    m_good_parameters.clear();
    m_good_step = 0;
    m_failure.clear();
    m_save_dir.clear();
    m_save_status = Status::success();
    m_saved_step = -1;
    m_seconds = 0;
    m_steps_timed = 0;
}

int64_t LiveTraining::step() const { return m_trainer ? m_trainer->progress().step : 0; }
double LiveTraining::last_loss() const { return m_trainer ? m_trainer->last_loss() : 0.0; }
double LiveTraining::learning_rate() const { return m_trainer ? m_trainer->last_lr() : 0.0; }
double LiveTraining::tokens_per_second() const { return m_trainer ? m_trainer->tokens_per_second() : 0.0; }
bool LiveTraining::finished() const { return m_trainer && (m_trainer->done() || !m_failure.empty()); }

int LiveTraining::advance(double budget_ms) {
    if (!m_trainer || finished()) return 0;
    const double start = now_seconds();
    int steps = 0;
    do {
        m_trainer->step(0.0);  // one step
        steps++;
        const int64_t k = m_trainer->progress().step;
        const double loss = m_trainer->last_loss();
        if (!std::isfinite(loss)) {
            m_failure = {N_("The loss became {0} at step {1}, so training stopped. The weights are back to those of step {2}. A smaller learning rate usually helps."),
                         {std::isnan(loss) ? "NaN" : "∞", std::to_string(k), std::to_string(m_good_step)}};
            // In place: the model's layer views point into these tensors.
            for (auto & [name, tensor] : m_model->parameters())
                std::memcpy(tensor.data(), m_good_parameters.at(name).data(), size_t(tensor.numel()) * sizeof(float));
            snapshot();
            break;
        }
        m_curves.loss.add(double(k), loss);
        m_curves.lr.add(double(k), m_trainer->last_lr());
        if (k % m_snapshot_every == 0) snapshot();
        if (k % m_setup.eval_every == 0 || m_trainer->done())
            evaluate(m_trainer->done() ? size_t(kHeldOutExamples) : size_t(kQuickEvalExamples));
        if (k % m_setup.checkpoint_every == 0) {
            keep_good_parameters();
            if (!m_save_dir.empty()) m_save_status = save_checkpoint();
        }
    } while (!m_trainer->done() && (now_seconds() - start) * 1000.0 < budget_ms);
    m_seconds += now_seconds() - start;
    m_steps_timed += steps;
    return steps;
}

Status LiveTraining::save_checkpoint() {
    if (!m_trainer) return Status::error(Message{N_("There is no training run to save."), {}});
    if (m_save_dir.empty()) return Status::success();
    if (!m_failure.empty()) return Status::success();  // the files keep the last good state
    if (Status s = m_trainer->save_checkpoint(); !s) return s;
    RunHistory h{m_curves, m_timeline, m_probe_text, m_snapshot_every, m_good_step};
    if (Status s = save_run_history(history_file(m_save_dir), h); !s) return s;
    m_saved_step = step();
    return Status::success();
}

Status LiveTraining::peek_saved(const std::string & save_dir, TrainSetup * setup, int64_t * step) {
    TensorMap params;
    TrainProgress progress;
    std::map<std::string, std::string> extra;
    if (Status s = load_checkpoint(checkpoint_file(save_dir), &params, nullptr, &progress, &extra); !s) return s;
    const auto it = extra.find("setup");
    if (it == extra.end()) return Status::error(checkpoint_file(save_dir) + ": not a Train panel run");
    if (Status s = setup_from_text(it->second, setup); !s) return s;
    *step = progress.step;
    return Status::success();
}

Status LiveTraining::resume(const std::string & save_dir) {
    TrainSetup setup;
    int64_t saved = 0;
    RunHistory history;
    if (Status s = peek_saved(save_dir, &setup, &saved); !s) return s;
    if (Status s = load_run_history(history_file(save_dir), &history); !s) return s;
    if (Status s = build(setup, save_dir); !s) return s;
    if (Status s = m_trainer->resume(checkpoint_file(save_dir)); !s) {
        reset();
        return s;
    }
    if (!set_probe(history.probe)) (void)set_probe(m_probe_text);
    m_curves = std::move(history.curves);
    // The maps of the saved probe, if they have this model's shape; else the timeline starts anew.
    if (!history.timeline.empty() && history.timeline[0].maps.size() == m_probe.maps.size()) {
        m_timeline = std::move(history.timeline);
        m_timeline_epoch++;
        m_snapshot_every = history.snapshot_every;
        if (m_timeline.back().step != step()) m_timeline.push_back({step(), m_probe.maps});
    }
    if (m_curves.eval_step.empty() || m_curves.eval_step.back() != double(step())) evaluate(kQuickEvalExamples);
    else m_score = score(kQuickEvalExamples);
    keep_good_parameters();
    m_saved_step = step();
    return Status::success();
}

void LiveTraining::keep_good_parameters() {
    m_good_parameters = m_model->parameters();
    m_good_step = step();
}

ToyScore LiveTraining::score(size_t examples) {
    return m_corpus ? score_corpus_task(m_compute, *m_model, *m_corpus, examples)
                    : score_toy_task(m_compute, *m_model, m_setup.task, m_heldout, examples);
}

void LiveTraining::evaluate(size_t examples) {
    m_score = score(examples);
    m_curves.eval_step.push_back(double(step()));
    m_curves.exact_match.push_back(m_score.exact_match);
    m_curves.attention_follows.push_back(m_score.best_head_follows());
    if (m_score.bleu >= 0) m_curves.bleu.push_back(m_score.bleu);
}

Status LiveTraining::set_probe(std::string_view text) {
    if (m_corpus) return set_sentence_probe(text);
    std::vector<int32_t> symbols;
    if (!parse_toy_symbols(text, m_setup.alphabet, &symbols))
        return Status::error(Message{N_("The probe must be symbols of the alphabet ({0}), separated by spaces."),
                                     {toy_symbol(kToyFirstDigit) + "…" + toy_symbol(kToyFirstDigit + m_setup.alphabet - 1)}});
    if (int(symbols.size()) > kMaxProbe)
        return Status::error(Message{N_("The probe can have at most {0} symbols."), {std::to_string(kMaxProbe)}});
    m_probe_text = std::string(text);
    m_probe_src = symbols;
    m_probe_src.push_back(kToyEos);
    m_probe_want = toy_target(m_setup.task, symbols);
    m_probe_want.push_back(kToyEos);
    restart_timeline();
    return Status::success();
}

Status LiveTraining::set_sentence_probe(std::string_view text) {
    const std::vector<std::string> words = tokenize_words(text);
    if (words.empty()) return Status::error(Message{N_("The probe must be an English sentence."), {}});
    if (int(words.size()) > kMaxProbeWords)
        return Status::error(Message{N_("The probe can have at most {0} words."), {std::to_string(kMaxProbeWords)}});
    const ParallelData & d = m_corpus->train;
    m_probe_text = std::string(text);
    m_probe_words = words;
    m_probe_src.clear();
    for (const std::string & w : words) m_probe_src.push_back(d.src_vocab.id(w));
    m_probe_src.push_back(Vocabulary::kEos);
    if (const corpus::CorpusExample * e = m_corpus->find(text)) {
        m_probe_want = encode_tokens(d.tgt_vocab, target_text(*e, m_corpus->lang));
        m_probe_want.push_back(Vocabulary::kEos);
        m_probe_reference = true;
    } else {
        // No reference: the rows are what the model writes now, kept for the timeline.
        m_probe_want = m_model->read(m_compute, m_probe_src, {Vocabulary::kEos}, 2 * int(m_probe_src.size()) + 4).answer;
        if (m_probe_want.empty() || m_probe_want.back() != Vocabulary::kEos) m_probe_want.push_back(Vocabulary::kEos);
        m_probe_reference = false;
    }
    restart_timeline();
    return Status::success();
}

void LiveTraining::restart_timeline() {
    m_timeline.clear();
    m_timeline_epoch++;
    m_snapshot_every = m_setup.snapshot_every;
    if (m_model) snapshot();
}

std::string LiveTraining::target_text_of(const std::vector<int32_t> & tokens) const {
    if (!m_corpus) {
        std::string out;
        for (int32_t t : tokens)
            if (t != kToyEos) out += (out.empty() ? "" : " ") + toy_symbol(t);  // symbols may repeat: nothing is turned down
        return out;
    }
    std::vector<std::string> words;
    for (int32_t t : tokens) words.push_back(m_corpus->train.tgt_vocab.token(t));
    return join_for_display(words, m_corpus->lang == "zh_TW");
}

void LiveTraining::snapshot() {
    ProbeAttention p;
    p.layers = m_model->attention_layers();
    p.heads = m_model->attention_heads();
    p.rows = int(m_probe_want.size());
    p.cols = int(m_probe_src.size());
    if (m_corpus) {
        p.source_labels = m_probe_words;
        p.source_labels.push_back("</s>");
        for (int32_t t : m_probe_want) p.target_labels.push_back(m_corpus->train.tgt_vocab.token(t));
    } else {
        for (int32_t t : m_probe_src) p.source_labels.push_back(toy_symbol(t));
        for (int32_t t : m_probe_want) p.target_labels.push_back(toy_symbol(t));
    }
    ToyReading reading = m_model->read(m_compute, m_probe_src, m_probe_want, 2 * int(m_probe_src.size()) + 4);
    p.maps = std::move(reading.maps);
    m_probe = std::move(p);
    m_probe_output = target_text_of(reading.answer);  // the model's own answer, decoded greedily
    if (!m_timeline.empty() && m_timeline.back().step == step()) {
        m_timeline.back().maps = m_probe.maps;  // the same step again (a resumed run): replaced in place
        m_timeline_epoch++;
    }
    else m_timeline.push_back({step(), m_probe.maps});
    if (m_timeline.size() > kMaxTimelineFrames) {  // keep the first and every other one after it
        std::vector<TimelineFrame> kept;
        for (size_t i = 0; i < m_timeline.size(); i += 2) kept.push_back(std::move(m_timeline[i]));
        m_timeline = std::move(kept);
        m_timeline_epoch++;
        m_snapshot_every *= 2;
    }
}

Status LiveTraining::save_model(const std::string & path) const {
    if (!m_model) return Status::error(Message{N_("There is no trained model to save yet."), {}});
    std::map<std::string, std::string> meta = {{"task", toy_task_name(m_setup.task)},
                                               {"training_steps", std::to_string(step())},
                                               {"trained_in", "the Train panel"}};
    if (m_corpus) {
        meta["src_vocab"] = m_corpus->train.src_vocab.serialize();
        meta["tgt_vocab"] = m_corpus->train.tgt_vocab.serialize();
        meta["source_language"] = "en";
        meta["target_language"] = m_corpus->lang;
    } else {
        Vocabulary symbols;
        for (int32_t t = kToyFirstDigit; t < toy_vocab(m_setup.alphabet); t++) symbols.add(toy_symbol(t));
        meta["src_vocab"] = meta["tgt_vocab"] = symbols.serialize();
        meta["source_language"] = meta["target_language"] = "symbols";
    }
    return m_model->save(path, meta);
}

} // namespace attn

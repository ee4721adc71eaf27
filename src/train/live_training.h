// A training run the app drives a slice at a time (the Train panel): a tiny Transformer, RNNsearch
// or RNNencdec (train/toy_model.h) on a toy task (train/toy_tasks.h) or the mini corpus
// (train/mini_corpus.h), with everything the panel draws while it learns:
//   - curves: the training loss and learning rate per step, held-out exact match and how often
//     the best head's cross-attention peaks where the task says (train/toy_score.h);
//   - the probe: a sequence the reader picks, its cross-attention in every layer and head, from
//     a teacher-forced pass over the expected output (the decoder fed the right answer, as in
//     training), so the map has the same rows from the first step to the last. For the mini
//     corpus the probe is an English sentence; its rows are the corpus's translation when the
//     corpus has the sentence, and otherwise the model's own translation when the probe was set;
//   - the timeline: those maps every `snapshot_every` steps, from the start, to replay.
//
// advance(budget_ms) runs optimizer steps for about that long and returns, so a frame loop (or a
// worker) stays in charge. A non-finite loss stops the run and puts back the weights of the last
// good snapshot of the parameters (taken with every checkpoint interval).
//
// With a save folder, the run writes its checkpoint (train/checkpoint.h: weights, Adam's moments,
// the data position, the RNG, and the setup) to <folder>/run.ckpt and its history (curves,
// timeline, probe: train/run_history.h) beside it every checkpoint_every steps and on
// save_checkpoint(); resume(folder) continues it, losing at most the steps since.
#pragma once
#include "backend/compute.h"
#include "core/message.h"
#include "train/mini_corpus.h"
#include "train/toy_model.h"
#include "train/toy_score.h"
#include "train/train_setup.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

// A curve that keeps at most kMaxPoints: past that, neighbouring points are averaged in pairs
// and each later point averages twice as many steps, so a long run costs the same to draw.
class ThinnedSeries {
public:
    static constexpr size_t kMaxPoints = 2000;
    void add(double x, double y);
    const std::vector<double> & x() const { return m_x; }
    const std::vector<double> & y() const { return m_y; }
    void clear() { *this = ThinnedSeries(); }
    int group() const { return m_group; }
    // Points saved earlier (train/run_history.h), each of `group` steps; false when they cannot be
    // such a series (lengths differ, too many points, a group that is not a power of two).
    bool restore(std::vector<double> x, std::vector<double> y, int group);

private:
    std::vector<double> m_x, m_y;
    int m_group = 1;           // steps per point
    int m_pending = 0;         // steps in the point being built
    double m_sum_x = 0, m_sum_y = 0;
};

struct TrainCurves {
    ThinnedSeries loss, lr;                       // per step
    std::vector<double> eval_step, exact_match, attention_follows;  // per held-out check, 0..1
    std::vector<double> bleu;  // per held-out check, 0..100: the mini corpus's; empty for symbols
};

// Cross-attention of the probe, every attention layer and head (none for RNNencdec):
// maps[(layer · heads + head)] is rows × cols, rows the output positions (<s> fed, then each
// symbol), cols the source symbols then </s>.
struct ProbeAttention {
    int layers = 0, heads = 0, rows = 0, cols = 0;
    std::vector<std::string> source_labels, target_labels;  // target: what each row writes
    std::vector<float> maps;
    const float * map(int layer, int head) const { return maps.data() + size_t(layer * heads + head) * size_t(rows * cols); }
};

struct TimelineFrame {
    int64_t step = 0;
    std::vector<float> maps;  // as ProbeAttention::maps
};

class LiveTraining {
public:
    static constexpr size_t kMaxTimelineFrames = 300;  // past it, every other frame goes
    static constexpr int kQuickEvalExamples = 100;     // held-out sequences per check while training
    static constexpr int kHeldOutExamples = 500;
    static constexpr int kMaxProbe = 16;             // symbols; longer than trained shows what goes wrong
    static constexpr int kMaxProbeWords = 40;        // the mini corpus's longest sentences

    // Where the mini corpus's generator finds the lexicon (train/mini_corpus.h); "assets" unless set.
    void set_assets_dir(std::string dir) { m_assets_dir = std::move(dir); }

    // Builds the model and its data for a setup, after checking it (ranges, memory estimate).
    Status start(const TrainSetup & setup, const std::string & save_dir = {});
    // Continues the run saved in `save_dir`; on failure (nothing saved, a damaged file) no run.
    Status resume(const std::string & save_dir);
    // The saved run's setup and step, to offer it, or an error when there is none to resume.
    static Status peek_saved(const std::string & save_dir, TrainSetup * setup, int64_t * step);
    static std::string checkpoint_file(const std::string & save_dir) { return save_dir + "/run.ckpt"; }
    static std::string history_file(const std::string & save_dir) { return save_dir + "/history.safetensors"; }
    void reset();  // back to no run
    bool started() const { return m_trainer != nullptr; }

    // Runs steps for about budget_ms (at least one), with the snapshots, held-out checks and
    // checkpoints that fall due. Returns the steps run; 0 once finished or failed.
    int advance(double budget_ms);
    bool finished() const;
    const Message & failure() const { return m_failure; }  // why the run stopped early, or empty
    Status save_checkpoint();  // both files, now
    // The last save's outcome (a full or blocked storage): the run goes on in memory regardless.
    const Status & save_status() const { return m_save_status; }
    int64_t saved_step() const { return m_saved_step; }  // -1: never saved

    // The probe: 1 to kMaxProbe symbols of the alphabet ("3 1 4 1 5"), or for the mini corpus an
    // English sentence of 1 to kMaxProbeWords words.
    // A new probe starts a new timeline (the old maps were of other rows and columns).
    Status set_probe(std::string_view text);
    const std::string & probe_text() const { return m_probe_text; }
    // The mini corpus: whether the probe's rows are the corpus's translation (else the model's own
    // at the step the probe was set).
    bool probe_has_reference() const { return m_probe_reference; }
    const ProbeAttention & probe() const { return m_probe; }
    const std::string & probe_output() const { return m_probe_output; }  // the model's own greedy answer
    const std::vector<TimelineFrame> & timeline() const { return m_timeline; }
    // Changes whenever the timeline is restarted or thinned (not when a frame is added).
    int64_t timeline_epoch() const { return m_timeline_epoch; }

    const TrainSetup & setup() const { return m_setup; }
    int64_t step() const;
    double last_loss() const;
    double learning_rate() const;
    double steps_per_second() const { return m_seconds > 0 ? double(m_steps_timed) / m_seconds : 0.0; }
    double tokens_per_second() const;  // target tokens, over the last step
    const TrainCurves & curves() const { return m_curves; }
    const ToyScore & last_score() const { return m_score; }
    // A held-out check now, on the first `examples` held-out sequences (or sentences).
    ToyScore score(size_t examples);
    ToyModel & model() { return *m_model; }
    const ToyModel & model() const { return *m_model; }

    // The model as a translator file (the same format and metadata as `attn train`): its
    // vocabularies are the symbols, so `attn translate --model FILE "3 1 4"` and the Translate
    // panel read it like any other.
    Status save_model(const std::string & path) const;

private:
    Status build(const TrainSetup & setup, const std::string & save_dir);  // start() without the first save
    void snapshot();  // the probe's maps now, into m_probe and the timeline
    void evaluate(size_t examples);
    void keep_good_parameters();
    Status set_sentence_probe(std::string_view text);
    std::string default_probe() const;
    void restart_timeline();  // after a new probe

    std::string target_text_of(const std::vector<int32_t> & tokens) const;  // for display

    TrainSetup m_setup;
    std::string m_assets_dir = "assets";
    std::shared_ptr<const MiniCorpus> m_corpus;  // the corpus tasks' data; null for symbols
    std::string m_save_dir;
    Status m_save_status = Status::success();
    int64_t m_saved_step = -1;
    Compute m_compute = Compute::fastest();
    std::unique_ptr<ToyModel> m_model;
    std::unique_ptr<Trainer> m_trainer;
    std::vector<Example> m_heldout;
    TrainCurves m_curves;
    ToyScore m_score;
    std::string m_probe_text;
    std::vector<int32_t> m_probe_src;  // symbols (or words), then EOS
    std::vector<int32_t> m_probe_want; // the rows: the expected output, then EOS
    std::vector<std::string> m_probe_words;  // the mini corpus: the probe's words as typed
    bool m_probe_reference = true;
    ProbeAttention m_probe;
    std::string m_probe_output;
    std::vector<TimelineFrame> m_timeline;
    int m_snapshot_every = 1;           // doubles when the timeline is thinned
    int64_t m_timeline_epoch = 0;
    TensorMap m_good_parameters;        // the last finite weights, for a run that blows up
    int64_t m_good_step = 0;
    Message m_failure;
    double m_seconds = 0;               // inside advance(), training only
    int64_t m_steps_timed = 0;
};

} // namespace attn

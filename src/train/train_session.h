// The Train panel's run as something that takes requests: whatever holds the run (the page's own
// thread natively, a Web Worker on the web) holds a TrainSession, and the panel's buttons arrive
// as requests. It also keeps the run's folder (train/live_training.h's saved run): a checkpoint
// on Pause, nothing left after Reset, and the run found there to offer.
#pragma once
#include "core/message.h"
#include "train/live_training.h"

#include <string>
#include <string_view>

namespace attn {

enum class TrainCommand { Start, Pause, Step, Reset, SetProbe, ResumeSaved, DiscardSaved };
const char * train_command_name(TrainCommand c);  // "start", "pause", "step", "reset", "probe", "resume_saved", "discard_saved"
bool parse_train_command(std::string_view name, TrainCommand * out);

struct TrainRequest {
    TrainCommand command = TrainCommand::Start;
    TrainSetup setup;   // Start, Step: the setup to run (Start resumes a paused run of the same setup)
    std::string probe;  // Start, Step, SetProbe: the probe; empty for the default
};

// What the reader is told after a request, and what the panel takes over from the run.
struct TrainReply {
    Message message;      // empty: nothing to say
    bool error = false;
    bool resumed = false;  // ResumeSaved worked: the panel takes the run's setup and probe
    TrainSetup setup;
    std::string probe;    // the probe in use after Start, Step or ResumeSaved
};

class TrainSession {
public:
    explicit TrainSession(std::string save_dir = {}) : m_dir(std::move(save_dir)) {}
    void set_save_dir(std::string dir) { m_dir = std::move(dir); }  // "" for none
    void set_assets_dir(std::string dir) { m_run.set_assets_dir(std::move(dir)); }  // the mini corpus's lexicon

    TrainReply handle(const TrainRequest & r);
    // Trains for about budget_ms while running; stops running when the run ends.
    void tick(double budget_ms);
    bool running() const { return m_running; }
    const LiveTraining & run() const { return m_run; }

    // The run saved in the folder, when there is one and no run here yet.
    bool find_saved(TrainSetup * setup, int64_t * step) const;

private:
    void forget_saved();

    LiveTraining m_run;
    bool m_running = false;
    std::string m_dir;
};

} // namespace attn

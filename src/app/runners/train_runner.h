// Runs the Train panel's model (train/live_training.h) between frames and mirrors it into
// AppState::train (ui/state/train_state.h): acts on Start, Pause, Step, Reset, a new probe and
// Export, trains for the frame's share of time while running, and copies the curves, the probe's
// maps and the new timeline frames for the panel.
//
// The run is saved where platform/saved_runs.h says (IndexedDB on the web) every checkpoint
// interval and on Pause; a saved run found at start is offered to resume, Reset forgets it.
//
// Time slicing keeps the page drawing while it trains: each frame trains for what is left of a
// kFrameTargetMs frame after the app's own work (measured on the frames before), so the page
// stays near 35 frames per second and training gets most of the time.
#pragma once
#include "train/live_training.h"
#include "train/train_snapshot.h"
#include "ui/state/app_state.h"

#include <string>

namespace attn {

// What the panel shows of a run, from its snapshot (in-page or from a worker).
void apply_snapshot(const TrainSnapshot & s, TrainState * t);

class TrainRunner {
public:
    // Once per frame, before the UI is drawn. `now` in seconds; `other_work_ms` what the last
    // frame spent outside training (drawing, translating), to size this frame's training slice.
    void update(AppState & state, double now, double other_work_ms);
    bool busy(const AppState & state) const;  // a run in progress, or a request pending
    double last_slice_ms() const { return m_last_slice_ms; }

    // Where Export writes natively (a download on the web); the CLI reads it back.
    void set_export_path(std::string path) { m_export_path = std::move(path); }
    const LiveTraining & run() const { return m_run; }

    static constexpr double kFrameTargetMs = 28.0;  // under 1/30 s, with room for a late frame
    static constexpr double kMinSliceMs = 2.0, kMaxSliceMs = 25.0;
    static constexpr double kHiddenGapSeconds = 1.0;  // a longer gap between frames: the page was hidden

private:
    void start(AppState & state);
    void follow_saved_runs(AppState & state);  // the offer, and storage failures
    void forget_saved_run();
    void mirror(AppState & state);
    void export_model(AppState & state);

    LiveTraining m_run;
    bool m_running = false;
    TimelineCursor m_cursor;  // what state.train holds of the run's timeline
    double m_last_frame = -1;
    double m_last_slice_ms = 0;
    bool m_looked_for_saved = false;
    int64_t m_persisted_step = -1;  // the saved step last handed to the browser's storage
    std::string m_export_path = "trained-model.safetensors";
};

} // namespace attn

// Runs the Train panel's model and mirrors it into AppState::train (ui/state/train_state.h): the
// panel's buttons become requests (train/train_session.h) for wherever the run lives, and the
// run's snapshots (train/train_snapshot.h) come back for the panel to draw.
//
//   - Natively the session is here and trains between frames: each frame trains for what is left
//     of a kFrameTargetMs frame after the app's own work (measured on the frames before). Its
//     folder is platform/saved_runs.h's (attn_app --saved-runs), taken on the first frame.
//   - On the web it lives in a Web Worker (web/train-worker.js running train_worker.wasm, the same
//     C++, with the saved run in IndexedDB), so the page keeps drawing while it trains: the page
//     posts requests, the worker answers each, and sends a snapshot after every slice of training.
//     Export and Use in Translate ask the worker for the model's bytes.
#pragma once
#include "train/train_session.h"
#include "train/train_snapshot.h"
#include "ui/state/app_state.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

// What the panel shows of a run, from its snapshot.
void apply_snapshot(const TrainSnapshot & s, TrainState * t);
// What the panel takes from the reply to a request.
void apply_reply(const TrainReply & r, TrainState * t);

class TrainRunner {
public:
    // Once per frame, before the UI is drawn (on the web also between drawn frames). `now` in
    // seconds; `other_work_ms` what the last frame spent outside training (drawing, translating),
    // to size this frame's training slice.
    void update(AppState & state, double now, double other_work_ms);
    bool busy(const AppState & state) const;  // a run in progress, or a request pending
    double last_slice_ms() const { return m_last_slice_ms; }

    // A translator file of the trained model, ready for Use in Translate: taken once.
    bool take_model_for_translate(std::string * path);
    const LiveTraining & run() const { return m_session.run(); }  // natively; on the web it is the worker's
    void set_assets_dir(std::string dir) { m_session.set_assets_dir(std::move(dir)); }  // natively

    // The worker's messages (web): a snapshot's bytes, a reply, a saved run to offer, the
    // model's bytes for "export" or "translate".
    void receive_snapshot(const uint8_t * bytes, size_t size);
    void receive_reply(const TrainReply & r);
    void receive_offer(const TrainSetup & setup, int64_t step);
    void receive_model(const uint8_t * bytes, size_t size, const std::string & purpose, const std::string & name);

#if defined(__EMSCRIPTEN__)
    static constexpr bool kInWorker = true;  // the run lives in the web's Web Worker
#else
    static constexpr bool kInWorker = false;
#endif
    static constexpr double kFrameTargetMs = 28.0;  // under 1/30 s, with room for a late frame
    static constexpr double kMinSliceMs = 2.0, kMaxSliceMs = 25.0;
    static constexpr double kHiddenGapSeconds = 1.0;  // a longer gap between frames: the page was hidden

private:
    void send(const TrainRequest & r, AppState & state);
    void ask_for_model(const std::string & purpose, AppState & state);
    void model_ready(const std::vector<uint8_t> & bytes, const std::string & purpose, const std::string & name, AppState & state);
    void follow_saved_runs(AppState & state);

    TrainSession m_session;                  // natively: the run itself
    TimelineCursor m_cursor;
    bool m_looked_for_saved = false;
    int64_t m_persisted_step = -1;
    double m_last_frame = -1;
    double m_last_slice_ms = 0;
    std::string m_export_path = "trained-model.safetensors";  // natively, in the working folder (the web downloads it)
    std::string m_model_for_translate;
    // The web's worker: what came since the last frame, applied in update().
    std::vector<TrainSnapshot> m_snapshots;
    std::vector<TrainReply> m_replies;
    bool m_offer = false;
    TrainSetup m_offer_setup;
    int64_t m_offer_step = 0;
    struct ModelBytes {
        std::vector<uint8_t> bytes;
        std::string purpose, name;
    };
    std::vector<ModelBytes> m_models;
    bool m_remote_running = false;
    bool m_worker_started = false;
    bool m_run_asked = false;  // Start or Step sent: a saved run found after that is replaced, not offered
    int m_requests_in_flight = 0;
};

} // namespace attn

#include "app/runners/train_runner.h"

#include "core/clock.h"
#include "platform/saved_runs.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#include <nlohmann/json.hpp>

// The page's side of web/train-worker.js: started on first use, requests posted as JSON (the
// worker's answers come back through the attn_train_worker_* hooks in main_web.cpp).
EM_JS(void, attn_js_train_post, (const char * json_p), {
    if (window.attnTrainWorker) window.attnTrainWorker.post(JSON.parse(UTF8ToString(json_p)));
});
EM_JS(void, attn_js_train_start, (), {
    if (window.attnTrainWorker) window.attnTrainWorker.start();
});
#endif

namespace attn {

namespace {

std::string temp_model_path() {
#if defined(__EMSCRIPTEN__)
    return "/tmp/trained-model.safetensors";
#else
    return (std::filesystem::temp_directory_path() / "attn-trained-model.safetensors").string();
#endif
}

} // namespace

void apply_snapshot(const TrainSnapshot & s, TrainState * t) {
    t->started = s.started;
    t->finished = s.finished;
    t->running = s.running;
    if (!s.failure.empty() && t->message.text != s.failure.text) {
        t->message = s.failure;
        t->message_is_error = true;
    }
    if (s.save_error.empty()) t->storage_message.clear();
    else
        t->storage_message = {N_("The browser did not keep the checkpoint ({0}): training goes on in this page, and Export still works."),
                              {s.save_error}};
    apply_frames(s, &t->timeline);
    if (t->timeline_frame >= int(t->timeline.size())) t->timeline_frame = -1;
    if (!s.started) {
        t->step = 0;
        t->curves = {};
        t->probe_maps = {};
        t->probe_output.clear();
        return;
    }
    t->run_setup = s.setup;
    t->step = s.step;
    t->loss = s.loss;
    t->lr = s.lr;
    t->steps_per_second = s.steps_per_second;
    t->tokens_per_second = s.tokens_per_second;
    t->exact_match = s.score.exact_match;
    t->bleu = s.score.bleu;
    t->exact_by_length = s.score.exact_by_length;
    t->attention_follows = s.score.best_head_follows();
    t->best_head = s.score.best_head;
    t->curves = s.curves;
    t->probe_maps = s.probe;
    t->probe_output = s.probe_output;
    t->probe_reference = s.probe_reference;
}

void apply_reply(const TrainReply & r, TrainState * t) {
    if (!r.message.empty() || !r.error) {
        t->message = r.message;
        t->message_is_error = r.error;
    }
    if (!r.probe.empty()) t->probe = r.probe;
    if (r.resumed) {
        t->setup = r.setup;
        t->timeline_frame = -1;
    }
}

bool TrainRunner::busy(const AppState & state) const {
    const TrainState & t = state.train;
    const bool requests = t.start_requested || t.pause_requested || t.step_requested || t.reset_requested || t.probe_changed ||
                          t.export_requested || t.use_requested || t.resume_saved_requested || t.discard_saved_requested;
    if (kInWorker)  // a run in the worker needs frames only where the panel shows it
        return requests || ((m_remote_running || !m_snapshots.empty()) && state.show_train) || m_requests_in_flight > 0 ||
               !m_replies.empty() || !m_models.empty() || m_offer;
    return requests || m_session.running() || (!m_looked_for_saved && saved_runs_state() == SavedRunsState::Pending);
}

void TrainRunner::send(const TrainRequest & r, AppState & state) {
#if defined(__EMSCRIPTEN__)
    (void)state;
    const nlohmann::json j = {{"type", "request"}, {"command", train_command_name(r.command)}, {"setup", setup_to_text(r.setup)}, {"probe", r.probe}};
    m_requests_in_flight++;
    attn_js_train_post(j.dump().c_str());
#else
    apply_reply(m_session.handle(r), &state.train);
#endif
}

void TrainRunner::ask_for_model(const std::string & purpose, AppState & state) {
#if defined(__EMSCRIPTEN__)
    (void)state;
    m_requests_in_flight++;
    attn_js_train_post(nlohmann::json({{"type", "model"}, {"purpose", purpose}}).dump().c_str());
#else
    const LiveTraining & run = m_session.run();
    const std::string path = purpose == "export" ? m_export_path : temp_model_path();
    if (Status s = run.save_model(path); !s) {
        state.train.message = s.said;
        state.train.message_is_error = true;
        return;
    }
    if (purpose == "export") {
        state.train.message = {N_("Saved the model to {0}"), {path}};
        state.train.message_is_error = false;
    } else {
        m_model_for_translate = path;
    }
#endif
}

// Web: the model's bytes from the worker, for a download or for the translation panels.
void TrainRunner::model_ready(const std::vector<uint8_t> & bytes, const std::string & purpose, const std::string & name, AppState & state) {
#if defined(__EMSCRIPTEN__)
    if (bytes.empty()) {  // the worker's reason, in English (a catalogue string when it is ours)
        state.train.message = {name, {}};
        state.train.message_is_error = true;
        return;
    }
    if (purpose == "export") {
        EM_ASM({ if (window.attnDownload) window.attnDownload(UTF8ToString($0), "application/octet-stream", HEAPU8.slice($1, $1 + $2)); },
               name.c_str(), bytes.data(), int(bytes.size()));
        state.train.message = {N_("Downloaded {0}"), {name}};
        state.train.message_is_error = false;
        return;
    }
    const std::string path = temp_model_path();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(bytes.data()), std::streamsize(bytes.size()));
    if (!out) {
        state.train.message = {N_("There is no trained model to save yet."), {}};
        state.train.message_is_error = true;
        return;
    }
    m_model_for_translate = path;
#else
    (void)bytes, (void)purpose, (void)name, (void)state;
#endif
}

bool TrainRunner::take_model_for_translate(std::string * path) {
    if (m_model_for_translate.empty()) return false;
    *path = m_model_for_translate;
    m_model_for_translate.clear();
    return true;
}

void TrainRunner::receive_snapshot(const uint8_t * bytes, size_t size) {
    TrainSnapshot s;
    if (decode_snapshot(bytes, size, &s)) m_snapshots.push_back(std::move(s));  // a damaged one is dropped; the next replaces it
}

void TrainRunner::receive_reply(const TrainReply & r) {
    m_replies.push_back(r);
    m_requests_in_flight = std::max(0, m_requests_in_flight - 1);
}

void TrainRunner::receive_offer(const TrainSetup & setup, int64_t step) {
    m_offer = true;
    m_offer_setup = setup;
    m_offer_step = step;
}

void TrainRunner::receive_model(const uint8_t * bytes, size_t size, const std::string & purpose, const std::string & name) {
    m_models.push_back({std::vector<uint8_t>(bytes, bytes + size), purpose, name});
    m_requests_in_flight = std::max(0, m_requests_in_flight - 1);
}

void TrainRunner::follow_saved_runs(AppState & state) {
    TrainState & t = state.train;
    if (kInWorker) {
#if defined(__EMSCRIPTEN__)
        // The worker looks for a saved run as it starts: start it when the panel is first shown.
        if (state.show_train && !m_worker_started) {
            m_worker_started = true;
            attn_js_train_start();
        }
#endif
        if (m_offer) {
            m_offer = false;
            t.saved_offered = !t.started && !m_run_asked;
            t.saved_setup = m_offer_setup;
            t.saved_step = m_offer_step;
        }
        return;
    }
    if (!m_looked_for_saved && saved_runs_state() != SavedRunsState::Pending) {
        m_looked_for_saved = true;
        m_session.set_save_dir(saved_runs_dir());
        t.saved_offered = m_session.find_saved(&t.saved_setup, &t.saved_step) && !m_run_asked;
    }
}

void TrainRunner::update(AppState & state, double now, double other_work_ms) {
    TrainState & t = state.train;
    t.memory_estimate = setup_memory_estimate(t.setup);
    follow_saved_runs(state);
    // Natively a request runs here (a mini corpus run draws its corpus first, seconds): that is the
    // app's own work, not a browser pausing the page, so the gap check below leaves it out.
    const double requests_start_ms = now_ms();
    if (t.reset_requested) {
        t.reset_requested = false;
        send({TrainCommand::Reset, {}, {}}, state);
        t.timeline_frame = -1;
    }
    if (t.start_requested) {
        t.start_requested = false;
        t.saved_offered = false;  // a new run replaces the saved one
        m_run_asked = true;
        t.throttled_seconds = 0;
        send({TrainCommand::Start, t.setup, t.probe}, state);
    }
    if (t.pause_requested) {
        t.pause_requested = false;
        send({TrainCommand::Pause, {}, {}}, state);
    }
    if (t.probe_changed) {
        t.probe_changed = false;
        t.timeline_frame = -1;
        send({TrainCommand::SetProbe, {}, t.probe}, state);
    }
    if (t.resume_saved_requested) {
        t.resume_saved_requested = false;
        t.saved_offered = false;
        send({TrainCommand::ResumeSaved, {}, {}}, state);
    }
    if (t.discard_saved_requested) {
        t.discard_saved_requested = false;
        t.saved_offered = false;
        send({TrainCommand::DiscardSaved, {}, {}}, state);
    }
    m_last_slice_ms = 0;
    if (t.step_requested) {
        t.step_requested = false;
        t.saved_offered = false;
        m_run_asked = true;
        send({TrainCommand::Step, t.setup, t.probe}, state);
    }
    // A browser pauses a hidden tab's frames: a long gap while training says so.
    if (t.running && m_last_frame >= 0 && now - m_last_frame > kHiddenGapSeconds)
        t.throttled_seconds = std::max(t.throttled_seconds, now - m_last_frame);
    m_last_frame = now + (now_ms() - requests_start_ms) / 1000.0;
    if (t.export_requested) {
        t.export_requested = false;
        ask_for_model("export", state);
    }
    if (t.use_requested) {
        t.use_requested = false;
        ask_for_model("translate", state);
    }

    if (kInWorker) {
        for (const TrainReply & r : m_replies) apply_reply(r, &t);
        m_replies.clear();
        for (const TrainSnapshot & s : m_snapshots) apply_snapshot(s, &t);
        if (!m_snapshots.empty()) m_remote_running = m_snapshots.back().running;
        m_snapshots.clear();
        for (const ModelBytes & m : m_models) model_ready(m.bytes, m.purpose, m.name, state);
        m_models.clear();
        return;
    }
    if (m_session.running()) {
        const double slice = std::clamp(kFrameTargetMs - other_work_ms, kMinSliceMs, kMaxSliceMs);
        const double t0 = now_ms();
        m_session.tick(slice);
        m_last_slice_ms = now_ms() - t0;
    }
    TrainSnapshot s = snapshot_of(m_session.run(), m_session.running(), &m_cursor);
    if (s.save_error.empty()) s.save_error = saved_runs_error();
    apply_snapshot(s, &t);
    if (m_session.run().saved_step() != m_persisted_step) {
        m_persisted_step = m_session.run().saved_step();
        persist_saved_runs();
    }
}

} // namespace attn

#include "app/runners/train_runner.h"

#include "core/clock.h"
#include "core/printf_string.h"
#include "platform/saved_runs.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace attn {

bool TrainRunner::busy(const AppState & state) const {
    const TrainState & t = state.train;
    return m_running || t.start_requested || t.pause_requested || t.step_requested || t.reset_requested || t.probe_changed ||
           t.export_requested || t.use_requested || t.resume_saved_requested || t.discard_saved_requested ||
           (!m_looked_for_saved && saved_runs_state() == SavedRunsState::Pending);
}

void TrainRunner::start(AppState & state) {
    TrainState & t = state.train;
    if (m_run.started() && !m_run.finished() && m_run.setup() == t.setup) {  // Resume
        m_running = true;
        return;
    }
    t.saved_offered = false;  // a new run replaces the saved one
    if (Status s = m_run.start(t.setup, saved_runs_dir()); !s) {
        t.message = s.said;
        t.message_is_error = true;
        m_running = false;
        return;
    }
    if (!t.probe.empty() && !m_run.set_probe(t.probe)) t.probe = m_run.probe_text();
    if (t.probe.empty()) t.probe = m_run.probe_text();
    t.message.clear();
    t.timeline_frame = -1;
    t.throttled_seconds = 0;
    m_running = true;
}

void TrainRunner::forget_saved_run() {
    if (saved_runs_dir().empty()) return;
    std::remove(LiveTraining::checkpoint_file(saved_runs_dir()).c_str());
    std::remove(LiveTraining::history_file(saved_runs_dir()).c_str());
    persist_saved_runs();
}

void TrainRunner::follow_saved_runs(AppState & state) {
    TrainState & t = state.train;
    if (!m_looked_for_saved && saved_runs_state() != SavedRunsState::Pending) {
        m_looked_for_saved = true;
        if (saved_runs_state() == SavedRunsState::Ready && !m_run.started() &&
            LiveTraining::peek_saved(saved_runs_dir(), &t.saved_setup, &t.saved_step))
            t.saved_offered = true;
    }
    if (t.resume_saved_requested) {
        t.resume_saved_requested = false;
        t.saved_offered = false;
        if (Status s = m_run.resume(saved_runs_dir()); !s) {
            t.message = {N_("The saved run could not be resumed: {0}"), {s.message}};
            t.message_is_error = true;
        } else {
            t.setup = m_run.setup();
            t.probe = m_run.probe_text();
            t.message = {N_("Resumed the saved run at step {0}."), {std::to_string(m_run.step())}};
            t.message_is_error = false;
            t.timeline_frame = -1;
            m_persisted_step = m_run.saved_step();
        }
    }
    if (t.discard_saved_requested) {
        t.discard_saved_requested = false;
        t.saved_offered = false;
        forget_saved_run();
    }
    // Hand each new checkpoint to the browser's storage; say so when it refuses.
    if (m_run.started() && m_run.saved_step() != m_persisted_step) {
        m_persisted_step = m_run.saved_step();
        persist_saved_runs();
    }
    std::string refused = saved_runs_error();
    if (refused.empty() && m_run.started() && !m_run.save_status()) refused = m_run.save_status().message;
    if (!refused.empty() && m_run.started())
        t.storage_message = {N_("The browser did not keep the checkpoint ({0}): training goes on in this page, and Export still works."), {refused}};
    else t.storage_message.clear();
}

void TrainRunner::update(AppState & state, double now, double other_work_ms) {
    TrainState & t = state.train;
    t.memory_estimate = setup_memory_estimate(t.setup);
    follow_saved_runs(state);
    if (t.reset_requested) {
        t.reset_requested = false;
        m_run.reset();
        forget_saved_run();
        m_running = false;
        t.message.clear();
        t.timeline_frame = -1;
    }
    if (t.start_requested) {
        t.start_requested = false;
        start(state);
    }
    if (t.pause_requested) {
        t.pause_requested = false;
        m_running = false;
        if (m_run.started() && !saved_runs_dir().empty()) {
            if (Status s = m_run.save_checkpoint(); !s) {
                t.message = s.said;
                t.message_is_error = true;
            }
        }
    }
    if (t.probe_changed) {
        t.probe_changed = false;
        if (m_run.started()) {
            if (Status s = m_run.set_probe(t.probe); !s) {
                t.message = s.said;
                t.message_is_error = true;
            } else {
                t.message.clear();
                t.timeline_frame = -1;
            }
        }
    }
    // A browser pauses or slows a hidden tab's frames: a long gap while training says so.
    if (m_running && m_last_frame >= 0 && now - m_last_frame > kHiddenGapSeconds)
        t.throttled_seconds = std::max(t.throttled_seconds, now - m_last_frame);
    m_last_frame = now;

    m_last_slice_ms = 0;
    if (t.step_requested) {
        t.step_requested = false;
        if (!m_run.started()) {
            start(state);
            m_running = false;
        }
        if (m_run.started()) m_run.advance(0.0);
    } else if (m_running) {
        const double slice = std::clamp(kFrameTargetMs - other_work_ms, kMinSliceMs, kMaxSliceMs);
        const double t0 = now_ms();
        m_run.advance(slice);
        m_last_slice_ms = now_ms() - t0;
    }
    if (m_run.finished()) m_running = false;
    if (t.export_requested) {
        t.export_requested = false;
        export_model(state);
    }
    mirror(state);
}

void TrainRunner::mirror(AppState & state) {
    TrainState & t = state.train;
    t.running = m_running;
    apply_snapshot(snapshot_of(m_run, &m_cursor), &t);
}

void apply_snapshot(const TrainSnapshot & s, TrainState * t) {
    t->started = s.started;
    t->finished = s.finished;
    if (!s.failure.empty() && t->message.text != s.failure.text) {
        t->message = s.failure;
        t->message_is_error = true;
    }
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
    t->attention_follows = s.score.best_head_follows();
    t->best_head = s.score.best_head;
    t->curves = s.curves;
    t->probe_maps = s.probe;
    t->probe_output = s.probe_output;
}

void TrainRunner::export_model(AppState & state) {
    TrainState & t = state.train;
    const std::string name = printf_string("%s-step%lld.safetensors", toy_task_name(m_run.setup().task), (long long)m_run.step());
#if defined(__EMSCRIPTEN__)
    const std::string path = "/tmp/" + name;
#else
    const std::string path = m_export_path;
#endif
    if (Status s = m_run.save_model(path); !s) {
        t.message = s.said;
        t.message_is_error = true;
        return;
    }
#if defined(__EMSCRIPTEN__)
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::remove(path.c_str());
    EM_ASM({ if (window.attnDownload) window.attnDownload(UTF8ToString($0), "application/octet-stream", HEAPU8.slice($1, $1 + $2)); },
           name.c_str(), bytes.data(), int(bytes.size()));
    t.message = {N_("Downloaded {0}"), {name}};
#else
    t.message = {N_("Saved the model to {0}"), {path}};
#endif
    t.message_is_error = false;
}

} // namespace attn

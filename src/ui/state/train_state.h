// What the Train panel shows and asks for: a tiny Transformer learning a toy task in the page,
// with its curves, the probe's cross-attention redrawn as it learns, and the timeline of those
// maps. Filled by app/runners/train_runner.h from the run (train/live_training.h), read by
// ui/panels/panel_train.cpp and app/state_json.cpp; plain data, no ImGui. The panel writes the
// fields marked "request"; the runner acts on them on the next frame.
#pragma once
#include "core/message.h"
#include "train/live_training.h"
#include "train/train_setup.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct TrainState {
    TrainSetup setup;                 // what the panel edits; a run starts from a copy of it
    std::string probe;                // the probe as typed (applied when it parses)

    // Requests.
    bool start_requested = false;     // Start, or Resume after a pause
    bool pause_requested = false;
    bool step_requested = false;      // one optimizer step, paused or not
    bool reset_requested = false;     // forget the run, keep the setup
    bool probe_changed = false;
    bool export_requested = false;    // save the model (natively a file, on the web a download)
    bool resume_saved_requested = false, discard_saved_requested = false;
    bool use_requested = false;       // "Use in Translate": the model goes to the translation panels
    bool import_requested = false;    // "Import": a model file (natively import_path) goes there
    std::string import_path;

    // A run kept from an earlier visit (platform/saved_runs.h), offered until resumed or discarded.
    bool saved_offered = false;
    TrainSetup saved_setup;
    int64_t saved_step = 0;
    Message storage_message;          // the browser's storage refused a checkpoint: training goes on

    // The run, as the runner last saw it.
    bool started = false, running = false, finished = false;
    Message message;                  // a refused setup or probe, a stopped run, an export's result
    bool message_is_error = false;
    int64_t step = 0;
    double loss = 0, lr = 0, steps_per_second = 0, tokens_per_second = 0;
    double exact_match = 0, attention_follows = 0;  // the last held-out check, 0..1
    double bleu = -1;                 // the mini corpus's held-out BLEU, 0..100; -1 for symbols
    std::vector<double> exact_by_length;            // the same by length (train/toy_score.h)
    int best_head = -1;
    int64_t memory_estimate = 0;      // bytes, for the setup being edited
    TrainCurves curves;
    ProbeAttention probe_maps;        // now
    std::string probe_output;         // the model's own greedy answer to the probe
    bool probe_reference = true;      // the probe's rows are the expected output (else the model's own)
    std::vector<TimelineFrame> timeline;
    TrainSetup run_setup;             // the run's own (the panel's may have been edited since)
    double throttled_seconds = 0;     // the longest gap between frames while running (a hidden tab)

    // The view.
    int layer = -1;                   // -1: the last
    int head = -1;                    // -1: the best head of the last check
    int timeline_frame = -1;          // -1: follow the newest; else the frame shown
};

} // namespace attn

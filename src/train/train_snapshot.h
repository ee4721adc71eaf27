// Everything the Train panel draws of a run, as one value: the page takes one after each slice
// of training, whether the run is in the page or in a Web Worker (which sends it as bytes, the
// safetensors form below). The timeline travels in pieces: each snapshot carries the frames since
// the previous one, or all of them after the timeline was restarted or thinned.
#pragma once
#include "core/message.h"
#include "core/status.h"
#include "train/live_training.h"

#include <cstdint>
#include <string>
#include <vector>

namespace attn {

struct TrainSnapshot {
    bool started = false, finished = false;
    bool running = false;             // training now (not paused, not finished)
    Message failure;                  // why the run stopped early
    TrainSetup setup;                 // the run's
    int64_t step = 0;
    double loss = 0, lr = 0, steps_per_second = 0, tokens_per_second = 0;
    ToyScore score;
    TrainCurves curves;
    std::string probe_text, probe_output;
    bool probe_reference = true;      // LiveTraining::probe_has_reference
    ProbeAttention probe;
    bool timeline_restarted = false;  // the frames below replace the receiver's timeline
    std::vector<TimelineFrame> new_frames;
    int64_t saved_step = -1;          // the last checkpoint written, -1: none
    std::string save_error;           // the last save's failure (or the storage's), or ""
};

// What the sender knows the receiver holds of the timeline.
struct TimelineCursor {
    int64_t epoch = -1;  // LiveTraining::timeline_epoch() when last sent; -1: nothing sent
    size_t frames = 0;
};

// The snapshot of `run` (a run or none), with the frames the receiver lacks; moves the cursor.
// `running` is the holder's (TrainSession::running).
TrainSnapshot snapshot_of(const LiveTraining & run, bool running, TimelineCursor * cursor);

// Applies a snapshot's frames to a timeline held by the receiver.
void apply_frames(const TrainSnapshot & s, std::vector<TimelineFrame> * timeline);

// As bytes (a safetensors file: the numbers in metadata, the series and maps as tensors), and back;
// decoding checks every count and shape, so a damaged message is refused, not drawn.
std::vector<uint8_t> encode_snapshot(const TrainSnapshot & s);
Status decode_snapshot(const uint8_t * bytes, size_t size, TrainSnapshot * out);

} // namespace attn

// The Train panel's run in a Web Worker (train_worker.wasm, loaded by web/train-worker.js): the
// same TrainSession as the native app, off the page's thread, with its saved run in IndexedDB.
// The page posts requests and asks for the model's bytes; the worker answers, and after every
// slice of training hands over a snapshot (train/train_snapshot.h) for the page to draw.
#include "platform/saved_runs.h"
#include "train/train_session.h"
#include "train/train_snapshot.h"

#include <emscripten.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

attn::TrainSession g_session;
attn::TimelineCursor g_cursor;
std::vector<uint8_t> g_bytes;  // the last snapshot or model handed out
std::string g_text;            // the last string handed out
int64_t g_persisted_step = -1;
bool g_offered = false;

// Writes the folder back to IndexedDB after a checkpoint or after the run was forgotten.
void persist_if_saved() {
    const int64_t saved = g_session.run().saved_step();
    if (saved == g_persisted_step) return;
    g_persisted_step = saved;
    attn::persist_saved_runs(saved);
    EM_ASM({ postMessage({type : 'stored', has_run : $0 >= 0}); }, double(saved));
}

const char * hand_out(std::string text) {
    g_text = std::move(text);
    return g_text.c_str();
}

} // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void tw_init() {
    attn::open_saved_runs("");
    g_session.set_assets_dir("/assets");  // the mini corpus's lexicon, preloaded (train_worker.data)
}

// Called until the folder is loaded (then the session saves there): "" while it loads, then
// "none" or the saved run to offer, {"setup": text, "step": n}.
EMSCRIPTEN_KEEPALIVE const char * tw_offer() {
    if (attn::saved_runs_state() == attn::SavedRunsState::Pending) return "";
    if (g_offered) return "none";
    g_offered = true;
    g_session.set_save_dir(attn::saved_runs_dir());
    attn::TrainSetup setup;
    int64_t step = 0;
    if (!g_session.find_saved(&setup, &step)) return "none";
    return hand_out(nlohmann::json({{"setup", attn::setup_to_text(setup)}, {"step", step}}).dump());
}

// {command, setup, probe} -> the reply as {text, args, error, resumed, setup, probe}.
EMSCRIPTEN_KEEPALIVE const char * tw_request(const char * json_text) {
    attn::TrainRequest r;
    attn::TrainReply reply;
    const nlohmann::json j = nlohmann::json::parse(json_text ? json_text : "", nullptr, false);
    if (j.is_discarded() || !j.contains("command") || !attn::parse_train_command(j.value("command", ""), &r.command)) {
        reply.message = {"training worker: a request it does not know", {}};
        reply.error = true;
    } else {
        r.probe = j.value("probe", "");
        const std::string setup = j.value("setup", "");
        attn::Status s = attn::Status::success();
        if (!setup.empty()) s = attn::setup_from_text(setup, &r.setup);
        if (!s) {
            reply.message = s.said;
            reply.error = true;
        } else {
            reply = g_session.handle(r);
        }
    }
    if (r.command == attn::TrainCommand::Pause) g_persisted_step = -2;  // Pause writes through, even at a step already saved
    persist_if_saved();
    if (r.command == attn::TrainCommand::Reset || r.command == attn::TrainCommand::DiscardSaved) {
        attn::persist_saved_runs();
        EM_ASM({ postMessage({type : 'stored', has_run : false}); });
    }
    return hand_out(nlohmann::json({{"text", reply.message.text},
                                    {"args", reply.message.args},
                                    {"error", reply.error},
                                    {"resumed", reply.resumed},
                                    {"setup", reply.resumed ? attn::setup_to_text(reply.setup) : ""},
                                    {"probe", reply.probe}})
                        .dump());
}

// Trains for about budget_ms while running; 1 when it trained (a snapshot is due).
EMSCRIPTEN_KEEPALIVE int tw_tick(double budget_ms) {
    const bool was_running = g_session.running();
    g_session.tick(budget_ms);
    persist_if_saved();
    return was_running ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE int tw_running() { return g_session.running() ? 1 : 0; }

// The snapshot now, as bytes at tw_bytes(); returns their size.
EMSCRIPTEN_KEEPALIVE int tw_snapshot() {
    attn::TrainSnapshot s = attn::snapshot_of(g_session.run(), g_session.running(), &g_cursor);
    if (s.save_error.empty()) s.save_error = attn::saved_runs_error();
    g_bytes = attn::encode_snapshot(s);
    return int(g_bytes.size());
}

EMSCRIPTEN_KEEPALIVE const uint8_t * tw_bytes() { return g_bytes.data(); }

// The trained model as a translator file, at tw_bytes(); returns its size, or 0 with the reason in
// tw_model_name(). Otherwise tw_model_name() is the file's name.
EMSCRIPTEN_KEEPALIVE int tw_model() {
    const attn::LiveTraining & run = g_session.run();
    const std::string path = "/tmp/trained-model.safetensors";
    if (attn::Status s = run.save_model(path); !s) {
        hand_out(s.message);
        return 0;
    }
    std::ifstream in(path, std::ios::binary);
    g_bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    std::remove(path.c_str());
    hand_out(std::string(attn::toy_task_name(run.setup().task)) + "-step" + std::to_string(run.step()) + ".safetensors");
    return int(g_bytes.size());
}

EMSCRIPTEN_KEEPALIVE const char * tw_model_name() { return g_text.c_str(); }

} // extern "C"

// The Train panel's runner (app/runners/train_runner.h) over AppState, as the app drives it: the
// buttons' requests, the run mirrored for the panel and the state JSON, the saved run offered
// after a "reload" and resumed, refusals, and the panel drawn headless in each phase.
#include "headless_ui.h"
#include "app/runners/train_runner.h"
#include "app/runners/translation_runner.h"
#include "app/state_json.h"
#include "app/url_state_apply.h"
#include "models/translator.h"
#include "nn/attention_steps.h"
#include "platform/saved_runs.h"
#include "ui/attention_data.h"
#include "ui/screen_reader.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <sys/stat.h>

namespace attn {
namespace {

TrainSetup tiny_setup() {
    TrainSetup s;
    s.layers = 1, s.d_model = 16, s.heads = 2, s.d_ff = 32, s.batch_tokens = 256;
    s.steps = 60, s.snapshot_every = 5, s.eval_every = 20, s.checkpoint_every = 10;
    return s;
}

// Frames until `done` or 2,000 frames; each frame trains a 5 ms slice.
template <typename Done>
void frames_until(TrainRunner & runner, AppState & state, Done done) {
    for (int i = 0; i < 2000 && !done(); i++) runner.update(state, i * 0.02, 23.0);
}

std::string saved_dir(const char * name) {
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);
    const std::string dir = std::string(ATTN_TEST_OUT_DIR) + "/" + name;
    ::mkdir(dir.c_str(), 0755);
    std::remove(LiveTraining::checkpoint_file(dir).c_str());
    std::remove(LiveTraining::history_file(dir).c_str());
    return dir;
}

struct SavedRunsFolder {  // the native app's --saved-runs, for one test
    explicit SavedRunsFolder(const std::string & dir) { open_saved_runs(dir); }
    ~SavedRunsFolder() { open_saved_runs(""); }
};

TEST(TrainRunner, StartPauseStepResetFromTheButtons) {
    AppState state;
    TrainRunner runner;
    state.train.setup = tiny_setup();
    EXPECT_FALSE(runner.busy(state));
    state.train.start_requested = true;
    EXPECT_TRUE(runner.busy(state));
    runner.update(state, 0.0, 10.0);
    EXPECT_TRUE(state.train.started);
    EXPECT_TRUE(state.train.running);
    EXPECT_GT(state.train.step, 0) << "the first frame already trains";
    EXPECT_EQ(state.train.probe, "3 1 4 1 5 9 2 6") << "the default probe shows in the box";
    frames_until(runner, state, [&] { return state.train.step >= 20; });
    state.train.pause_requested = true;
    runner.update(state, 1.0, 10.0);
    const int64_t paused_at = state.train.step;
    EXPECT_FALSE(state.train.running);
    runner.update(state, 1.1, 10.0);
    EXPECT_EQ(state.train.step, paused_at) << "paused: no steps";
    EXPECT_FALSE(runner.busy(state)) << "an idle page draws nothing";
    state.train.step_requested = true;
    runner.update(state, 1.2, 10.0);
    EXPECT_EQ(state.train.step, paused_at + 1) << "Step: exactly one";
    state.train.start_requested = true;  // Resume: the same run goes on
    runner.update(state, 1.3, 10.0);
    EXPECT_GT(state.train.step, paused_at + 1);
    frames_until(runner, state, [&] { return state.train.finished; });
    EXPECT_EQ(state.train.step, 60);
    EXPECT_FALSE(state.train.running);
    EXPECT_EQ(state.train.timeline.size(), 13u) << "steps 0, 5, ..., 60, mirrored";
    EXPECT_EQ(state.train.timeline.back().maps, state.train.probe_maps.maps);
    EXPECT_EQ(state.train.curves.loss.x().size(), 60u);
    EXPECT_TRUE(state.train.run_setup == tiny_setup());

    const nlohmann::json j = nlohmann::json::parse(app_state_json(state));
    EXPECT_EQ(j["train"]["step"], 60);
    EXPECT_EQ(j["train"]["finished"], true);
    EXPECT_EQ(j["train"]["running"], false);
    EXPECT_EQ(j["train"]["setup"]["task"], "reverse");
    EXPECT_EQ(j["train"]["probe"]["rows"], 9);
    EXPECT_EQ(j["train"]["probe"]["best_head_map"].size(), 81u);
    EXPECT_EQ(j["train"]["timeline_steps"].size(), 13u);
    EXPECT_TRUE(j["train"]["heldout_exact_match"].is_number());

    state.train.reset_requested = true;
    runner.update(state, 2.0, 10.0);
    EXPECT_FALSE(state.train.started);
    EXPECT_EQ(state.train.step, 0);
    EXPECT_TRUE(state.train.timeline.empty());
}

TEST(TrainRunner, ASetupOutOfRangeOrTooLargeIsRefusedWithTheReason) {
    AppState state;
    TrainRunner runner;
    state.train.setup.layers = 9;
    state.train.start_requested = true;
    runner.update(state, 0.0, 10.0);
    EXPECT_FALSE(state.train.started);
    EXPECT_TRUE(state.train.message_is_error);
    EXPECT_EQ(english(state.train.message), "layers: 9 is out of range (1 to 4)");
    state.train.setup = TrainSetup{};
    state.train.setup.layers = 4, state.train.setup.d_model = 256, state.train.setup.d_ff = 1024, state.train.setup.batch_tokens = 8192;
    state.train.start_requested = true;
    runner.update(state, 0.1, 10.0);
    EXPECT_FALSE(state.train.started);
    EXPECT_NE(english(state.train.message).find("MB to train"), std::string::npos) << english(state.train.message);
    EXPECT_GT(state.train.memory_estimate, kTrainMemoryBudget);
}

TEST(TrainRunner, ABadProbeIsRefusedAndTheMapStays) {
    AppState state;
    TrainRunner runner;
    state.train.setup = tiny_setup();
    state.train.start_requested = true;
    runner.update(state, 0.0, 10.0);
    state.train.pause_requested = true;
    runner.update(state, 0.05, 10.0);
    const int cols = state.train.probe_maps.cols;
    state.train.probe = "3 z";
    state.train.probe_changed = true;
    runner.update(state, 0.1, 10.0);
    EXPECT_TRUE(state.train.message_is_error);
    EXPECT_EQ(state.train.probe_maps.cols, cols);
    state.train.probe = "1 2";
    state.train.probe_changed = true;
    runner.update(state, 0.2, 10.0);
    EXPECT_TRUE(state.train.message.empty());
    EXPECT_EQ(state.train.probe_maps.cols, 3);
    ASSERT_EQ(state.train.timeline.size(), 1u) << "a new probe, a new timeline";
    EXPECT_EQ(state.train.timeline[0].step, state.train.step);
}

TEST(TrainRunner, AReloadOffersTheSavedRunAndResumesIt) {
    const std::string dir = saved_dir("train_runner_saved");
    SavedRunsFolder folder(dir);
    int64_t paused_at = 0;
    {
        AppState state;
        TrainRunner runner;
        state.train.setup = tiny_setup();
        state.train.start_requested = true;
        frames_until(runner, state, [&] { return state.train.step >= 25; });
        state.train.pause_requested = true;  // Pause saves
        runner.update(state, 5.0, 10.0);
        paused_at = state.train.step;
        EXPECT_TRUE(state.train.storage_message.empty());
    }
    AppState state;  // the page again
    TrainRunner runner;
    runner.update(state, 0.0, 10.0);
    ASSERT_TRUE(state.train.saved_offered);
    EXPECT_EQ(state.train.saved_step, paused_at);
    EXPECT_TRUE(state.train.saved_setup == tiny_setup());
    state.train.resume_saved_requested = true;
    runner.update(state, 0.1, 10.0);
    EXPECT_FALSE(state.train.saved_offered);
    EXPECT_TRUE(state.train.started);
    EXPECT_EQ(state.train.step, paused_at);
    EXPECT_FALSE(state.train.running) << "resumed paused: the reader presses Resume";
    EXPECT_EQ(state.train.timeline.front().step, 0);
    EXPECT_EQ(state.train.curves.loss.x().size(), size_t(paused_at));
    EXPECT_TRUE(state.train.setup == tiny_setup());

    // Reset forgets it: the next visit offers nothing.
    state.train.reset_requested = true;
    runner.update(state, 0.2, 10.0);
    AppState later;
    TrainRunner again;
    again.update(later, 0.0, 10.0);
    EXPECT_FALSE(later.train.saved_offered);
}

TEST(TrainRunner, DiscardingTheOfferStartsClean) {
    const std::string dir = saved_dir("train_runner_discard");
    SavedRunsFolder folder(dir);
    {
        AppState state;
        TrainRunner runner;
        state.train.setup = tiny_setup();
        state.train.start_requested = true;
        frames_until(runner, state, [&] { return state.train.step >= 12; });
    }
    AppState state;
    TrainRunner runner;
    runner.update(state, 0.0, 10.0);
    ASSERT_TRUE(state.train.saved_offered);
    state.train.discard_saved_requested = true;
    runner.update(state, 0.1, 10.0);
    EXPECT_FALSE(state.train.saved_offered);
    EXPECT_FALSE(state.train.started);
    TrainSetup seen;
    int64_t step = 0;
    EXPECT_FALSE(LiveTraining::peek_saved(dir, &seen, &step));
}

TEST(TrainRunner, ALinkSetsUpAndStartsARun) {
    AppState state;
    TrainRunner runner;
    ASSERT_TRUE(apply_url_fragment("panel=train&task=copy&layers=1&d_model=16&heads=2&d_ff=32&batch=256&steps=30&lr=0.003&probe=1%202%203&autostart=1",
                                   nullptr, &state))
        << english_lines(state.share.link_message);
    EXPECT_TRUE(state.show_train);
    EXPECT_EQ(state.train.setup.task, ToyTask::Copy);
    EXPECT_EQ(state.train.setup.lr, 0.003);
    runner.update(state, 0.0, 10.0);
    EXPECT_TRUE(state.train.running);
    EXPECT_EQ(state.train.probe_maps.cols, 4);
    // The link back carries the setup.
    state.share.panel = "train";
    const std::string link = format_url_state(url_state_of(state));
    EXPECT_NE(link.find("task=copy"), std::string::npos) << link;
    EXPECT_NE(link.find("d_model=16"), std::string::npos) << link;
    EXPECT_NE(link.find("lr=0.003"), std::string::npos) << link;
    EXPECT_EQ(link.find("autostart"), std::string::npos) << "a copied link does not start by itself: " << link;
    // Fields that disagree are not applied, and say why.
    AppState other;
    EXPECT_TRUE(apply_url_fragment("panel=train&min_len=9&max_len=3", nullptr, &other));
    EXPECT_EQ(other.train.setup.min_len, TrainSetup{}.min_len);
    EXPECT_NE(english_lines(other.share.link_message).find("shortest sequence (9)"), std::string::npos);
}

TEST(TrainRunner, TheTrainedModelTranslatesInTheTranslationPanels) {
    AppState state;
    TranslationRunner translations;
    translations.load(ATTN_BUILD_ASSETS_DIR, state);
    TrainRunner runner;
    state.train.setup = tiny_setup();
    state.train.start_requested = true;
    frames_until(runner, state, [&] { return state.train.finished; });
    const std::string path = std::string(ATTN_TEST_OUT_DIR) + "/trained_for_translate.safetensors";
    ASSERT_TRUE(runner.run().save_model(path));
    ASSERT_TRUE(translations.use_trained(path, "Trained here: reverse, step 60", state));
    EXPECT_EQ(state.model, TranslationRunner::kTrainedModel);
    ASSERT_EQ(state.model_names.size(), 3u);
    EXPECT_EQ(state.model_names[2], "Trained here: reverse, step 60");
    state.set_sentence("3 1 4", false);
    translations.run(state);
    ASSERT_TRUE(state.translation.ready) << english(state.translation.error);
    EXPECT_EQ(state.translation.encoder_tokens, (std::vector<std::string>{"3", "1", "4", "</s>"}));
    EXPECT_FALSE(state.translation.trace.maps.empty()) << "every attention map, as for the shipped models";
    EXPECT_EQ(state.translation.config.decoder_layers, 1);
    // The shipped models are still there, and a damaged file is refused without losing the slot.
    state.model = 1;
    translations.run(state);
    EXPECT_TRUE(state.translation.ready);
    { std::ofstream(path, std::ios::binary | std::ios::trunc) << "nope"; }
    EXPECT_FALSE(translations.use_trained(path, "broken", state));
    EXPECT_EQ(state.model, 1);
    EXPECT_EQ(state.model_names[2], "Trained here: reverse, step 60");
    // Import: a shipped Transformer file is taken like a trained one, and so is a shipped RNN,
    // which translates as it does on its own.
    const std::string models = std::string(ATTN_BUILD_ASSETS_DIR) + "/models/";
    state.set_sentence("we are watching a movie .", false);
    translations.run(state);
    const std::string shipped = state.translation.display;
    ASSERT_TRUE(translations.use_trained(models + "en-de.safetensors", "Imported: en-de.safetensors", state));
    translations.run(state);
    EXPECT_EQ(state.model, 2);
    EXPECT_EQ(state.translation.display, shipped) << "the same model as the shipped one";
    EXPECT_FALSE(state.translation.rnn);
    ASSERT_TRUE(translations.use_trained(models + "rnn_search-en-de.safetensors", "Imported: rnn", state));
    translations.run(state);
    ASSERT_TRUE(state.translation.ready) << english(state.translation.error);
    Translator alone;
    ASSERT_TRUE(Translator::load(models + "rnn_search-en-de.safetensors", &alone));
    Compute cc = Compute::fastest();
    EXPECT_EQ(state.translation.display, alone.translate(cc, state.sentence, DecodeOptions{}, nullptr).display);
    EXPECT_TRUE(state.translation.rnn);
    EXPECT_EQ(nlohmann::json::parse(app_state_json(state))["architecture"], "rnn_search");
}

// Use in Translate on an RNN the panel trained: the Attention panel's one map is its alignment,
// the Step-through recomputes a row from the decoder's own scores, and RNNencdec shows its C.
TEST(TrainRunner, TrainedRnnsOpenInTheTranslationPanels) {
    for (ToyArch arch : {ToyArch::RnnSearch, ToyArch::RnnEncDec}) {
        const bool search = arch == ToyArch::RnnSearch;
        SCOPED_TRACE(search ? "RNNsearch" : "RNNencdec");
        AppState state;
        TranslationRunner translations;
        translations.load(ATTN_BUILD_ASSETS_DIR, state);
        TrainRunner runner;
        state.train.setup = tiny_setup();
        state.train.setup.arch = arch;
        state.train.setup.hidden = 24;
        state.train.start_requested = true;
        frames_until(runner, state, [&] { return state.train.finished; });
        const std::string path = std::string(ATTN_TEST_OUT_DIR) + "/trained_rnn_for_translate.safetensors";
        ASSERT_TRUE(runner.run().save_model(path));
        ASSERT_TRUE(translations.use_trained(path, "Trained here: reverse, step 60", state));
        state.set_sentence("3 1 4", false);
        state.backend = ComputeBackend::WebGL2;  // no GL here: the RNN runs on the CPU either way
        translations.run(state);
        const TranslationState & t = state.translation;
        ASSERT_TRUE(t.ready) << english(t.error);
        EXPECT_TRUE(t.rnn);
        EXPECT_EQ(t.rnn_config.hidden, 24);
        EXPECT_EQ(t.encoder_tokens, (std::vector<std::string>{"3", "1", "4", "</s>"}));
        EXPECT_EQ(t.context_c.size(), 24u) << "C: the encoder's last forward state";
        EXPECT_EQ(state.attention.kind, AttentionKind::Cross);
        const nlohmann::json j = nlohmann::json::parse(app_state_json(state));
        EXPECT_EQ(j["architecture"], search ? "rnn_search" : "rnn_encdec");
        EXPECT_EQ(j["context_c_size"], 24);
        EXPECT_EQ(j["backend"]["ran"], "cpu");
        // The panels draw it (no heads, no Q/K/V), and the screen-reader text says what it is.
        state.show_translate = state.show_attention = state.show_step = state.show_architecture = true;
        HeadlessUi ui;
        ui.frames(state, 3);
        std::string reader;
        for (const ReaderSection & r : screen_reader_text(state))
            for (const std::string & line : r.lines) reader += line + "\n";
        EXPECT_NE(reader.find(search ? "(Bahdanau attention)" : "RNNencdec has no attention"), std::string::npos) << reader;
        if (!search) {
            EXPECT_TRUE(t.trace.maps.empty()) << "RNNencdec has no attention";
            EXPECT_FALSE(j.contains("step"));
            continue;
        }
        const AttentionMap * map = t.trace.find("cross", 0, 0);
        ASSERT_NE(map, nullptr) << "the alignment, as the panels' cross-attention";
        EXPECT_EQ(map->rows, int(t.outputs.size()));
        EXPECT_EQ(map->cols, 4);
        std::vector<float> storage;
        const AttentionMatrix m = attention_matrix(t, AttentionKind::Cross, 0, -1, &storage);
        ASSERT_EQ(m.rows, map->rows);
        EXPECT_EQ(m.values[1], map->values[1]) << "the mean over its one head is the map";
        // The step-through's softmax of the recorded scores is the map's row, for every row.
        const AttentionMap * energy = t.trace.find("alignment_energy", 0, 0);
        ASSERT_NE(energy, nullptr);
        for (int row = 0; row < map->rows; row++) {
            const AdditiveSteps st = compute_additive_steps(*energy, row);
            ASSERT_EQ(st.keys, 4);
            for (int c = 0; c < 4; c++) EXPECT_NEAR(st.weights[size_t(c)], map->at(row, c), 1e-6f) << row << "," << c;
        }
        state.attention.query = 1;
        const nlohmann::json step = nlohmann::json::parse(app_state_json(state))["step"];
        ASSERT_EQ(step["energies"].size(), 4u);
        EXPECT_NEAR(step["weights"][2].get<double>(), map->at(1, 2), 1e-6);
    }
}

TEST(TrainPanel, ScreenReaderTextFollowsTheHeldOutChecksNotEveryFrame) {
    AppState state;
    TrainRunner runner;
    state.show_train = true;
    auto train_lines = [&] {
        for (const ReaderSection & r : screen_reader_text(state))
            if (r.heading == "Train: watch attention learn") return r.lines;
        return std::vector<std::string>{"no Train section"};
    };
    EXPECT_NE(train_lines()[0].find("Press Start"), std::string::npos);
    state.train.setup = tiny_setup();
    state.train.start_requested = true;
    frames_until(runner, state, [&] { return state.train.step >= 41; });
    state.train.pause_requested = true;
    runner.update(state, 9.0, 10.0);
    const std::vector<std::string> lines = train_lines();
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines[0], "Step 40 of 60") << "the last held-out check, not the live step";
    EXPECT_EQ(lines[2], "Where each output position looks: layer 0, head " + std::to_string(std::max(0, state.train.best_head)) + ", at step 40");
    EXPECT_EQ(lines.size(), 3u + 9u) << "a line per output position of the probe";
    EXPECT_EQ(lines[3].rfind("6: ", 0), 0u) << lines[3];
    state.train.step_requested = true;  // one more step: no new check, the same text
    runner.update(state, 9.1, 10.0);
    EXPECT_EQ(train_lines(), lines);
}

TEST(TrainPanel, DrawsInEveryPhase) {
    HeadlessUi ui;
    AppState state;
    TrainRunner runner;
    state.show_translate = state.show_attention = state.show_step = false;
    state.show_train = true;
    ui.frames(state, 2);  // nothing started
    state.train.setup = tiny_setup();
    state.train.start_requested = true;
    runner.update(state, 0.0, 10.0);
    ui.frames(state, 2);  // running
    state.train.timeline_frame = 0;
    state.train.layer = 0, state.train.head = 1;
    ui.frames(state, 2);  // replaying the first frame
    state.train.setup.d_model = 15;  // invalid while editing
    ui.frames(state, 2);
    state.train.saved_offered = true;
    state.train.storage_message = {N_("The browser did not keep the checkpoint ({0}): training goes on in this page, and Export still works."), {"QuotaExceededError"}};
    state.train.throttled_seconds = 12;
    ui.frames(state, 2);
    SUCCEED() << "drawn without an ImGui assertion";
}

// The article's two RNNs in the panel: a link picks one; RNNsearch's alignment is the map, with
// no layer or head to choose; RNNencdec has no map, and both the panel and its screen-reader text
// say why; the held-out check comes by length too.
TEST(TrainPanel, TheRnnsTrainFromALinkAndSayWhatTheyShow) {
    HeadlessUi ui;
    AppState state;
    TrainRunner runner;
    state.show_translate = state.show_attention = state.show_step = false;
    ASSERT_TRUE(apply_url_fragment("panel=train&task=reverse&arch=rnn_encdec&hidden=16&batch=256&steps=60&eval=20&autostart=1",
                                   nullptr, &state))
        << english_lines(state.share.link_message);
    EXPECT_EQ(state.train.setup.arch, ToyArch::RnnEncDec);
    EXPECT_EQ(state.train.setup.hidden, 16);
    frames_until(runner, state, [&] { return state.train.step >= 41; });
    ui.frames(state, 2);
    EXPECT_EQ(state.train.probe_maps.layers, 0);
    EXPECT_FALSE(state.train.exact_by_length.empty());
    EXPECT_EQ(state.train.exact_by_length[0], -1.0) << "no sequence of length 0";
    std::vector<std::string> lines;
    for (const ReaderSection & r : screen_reader_text(state))
        if (r.heading == "Train: watch attention learn") lines = r.lines;
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[1].find("best head"), std::string::npos) << lines[1];
    EXPECT_NE(lines[2].find("RNNencdec has no attention to show"), std::string::npos) << lines[2];
    const nlohmann::json j = nlohmann::json::parse(app_state_json(state));
    EXPECT_EQ(j["train"]["run_setup"]["arch"], "rnn_encdec");
    EXPECT_EQ(j["train"]["heldout_exact_by_length"].size(), state.train.exact_by_length.size());
    state.share.panel = "train";
    EXPECT_NE(format_url_state(url_state_of(state)).find("arch=rnn_encdec"), std::string::npos);

    AppState search;
    ASSERT_TRUE(apply_url_fragment("panel=train&arch=rnn_search&hidden=16&batch=256&steps=40&autostart=1", nullptr, &search));
    search.show_translate = search.show_attention = search.show_step = false;
    frames_until(runner, search, [&] { return search.train.step >= 21; });
    ui.frames(search, 2);
    EXPECT_EQ(search.train.probe_maps.layers, 1);
    EXPECT_EQ(search.train.probe_maps.heads, 1);
    lines.clear();
    for (const ReaderSection & r : screen_reader_text(search))
        if (r.heading == "Train: watch attention learn") lines = r.lines;
    ASSERT_GE(lines.size(), 3u);
    EXPECT_NE(lines[1].find("the alignment looks where the task says"), std::string::npos) << lines[1];
    AppState bad;
    EXPECT_FALSE(apply_url_fragment("panel=train&arch=lstm", nullptr, &bad));
    EXPECT_NE(english_lines(bad.share.link_message).find("arch: \"lstm\" is not one of transformer, rnn_search, rnn_encdec"),
              std::string::npos) << english_lines(bad.share.link_message);
}

TEST(TrainPanel, TheMiniCorpusTrainsFromALinkWithItsPresetAndScoresBleu) {
    HeadlessUi ui;
    AppState state;
    TrainRunner runner;
    runner.set_assets_dir(ATTN_BUILD_ASSETS_DIR);  // the lexicon the corpus is drawn from
    state.show_translate = state.show_attention = state.show_step = false;
    ASSERT_TRUE(apply_url_fragment("panel=train&task=mini_en_de&layers=1&d_model=32&heads=2&d_ff=64&batch=512&steps=30&eval=10&autostart=1",
                                   nullptr, &state))
        << english_lines(state.share.link_message);
    EXPECT_EQ(state.train.setup.schedule, LrSchedule::Noam) << "the fields a link leaves out are the task's preset";
    EXPECT_EQ(state.train.setup.batch_tokens, 512);
    frames_until(runner, state, [&] { return state.train.step >= 11; });
    ui.frames(state, 2);
    EXPECT_GE(state.train.bleu, 0.0);
    EXPECT_TRUE(state.train.probe_reference) << "the default probe is a held-out sentence";
    const ProbeAttention & p = state.train.probe_maps;
    ASSERT_GT(p.cols, 1);
    EXPECT_EQ(p.source_labels.back(), "</s>");
    EXPECT_EQ(state.train.probe.find(p.source_labels.front()), 0u) << state.train.probe;
    std::vector<std::string> lines;
    for (const ReaderSection & r : screen_reader_text(state))
        if (r.heading == "Train: watch attention learn") lines = r.lines;
    ASSERT_GE(lines.size(), 2u);
    EXPECT_NE(lines[1].find("BLEU"), std::string::npos) << lines[1];
    EXPECT_NE(lines[1].find("gold alignment"), std::string::npos) << lines[1];
    const nlohmann::json j = nlohmann::json::parse(app_state_json(state));
    EXPECT_TRUE(j["train"]["heldout_bleu"].is_number());
    EXPECT_EQ(j["train"]["run_setup"]["task"], "mini_en_de");
    state.share.panel = "train";
    const std::string link = format_url_state(url_state_of(state));
    EXPECT_NE(link.find("task=mini_en_de"), std::string::npos) << link;
    EXPECT_EQ(link.find("schedule="), std::string::npos) << "the preset's schedule goes without saying: " << link;

    // A sentence of the reader's own, which the corpus does not have.
    state.train.probe = "the teacher reads a book";
    state.train.probe_changed = true;
    frames_until(runner, state, [&] { return !state.train.probe_reference; });
    EXPECT_EQ(state.train.probe_maps.source_labels.front(), "the");
    ui.frames(state, 2);
}

} // namespace
} // namespace attn

// The Train panel's run (train/live_training.h) and its setup (train/train_setup.h): settings
// out of range are refused with the range, an oversized model before it allocates, the curves,
// probe maps and timeline follow the steps, a blown-up run stops with its last good weights, and
// the trained model is a translator file that loads like the shipped ones.
#include "models/translator.h"
#include "train/live_training.h"
#include "train/train_session.h"
#include "train/train_snapshot.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <fstream>
#include <limits>

using namespace attn;

namespace {

std::string out_path(const std::string & name) {
    ::mkdir(ATTN_TEST_OUT_DIR, 0755);  // may exist already
    return std::string(ATTN_TEST_OUT_DIR) + "/" + name;
}

// A setup small enough to run a few dozen steps in well under a second.
TrainSetup tiny_setup() {
    TrainSetup s;
    s.layers = 1;
    s.d_model = 16;
    s.heads = 2;
    s.d_ff = 32;
    s.batch_tokens = 256;
    s.steps = 40;
    s.snapshot_every = 5;
    s.eval_every = 20;
    s.checkpoint_every = 10;
    return s;
}

TEST(TrainSetup, DefaultsAreValidAndFitTheBudget) {
    EXPECT_TRUE(validate_setup(TrainSetup{}));
    EXPECT_TRUE(check_memory(TrainSetup{}));
    EXPECT_LT(setup_memory_estimate(TrainSetup{}), 64ll << 20) << "the default preset is small";
}

TEST(TrainSetup, EveryFieldOutOfRangeIsRefusedWithItsRange) {
    for (const SetupIntField & f : setup_int_fields()) {
        for (int bad : {f.min - 1, f.max + 1}) {
            TrainSetup s;
            s.*f.field = bad;
            const Status st = validate_setup(s);
            ASSERT_FALSE(st) << f.key << " = " << bad;
            EXPECT_EQ(st.message, std::string(f.key) + ": " + std::to_string(bad) + " is out of range (" +
                                      std::to_string(f.min) + " to " + std::to_string(f.max) + ")");
        }
    }
    for (const SetupRealField & f : setup_real_fields()) {
        for (double bad : {f.min - 1e-6, f.max * 2 + 1, std::numeric_limits<double>::quiet_NaN()}) {
            TrainSetup s;
            s.*f.field = bad;
            const Status st = validate_setup(s);
            ASSERT_FALSE(st) << f.key << " = " << bad;
            EXPECT_EQ(st.message.rfind(std::string(f.key) + ": ", 0), 0u) << st.message;
            EXPECT_NE(st.message.find("out of range"), std::string::npos) << st.message;
        }
    }
}

TEST(TrainSetup, FieldsThatDisagreeAreRefused) {
    TrainSetup s;
    s.min_len = 9, s.max_len = 8;
    EXPECT_NE(validate_setup(s).message.find("shortest sequence (9) is longer than the longest (8)"), std::string::npos);
    s = TrainSetup{};
    s.d_model = 60, s.heads = 8;
    EXPECT_NE(validate_setup(s).message.find("multiple of the number of heads"), std::string::npos);
}

TEST(TrainSetup, AModelOverTheMemoryBudgetIsRefusedBeforeItAllocates) {
    TrainSetup s;
    s.layers = 4, s.d_model = 256, s.d_ff = 1024, s.heads = 8, s.batch_tokens = 8192;
    ASSERT_TRUE(validate_setup(s));
    const int64_t need = setup_memory_estimate(s);
    EXPECT_GT(need, kTrainMemoryBudget);
    const Status st = check_memory(s);
    ASSERT_FALSE(st);
    EXPECT_NE(st.message.find(std::to_string((need + (1 << 20) - 1) >> 20) + " MB"), std::string::npos) << st.message;
    LiveTraining run;
    EXPECT_FALSE(run.start(s));
    EXPECT_FALSE(run.started());
    // The estimate grows with what it counts.
    TrainSetup wider = TrainSetup{};
    wider.d_model = 128;
    EXPECT_GT(setup_memory_estimate(wider), setup_memory_estimate(TrainSetup{}));
    TrainSetup bigger_batch = TrainSetup{};
    bigger_batch.batch_tokens = 4096;
    EXPECT_GT(setup_memory_estimate(bigger_batch), setup_memory_estimate(TrainSetup{}));
}

TEST(LiveTraining, CurvesProbeAndTimelineFollowTheSteps) {
    LiveTraining run;
    ASSERT_TRUE(run.start(tiny_setup()));
    EXPECT_EQ(run.step(), 0);
    ASSERT_EQ(run.timeline().size(), 1u) << "the untrained maps are the timeline's first frame";
    EXPECT_EQ(run.timeline()[0].step, 0);
    EXPECT_EQ(run.probe_text(), "3 1 4 1 5 9 2 6");
    const ProbeAttention & p = run.probe();
    EXPECT_EQ(p.rows, 9);  // 8 symbols and </s>
    EXPECT_EQ(p.cols, 9);
    EXPECT_EQ(p.target_labels.front(), "6") << "reverse: the first output is the last input";
    EXPECT_EQ(p.source_labels.back(), "</s>");
    for (int r = 0; r < p.rows; r++) {
        double sum = 0;
        for (int c = 0; c < p.cols; c++) sum += p.map(0, 1)[r * p.cols + c];
        EXPECT_NEAR(sum, 1.0, 1e-4) << "row " << r;
    }
    int steps = 0;
    while (!run.finished()) steps += run.advance(5.0);
    EXPECT_EQ(steps, 40);
    EXPECT_EQ(run.step(), 40);
    EXPECT_EQ(run.advance(5.0), 0) << "a finished run does not go on";
    EXPECT_EQ(run.curves().loss.x().size(), 40u);
    EXPECT_EQ(run.curves().loss.x().back(), 40.0);
    EXPECT_TRUE(std::isfinite(run.curves().loss.y().back()));
    EXPECT_LT(run.curves().loss.y().back(), run.curves().loss.y().front()) << "40 steps lower the loss";
    ASSERT_EQ(run.timeline().size(), 9u);  // steps 0, 5, ..., 40
    EXPECT_EQ(run.timeline().back().step, 40);
    EXPECT_NE(run.timeline().front().maps, run.timeline().back().maps);
    EXPECT_EQ(run.timeline().back().maps, run.probe().maps);
    EXPECT_EQ(run.curves().eval_step, (std::vector<double>{0, 20, 40}));
    EXPECT_GT(run.steps_per_second(), 0);

    // A new probe: checked, and a new timeline.
    EXPECT_FALSE(run.set_probe("3 x 4"));
    EXPECT_FALSE(run.set_probe(""));
    EXPECT_FALSE(run.set_probe("1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7")) << "17 symbols";
    const Status bad = run.set_probe("3 a");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.message.find("(0…9)"), std::string::npos) << bad.message;
    ASSERT_TRUE(run.set_probe("1 2 3"));
    EXPECT_EQ(run.probe().rows, 4);
    EXPECT_EQ(run.timeline().size(), 1u);
}

TEST(LiveTraining, TheTimelineIsThinnedNotUnbounded) {
    TrainSetup s = tiny_setup();
    s.snapshot_every = 1;
    s.steps = int(LiveTraining::kMaxTimelineFrames) + 50;
    s.d_model = 8, s.heads = 1, s.d_ff = 8, s.batch_tokens = 64, s.eval_every = 10000;
    LiveTraining run;
    ASSERT_TRUE(run.start(s));
    while (!run.finished()) run.advance(50.0);
    EXPECT_LE(run.timeline().size(), LiveTraining::kMaxTimelineFrames);
    EXPECT_GT(run.timeline().size(), LiveTraining::kMaxTimelineFrames / 2);
    EXPECT_EQ(run.timeline().front().step, 0);
    for (size_t i = 1; i < run.timeline().size(); i++) EXPECT_GT(run.timeline()[i].step, run.timeline()[i - 1].step);
}

TEST(LiveTraining, ThinnedSeriesAveragesPairsPastItsLimit) {
    ThinnedSeries s;
    const int n = int(ThinnedSeries::kMaxPoints) * 3;
    for (int i = 1; i <= n; i++) s.add(i, 2.0 * i);
    EXPECT_LT(s.x().size(), ThinnedSeries::kMaxPoints);
    EXPECT_GT(s.x().size(), ThinnedSeries::kMaxPoints / 4);
    for (size_t i = 0; i < s.x().size(); i++) EXPECT_DOUBLE_EQ(s.y()[i], 2.0 * s.x()[i]) << "averages of a line stay on it";
    EXPECT_DOUBLE_EQ(s.x().front(), (1.0 + 2.0 + 3.0 + 4.0) / 4.0);
}

TEST(LiveTraining, ANonFiniteLossStopsTheRunAndRestoresTheLastGoodWeights) {
    LiveTraining run;
    ASSERT_TRUE(run.start(tiny_setup()));
    while (run.step() < 12) run.advance(0.0);  // the good copy is from step 10
    const TensorMap good = run.model().parameters();
    Tensor & w = run.model().parameters().at("generator/weight");
    w.data()[0] = std::numeric_limits<float>::quiet_NaN();
    run.advance(100.0);
    ASSERT_FALSE(run.failure().empty());
    EXPECT_TRUE(run.finished());
    EXPECT_EQ(run.advance(10.0), 0);
    const std::string said = format_message(run.failure().text, run.failure().args);
    EXPECT_NE(said.find("NaN at step 13"), std::string::npos) << said;
    EXPECT_NE(said.find("step 10"), std::string::npos) << said;
    for (const auto & [name, t] : run.model().parameters())
        for (int64_t i = 0; i < t.numel(); i++) ASSERT_TRUE(std::isfinite(t.data()[i])) << name;
    EXPECT_TRUE(std::isfinite(run.probe().maps[0]));
}

TEST(LiveTraining, ASavedRunResumesWithItsCurvesAndTimelineAndEndsTheSame) {
    const std::string dir = out_path("live_run");
    ::mkdir(dir.c_str(), 0755);
    LiveTraining straight;
    ASSERT_TRUE(straight.start(tiny_setup()));
    while (!straight.finished()) straight.advance(50.0);

    {
        LiveTraining first;
        ASSERT_TRUE(first.start(tiny_setup(), dir));
        EXPECT_EQ(first.saved_step(), 0);
        ASSERT_TRUE(first.set_probe("2 7 1 8"));
        while (first.step() < 25) first.advance(0.0);
        EXPECT_TRUE(first.save_status());
        EXPECT_EQ(first.saved_step(), 20) << "saved every 10 steps";
    }  // the page is closed at step 25: steps 21-25 are lost
    TrainSetup seen;
    int64_t saved = -1;
    ASSERT_TRUE(LiveTraining::peek_saved(dir, &seen, &saved));
    EXPECT_EQ(saved, 20);
    EXPECT_TRUE(seen == tiny_setup());

    LiveTraining again;
    const Status st = again.resume(dir);
    ASSERT_TRUE(st) << st.message;
    EXPECT_EQ(again.step(), 20);
    EXPECT_EQ(again.probe_text(), "2 7 1 8");
    EXPECT_EQ(again.curves().loss.x().size(), 20u) << "the curve up to the checkpoint";
    ASSERT_FALSE(again.timeline().empty());
    EXPECT_EQ(again.timeline().front().step, 0) << "the timeline from the start";
    EXPECT_EQ(again.timeline().back().step, 20);
    while (!again.finished()) again.advance(50.0);
    EXPECT_EQ(again.step(), 40);
    for (const auto & [name, t] : straight.model().parameters()) {
        const Tensor & r = again.model().parameters().at(name);
        for (int64_t i = 0; i < t.numel(); i++) ASSERT_EQ(t.data()[i], r.data()[i]) << name << " differs after the resume";
    }
    for (size_t i = 0; i < 40; i++)  // the saved part went through float32
        EXPECT_NEAR(again.curves().loss.y()[i], straight.curves().loss.y()[i], 1e-5) << "step " << i + 1;

    // Damaged or missing files are refused with a message, and leave no run.
    { std::ofstream(LiveTraining::history_file(dir), std::ios::binary | std::ios::trunc) << "not a history"; }
    LiveTraining damaged;
    EXPECT_FALSE(damaged.resume(dir));
    EXPECT_FALSE(damaged.started());
    LiveTraining none;
    EXPECT_FALSE(none.resume(out_path("no_such_run")));
    EXPECT_FALSE(LiveTraining::peek_saved(out_path("no_such_run"), &seen, &saved));
}

TEST(LiveTraining, AStorageThatCannotBeWrittenLeavesTheRunGoing) {
    LiveTraining run;
    ASSERT_TRUE(run.start(tiny_setup(), out_path("no_such_folder/deeper")));
    EXPECT_FALSE(run.save_status());
    while (!run.finished()) run.advance(50.0);
    EXPECT_EQ(run.step(), 40) << "training went on in memory";
    EXPECT_FALSE(run.save_status());
    EXPECT_TRUE(run.save_model(out_path("live_training_unsaved.safetensors"))) << "export still works";
}

TEST(TrainSnapshot, CarriesTheRunAndOnlyTheNewFrames) {
    LiveTraining run;
    TimelineCursor cursor;
    std::vector<TimelineFrame> received;
    TrainSnapshot none = snapshot_of(run, false, &cursor);
    EXPECT_FALSE(none.started);
    ASSERT_TRUE(run.start(tiny_setup()));
    while (run.step() < 12) run.advance(0.0);
    const std::vector<uint8_t> bytes = encode_snapshot(snapshot_of(run, false, &cursor));
    TrainSnapshot s;
    const Status st = decode_snapshot(bytes.data(), bytes.size(), &s);
    ASSERT_TRUE(st) << st.message;
    EXPECT_TRUE(s.started);
    EXPECT_FALSE(s.finished);
    EXPECT_TRUE(s.setup == tiny_setup());
    EXPECT_EQ(s.step, 12);
    EXPECT_EQ(s.loss, run.last_loss()) << "numbers travel exactly";
    EXPECT_EQ(s.score.exact_match, run.last_score().exact_match);
    EXPECT_EQ(s.score.head_follows.size(), 2u);
    EXPECT_EQ(s.probe.maps, run.probe().maps);
    EXPECT_EQ(s.probe.source_labels, run.probe().source_labels);
    EXPECT_EQ(s.probe_text, "3 1 4 1 5 9 2 6");
    EXPECT_EQ(s.curves.loss.x(), run.curves().loss.x());
    EXPECT_TRUE(s.timeline_restarted);
    apply_frames(s, &received);
    EXPECT_EQ(received.size(), 3u);  // steps 0, 5, 10

    while (run.step() < 22) run.advance(0.0);
    const std::vector<uint8_t> more = encode_snapshot(snapshot_of(run, false, &cursor));
    ASSERT_TRUE(decode_snapshot(more.data(), more.size(), &s));
    EXPECT_FALSE(s.timeline_restarted);
    EXPECT_EQ(s.new_frames.size(), 2u) << "steps 15 and 20 only";
    apply_frames(s, &received);
    ASSERT_EQ(received.size(), run.timeline().size());
    for (size_t i = 0; i < received.size(); i++) {
        EXPECT_EQ(received[i].step, run.timeline()[i].step);
        EXPECT_EQ(received[i].maps, run.timeline()[i].maps);
    }
    ASSERT_TRUE(run.set_probe("1 2"));  // a new timeline: sent whole
    s = snapshot_of(run, false, &cursor);
    EXPECT_TRUE(s.timeline_restarted);
    apply_frames(s, &received);
    EXPECT_EQ(received.size(), 1u);
    EXPECT_EQ(snapshot_of(run, false, &cursor).new_frames.size(), 0u) << "nothing new";
}

TEST(TrainSnapshot, AFailedRunsMessageAndNonFiniteLossTravel) {
    TrainSnapshot s;
    s.started = true;
    s.setup = tiny_setup();
    s.loss = std::numeric_limits<double>::quiet_NaN();
    s.failure = {N_("The loss became {0} at step {1}, so training stopped. The weights are back to those of step {2}. A smaller learning rate usually helps."),
                 {"NaN", "13", "10"}};
    const std::vector<uint8_t> bytes = encode_snapshot(s);
    TrainSnapshot back;
    ASSERT_TRUE(decode_snapshot(bytes.data(), bytes.size(), &back));
    EXPECT_TRUE(std::isnan(back.loss));
    EXPECT_EQ(back.failure.text, s.failure.text);
    EXPECT_EQ(back.failure.args, s.failure.args);
}

TEST(TrainSnapshot, DamagedBytesAreRefused) {
    LiveTraining run;
    ASSERT_TRUE(run.start(tiny_setup()));
    TimelineCursor cursor;
    const std::vector<uint8_t> bytes = encode_snapshot(snapshot_of(run, false, &cursor));
    TrainSnapshot s;
    for (size_t cut = 0; cut < bytes.size(); cut += 41) EXPECT_FALSE(decode_snapshot(bytes.data(), cut, &s)) << "cut at " << cut;
    // Maps that do not fit the probe's shape.
    TrainSnapshot wrong = snapshot_of(run, false, &cursor);
    wrong.probe.maps.pop_back();
    const std::vector<uint8_t> w = encode_snapshot(wrong);
    const Status st = decode_snapshot(w.data(), w.size(), &s);
    EXPECT_FALSE(st);
    EXPECT_NE(st.message.find("shape"), std::string::npos) << st.message;
    EXPECT_FALSE(decode_snapshot(nullptr, 0, &s));
}

TEST(TrainSession, RequestsByName) {
    for (TrainCommand c : {TrainCommand::Start, TrainCommand::Pause, TrainCommand::Step, TrainCommand::Reset, TrainCommand::SetProbe,
                           TrainCommand::ResumeSaved, TrainCommand::DiscardSaved}) {
        TrainCommand back = TrainCommand::Reset;
        ASSERT_TRUE(parse_train_command(train_command_name(c), &back)) << train_command_name(c);
        EXPECT_EQ(back, c);
    }
    TrainCommand c;
    EXPECT_FALSE(parse_train_command("train", &c));
}

TEST(TrainSession, StartResumesAPausedRunOfTheSameSetupAndStepRunsOne) {
    TrainSession session;
    TrainRequest start{TrainCommand::Start, tiny_setup(), "1 2 3"};
    TrainReply r = session.handle(start);
    EXPECT_FALSE(r.error);
    EXPECT_EQ(r.probe, "1 2 3");
    EXPECT_TRUE(session.running());
    session.tick(0.0);
    session.handle({TrainCommand::Pause, {}, {}});
    EXPECT_FALSE(session.running());
    const int64_t at = session.run().step();
    session.handle({TrainCommand::Step, tiny_setup(), {}});
    EXPECT_EQ(session.run().step(), at + 1) << "Step: one, paused";
    session.handle(start);
    EXPECT_EQ(session.run().step(), at + 1) << "Start on the same setup resumes";
    TrainSetup other = tiny_setup();
    other.seed = 9;
    session.handle({TrainCommand::Start, other, {}});
    EXPECT_EQ(session.run().step(), 0) << "another setup starts again";
    other.layers = 9;
    r = session.handle({TrainCommand::Start, other, {}});
    EXPECT_TRUE(r.error);
    EXPECT_FALSE(session.running());
    r = session.handle({TrainCommand::ResumeSaved, {}, {}});
    EXPECT_TRUE(r.error) << "no folder, nothing saved";
    session.handle({TrainCommand::Reset, {}, {}});
    EXPECT_FALSE(session.run().started());
}

TEST(TrainSetup, TextFormRoundTripsAndIsChecked) {
    TrainSetup s;
    s.task = ToyTask::Sort, s.pre_norm = true, s.schedule = LrSchedule::Noam, s.lr = 3.25e-4, s.alphabet = 17;
    s.arch = ToyArch::RnnSearch, s.hidden = 40;
    TrainSetup back;
    ASSERT_TRUE(setup_from_text(setup_to_text(s), &back));
    EXPECT_TRUE(back == s);
    EXPECT_NE(setup_to_text(s).find("arch rnn_search\n"), std::string::npos);
    back.arch = ToyArch::RnnEncDec;
    EXPECT_FALSE(back == s) << "the model is part of the setup";
    EXPECT_FALSE(setup_from_text("layers 9\n", &back));
    EXPECT_FALSE(setup_from_text("colour blue\n", &back));
    EXPECT_FALSE(setup_from_text("arch lstm\n", &back));
    EXPECT_FALSE(setup_from_text("schedule cosine\n", &back));
    // A run saved before the model was a choice is a Transformer's.
    ASSERT_TRUE(setup_from_text("task copy\nlayers 2\n", &back));
    EXPECT_EQ(back.arch, ToyArch::Transformer);
    EXPECT_EQ(back.layers, 2);
}

TEST(TrainSetup, ChoicesAreSetByName) {
    TrainSetup s;
    EXPECT_TRUE(set_setup_field(&s, "arch", "rnn_encdec"));
    EXPECT_EQ(s.arch, ToyArch::RnnEncDec);
    EXPECT_TRUE(set_setup_field(&s, "task", "copy"));
    EXPECT_EQ(s.task, ToyTask::Copy);
    EXPECT_TRUE(set_setup_field(&s, "hidden", "48"));
    EXPECT_EQ(s.hidden, 48);
    EXPECT_FALSE(set_setup_field(&s, "arch", "gru"));
    EXPECT_EQ(s.arch, ToyArch::RnnEncDec) << "an unknown name changes nothing";
    EXPECT_FALSE(set_setup_field(&s, "colour", "blue"));
    for (const SetupChoiceField & f : setup_choice_fields()) {
        EXPECT_STREQ(setup_choice_name(TrainSetup{}, f), f.names[size_t(f.get(TrainSetup{}))]) << f.key;
        for (const char * name : f.names) EXPECT_TRUE(set_setup_choice(&s, f.key, name)) << f.key << " " << name;
    }
    // heads need not divide an RNN's widths: they are the Transformer's.
    TrainSetup rnn;
    rnn.arch = ToyArch::RnnSearch, rnn.d_model = 60, rnn.heads = 8;
    EXPECT_TRUE(validate_setup(rnn));
    EXPECT_TRUE(check_memory(rnn));
}

// RNNencdec has no attention: the probe has no maps, the score no heads, and the run still trains,
// saves, resumes and writes a translator file.
TEST(LiveTraining, RnnEncDecTrainsWithoutMapsAndSavesATranslator) {
    TrainSetup s = tiny_setup();
    s.arch = ToyArch::RnnEncDec;
    s.hidden = 16;
    const std::string dir = out_path("live_rnn_encdec");
    ::mkdir(dir.c_str(), 0755);
    LiveTraining run;
    ASSERT_TRUE(run.start(s, dir));
    EXPECT_EQ(run.probe().layers, 0);
    EXPECT_TRUE(run.probe().maps.empty());
    EXPECT_EQ(run.probe().rows, 9) << "the labels are there: 8 symbols and </s>";
    while (run.step() < 20) run.advance(0.0);
    EXPECT_TRUE(run.last_score().head_follows.empty());
    EXPECT_EQ(run.last_score().best_head, -1);
    EXPECT_GT(run.timeline().size(), 1u);
    TimelineCursor cursor;  // the worker's snapshot carries an empty probe and no heads
    const std::vector<uint8_t> bytes = encode_snapshot(snapshot_of(run, false, &cursor));
    TrainSnapshot shot;
    ASSERT_TRUE(decode_snapshot(bytes.data(), bytes.size(), &shot));
    EXPECT_EQ(shot.probe.layers, 0);
    EXPECT_TRUE(shot.score.head_follows.empty());
    ASSERT_EQ(shot.score.exact_by_length.size(), run.last_score().exact_by_length.size());
    for (size_t n = 0; n < shot.score.exact_by_length.size(); n++)  // sent as float32
        EXPECT_NEAR(shot.score.exact_by_length[n], run.last_score().exact_by_length[n], 1e-7);
    EXPECT_EQ(shot.setup.arch, ToyArch::RnnEncDec);
    ASSERT_TRUE(run.save_checkpoint());
    LiveTraining resumed;
    ASSERT_TRUE(resumed.resume(dir));
    EXPECT_EQ(resumed.setup().arch, ToyArch::RnnEncDec);
    EXPECT_EQ(resumed.step(), run.step());
    EXPECT_EQ(resumed.advance(0.0), 1);  // no time left: one step
    EXPECT_EQ(run.advance(0.0), 1);
    EXPECT_EQ(resumed.last_loss(), run.last_loss()) << "the same next step";

    const std::string path = out_path("live_rnn_encdec.safetensors");
    ASSERT_TRUE(run.save_model(path));
    Translator t;
    ASSERT_TRUE(Translator::load(path, &t));
    EXPECT_STREQ(t.architecture(), "rnn_encdec");
    Compute cc(BackendKind::Reference);
    EXPECT_EQ(t.translate(cc, "3 1 4", DecodeOptions{}, nullptr).source_ids, (std::vector<int32_t>{7, 5, 8, kToyEos}));
}

// RNNsearch's alignment α is its cross-attention: one layer, one head, rows that sum to one.
TEST(LiveTraining, RnnSearchShowsItsAlignment) {
    TrainSetup s = tiny_setup();
    s.arch = ToyArch::RnnSearch;
    s.hidden = 16;
    LiveTraining run;
    ASSERT_TRUE(run.start(s));
    const ProbeAttention & p = run.probe();
    ASSERT_EQ(p.layers, 1);
    ASSERT_EQ(p.heads, 1);
    ASSERT_EQ(p.maps.size(), size_t(p.rows * p.cols));
    for (int r = 0; r < p.rows; r++) {
        double sum = 0;
        for (int c = 0; c < p.cols; c++) sum += p.maps[size_t(r * p.cols + c)];
        EXPECT_NEAR(sum, 1.0, 1e-5) << "row " << r;
    }
    // v_a starts at zero: the first map is uniform, as the panel's first words say.
    EXPECT_NEAR(p.maps[0], 1.0 / p.cols, 1e-6);
    while (!run.finished()) run.advance(50.0);
    EXPECT_EQ(run.last_score().head_follows.size(), 1u);
    EXPECT_EQ(run.last_score().best_head, 0);
}

TEST(LiveTraining, TheTrainedModelIsATranslatorFile) {
    LiveTraining run;
    ASSERT_TRUE(run.start(tiny_setup()));
    while (!run.finished()) run.advance(50.0);
    const std::string path = out_path("live_training_model.safetensors");
    ASSERT_TRUE(run.save_model(path));
    Translator t;
    const Status st = Translator::load(path, &t);
    ASSERT_TRUE(st) << st.message;
    EXPECT_EQ(t.source_vocab().size(), kToyVocab);
    EXPECT_EQ(t.source_vocab().id("7"), kToyFirstDigit + 7);
    Compute cc(BackendKind::Reference);
    const Translation tr = t.translate(cc, "3 1 4", DecodeOptions{}, nullptr);
    EXPECT_EQ(tr.source_ids, (std::vector<int32_t>{7, 5, 8, kToyEos}));
    // The same numbers as the run's own model.
    for (const auto & [name, tensor] : run.model().tensors()) {
        const Tensor & loaded = t.model().tensors().at(name);
        ASSERT_EQ(loaded.numel(), tensor.numel()) << name;
        for (int64_t i = 0; i < tensor.numel(); i++) ASSERT_EQ(loaded.data()[i], tensor.data()[i]) << name;
    }
    // Symbol answers repeat ("3 3 3"): a task model decodes without turning repetitions down,
    // whatever is asked; a translator of language keeps the rule.
    EXPECT_FALSE(t.decode_options(DecodeOptions{}).repeats.on);
    Translator language;
    ASSERT_TRUE(Translator::load(std::string(ATTN_SOURCE_DIR) + "/assets/models/en-de.safetensors", &language).ok);
    const RepeatRule rule = language.decode_options(DecodeOptions{}).repeats;
    EXPECT_TRUE(rule.on);
    // Numbers repeat digits: every digit piece is exempt, and nothing else.
    std::vector<std::string> exempt;
    for (int32_t id : rule.exempt) exempt.push_back(language.target_label(id));
    EXPECT_EQ(exempt.size(), 10u);  // the pieces 0 to 9 ("##0": inside a German word)
    EXPECT_NE(std::find(exempt.begin(), exempt.end(), "##0"), exempt.end());
    for (const std::string & e : exempt) EXPECT_EQ(e.find_first_not_of("#0123456789"), std::string::npos) << e;
    DecodeOptions off;
    off.repeats = RepeatRule::off();
    EXPECT_FALSE(language.decode_options(off).repeats.on) << "asked off, it stays off";
    LiveTraining none;
    EXPECT_FALSE(none.save_model(path));
}

} // namespace

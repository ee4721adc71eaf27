#include "train/train_session.h"

#include <cstdio>

namespace attn {

namespace {

struct CommandName {
    TrainCommand command;
    const char * name;
};
constexpr CommandName kCommands[] = {
    {TrainCommand::Start, "start"}, {TrainCommand::Pause, "pause"}, {TrainCommand::Step, "step"},
    {TrainCommand::Reset, "reset"}, {TrainCommand::SetProbe, "probe"}, {TrainCommand::ResumeSaved, "resume_saved"},
    {TrainCommand::DiscardSaved, "discard_saved"},
};

TrainReply error_reply(const Status & s) {
    TrainReply r;
    r.message = s.said;
    r.error = true;
    return r;
}

} // namespace

const char * train_command_name(TrainCommand c) {
    for (const CommandName & n : kCommands)
        if (n.command == c) return n.name;
    return "?";
}

bool parse_train_command(std::string_view name, TrainCommand * out) {
    for (const CommandName & n : kCommands)
        if (name == n.name) {
            *out = n.command;
            return true;
        }
    return false;
}

void TrainSession::forget_saved() {
    if (m_dir.empty()) return;
    std::remove(LiveTraining::checkpoint_file(m_dir).c_str());
    std::remove(LiveTraining::history_file(m_dir).c_str());
}

bool TrainSession::find_saved(TrainSetup * setup, int64_t * step) const {
    return !m_dir.empty() && !m_run.started() && LiveTraining::peek_saved(m_dir, setup, step);
}

TrainReply TrainSession::handle(const TrainRequest & r) {
    TrainReply reply;
    switch (r.command) {
    case TrainCommand::Start:
    case TrainCommand::Step: {
        const bool same_run = m_run.started() && !m_run.finished() && m_run.setup() == r.setup;
        if (!same_run) {
            if (Status s = m_run.start(r.setup, m_dir); !s) {
                m_running = false;
                return error_reply(s);
            }
            if (!r.probe.empty()) (void)m_run.set_probe(r.probe);  // a bad probe keeps the default
        }
        if (r.command == TrainCommand::Start) m_running = true;
        else {
            m_running = false;
            m_run.advance(0.0);
        }
        reply.probe = m_run.probe_text();
        return reply;
    }
    case TrainCommand::Pause:
        m_running = false;
        if (m_run.started() && !m_dir.empty())
            if (Status s = m_run.save_checkpoint(); !s) return error_reply(s);
        return reply;
    case TrainCommand::Reset:
        m_run.reset();
        m_running = false;
        forget_saved();
        return reply;
    case TrainCommand::SetProbe:
        if (!m_run.started()) return reply;  // the probe is taken with the next Start
        if (Status s = m_run.set_probe(r.probe); !s) return error_reply(s);
        reply.probe = m_run.probe_text();
        return reply;
    case TrainCommand::ResumeSaved:
        m_running = false;
        if (Status s = m_run.resume(m_dir); !s) {
            TrainReply bad;
            bad.message = {N_("The saved run could not be resumed: {0}"), {s.message}};
            bad.error = true;
            return bad;
        }
        reply.resumed = true;
        reply.setup = m_run.setup();
        reply.probe = m_run.probe_text();
        reply.message = {N_("Resumed the saved run at step {0}."), {std::to_string(m_run.step())}};
        return reply;
    case TrainCommand::DiscardSaved:
        forget_saved();
        return reply;
    }
    return reply;
}

void TrainSession::tick(double budget_ms) {
    if (!m_running) return;
    m_run.advance(budget_ms);
    if (m_run.finished()) m_running = false;
}

} // namespace attn

#include "train/train_setup.h"

#include "core/message.h"
#include "core/printf_string.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace attn {

bool TrainSetup::operator==(const TrainSetup & o) const {
    for (const SetupIntField & f : setup_int_fields())
        if (this->*f.field != o.*f.field) return false;
    for (const SetupRealField & f : setup_real_fields())
        if (this->*f.field != o.*f.field) return false;
    for (const SetupChoiceField & f : setup_choice_fields())
        if (f.get(*this) != f.get(o)) return false;
    return true;
}

const std::vector<SetupIntField> & setup_int_fields() {
    static const std::vector<SetupIntField> kFields = {
        {"min_len", N_("shortest sequence"), &TrainSetup::min_len, 1, 16},
        {"max_len", N_("longest sequence"), &TrainSetup::max_len, 1, 16},
        {"alphabet", N_("alphabet size"), &TrainSetup::alphabet, kToyMinAlphabet, kToyMaxAlphabet},
        {"layers", N_("layers (encoder and decoder each)"), &TrainSetup::layers, 1, 4},
        {"d_model", N_("d_model"), &TrainSetup::d_model, 8, 256},
        {"heads", N_("heads"), &TrainSetup::heads, 1, 8},
        {"d_ff", N_("d_ff"), &TrainSetup::d_ff, 8, 1024},
        {"hidden", N_("hidden units n"), &TrainSetup::hidden, 8, 256},
        {"warmup", N_("warm-up steps"), &TrainSetup::warmup, 1, 20000},
        {"batch", N_("batch (tokens)"), &TrainSetup::batch_tokens, 64, 8192},
        {"seed", N_("seed"), &TrainSetup::seed, 0, 999999},
        {"steps", N_("steps"), &TrainSetup::steps, 1, 100000},
        {"snapshot", N_("timeline snapshot every (steps)"), &TrainSetup::snapshot_every, 1, 1000},
        {"eval", N_("held-out check every (steps)"), &TrainSetup::eval_every, 10, 10000},
        {"checkpoint", N_("checkpoint every (steps)"), &TrainSetup::checkpoint_every, 10, 10000},
    };
    return kFields;
}

const std::vector<SetupRealField> & setup_real_fields() {
    static const std::vector<SetupRealField> kFields = {
        {"lr", N_("learning rate"), &TrainSetup::lr, 1e-5, 0.1},
        {"noam", N_("Noam factor"), &TrainSetup::noam_factor, 0.01, 10.0},
        {"dropout", N_("dropout"), &TrainSetup::dropout, 0.0, 0.5},
        {"smoothing", N_("label smoothing"), &TrainSetup::label_smoothing, 0.0, 0.5},
    };
    return kFields;
}

const std::vector<SetupChoiceField> & setup_choice_fields() {
    // The names are the enums' values in order.
    static const std::vector<SetupChoiceField> kFields = {
        {"task", {toy_task_name(ToyTask::Copy), toy_task_name(ToyTask::Reverse), toy_task_name(ToyTask::Sort),
                  toy_task_name(ToyTask::MiniEnDe), toy_task_name(ToyTask::MiniEnZh)},
         [](const TrainSetup & s) { return int(s.task); },
         [](TrainSetup & s, int i) { s.task = ToyTask(i); }},
        {"arch", {"transformer", "rnn_search", "rnn_encdec"}, [](const TrainSetup & s) { return int(s.arch); },
         [](TrainSetup & s, int i) { s.arch = ToyArch(i); }},
        {"schedule", {"constant", "noam"}, [](const TrainSetup & s) { return int(s.schedule); },
         [](TrainSetup & s, int i) { s.schedule = LrSchedule(i); }},
        {"norm", {"post", "pre"}, [](const TrainSetup & s) { return int(s.pre_norm); },
         [](TrainSetup & s, int i) { s.pre_norm = i == 1; }},
    };
    return kFields;
}

const SetupChoiceField * find_setup_choice(const std::string & key) {
    for (const SetupChoiceField & f : setup_choice_fields())
        if (key == f.key) return &f;
    return nullptr;
}

const char * setup_choice_name(const TrainSetup & s, const SetupChoiceField & f) { return f.names[size_t(f.get(s))]; }

bool set_setup_choice(TrainSetup * s, const std::string & key, const std::string & name) {
    const SetupChoiceField * f = find_setup_choice(key);
    if (!f) return false;
    for (size_t i = 0; i < f->names.size(); i++)
        if (name == f->names[i]) return f->set(*s, int(i)), true;
    return false;
}

bool set_setup_field(TrainSetup * s, const std::string & key, const std::string & value) {
    if (find_setup_choice(key)) return set_setup_choice(s, key, value);
    for (const SetupIntField & f : setup_int_fields())
        if (key == f.key) return (s->*f.field = std::atoi(value.c_str())), true;
    for (const SetupRealField & f : setup_real_fields())
        if (key == f.key) return (s->*f.field = std::strtod(value.c_str(), nullptr)), true;
    return false;
}

Status validate_setup(const TrainSetup & s) {
    for (const SetupIntField & f : setup_int_fields()) {
        const int v = s.*f.field;
        if (v < f.min || v > f.max)
            return Status::error(Message{N_("{0}: {1} is out of range ({2} to {3})"),
                                         {f.key, std::to_string(v), std::to_string(f.min), std::to_string(f.max)}});
    }
    for (const SetupRealField & f : setup_real_fields()) {
        const double v = s.*f.field;
        if (!(v >= f.min && v <= f.max))  // NaN fails too
            return Status::error(Message{N_("{0}: {1} is out of range ({2} to {3})"),
                                         {f.key, printf_string("%g", v), printf_string("%g", f.min), printf_string("%g", f.max)}});
    }
    if (s.min_len > s.max_len)
        return Status::error(Message{N_("The shortest sequence ({0}) is longer than the longest ({1})."),
                                     {std::to_string(s.min_len), std::to_string(s.max_len)}});
    if (s.arch == ToyArch::Transformer && s.d_model % s.heads != 0)
        return Status::error(Message{N_("d_model ({0}) must be a multiple of the number of heads ({1}), so each head gets d_model / heads values."),
                                     {std::to_string(s.d_model), std::to_string(s.heads)}});
    return Status::success();
}

std::string setup_to_text(const TrainSetup & s) {
    std::string out;
    for (const SetupChoiceField & f : setup_choice_fields()) out += std::string(f.key) + " " + setup_choice_name(s, f) + "\n";
    for (const SetupIntField & f : setup_int_fields()) out += std::string(f.key) + " " + std::to_string(s.*f.field) + "\n";
    for (const SetupRealField & f : setup_real_fields()) out += std::string(f.key) + " " + printf_string("%.17g", s.*f.field) + "\n";
    return out;
}

Status setup_from_text(const std::string & text, TrainSetup * out) {
    TrainSetup s;
    std::istringstream in(text);
    std::string key, value;
    while (in >> key >> value)
        if (!set_setup_field(&s, key, value)) return Status::error("training setup: \"" + key + " " + value + "\" is not a setting");
    if (Status v = validate_setup(s); !v) return v;
    *out = s;
    return Status::success();
}

} // namespace attn

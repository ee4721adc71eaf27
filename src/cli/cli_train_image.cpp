// `attn train --config cfg.json [--resume]` for an image classifier (cli_train dispatches here when
// model.architecture is "resnet" or "resnet_cbam"): Fashion-MNIST through the shared Trainer, with
// a validation split cut from the training file, then one evaluation on the test set.
//
// Config (every field optional):
//   {"model":  {"architecture": "resnet"|"resnet_cbam", "widths": [16, 32, 64], "reduction": 4},
//    "data":   {"dir": "/usr/share/datasets/fashion-mnist", "validation": 5000, "augment": true,
//               "max_shift": 2, "flip": true},
//    "train":  {"steps": 4000, "batch_size": 128, "seed": 1, "schedule": "cosine"|"constant",
//               "lr": 2e-3, "warmup": 200, "weight_decay": 0, "beta1": 0.9, "beta2": 0.999,
//               "eps": 1e-8, "clip_norm": 0, "max_seconds": 0, "threads": 1 (convolutions split
//               their images over this many threads; results repeat for a given count),
//               "replicas": 1 (data parallel: each batch split over this many threads, each with
//               its own copy of the model; batch norm per part, so results depend on the count)},
//    "output": {"dir": "runs/resnet", "checkpoint_every": 200}}
// Writes <dir>/checkpoint.safetensors, log.csv, model.safetensors (test and validation accuracy and
// the test confusion matrix in its metadata) and confusion-test.csv.
#include "cli/cli.h"
#include "cli/config_fields.h"
#include "cli/train_loop.h"
#include "core/parallel.h"
#include "train/image_train.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace attn {

namespace {

struct ImageRunConfig {
    CnnConfig model;
    std::string data_dir = kFashionMnistDir;
    int validation = 5000;
    ImageTrainOptions options;
    TrainerConfig trainer;
    double max_seconds = 0;
    int threads = 1;
    std::string dir = "runs/resnet";
};

Status read_image_run_config(const std::string & path, ImageRunConfig * out) {
    nlohmann::json j;
    if (Status s = ConfigFields::read_object(path, &j); !s) return s;
    ImageRunConfig c;
    c.trainer.schedule = "cosine";
    c.trainer.lr = 2e-3;
    c.trainer.warmup = 200;
    c.trainer.total_steps = 4000;
    c.trainer.adam.beta2 = 0.999;  // PyTorch's defaults: the Transformer's 0.98 / 1e-9 are for its schedule
    c.trainer.adam.eps = 1e-8;
    const ConfigFields F{path};
    const nlohmann::json & model = ConfigFields::section(j, "model");
    if (Status s = CnnConfig::from_json(model.dump(), &c.model); !s) return Status::error(path + ": " + s.message);
    const nlohmann::json & data = ConfigFields::section(j, "data");
    const nlohmann::json & train = ConfigFields::section(j, "train");
    const nlohmann::json & output = ConfigFields::section(j, "output");
    for (Status s : {F.string(data, "dir", &c.data_dir), F.integer(data, "validation", &c.validation, 0, 59000),
                     F.boolean(data, "augment", &c.options.augment), F.integer(data, "max_shift", &c.options.max_shift, 0, 8),
                     F.boolean(data, "flip", &c.options.flip),
                     F.integer(train, "steps", &c.trainer.total_steps, 1, 100000000),
                     F.integer(train, "batch_size", &c.options.batch_size, 2, 4096),
                     F.integer(train, "seed", &c.trainer.seed, 0, (1LL << 62)),
                     F.integer(train, "warmup", &c.trainer.warmup, 0, 100000000),
                     F.number(train, "lr", &c.trainer.lr), F.number(train, "clip_norm", &c.trainer.clip_norm),
                     F.number(train, "beta1", &c.trainer.adam.beta1), F.number(train, "beta2", &c.trainer.adam.beta2),
                     F.number(train, "eps", &c.trainer.adam.eps), F.number(train, "weight_decay", &c.trainer.adam.weight_decay),
                     F.number(train, "max_seconds", &c.max_seconds), F.string(train, "schedule", &c.trainer.schedule),
                     F.integer(train, "threads", &c.threads, 1, 64),
                     F.integer(train, "replicas", &c.options.replicas, 1, 64),
                     F.string(output, "dir", &c.dir),
                     F.integer(output, "checkpoint_every", &c.trainer.checkpoint_every, 0, 100000000)})
        if (!s) return s;
    if (c.trainer.schedule != "cosine" && c.trainer.schedule != "constant")
        return Status::error(path + ": train.schedule must be \"cosine\" or \"constant\"");
    c.trainer.checkpoint_path = c.dir + "/checkpoint.safetensors";
    c.trainer.log_path = c.dir + "/log.csv";
    *out = c;
    return Status::success();
}

std::string confusion_json(const ClassifierScore & s) {
    nlohmann::json rows = nlohmann::json::array();
    for (int t = 0; t < s.classes; t++) {
        nlohmann::json row = nlohmann::json::array();
        for (int p = 0; p < s.classes; p++) row.push_back(s.confusion[size_t(t * s.classes + p)]);
        rows.push_back(row);
    }
    return rows.dump();
}

Status write_confusion_csv(const std::string & path, const ClassifierScore & s) {
    std::ofstream f(path, std::ios::binary);
    if (!f) return Status::error("cannot write " + path);
    f << "true\\predicted";
    for (int p = 0; p < s.classes; p++) f << ',' << p;
    f << '\n';
    for (int t = 0; t < s.classes; t++) {
        f << t;
        for (int p = 0; p < s.classes; p++) f << ',' << s.confusion[size_t(t * s.classes + p)];
        f << '\n';
    }
    return f ? Status::success() : Status::error("cannot write " + path);
}

} // namespace

int cli_train_image(const std::string & config_path, bool resume) {
    ImageRunConfig rc;
    if (Status st = read_image_run_config(config_path, &rc); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 2; }
    if (Status st = make_run_folder(rc.dir); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 2; }
    set_compute_threads(rc.threads);
    ImageSet all_train, test, validation, train;
    for (auto [split, set] : {std::pair{"train", &all_train}, std::pair{"t10k", &test}})
        if (Status st = load_image_set(rc.data_dir, split, rc.model.classes, set); !st) {
            std::fprintf(stderr, "attn train: %s\n", st.message.c_str());
            return 1;
        }
    // The validation images are the training file's first ones; the rest train.
    split_image_set(all_train, rc.validation, &validation, &train);

    Compute cc = Compute::fastest();
    CnnModel model;
    if (Status st = CnnModel::create(rc.model, CnnModel::random_weights(rc.model, rc.trainer.seed), &model); !st) {
        std::fprintf(stderr, "attn train: %s\n", st.message.c_str());
        return 2;
    }
    ImageClassificationTask task(cc, model, train, rc.options);
    Trainer trainer(task, rc.trainer, {{"config", rc.model.to_json()}});
    if (Status st = start_training(trainer, resume, rc.trainer.checkpoint_path); !st) {
        std::fprintf(stderr, "attn train: %s\n", st.message.c_str());
        return 1;
    }
    std::fprintf(stderr, "training %s: %lld parameters, %d images (%d held out for validation), %lld steps of %d -> %s\n",
                 rc.model.cbam ? "resnet_cbam" : "resnet", (long long)model.parameter_count(), train.count,
                 validation.count, (long long)rc.trainer.total_steps, rc.options.batch_size, rc.dir.c_str());
    const TrainingRun run = run_training(trainer, rc.trainer.total_steps, rc.max_seconds, /*step_budget_ms=*/200.0);
    if (!run.status) { std::fprintf(stderr, "attn train: %s\n", run.status.message.c_str()); return 1; }
    if (run.interrupted) return 130;
    const ClassifierScore val = evaluate_classifier(cc, model, validation);
    const ClassifierScore tst = evaluate_classifier(cc, model, test);
    char buf[64];
    auto fmt = [&](double v) { std::snprintf(buf, sizeof buf, "%.4f", v); return std::string(buf); };
    model.metadata()["dataset"] = "Fashion-MNIST (" + rc.data_dir + ")";
    model.metadata()["training_steps"] = std::to_string(trainer.progress().step);
    model.metadata()["training_seconds_this_run"] = fmt(run.seconds);
    model.metadata()["validation_accuracy"] = fmt(val.accuracy());
    model.metadata()["test_accuracy"] = fmt(tst.accuracy());
    model.metadata()["test_confusion"] = confusion_json(tst);
    model.metadata()["augmentation"] = rc.options.augment ? "shift ±" + std::to_string(rc.options.max_shift) +
                                                                (rc.options.flip ? ", horizontal flip" : "")
                                                          : "none";
    if (Status st = model.save(rc.dir + "/model.safetensors"); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 1; }
    if (Status st = write_confusion_csv(rc.dir + "/confusion-test.csv", tst); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 1; }
    std::printf("step %lld, loss %.4f, validation accuracy %.2f%% (%lld images), test accuracy %.2f%% (%lld images)\n",
                (long long)trainer.progress().step, trainer.last_loss(), 100.0 * val.accuracy(), (long long)val.count,
                100.0 * tst.accuracy(), (long long)tst.count);
    return 0;
}

} // namespace attn

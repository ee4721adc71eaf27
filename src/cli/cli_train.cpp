// `attn train --config cfg.json [--resume]`: trains a Transformer or an RNN translator (RNNencdec,
// RNNsearch) with the settings of a JSON file,
// showing a progress bar and writing a CSV log, checkpoints (atomic; also on Ctrl-C) and the final
// weights. `attn plot-log log.csv loss.png` draws the loss curve.
//
// Config (every field optional except data.task; see docs/models.md):
//   {"model":  {TransformerConfig fields, e.g. "encoder_layers": 2, "d_model": 64, "heads": 4, ...}
//           or {"architecture": "rnn_search"|"rnn_encdec", RnnConfig fields: "embed", "hidden", ...},
//    "data":   {"task": "reverse"|"copy"|"sort", "train_examples": 20000, "heldout_examples": 500,
//               "min_len": 1, "max_len": 10}
//           or {"corpus": "build/corpus", "target": "zh_TW"|"de", "split": "train.tsv",
//               "heldout": "dev.tsv", "heldout_examples": 300,   (a generated corpus, see attn corpus)
//               "pieces": "spm.vocab.tsv" (optional: subword pieces of one SentencePiece model for
//               both sides, exported by scripts/spm-export, instead of the corpus's word vocabularies;
//               or a model file, "x.safetensors", whose pieces to share, so that translators of one
//               direction read the same pieces),
//               "real": [{"file": "ding.train.tsv", "column": 1, "copies": 1}, ...] (with pieces
//               only: real pairs added to the training split, English in column 0; see
//               append_real_pieces)},
//    "train":  {"steps": 2000, "max_tokens": 2048, "seed": 1, "schedule": "noam"|"constant",
//               "warmup": 400, "factor": 1.0, "lr": 1e-3, "clip_norm": 1.0, "dropout": 0.1,
//               "label_smoothing": 0.1, "beta1": 0.9, "beta2": 0.98, "eps": 1e-9, "weight_decay": 0,
//               "max_seconds": 0 (0: no limit; else stop after this much wall time, as if done),
//               "replicas": 1 (data parallel: each batch split by sentences over this many threads,
//               each with its own copy of the model; results repeat for a given count),
//               "alignment_weight": 0, "alignment_layer": -1, "alignment_head": 0 (guided alignment
//               on one cross-attention head, with a corpus's gold links; see TrainOptions),
//               "init": "" (a model file of an earlier run of this config to go on from, as
//               --init FILE; see below)},
//    "output": {"dir": "runs/reverse", "checkpoint_every": 200, "dtype": "F32"|"F16" (the final
//               model file's storage; checkpoints are always F32)}}
// --init FILE (or train.init) goes on from an earlier run's model file when its checkpoint is gone
// (a run longer than one sitting): its weights, its subword pieces (data.pieces is then not read:
// token ids mean something only with the pieces they were trained with), and its step and epoch,
// so the learning rate goes on down its schedule and the batches go on to a new epoch's order.
// Adam's moments start again from zero. The model must have the config's shape.
// Writes <dir>/checkpoint.safetensors, <dir>/log.csv and <dir>/model.safetensors. A translator's
// model file also carries its vocabularies and the corpus fingerprint in its metadata.
#include "cli/cli.h"
#include "cli/config_fields.h"
#include "cli/train_loop.h"
#include "core/sha256.h"
#include "io/safetensors.h"
#include "models/decode.h"
#include "models/rnn_decode.h"
#include "train/meta_value.h"
#include "train/parallel_data.h"
#include "train/plot.h"
#include "train/rnn_train.h"
#include "train/toy_tasks.h"
#include "train/transformer_train.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

namespace attn {

namespace {

struct RunConfig {
    TransformerConfig model;
    bool rnn = false;  // model is an RnnConfig ("architecture" in the model section)
    RnnConfig rnn_model;
    ToyTask task = ToyTask::Reverse;
    int train_examples = 20000, heldout_examples = 500, min_len = 1, max_len = 10;
    TrainerConfig trainer;
    TrainOptions options;
    std::string dir = "runs/train";
    // A generated corpus instead of a toy task (corpus_dir not empty).
    std::string corpus_dir, target = "de", split = "train.tsv", heldout_split = "dev.tsv";
    std::string pieces;  // a subword model's export; empty: the corpus's word vocabularies
    struct RealPairs { std::string file; int column = 1, copies = 1; };
    std::vector<RealPairs> real;  // pieces only
    double max_seconds = 0;
    int replicas = 1;
    std::string init;  // a model file to continue from ("train": {"init": ...})
    StoreAs store_as = StoreAs::F32;  // the final model file's tensors ("output": {"dtype": "F16"})
};

// Reads numbers and strings without exceptions (nlohmann is used in its non-throwing style here:
// every access is type-checked first).
Status read_run_config(const std::string & path, RunConfig * out) {
    nlohmann::json j;
    if (Status s = ConfigFields::read_object(path, &j); !s) return s;
    RunConfig c;
    // The toy tasks' vocabulary; the model's section may override the architecture.
    c.model.encoder_layers = c.model.decoder_layers = 2;
    c.model.d_model = 64;
    c.model.d_ff = 256;
    c.model.heads = 4;
    c.model.max_positions = 64;
    c.model.src_vocab = c.model.tgt_vocab = kToyVocab;
    if (j.contains("model")) {
        if (!j["model"].is_object()) return Status::error(path + ": \"model\" must be an object");
        c.rnn = j["model"].contains("architecture");
    }
    if (c.rnn) {
        nlohmann::json m = nlohmann::json::parse(c.rnn_model.to_json());
        m["src_vocab"] = m["tgt_vocab"] = kToyVocab;
        for (auto it = j["model"].begin(); it != j["model"].end(); ++it) m[it.key()] = it.value();
        if (Status st = RnnConfig::from_json(m.dump(), &c.rnn_model); !st) return Status::error(path + ": " + st.message);
        c.model.max_positions = c.rnn_model.max_positions;
    } else if (j.contains("model")) {
        nlohmann::json m = nlohmann::json::parse(c.model.to_json());
        for (auto it = j["model"].begin(); it != j["model"].end(); ++it) m[it.key()] = it.value();
        if (Status st = TransformerConfig::from_json(m.dump(), &c.model); !st) return Status::error(path + ": " + st.message);
    }
    const ConfigFields fields{path};
    auto number = [&](const nlohmann::json & sec, const char * key, double * dst) { return fields.number(sec, key, dst); };
    auto integer = [&](const nlohmann::json & sec, const char * key, auto * dst, long long lo, long long hi) {
        return fields.integer(sec, key, dst, lo, hi);
    };
    const nlohmann::json empty = nlohmann::json::object();
    const nlohmann::json & data = j.contains("data") && j["data"].is_object() ? j["data"] : empty;
    const nlohmann::json & train = j.contains("train") && j["train"].is_object() ? j["train"] : empty;
    const nlohmann::json & output = j.contains("output") && j["output"].is_object() ? j["output"] : empty;
    if (data.contains("corpus")) {
        for (const char * key : {"corpus", "target", "split", "heldout", "pieces"}) {
            if (!data.contains(key)) continue;
            if (!data[key].is_string()) return Status::error(path + ": data." + key + " must be a string");
        }
        c.corpus_dir = data["corpus"].get<std::string>();
        if (data.contains("target")) c.target = data["target"].get<std::string>();
        if (data.contains("split")) c.split = data["split"].get<std::string>();
        if (data.contains("heldout")) c.heldout_split = data["heldout"].get<std::string>();
        if (data.contains("pieces")) c.pieces = data["pieces"].get<std::string>();
        if (!valid_target_language(c.target)) return Status::error(path + ": data.target must be \"zh_TW\" or \"de\"");
        if (data.contains("real")) {
            if (!data["real"].is_array() || c.pieces.empty())
                return Status::error(path + ": data.real must be a list of {\"file\", \"column\", \"copies\"}, and needs data.pieces");
            for (const nlohmann::json & r : data["real"]) {
                RunConfig::RealPairs pairs;
                if (!r.is_object() || !r.contains("file") || !r["file"].is_string())
                    return Status::error(path + ": each entry of data.real needs a \"file\" string");
                pairs.file = r["file"].get<std::string>();
                for (Status st : {fields.integer(r, "column", &pairs.column, 1, 16), fields.integer(r, "copies", &pairs.copies, 0, 100)})
                    if (!st) return st;
                c.real.push_back(pairs);
            }
        }
    }
    if (data.contains("task")) {
        if (!data["task"].is_string() || !parse_toy_task(data["task"].get<std::string>(), &c.task))
            return Status::error(path + ": data.task must be \"copy\", \"reverse\" or \"sort\"");
    }
    for (Status s : {integer(data, "train_examples", &c.train_examples, 1, 10000000),
                     integer(data, "heldout_examples", &c.heldout_examples, 0, 1000000),
                     integer(data, "min_len", &c.min_len, 1, 1000), integer(data, "max_len", &c.max_len, 1, 1000),
                     integer(train, "steps", &c.trainer.total_steps, 1, 100000000),
                     integer(train, "max_tokens", &c.trainer.max_tokens, 1, 100000000),
                     integer(train, "seed", &c.trainer.seed, 0, (1LL << 62)),
                     integer(train, "warmup", &c.trainer.warmup, 1, 100000000),
                     integer(output, "checkpoint_every", &c.trainer.checkpoint_every, 0, 100000000),
                     integer(train, "replicas", &c.replicas, 1, 64),
                     number(train, "factor", &c.trainer.factor), number(train, "lr", &c.trainer.lr),
                     number(train, "clip_norm", &c.trainer.clip_norm), number(train, "beta1", &c.trainer.adam.beta1),
                     number(train, "beta2", &c.trainer.adam.beta2), number(train, "eps", &c.trainer.adam.eps),
                     number(train, "weight_decay", &c.trainer.adam.weight_decay)})
        if (!s) return s;
    double dropout = c.options.dropout, smoothing = c.options.label_smoothing;
    if (Status s = number(train, "dropout", &dropout); !s) return s;
    if (Status s = number(train, "max_seconds", &c.max_seconds); !s) return s;
    double alignment_weight = 0;
    if (Status s = number(train, "alignment_weight", &alignment_weight); !s) return s;
    c.options.alignment_weight = float(alignment_weight);
    if (Status s = integer(train, "alignment_layer", &c.options.alignment_layer, -1, 1000); !s) return s;
    if (Status s = integer(train, "alignment_head", &c.options.alignment_head, 0, 1000); !s) return s;
    if (Status s = number(train, "label_smoothing", &smoothing); !s) return s;
    if (dropout < 0 || dropout >= 1 || smoothing < 0 || smoothing >= 1)
        return Status::error(path + ": dropout and label_smoothing must be in [0, 1)");
    c.options.dropout = float(dropout);
    c.options.label_smoothing = float(smoothing);
    if (train.contains("schedule")) {
        if (!train["schedule"].is_string() ||
            (train["schedule"] != "noam" && train["schedule"] != "constant" && train["schedule"] != "cosine"))
            return Status::error(path + ": train.schedule must be \"noam\", \"cosine\" or \"constant\"");
        c.trainer.schedule = train["schedule"].get<std::string>();
    }
    if (train.contains("init")) {
        if (!train["init"].is_string()) return Status::error(path + ": train.init must be a string");
        c.init = train["init"].get<std::string>();
    }
    if (c.min_len > c.max_len) return Status::error(path + ": data.min_len > data.max_len");
    if (c.corpus_dir.empty() && c.max_len + 1 > c.model.max_positions) return Status::error(path + ": data.max_len does not fit model.max_positions");
    if (c.corpus_dir.empty() && (c.model.src_vocab < kToyVocab || c.model.tgt_vocab < kToyVocab))
        return Status::error(path + ": the toy tasks need vocabularies of at least 14");
    if (output.contains("dtype")) {
        const std::string d = output["dtype"].is_string() ? output["dtype"].get<std::string>() : "";
        if (d != "F32" && d != "F16") return Status::error(path + ": output.dtype must be \"F32\" or \"F16\"");
        c.store_as = d == "F16" ? StoreAs::F16 : StoreAs::F32;
    }
    if (output.contains("dir")) {
        if (!output["dir"].is_string()) return Status::error(path + ": output.dir must be a string");
        c.dir = output["dir"].get<std::string>();
    }
    c.trainer.d_model = c.rnn ? c.rnn_model.hidden : c.model.d_model;
    c.trainer.checkpoint_path = c.dir + "/checkpoint.safetensors";
    c.trainer.log_path = c.dir + "/log.csv";
    *out = c;
    return Status::success();
}

// The model being trained, whichever architecture the config names, behind the trainer's interface.
struct TrainedModel {
    bool rnn = false;
    Transformer transformer;
    RnnModel rnn_model;
    std::unique_ptr<Seq2SeqModel> seq2seq;

    Status create(const RunConfig & rc) {
        rnn = rc.rnn;
        if (rnn) return RnnModel::create(rc.rnn_model, RnnModel::random_weights(rc.rnn_model, rc.trainer.seed), &rnn_model);
        return Transformer::create(rc.model, Transformer::random_weights(rc.model, rc.trainer.seed), &transformer);
    }
    Status load(const std::string & path, bool as_rnn) {
        rnn = as_rnn;
        return rnn ? RnnModel::load(path, &rnn_model) : Transformer::load(path, &transformer);
    }
    std::string config_json() const { return rnn ? rnn_model.config().to_json() : transformer.config().to_json(); }
    const std::map<std::string, std::string> & metadata() const { return rnn ? rnn_model.metadata() : transformer.metadata(); }
    void bind_trainer(Compute & cc, const RunConfig & rc) {
        if (rnn) seq2seq = std::make_unique<RnnTrainer>(cc, rnn_model, rc.options.label_smoothing);
        else seq2seq = std::make_unique<TransformerTrainer>(cc, transformer, rc.options);
    }
    int64_t parameter_count() const { return rnn ? rnn_model.parameter_count() : transformer.parameter_count(); }
    void set_metadata(const std::string & key, std::string value) {
        if (rnn) rnn_model.set_metadata(key, std::move(value));
        else transformer.set_metadata(key, std::move(value));
    }
    Status save(const std::string & path, StoreAs as) const { return rnn ? rnn_model.save(path, as) : transformer.save(path, as); }
    std::vector<int32_t> greedy(Compute & cc, const std::vector<int32_t> & src, int max_length) const {
        if (rnn) return rnn_translate(cc, rnn_model, src, max_length, nullptr, nullptr).tokens;
        DecodeOptions o;
        o.max_length = max_length;
        return translate(cc, transformer, src, o, nullptr).tokens;
    }
};

// An image classifier's config names a ResNet architecture in its model section.
bool is_image_config(const std::string & path) {
    nlohmann::json j;
    if (!ConfigFields::read_object(path, &j) || !j.contains("model") || !j["model"].is_object()) return false;
    const nlohmann::json & m = j["model"];
    return m.contains("architecture") && (m["architecture"] == "resnet" || m["architecture"] == "resnet_cbam");
}

// Exact-match accuracy of greedy decoding on held-out examples.
double sequence_accuracy(Compute & cc, const TrainedModel & model, const std::vector<Example> & heldout, int32_t eos) {
    int correct = 0;
    for (const Example & e : heldout) {
        std::vector<int32_t> want = e.tgt;
        want.push_back(eos);
        correct += model.greedy(cc, e.src, int(e.tgt.size()) + 2) == want;
    }
    return heldout.empty() ? 0.0 : double(correct) / double(heldout.size());
}

// The earlier run's model for --init, and the pieces it was trained with ("" for word vocabularies).
Status load_init(const RunConfig & rc, TrainedModel * model, std::string * pieces_text) {
    if (Status st = model->load(rc.init, rc.rnn); !st) return Status::error("init: " + st.message);
    const auto & meta = model->metadata();
    auto it = meta.find("pieces");
    *pieces_text = it == meta.end() ? std::string() : it->second;
    return Status::success();
}

// data.pieces: an exported subword model, or a model file that carries one.
Status read_pieces(const std::string & path, std::string * text) {
    const std::string ext = ".safetensors";
    if (path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0) {
        WeightsFile w;
        if (Status st = load_safetensors(path, &w); !st) return st;
        auto it = w.metadata.find("pieces");
        if (it == w.metadata.end()) return Status::error(path + ": this model reads words, not subword pieces");
        *text = it->second;
        return Status::success();
    }
    std::ifstream f(path, std::ios::binary);
    std::stringstream ps;
    ps << f.rdbuf();
    if (!f) return Status::error(path + ": cannot read");
    *text = ps.str();
    return Status::success();
}

// After the data sized the config, the init model must be of its shape and vocabulary sizes.
Status check_init_shape(const RunConfig & rc, const TrainedModel & model) {
    const std::string want = rc.rnn ? rc.rnn_model.to_json() : rc.model.to_json();
    if (model.config_json() != want)
        return Status::error("init: " + rc.init + " is a model of another shape (" + model.config_json() +
                             ") than this config's (" + want + ")");
    return Status::success();
}

// The trainer goes on from the step and epoch the init model reached.
Status continue_from_init(const RunConfig & rc, const TrainedModel & model, Trainer * trainer) {
    const auto & meta = model.metadata();
    auto value = [&](const char * key) { auto it = meta.find(key); return it == meta.end() ? std::string() : it->second; };
    int64_t step = 0, epoch = 0;
    if (!parse_int64(value("training_steps"), &step) || !parse_int64(value("training_epoch"), &epoch) || step < 0 || epoch < 0)
        return Status::error("init: " + rc.init + " does not say how far it was trained (training_steps, training_epoch)");
    trainer->continue_from(step, epoch + 1);
    return Status::success();
}

} // namespace

int cli_train(int argc, char ** argv) {
    std::string config_path;
    bool resume = false;
    std::string init;
    bool bad = false;
    for (int i = 0; i < argc && !bad; i++) {
        const std::string a = argv[i];
        if (a == "--config" && i + 1 < argc) config_path = argv[++i];
        else if (a == "--resume") resume = true;
        else if (a == "--init" && i + 1 < argc) init = argv[++i];
        else bad = true;
    }
    if (bad || config_path.empty()) {
        std::fprintf(stderr, "usage: attn train --config cfg.json [--resume | --init model.safetensors]\n");
        return 2;
    }
    if (is_image_config(config_path)) return cli_train_image(config_path, resume);
    RunConfig rc;
    if (Status st = read_run_config(config_path, &rc); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 2; }
    if (!init.empty()) rc.init = init;
    if (!rc.init.empty() && resume) { std::fprintf(stderr, "attn train: --resume and --init exclude each other\n"); return 2; }
    if (Status st = make_run_folder(rc.dir); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 2; }
    TrainedModel model;
    std::string pieces_text;  // the subword model, for the model file's metadata
    if (!rc.init.empty()) {
        if (Status st = load_init(rc, &model, &pieces_text); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 2; }
    }

    // The data: a toy task, or a generated corpus (whose vocabularies size the model).
    std::vector<Example> train_data, heldout;
    std::map<std::string, std::string> info;
    ParallelData corpus_train;
    if (!rc.corpus_dir.empty()) {
        ParallelData dev;
        SubwordModel pieces;
        if (!rc.init.empty()) rc.pieces = pieces_text.empty() ? "" : rc.init + " (its pieces)";
        else if (!rc.pieces.empty()) {
            if (Status st = read_pieces(rc.pieces, &pieces_text); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 2; }
        }
        if (!rc.pieces.empty()) {
            if (Status st = SubwordModel::parse(pieces_text, &pieces); !st) {
                std::fprintf(stderr, "attn train: %s: %s\n", rc.pieces.c_str(), st.message.c_str());
                return 2;
            }
        }
        auto load = [&](const std::string & split, size_t limit, ParallelData * out) {
            return rc.pieces.empty() ? load_parallel_data(rc.corpus_dir, split, rc.target, limit, out)
                                     : load_parallel_pieces(rc.corpus_dir, split, rc.target, pieces, limit, out);
        };
        if (Status st = load(rc.split, 0, &corpus_train); !st) {
            std::fprintf(stderr, "attn train: %s\n", st.message.c_str());
            return 2;
        }
        if (Status st = load(rc.heldout_split, size_t(rc.heldout_examples), &dev); !st) {
            std::fprintf(stderr, "attn train: %s\n", st.message.c_str());
            return 2;
        }
        const int positions = rc.rnn ? rc.rnn_model.max_positions : rc.model.max_positions;
        for (const RunConfig::RealPairs & r : rc.real) {
            size_t skipped = 0;
            if (Status st = append_real_pieces(r.file, rc.target, r.column, pieces, r.copies, positions,
                                                       &corpus_train, &skipped); !st) {
                std::fprintf(stderr, "attn train: %s\n", st.message.c_str());
                return 2;
            }
            if (skipped) std::fprintf(stderr, "attn train: %s: %zu pairs left out (empty, or longer than %d pieces)\n",
                                      r.file.c_str(), skipped, positions);
        }
        rc.model.src_vocab = rc.rnn_model.src_vocab = corpus_train.src_vocab.size();
        rc.model.tgt_vocab = rc.rnn_model.tgt_vocab = corpus_train.tgt_vocab.size();
        size_t longest = 0;
        for (const Example & e : corpus_train.examples) longest = std::max({longest, e.src.size(), e.tgt.size() + 1});
        if (int(longest) > rc.model.max_positions) {
            std::fprintf(stderr, "attn train: sentences of %zu tokens do not fit model.max_positions %d\n", longest, rc.model.max_positions);
            return 2;
        }
        train_data = corpus_train.examples;
        heldout = dev.examples;
        std::ifstream manifest(rc.corpus_dir + "/MANIFEST", std::ios::binary);
        std::stringstream ms;
        ms << manifest.rdbuf();
        info = {{"task", "translate en-" + rc.target}, {"corpus_manifest", ms.str()}};
    } else {
        train_data = make_toy_examples(rc.task, rc.train_examples, rc.min_len, rc.max_len, rc.trainer.seed);
        heldout = make_toy_examples(rc.task, rc.heldout_examples, rc.min_len, rc.max_len, rc.trainer.seed + 1000003);
        info = {{"task", toy_task_name(rc.task)}};
    }

    if (Status st = rc.init.empty() ? model.create(rc) : check_init_shape(rc, model); !st) {
        std::fprintf(stderr, "attn train: %s\n", st.message.c_str());
        return 2;
    }
    Compute cc = Compute::fastest();
    model.bind_trainer(cc, rc);
    // Data parallel: one more model (its own weights, Compute and trainer) per extra thread.
    std::vector<std::unique_ptr<Compute>> replica_computes;
    std::vector<std::unique_ptr<TrainedModel>> replicas;
    std::vector<Seq2SeqModel *> replica_models;
    for (int r = 1; r < rc.replicas; r++) {
        replica_computes.push_back(std::make_unique<Compute>(cc.same_choices()));
        replicas.push_back(std::make_unique<TrainedModel>());
        if (Status st = replicas.back()->create(rc); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 2; }
        replicas.back()->bind_trainer(*replica_computes.back(), rc);
        replica_models.push_back(replicas.back()->seq2seq.get());
    }
    std::map<std::string, std::string> checkpoint_meta = info;
    checkpoint_meta["config"] = rc.rnn ? rc.rnn_model.to_json() : rc.model.to_json();
    checkpoint_meta["replicas"] = std::to_string(rc.replicas);
    if (!pieces_text.empty()) checkpoint_meta["pieces_sha256"] = sha256_hex(pieces_text);  // resume refuses other pieces
    Seq2SeqTask task(*model.seq2seq, train_data, rc.trainer.max_tokens, replica_models);
    Trainer trainer(task, rc.trainer, checkpoint_meta);
    if (!rc.init.empty()) {
        if (Status st = continue_from_init(rc, model, &trainer); !st) {
            std::fprintf(stderr, "attn train: %s\n", st.message.c_str());
            return 2;
        }
        std::fprintf(stderr, "continuing %s from step %lld\n", rc.init.c_str(), (long long)trainer.progress().step);
    }
    if (Status st = start_training(trainer, resume, rc.trainer.checkpoint_path); !st) {
        std::fprintf(stderr, "attn train: %s\n", st.message.c_str());
        return 1;
    }
    std::fprintf(stderr, "training %s: %lld parameters, %zu examples, %lld steps -> %s\n", info["task"].c_str(),
                 (long long)model.parameter_count(), train_data.size(), (long long)rc.trainer.total_steps, rc.dir.c_str());
    const TrainingRun run = run_training(trainer, rc.trainer.total_steps, rc.max_seconds, /*step_budget_ms=*/100.0);
    if (!run.status) { std::fprintf(stderr, "attn train: %s\n", run.status.message.c_str()); return 1; }
    if (run.interrupted) return 130;
    if (!rc.corpus_dir.empty()) {
        model.set_metadata("src_vocab", corpus_train.src_vocab.serialize());
        model.set_metadata("tgt_vocab", corpus_train.tgt_vocab.serialize());
        model.set_metadata("source_language", "en");
        model.set_metadata("target_language", rc.target);
        model.set_metadata("corpus_manifest", info["corpus_manifest"]);
        model.set_metadata("corpus_train_text_sha256", corpus::train_text_fingerprint(corpus_train.rows, rc.target));
        if (!pieces_text.empty()) {
            model.set_metadata("pieces", pieces_text);  // the Translator encodes with it
            // Pieces no training source had: their embeddings learned nothing as input, and the
            // Translator says so when a sentence uses one.
            std::vector<bool> seen(size_t(corpus_train.src_vocab.size()), false);
            for (const Example & e : corpus_train.examples)
                for (int32_t id : e.src) seen[size_t(id)] = true;
            std::string unseen;
            for (size_t id = 4; id < seen.size(); id++)
                if (!seen[id]) unseen += (unseen.empty() ? "" : " ") + std::to_string(id);
            model.set_metadata("unseen_source_pieces", unseen);
        }
        if (rc.options.alignment_weight > 0 && !rc.rnn) {  // the UI says which head was taught the alignment
            const int layer = rc.options.alignment_layer < 0 ? rc.model.decoder_layers - 1 : rc.options.alignment_layer;
            model.set_metadata("guided_alignment_layer", std::to_string(layer));
            model.set_metadata("guided_alignment_head", std::to_string(rc.options.alignment_head));
        }
    }
    model.set_metadata("training_steps", std::to_string(trainer.progress().step));
    model.set_metadata("training_epoch", std::to_string(trainer.progress().epoch));
    if (Status st = model.save(rc.dir + "/model.safetensors", rc.store_as); !st) { std::fprintf(stderr, "attn train: %s\n", st.message.c_str()); return 1; }
    const double acc = sequence_accuracy(cc, model, heldout, model.seq2seq->eos_id());
    std::printf("step %lld, loss %.4f, held-out sequence accuracy %.2f%% (%zu examples)\n",
                (long long)trainer.progress().step, trainer.last_loss(), 100.0 * acc, heldout.size());
    return 0;
}

int cli_plot_log(int argc, char ** argv) {
    if (argc != 2) { std::fprintf(stderr, "usage: attn plot-log log.csv loss.png\n"); return 2; }
    if (Status st = plot_loss_csv(argv[0], argv[1]); !st) { std::fprintf(stderr, "attn plot-log: %s\n", st.message.c_str()); return 1; }
    return 0;
}

} // namespace attn

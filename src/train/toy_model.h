// The model a Train panel run trains (train/train_setup.h's arch): a tiny Transformer, RNNsearch
// or RNNencdec, seen through what the run needs of it: the trainer's view, the cross-attention of
// a teacher-forced pass (the probe's maps and the held-out score), a greedy answer, and a model file.
//
// Cross-attention comes as layers × heads maps: the Transformer's decoder layers and heads,
// RNNsearch's alignment α as one layer with one head, and none for RNNencdec, whose decoder reads
// only the vector C.
#pragma once
#include "backend/compute.h"
#include "train/train_setup.h"
#include "train/trainer.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace attn {

// What the model does with one sequence: its greedy answer, EOS included when it wrote one
// (repeats allowed: "3 3 3"), and the cross-attention of a teacher-forced pass over the expected
// answer (fed one token behind, as in training): every layer and head, layer-major, each
// want.size() rows of src.size() columns; empty without attention.
struct ToyReading {
    std::vector<int32_t> answer;
    std::vector<float> maps;
};

class ToyModel {
public:
    virtual ~ToyModel() = default;
    virtual Seq2SeqModel & seq2seq() = 0;
    virtual TensorMap & parameters() = 0;    // updated in place: the model's views point into them
    virtual const TensorMap & tensors() const = 0;
    virtual std::string config_json() const = 0;
    virtual int attention_layers() const = 0;  // 0: the model has no attention
    virtual int attention_heads() const = 0;

    // src: symbols then EOS; want: the expected answer then EOS; max_length caps the greedy answer.
    virtual ToyReading read(Compute & cc, const std::vector<int32_t> & src, const std::vector<int32_t> & want,
                            int max_length) const = 0;
    // A translator file (the format `attn translate` reads) with the given metadata added.
    virtual Status save(const std::string & path, const std::map<std::string, std::string> & metadata) const = 0;
};

// The setup's model with fresh weights (seeded by the setup's seed).
Status make_toy_model(Compute & cc, const TrainSetup & setup, TaskVocab vocab, std::unique_ptr<ToyModel> * out);

} // namespace attn

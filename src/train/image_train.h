// Training and evaluating the image classifiers (models/cnn.h) on a labelled image set with the
// shared Trainer: batches are slices of an epoch's shuffled order, the loss is softmax cross-entropy,
// and each training image may be augmented on the fly.
//
// Augmentation (standard for Fashion-MNIST ResNets): a random shift of up to max_shift pixels on
// each axis (zero fill: the background is black) and a horizontal flip with probability ½ (a
// mirrored shirt or shoe is still one; every class is left-right symmetric in meaning). Drawn from
// the trainer's checkpointed Rng, so a resumed run augments identically.
#pragma once
#include "data/idx.h"
#include "models/cnn.h"
#include "train/trainer.h"

#include <memory>
#include <vector>

namespace attn {

struct ImageTrainOptions {
    int batch_size = 128;
    bool augment = true;
    int max_shift = 2;
    bool flip = true;
    // Data parallel: each batch split into this many contiguous parts, each run forward and
    // backward on its own thread with its own copy of the model, the gradients summed. Batch norm
    // then normalises each part by its own statistics ("ghost" batch norm, as data-parallel
    // training without synchronised batch norm does), so results depend on the count.
    int replicas = 1;
};

// images[indices] as (n, 1, rows, cols) floats in [0, 1]; labels into *labels when given.
Tensor image_batch(const ImageSet & set, const std::vector<size_t> & indices, std::vector<int32_t> * labels);

// In place on one (rows, cols) image: out(y, x) = in(y − dy, x − dx), mirrored first when flip.
void shift_and_flip(float * image, int rows, int cols, int dy, int dx, bool flip);

class ImageClassificationTask : public TrainingTask {
public:
    ImageClassificationTask(Compute & cc, CnnModel & model, const ImageSet & data, ImageTrainOptions opts);
    TensorMap & parameters() override { return m_model.parameters(); }
    int64_t begin_epoch(uint64_t seed, int64_t epoch) override;
    double train_batch(int64_t index, Rng & rng, TensorMap * grads, int64_t * items) override;

private:
    Compute & m_cc;
    CnnModel & m_model;
    const ImageSet & m_data;
    ImageTrainOptions m_opts;
    std::vector<size_t> m_order;
    CnnPass m_pass;
    // Replicas 1.. (replica 0 is m_model), each with its Compute, pass and gradients.
    struct Replica {
        CnnModel model;
        Compute cc;
        CnnPass pass;
        TensorMap grads;
    };
    std::vector<std::unique_ptr<Replica>> m_replicas;
    double data_parallel_step(int replicas, const Tensor & x, const int32_t * labels, TensorMap * grads);
    double shard_step(CnnModel & model, Compute & cc, CnnPass * pass, ConstView x, const int32_t * labels, int64_t n,
                      int64_t batch, TensorMap * grads);
};

// A labelled set through the model in inference mode (running statistics).
struct ClassifierScore {
    int64_t count = 0, correct = 0;
    double loss = 0.0;                 // mean cross-entropy
    int classes = 0;
    std::vector<int64_t> confusion;    // (classes × classes): row = true class, column = predicted
    double accuracy() const { return count ? double(correct) / double(count) : 0.0; }
};
ClassifierScore evaluate_classifier(Compute & cc, CnnModel & model, const ImageSet & set, int batch_size = 250);

// The first `count` images of `set` and the rest, in their stored order (a validation split taken
// from the training file, so the test set is never looked at while choosing anything).
void split_image_set(const ImageSet & set, int count, ImageSet * first, ImageSet * rest);

} // namespace attn

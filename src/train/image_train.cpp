#include "train/image_train.h"

#include "core/check.h"
#include "core/parallel.h"
#include "nn/grad_ops.h"

#include <algorithm>
#include <cstring>

namespace attn {

Tensor image_batch(const ImageSet & set, const std::vector<size_t> & indices, std::vector<int32_t> * labels) {
    const int64_t n = int64_t(indices.size()), px = int64_t(set.rows) * set.cols;
    Tensor out({n, 1, set.rows, set.cols});
    if (labels) labels->resize(indices.size());
    for (int64_t i = 0; i < n; i++) {
        const size_t k = indices[size_t(i)];
        ATTN_ASSERT(k < size_t(set.count), "image index out of range");
        const uint8_t * src = set.images.data() + int64_t(k) * px;
        for (int64_t j = 0; j < px; j++) out[i * px + j] = float(src[j]) * (1.0f / 255.0f);
        if (labels) (*labels)[size_t(i)] = set.labels[k];
    }
    return out;
}

void shift_and_flip(float * image, int rows, int cols, int dy, int dx, bool flip) {
    std::vector<float> in(image, image + int64_t(rows) * cols);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            const int sy = y - dy, sx0 = x - dx;
            const int sx = flip ? cols - 1 - sx0 : sx0;
            const bool inside = sy >= 0 && sy < rows && sx0 >= 0 && sx0 < cols;
            image[y * cols + x] = inside ? in[size_t(sy * cols + sx)] : 0.0f;
        }
}

ImageClassificationTask::ImageClassificationTask(Compute & cc, CnnModel & model, const ImageSet & data,
                                                 ImageTrainOptions opts)
    : m_cc(cc), m_model(model), m_data(data), m_opts(opts) {
    ATTN_ASSERT(m_opts.batch_size > 0, "batch size must be positive");
}

int64_t ImageClassificationTask::begin_epoch(uint64_t seed, int64_t epoch) {
    m_order = epoch_permutation(size_t(m_data.count), seed, epoch);
    // The last partial batch is dropped: a batch of one or two would give batch norm meaningless
    // statistics. Each epoch's order differs, so every image is still seen.
    return std::max<int64_t>(1, int64_t(m_order.size()) / m_opts.batch_size);
}

double ImageClassificationTask::train_batch(int64_t index, Rng & rng, TensorMap * grads, int64_t * items) {
    const size_t begin = size_t(index) * size_t(m_opts.batch_size);
    const size_t end = std::min(m_order.size(), begin + size_t(m_opts.batch_size));
    const std::vector<size_t> indices(m_order.begin() + long(begin), m_order.begin() + long(end));
    std::vector<int32_t> labels;
    Tensor x = image_batch(m_data, indices, &labels);
    if (m_opts.augment) {
        const int span = 2 * m_opts.max_shift + 1;
        for (size_t i = 0; i < indices.size(); i++) {
            const int dy = int(rng.below(uint64_t(span))) - m_opts.max_shift;
            const int dx = int(rng.below(uint64_t(span))) - m_opts.max_shift;
            const bool flip = m_opts.flip && rng.below(2) == 1;
            shift_and_flip(x.data() + int64_t(i) * m_data.rows * m_data.cols, m_data.rows, m_data.cols, dy, dx, flip);
        }
    }
    const int64_t N = int64_t(labels.size());
    *items = N;
    const int R = int(std::min<int64_t>(m_opts.replicas, N));
    if (R <= 1) return shard_step(m_model, m_cc, &m_pass, x, labels.data(), N, N, grads);
    return data_parallel_step(R, x, labels.data(), grads);
}

// Replica r takes images [N·r/R, N·(r+1)/R) with a copy of the current weights and running
// statistics; replica 0 is the model itself.
double ImageClassificationTask::data_parallel_step(int R, const Tensor & x, const int32_t * labels, TensorMap * grads) {
    const int64_t N = x.shape()[0];
    while (int(m_replicas.size()) < R - 1)
        m_replicas.push_back(std::make_unique<Replica>(Replica{m_model, m_cc.same_choices(), {}, {}}));
    for (int r = 1; r < R; r++)
        for (auto & [name, t] : m_replicas[size_t(r - 1)]->model.parameters()) {
            const Tensor & src = m_model.parameters().at(name);
            std::copy(src.data(), src.data() + src.numel(), t.data());
        }
    const int64_t px = x.numel() / N;
    std::vector<double> losses(static_cast<size_t>(R));
    parallel_ranges(R, R, [&](int64_t r0, int64_t r1, int) {
        for (int64_t r = r0; r < r1; r++) {
            const int64_t b = N * r / R, e = N * (r + 1) / R;
            const ConstView shard(x.data() + b * px, Shape{e - b, x.shape()[1], x.shape()[2], x.shape()[3]});
            if (r == 0) losses[0] = shard_step(m_model, m_cc, &m_pass, shard, labels, e - b, N, grads);
            else {
                Replica & rep = *m_replicas[size_t(r - 1)];
                losses[size_t(r)] = shard_step(rep.model, rep.cc, &rep.pass, shard, labels + b, e - b, N, &rep.grads);
            }
        }
    });
    // In replica order, so a run repeats exactly. Every replica's running statistics moved from
    // the same values by momentum × its part's statistics: their mean is one update by the mean.
    double loss = losses[0];
    for (int r = 1; r < R; r++) {
        loss += losses[size_t(r)];
        for (auto & [name, g] : *grads) {
            const Tensor & add = m_replicas[size_t(r - 1)]->grads.at(name);
            for (int64_t i = 0; i < g.numel(); i++) g[i] += add[i];
        }
    }
    for (auto & [name, t] : m_model.parameters()) {
        if (name.find("running_") == std::string::npos) continue;
        for (int r = 1; r < R; r++) {
            const Tensor & other = m_replicas[size_t(r - 1)]->model.parameters().at(name);
            for (int64_t i = 0; i < t.numel(); i++) t[i] += other[i];
        }
        for (int64_t i = 0; i < t.numel(); i++) t[i] /= float(R);
    }
    return loss;
}

// Forward and backward on n images of a batch of `batch`: the loss and gradients are this part's
// share of the batch mean (n / batch of its own mean), so the parts' sums are the batch's.
double ImageClassificationTask::shard_step(CnnModel & model, Compute & cc, CnnPass * pass, ConstView x,
                                           const int32_t * labels, int64_t n, int64_t batch, TensorMap * grads) {
    model.forward(cc, x, /*training=*/true, pass);
    Tensor dlogits(pass->logits.shape());
    const double loss = cross_entropy(pass->logits, labels, n, /*ignore_id=*/-1, 0.0f, dlogits);
    const float share = float(double(n) / double(batch));
    if (n != batch)
        for (int64_t i = 0; i < dlogits.numel(); i++) dlogits[i] *= share;
    model.backward(cc, *pass, dlogits, grads);
    // Running statistics are buffers, not parameters: with no gradient entry, Adam (and AdamW's
    // decay) leaves them to batch norm.
    for (auto it = grads->begin(); it != grads->end();)
        it = it->first.find("running_") != std::string::npos ? grads->erase(it) : std::next(it);
    return loss * double(share);
}

ClassifierScore evaluate_classifier(Compute & cc, CnnModel & model, const ImageSet & set, int batch_size) {
    ClassifierScore s;
    s.classes = model.config().classes;
    s.confusion.assign(size_t(s.classes) * size_t(s.classes), 0);
    CnnPass pass;
    double loss_sum = 0.0;
    for (int begin = 0; begin < set.count; begin += batch_size) {
        std::vector<size_t> idx;
        for (int i = begin; i < std::min(set.count, begin + batch_size); i++) idx.push_back(size_t(i));
        std::vector<int32_t> labels;
        const Tensor x = image_batch(set, idx, &labels);
        model.forward(cc, x, /*training=*/false, &pass);
        const int64_t n = int64_t(idx.size()), K = s.classes;
        loss_sum += cross_entropy(pass.logits, labels.data(), n, -1, 0.0f, TensorView()) * double(n);
        for (int64_t i = 0; i < n; i++) {
            const float * row = pass.logits.data() + i * K;
            const int pred = int(std::max_element(row, row + K) - row);
            s.confusion[size_t(labels[size_t(i)] * K + pred)]++;
            s.correct += pred == labels[size_t(i)];
        }
        s.count += n;
    }
    s.loss = s.count ? loss_sum / double(s.count) : 0.0;
    return s;
}

void split_image_set(const ImageSet & set, int count, ImageSet * first, ImageSet * rest) {
    count = std::clamp(count, 0, set.count);
    const size_t px = size_t(set.rows) * size_t(set.cols);
    for (ImageSet * s : {first, rest}) {
        s->rows = set.rows;
        s->cols = set.cols;
    }
    first->count = count;
    rest->count = set.count - count;
    first->images.assign(set.images.begin(), set.images.begin() + long(px * size_t(count)));
    rest->images.assign(set.images.begin() + long(px * size_t(count)), set.images.end());
    first->labels.assign(set.labels.begin(), set.labels.begin() + count);
    rest->labels.assign(set.labels.begin() + count, set.labels.end());
}

} // namespace attn

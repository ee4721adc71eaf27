#include "train/toy_model.h"

#include "models/decode.h"
#include "models/rnn.h"
#include "models/rnn_decode.h"
#include "models/transformer.h"
#include "train/rnn_train.h"
#include "train/transformer_train.h"

#include <algorithm>

namespace attn {

namespace {

class ToyTransformer : public ToyModel {
public:
    Status init(Compute & cc, const TrainSetup & setup, TaskVocab vocab) {
        const TransformerConfig c = setup_model_config(setup, vocab);
        if (Status s = Transformer::create(c, Transformer::random_weights(c, uint64_t(setup.seed) + 1), &m_model); !s) return s;
        m_trainer = std::make_unique<TransformerTrainer>(cc, m_model, setup_train_options(setup));
        return Status::success();
    }
    Seq2SeqModel & seq2seq() override { return *m_trainer; }
    TensorMap & parameters() override { return m_model.parameters(); }
    const TensorMap & tensors() const override { return m_model.tensors(); }
    std::string config_json() const override { return m_model.config().to_json(); }
    int attention_layers() const override { return m_model.config().decoder_layers; }
    int attention_heads() const override { return m_model.config().heads; }

    // One encoder pass serves both the answer and the maps.
    ToyReading read(Compute & cc, const std::vector<int32_t> & src, const std::vector<int32_t> & want,
                    int max_length) const override {
        EncoderOutput enc;
        m_model.encode(cc, src, &enc, nullptr);
        ToyReading r;
        // No longer than the positional table.
        r.answer = greedy_decode(cc, m_model, enc, std::min(max_length, m_model.config().max_positions), RepeatRule::off()).tokens;
        AttentionTrace trace;
        record_forced_trace(cc, m_model, enc, want, &trace);
        const size_t size = want.size() * src.size();
        for (int l = 0; l < attention_layers(); l++)
            for (int h = 0; h < attention_heads(); h++) {
                const AttentionMap * m = trace.find("cross", l, h);
                if (m && m->values.size() == size) r.maps.insert(r.maps.end(), m->values.begin(), m->values.end());
                else r.maps.resize(r.maps.size() + size, 0.0f);
            }
        return r;
    }

    Status save(const std::string & path, const std::map<std::string, std::string> & metadata) const override {
        // Transformer::save writes the metadata a model holds; a copy carries the run's.
        Transformer copy;
        if (Status s = Transformer::create(m_model.config(), m_model.tensors(), &copy); !s) return s;
        for (const auto & [key, value] : metadata) copy.set_metadata(key, value);
        return copy.save(path);
    }

private:
    Transformer m_model;
    std::unique_ptr<TransformerTrainer> m_trainer;
};

class ToyRnn : public ToyModel {
public:
    Status init(Compute & cc, const TrainSetup & setup, TaskVocab vocab) {
        const RnnConfig c = setup_rnn_config(setup, vocab);
        if (Status s = RnnModel::create(c, RnnModel::random_weights(c, uint64_t(setup.seed) + 1), &m_model); !s) return s;
        m_trainer = std::make_unique<RnnTrainer>(cc, m_model, float(setup.label_smoothing));
        return Status::success();
    }
    Seq2SeqModel & seq2seq() override { return *m_trainer; }
    TensorMap & parameters() override { return m_model.parameters(); }
    const TensorMap & tensors() const override { return m_model.tensors(); }
    std::string config_json() const override { return m_model.config().to_json(); }
    int attention_layers() const override { return m_model.config().attention ? 1 : 0; }
    int attention_heads() const override { return attention_layers(); }

    ToyReading read(Compute & cc, const std::vector<int32_t> & src, const std::vector<int32_t> & want,
                    int max_length) const override {
        ToyReading r;
        r.answer = rnn_translate(cc, m_model, src, max_length, nullptr, nullptr, RepeatRule::off()).tokens;
        if (m_model.config().attention) r.maps = rnn_forced_alignment(cc, m_model, src, want).values;
        return r;
    }

    Status save(const std::string & path, const std::map<std::string, std::string> & metadata) const override {
        RnnModel copy;
        if (Status s = RnnModel::create(m_model.config(), m_model.tensors(), &copy); !s) return s;
        for (const auto & [key, value] : metadata) copy.set_metadata(key, value);
        return copy.save(path);
    }

private:
    RnnModel m_model;
    std::unique_ptr<RnnTrainer> m_trainer;
};

template <class Model>
Status make(Compute & cc, const TrainSetup & setup, TaskVocab vocab, std::unique_ptr<ToyModel> * out) {
    auto model = std::make_unique<Model>();
    if (Status s = model->init(cc, setup, vocab); !s) return s;
    *out = std::move(model);
    return Status::success();
}

} // namespace

Status make_toy_model(Compute & cc, const TrainSetup & setup, TaskVocab vocab, std::unique_ptr<ToyModel> * out) {
    return setup.arch == ToyArch::Transformer ? make<ToyTransformer>(cc, setup, vocab, out) : make<ToyRnn>(cc, setup, vocab, out);
}

} // namespace attn

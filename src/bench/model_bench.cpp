#include "bench/model_bench.h"

#include "bench/workloads.h"
#include "core/check.h"

#include <algorithm>
#include <vector>

namespace attn::bench {

TransformerConfig base_config() {
    TransformerConfig c;  // the defaults are the base model
    c.src_vocab = c.tgt_vocab = 37000;
    c.tied = TiedEmbeddings::All;
    return c;
}

ModelBench::ModelBench(Compute & cc, const TransformerConfig & cfg, uint64_t seed) : m_cc(cc) {
    Status st = Transformer::create(cfg, Transformer::random_weights(cfg, seed), &m_model);
    ATTN_ASSERT(st.ok, "%s", st.message.c_str());
}

Transformer with_storage(const TransformerConfig & cfg, const TensorMap & weights, const CompactType * type) {
    TensorMap f32;
    CompactMap compact;
    for (const auto & [name, t] : weights) {
        if (type && t.shape().rank == 2) compact.emplace(name, CompactTensor::quantize(t, *type));
        else f32.emplace(name, t);
    }
    Transformer m;
    const Status st = Transformer::create(cfg, std::move(f32), std::move(compact), &m);
    ATTN_ASSERT(st.ok, "%s", st.message.c_str());
    return m;
}

static std::vector<int32_t> source_ids(int n, int vocab) {
    std::vector<int32_t> ids(static_cast<size_t>(n));
    for (int i = 0; i < n; i++) ids[size_t(i)] = 4 + (i * 7919) % (vocab - 4);
    return ids;
}

double ModelBench::translate_ms(int src_len, int tgt_len) {
    const double t0 = now_ms();
    m_model.encode(m_cc, source_ids(src_len, m_model.config().src_vocab), &m_enc, nullptr);
    DecoderCache cache = m_model.new_cache();
    Tensor logits;
    int32_t token = m_model.config().bos_id;
    for (int t = 0; t < tgt_len; t++) {
        m_model.decode_step(m_cc, m_enc, cache, token, &logits);
        token = int32_t(std::max_element(logits.data(), logits.data() + logits.numel()) - logits.data());
    }
    return now_ms() - t0;
}

double ModelBench::step_ms(int length) {
    m_model.encode(m_cc, source_ids(32, m_model.config().src_vocab), &m_enc, nullptr);
    DecoderCache cache = m_model.new_cache();
    Tensor logits;
    for (int t = 0; t < length; t++) m_model.decode_step(m_cc, m_enc, cache, 5 + t % 11, &logits);
    std::vector<double> times;
    for (int rep = 0; rep < 5; rep++) {
        DecoderCache c = cache;  // same length every time
        const double t0 = now_ms();
        m_model.decode_step(m_cc, m_enc, c, 7, &logits);
        times.push_back(now_ms() - t0);
    }
    std::sort(times.begin(), times.end());
    return times[2];
}

} // namespace attn::bench

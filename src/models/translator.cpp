#include "models/translator.h"

#include <chrono>

namespace attn {

std::string stop_notice(const DecodeResult & r) {
    switch (r.stop) {
        case DecodeStop::Eos: return "";
        case DecodeStop::Repetition:
            return "The model began repeating itself, so the translation was stopped there: do not trust it.";
        default:
            return "The translation was cut at " + std::to_string(r.tokens.size()) +
                   " tokens (twice the source's length plus 10, or the model's limit) before the model finished it.";
    }
}

Status Translator::read_vocabularies(const std::map<std::string, std::string> & meta, int src_size, int tgt_size) {
    for (const char * key : {"src_vocab", "tgt_vocab", "target_language"})
        if (!meta.count(key)) return Status::error(std::string("not a translator: the model file has no \"") + key + "\" metadata");
    if (Status s = Vocabulary::parse(meta.at("src_vocab"), &m_src); !s) return Status::error("source vocabulary: " + s.message);
    if (Status s = Vocabulary::parse(meta.at("tgt_vocab"), &m_tgt); !s) return Status::error("target vocabulary: " + s.message);
    if (m_src.size() != src_size || m_tgt.size() != tgt_size)
        return Status::error("the vocabularies (" + std::to_string(m_src.size()) + ", " + std::to_string(m_tgt.size()) +
                             " words) do not match the model (" + std::to_string(src_size) + ", " +
                             std::to_string(tgt_size) + ")");
    m_target = meta.at("target_language");
    return Status::success();
}

Status Translator::from_model(Transformer model, Translator * out) {
    Translator t;
    if (Status s = t.read_vocabularies(model.metadata(), model.config().src_vocab, model.config().tgt_vocab); !s) return s;
    t.m_kind = Kind::Transformer;
    t.m_model = std::move(model);
    *out = std::move(t);
    return Status::success();
}

Status Translator::from_model(RnnModel model, Translator * out) {
    Translator t;
    if (Status s = t.read_vocabularies(model.metadata(), model.config().src_vocab, model.config().tgt_vocab); !s) return s;
    t.m_kind = model.config().attention ? Kind::RnnSearch : Kind::RnnEncDec;
    t.m_rnn = std::move(model);
    *out = std::move(t);
    return Status::success();
}

Status Translator::load(const std::string & path, Translator * out) {
    // The header's "format" says which model class the file holds (the file is read again by it).
    WeightsFile peek;
    if (Status s = load_safetensors(path, &peek); !s) return s;
    const auto format = peek.metadata.find("format");
    Status s = Status::success();
    if (format != peek.metadata.end() && format->second == RnnModel::kFormat) {
        RnnModel rnn;
        if (s = RnnModel::load(path, &rnn); s) s = from_model(std::move(rnn), out);
    } else {
        Transformer model;
        if (s = Transformer::load(path, &model); s) s = from_model(std::move(model), out);
    }
    if (!s && s.message.rfind(path, 0) != 0) return Status::error(path + ": " + s.message);
    return s;
}

const char * Translator::architecture() const {
    return m_kind == Kind::Transformer ? "transformer" : m_kind == Kind::RnnSearch ? "rnn_search" : "rnn_encdec";
}

const std::map<std::string, std::string> & Translator::metadata() const {
    return is_transformer() ? m_model.metadata() : m_rnn.metadata();
}

int64_t Translator::parameter_count() const { return is_transformer() ? m_model.parameter_count() : m_rnn.parameter_count(); }

int Translator::max_source_words() const {
    return (is_transformer() ? m_model.config().max_positions : m_rnn.config().max_positions) - 1;
}

Translation Translator::translate(Compute & cc, std::string_view text, const DecodeOptions & opts, AttentionTrace * trace) const {
    using clock = std::chrono::steady_clock;
    const auto ms_since = [](clock::time_point t) { return std::chrono::duration<double, std::milli>(clock::now() - t).count(); };
    Translation t;
    t.source = encode_words(m_src, text);
    const size_t limit = size_t(max_source_words());
    if (t.source.ids.size() > limit) {
        t.truncated = true;
        t.source.words.resize(limit);
        t.source.ids.resize(limit);
        t.source.unknown.resize(limit);
        t.source.unknown_count = 0;
        for (bool u : t.source.unknown) t.source.unknown_count += u;
    }
    t.source_ids = t.source.ids;
    t.source_ids.push_back(Vocabulary::kEos);
    if (is_transformer()) {
        // The encoder once more on its own, for the timing strip: one parallel pass over every word.
        const auto started = clock::now();
        EncoderOutput enc;
        m_model.encode(cc, t.source_ids, &enc, nullptr);
        t.encoder_ms = ms_since(started);
        const auto decoding = clock::now();
        t.decode = attn::translate(cc, m_model, t.source_ids, opts, trace);
        t.decoder_ms = ms_since(decoding) - t.encoder_ms;
    } else {
        RnnRunInfo info;
        t.decode = rnn_translate(cc, m_rnn, t.source_ids, opts.max_length, trace, &info, opts.cut_repetitions);
        t.encoder_ms = info.encoder_ms;
        t.decoder_ms = info.decoder_ms;
        t.encoder_step_ms = std::move(info.encoder_step_ms);
        t.context_c = std::move(info.context_c);
    }
    for (int32_t id : t.decode.tokens)
        if (id != Vocabulary::kEos) t.output.push_back(m_tgt.token(id));
    t.display = join_for_display(t.output, chinese());
    return t;
}

AttentionTrace Translator::forced_cross_attention(Compute & cc, const std::vector<int32_t> & source_ids,
                                                  const std::vector<int32_t> & output) const {
    AttentionTrace trace;
    if (is_transformer()) {
        EncoderOutput enc;
        m_model.encode(cc, source_ids, &enc, nullptr);
        record_forced_trace(cc, m_model, enc, output, &trace);
    } else if (m_kind == Kind::RnnSearch) {
        trace.maps.push_back(rnn_forced_alignment(cc, m_rnn, source_ids, output));
    }
    return trace;
}

} // namespace attn

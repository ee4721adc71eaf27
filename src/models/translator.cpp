#include "models/translator.h"

namespace attn {

Status Translator::from_model(Transformer model, Translator * out) {
    const auto & meta = model.metadata();
    for (const char * key : {"src_vocab", "tgt_vocab", "target_language"})
        if (!meta.count(key)) return Status::error(std::string("not a translator: the model file has no \"") + key + "\" metadata");
    Translator t;
    if (Status s = Vocabulary::parse(meta.at("src_vocab"), &t.m_src); !s) return Status::error("source vocabulary: " + s.message);
    if (Status s = Vocabulary::parse(meta.at("tgt_vocab"), &t.m_tgt); !s) return Status::error("target vocabulary: " + s.message);
    const TransformerConfig & c = model.config();
    if (t.m_src.size() != c.src_vocab || t.m_tgt.size() != c.tgt_vocab)
        return Status::error("the vocabularies (" + std::to_string(t.m_src.size()) + ", " + std::to_string(t.m_tgt.size()) +
                             " words) do not match the model (" + std::to_string(c.src_vocab) + ", " +
                             std::to_string(c.tgt_vocab) + ")");
    t.m_target = meta.at("target_language");
    t.m_model = std::move(model);
    *out = std::move(t);
    return Status::success();
}

Status Translator::load(const std::string & path, Translator * out) {
    Transformer model;
    if (Status s = Transformer::load(path, &model); !s) return s;
    if (Status s = from_model(std::move(model), out); !s) return Status::error(path + ": " + s.message);
    return Status::success();
}

Translation Translator::translate(Compute & cc, std::string_view text, const DecodeOptions & opts, AttentionTrace * trace) const {
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
    t.decode = attn::translate(cc, m_model, t.source_ids, opts, trace);
    for (int32_t id : t.decode.tokens)
        if (id != Vocabulary::kEos) t.output.push_back(m_tgt.token(id));
    t.display = join_for_display(t.output, chinese());
    return t;
}

} // namespace attn

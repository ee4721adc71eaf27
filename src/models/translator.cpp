#include "models/translator.h"

#include "core/clock.h"
#include "corpus/unlearned_constructions.h"
#include "text/piece_text.h"
#include "text/sentence_notice.h"
#include "text/sentences.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <sstream>

namespace attn {

Message stop_notice(const DecodeResult & r) {
    if (r.stop == DecodeStop::Eos) return {};
    return {N_("The translation was cut at {0} tokens (twice the source's length plus 10, or the model's limit) before "
               "the model finished it."),
            {std::to_string(r.tokens.size())}};
}

Message repeat_notice(const DecodeResult & r) {
    if (r.repeats_avoided == 0) return {};
    return {N_("The model wanted to repeat itself here ({0} times): each time the translation took its next choice instead "
               "(no piece three times in a row, no group of 2 to 4 pieces twice). Read it with care."),
            {std::to_string(r.repeats_avoided)}};
}

double output_confidence(const DecodeResult & r) {
    if (r.tokens.empty()) return 1.0;
    return std::exp(r.log_prob / double(r.tokens.size()));
}

Message confidence_notice(const DecodeResult & r) {
    const double c = output_confidence(r);
    if (r.stop != DecodeStop::Eos || c >= kLowConfidence) return {};
    // xgettext:no-c-format
    return {N_("The model was unsure of this translation (it gave its own words {0}% probability on average): the sentence "
               "is probably unlike what it learned, so read it as a guess."),
            {std::to_string(int(std::lround(100 * c)))}};
}

std::vector<Message> construction_notices(std::string_view text) {
    std::vector<Message> out;
    for (const corpus::UnlearnedConstruction & c : corpus::unlearned_constructions(tokenize_words(text)))
        out.push_back({N_("This sentence uses {0} (\"{1}\"), which the sentences this model learned from do not have: read "
                          "the translation as a guess."),
                       {c.name, c.words}});
    return out;
}

std::vector<Message> translation_notices(const Translator & t, std::string_view text, const Translation & r) {
    std::vector<Message> out = input_notices(t, text, r);
    for (Message & m : construction_notices(text)) out.push_back(std::move(m));
    for (Message m : {stop_notice(r.decode), confidence_notice(r.decode), repeat_notice(r.decode)})
        if (!m.text.empty()) out.push_back(std::move(m));
    return out;
}

std::vector<Message> input_notices(const Translator & t, std::string_view text, const Translation & r) {
    if (!t.has_pieces()) return sentence_notices(text, encode_words(t.source_vocab(), text), r.truncated, t.max_source_words());
    EncodedText words;  // no word is unknown to a subword model: the notices about the text itself
    words.words = tokenize_words(text);
    words.unknown.assign(words.words.size(), false);
    std::vector<Message> out = sentence_notices(text, words, r.truncated, int(r.source_words.size()));
    std::vector<std::string> unseen;
    for (size_t i = 0; i < r.source.unknown.size(); i++) {
        const std::string & w = r.source_words[size_t(r.source_word_of[i])];
        if (r.source.unknown[i] && (unseen.empty() || unseen.back() != w)) unseen.push_back(w);
    }
    if (!unseen.empty()) {
        std::string list;
        for (const std::string & w : unseen) list += (list.empty() ? "" : ", ") + ("\"" + w + "\"");
        out.push_back({N_("The model never saw some pieces of {0} in training: treat what it makes of them as a guess."), {list}});
    }
    return out;
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
    if (const auto p = meta.find("pieces"); p != meta.end()) {
        if (Status s = SubwordModel::parse(p->second, &m_pieces); !s) return Status::error("subword pieces: " + s.message);
        if (m_pieces.size() != src_size || m_pieces.size() != tgt_size)
            return Status::error("the subword model's " + std::to_string(m_pieces.size()) + " pieces do not match the model");
        // Written by attn train: the ids no training sentence's source had. Their embeddings
        // never learned anything, so a sentence using one is flagged.
        m_unseen_source.assign(size_t(src_size), false);
        if (const auto u = meta.find("unseen_source_pieces"); u != meta.end()) {
            std::istringstream ids(u->second);
            for (long id; ids >> id;)
                if (id >= 0 && id < src_size) m_unseen_source[size_t(id)] = true;
        }
    }
    // Numbers repeat digits (1000, 2020), so decoding never turns a digit down as a repetition;
    // a symbol task's answers repeat anything ("3 3 3"), so its model turns nothing down (a model
    // trained on a task of sentences, the Train panel's mini corpus, names its languages).
    const auto target = meta.find("target_language");
    const bool symbols = meta.count("task") && (target == meta.end() || target->second == "symbols");
    m_repeats = symbols ? RepeatRule::off() : RepeatRule{};
    for (int32_t id = 0; id < tgt_size && m_repeats.on; id++) {
        std::string text = target_label(id);
        if (text.rfind("##", 0) == 0) text.erase(0, 2);
        if (!text.empty() && std::all_of(text.begin(), text.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
            m_repeats.exempt.push_back(id);
    }
    return Status::success();
}

std::string Translator::piece_label(int32_t id, bool spaced) const {
    static const std::string kSpaceSymbol = "\xE2\x96\x81";  // ▁
    const std::string & p = m_pieces.piece(id);
    const PieceType type = m_pieces.type(id);
    if (type == PieceType::Byte || type == PieceType::Control || type == PieceType::Unknown) return p;
    if (p.rfind(kSpaceSymbol, 0) == 0) return p.size() > kSpaceSymbol.size() ? p.substr(kSpaceSymbol.size()) : p;
    return spaced ? "##" + p : p;
}

std::string Translator::source_label(int32_t id) const { return has_pieces() ? piece_label(id, true) : m_src.token(id); }
std::string Translator::target_label(int32_t id) const { return has_pieces() ? piece_label(id, !chinese()) : m_tgt.token(id); }

std::string Translator::display(const std::vector<int32_t> & ids) const {
    std::vector<int32_t> kept;
    for (int32_t id : ids) {
        if (id == Vocabulary::kEos) break;
        kept.push_back(id);
    }
    if (has_pieces()) return m_pieces.decode(kept);
    std::vector<std::string> words;
    for (int32_t id : kept) words.push_back(m_tgt.token(id));
    return join_for_display(words, chinese());
}

std::vector<int32_t> Translator::reference_ids(const std::vector<std::string> & words, std::vector<int> * word_of) const {
    std::vector<int32_t> ids;
    word_of->clear();
    if (has_pieces()) {
        const PieceText pt = encode_word_pieces(m_pieces, words, chinese() ? WordJoin::Chinese : WordJoin::Display);
        ids = pt.ids;
        for (const std::vector<int> & w : pt.words) word_of->push_back(w.front());
    } else {
        for (size_t i = 0; i < words.size(); i++) {
            ids.push_back(m_tgt.id(words[i]));
            word_of->push_back(int(i));
        }
    }
    ids.push_back(Vocabulary::kEos);
    return ids;
}

// The words of the output: German pieces by their ▁; Chinese pieces one word each, except that
// byte pieces continuing one character stay with it, and a lone ▁ goes with the piece after it.
void Translator::fill_output(Translation * t) const {
    t->output_ids.clear();
    t->output.clear();
    t->output_words.clear();
    t->output_word_of.clear();
    for (int32_t id : t->decode.tokens) {
        if (id == Vocabulary::kEos) break;
        t->output_ids.push_back(id);
        t->output.push_back(target_label(id));
    }
    t->display = display(t->output_ids);
    if (!has_pieces()) {
        t->output_words = t->output;
        t->output_word_of.resize(t->output.size());
        std::iota(t->output_word_of.begin(), t->output_word_of.end(), 0);
        return;
    }
    const std::vector<int32_t> & ids = t->output_ids;
    std::vector<int> word_of = m_pieces.word_of_piece(ids);
    if (chinese()) {
        int word = -1;
        bool joins_next = false;  // a piece of only ▁ (a space) belongs to what follows it
        for (size_t i = 0; i < ids.size(); i++) {
            const bool continues_char = m_pieces.type(ids[i]) == PieceType::Byte && i > 0 &&
                                        m_pieces.type(ids[i - 1]) == PieceType::Byte &&
                                        (std::strtol(m_pieces.piece(ids[i]).c_str() + 3, nullptr, 16) & 0xC0) == 0x80;
            if (!continues_char && !joins_next) ++word;
            joins_next = m_pieces.piece(ids[i]) == "\xE2\x96\x81";
            word_of[i] = word;
        }
    }
    for (size_t i = 0; i < ids.size();) {
        size_t end = i;
        std::vector<int32_t> group;
        while (end < ids.size() && word_of[end] == word_of[i]) group.push_back(ids[end++]);
        t->output_words.push_back(m_pieces.decode(group));
        for (; i < end; i++) t->output_word_of.push_back(int(t->output_words.size()) - 1);
    }
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

Status Translator::load(const std::string & path, Translator * out, bool keep_compact) {
    // The header's "format" says which model class the file holds (the file is read again by it).
    WeightsFile peek;
    ReadLimits as_stored;
    as_stored.keep_compact = true;  // a peek at the metadata should not widen the whole file
    if (Status s = load_safetensors(path, &peek, as_stored); !s) return s;
    const auto format = peek.metadata.find("format");
    Status s = Status::success();
    if (format != peek.metadata.end() && format->second == RnnModel::kFormat) {
        RnnModel rnn;
        if (s = RnnModel::load(path, &rnn); s) s = from_model(std::move(rnn), out);
    } else {
        Transformer model;
        if (s = Transformer::load(path, &model, keep_compact); s) s = from_model(std::move(model), out);
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

DecodeOptions Translator::decode_options(const DecodeOptions & requested) const {
    DecodeOptions o = requested;
    if (o.repeats.on) o.repeats = m_repeats;
    return o;
}

Translation Translator::translate(Compute & cc, std::string_view text, const DecodeOptions & requested,
                                  AttentionTrace * trace) const {
    const DecodeOptions opts = decode_options(requested);
    Translation t;
    if (has_pieces()) {
        t.source_words = tokenize_words(text);
        const PieceText pt = encode_word_pieces(m_pieces, t.source_words, WordJoin::Spaces);
        for (size_t i = 0; i < pt.ids.size(); i++) {
            const int32_t id = pt.ids[i];
            const bool unseen = size_t(id) < m_unseen_source.size() && m_unseen_source[size_t(id)];
            t.source.words.push_back(source_label(id));
            t.source.ids.push_back(id);
            t.source.unknown.push_back(unseen);
            t.source.unknown_count += unseen;
            t.source_word_of.push_back(pt.words[i].front());
        }
    } else {
        t.source = encode_words(m_src, text);
        t.source_words = t.source.words;
        t.source_word_of.resize(t.source.words.size());
        std::iota(t.source_word_of.begin(), t.source_word_of.end(), 0);
    }
    const size_t limit = size_t(max_source_words());
    if (t.source.ids.size() > limit) {
        t.truncated = true;
        t.source.words.resize(limit);
        t.source.ids.resize(limit);
        t.source.unknown.resize(limit);
        t.source_word_of.resize(limit);
        t.source_words.resize(size_t(t.source_word_of.back()) + 1);
        t.source.unknown_count = 0;
        for (bool u : t.source.unknown) t.source.unknown_count += u;
    }
    t.source_ids = t.source.ids;
    t.source_ids.push_back(Vocabulary::kEos);
    if (is_transformer()) {
        // The encoder once more on its own, for the timing strip: one parallel pass over every word.
        const double started = now_ms();
        EncoderOutput enc;
        m_model.encode(cc, t.source_ids, &enc, nullptr);
        t.encoder_ms = ms_since(started);
        const double decoding = now_ms();
        t.decode = attn::translate(cc, m_model, t.source_ids, opts, trace);
        t.decoder_ms = ms_since(decoding) - t.encoder_ms;
    } else {
        RnnRunInfo info;
        t.decode = rnn_translate(cc, m_rnn, t.source_ids, opts.max_length, trace, &info, opts.repeats);
        t.encoder_ms = info.encoder_ms;
        t.decoder_ms = info.decoder_ms;
        t.encoder_step_ms = std::move(info.encoder_step_ms);
        t.context_c = std::move(info.context_c);
    }
    fill_output(&t);
    return t;
}

ParagraphTranslation Translator::translate_paragraph(Compute & cc, std::string_view text, const DecodeOptions & opts,
                                                     size_t traced, AttentionTrace * trace) const {
    ParagraphTranslation p;
    p.sentences = split_sentences(text);
    if (p.sentences.empty()) p.sentences.emplace_back(text);
    std::vector<std::string> shown;
    for (size_t i = 0; i < p.sentences.size(); i++) {
        p.translations.push_back(translate(cc, p.sentences[i], opts, i == traced ? trace : nullptr));
        shown.push_back(p.translations.back().display);
    }
    p.display = join_sentences(shown, chinese());
    return p;
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

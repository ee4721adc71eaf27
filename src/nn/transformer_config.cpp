#include "nn/transformer_config.h"

#include <nlohmann/json.hpp>

namespace attn {

static const char * norm_name(NormPlacement n) { return n == NormPlacement::Post ? "post" : "pre"; }
static const char * tied_name(TiedEmbeddings t) {
    return t == TiedEmbeddings::None ? "none" : t == TiedEmbeddings::DecoderOutput ? "decoder_output" : "all";
}
static const char * act_name(Activation a) { return a == Activation::Relu ? "relu" : "gelu"; }

Status TransformerConfig::validate() const {
    auto bad = [](const std::string & what) { return Status::error("transformer config: " + what); };
    if (encoder_layers < 0 || encoder_layers > 64) return bad("encoder_layers must be 0..64");
    if (decoder_layers < 1 || decoder_layers > 64) return bad("decoder_layers must be 1..64");
    if (d_model < 1 || d_model > 8192) return bad("d_model must be 1..8192");
    if (heads < 1 || d_model % heads != 0) return bad("d_model must be divisible by heads");
    if (d_ff < 1 || d_ff > 65536) return bad("d_ff must be 1..65536");
    if (src_vocab < 4 || src_vocab > 1 << 20 || tgt_vocab < 4 || tgt_vocab > 1 << 20)
        return bad("vocabulary sizes must be 4..1048576");
    if (max_positions < 2 || max_positions > 1 << 16) return bad("max_positions must be 2..65536");
    if (tied == TiedEmbeddings::All && src_vocab != tgt_vocab)
        return bad("tied = all needs one shared vocabulary (src_vocab == tgt_vocab)");
    for (int32_t id : {pad_id, bos_id, eos_id, unk_id})
        if (id < 0 || id >= tgt_vocab || id >= src_vocab) return bad("special token id out of range");
    if (!(layer_norm_eps > 0.0f && layer_norm_eps < 1.0f)) return bad("layer_norm_eps must be in (0, 1)");
    return Status::success();
}

std::string TransformerConfig::to_json() const {
    nlohmann::json j = {
        {"encoder_layers", encoder_layers}, {"decoder_layers", decoder_layers}, {"d_model", d_model},
        {"d_ff", d_ff}, {"heads", heads}, {"src_vocab", src_vocab}, {"tgt_vocab", tgt_vocab},
        {"max_positions", max_positions}, {"norm", norm_name(norm)}, {"tied", tied_name(tied)},
        {"activation", act_name(activation)}, {"layer_norm_eps", layer_norm_eps},
        {"scale_embeddings", scale_embeddings}, {"pad_id", pad_id}, {"bos_id", bos_id}, {"eos_id", eos_id},
        {"unk_id", unk_id},
    };
    return j.dump();
}

// Parsed without exceptions (the web build cannot catch them): every field's type is checked
// before it is read. Missing fields keep their defaults; unknown fields are an error, so a typo
// in a hand-written config is reported instead of silently ignored.
Status TransformerConfig::from_json(const std::string & text, TransformerConfig * out) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) return Status::error("transformer config: not a JSON object");
    TransformerConfig c;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string & key = it.key();
        const nlohmann::json & v = it.value();
        auto int_field = [&](int * dst) -> Status {
            if (!v.is_number_integer()) return Status::error("transformer config: " + key + " must be an integer");
            const int64_t x = v.get<int64_t>();
            if (x < -1 || x > (1 << 30)) return Status::error("transformer config: " + key + " out of range");
            *dst = int(x);
            return Status::success();
        };
        Status st = Status::success();
        if (key == "encoder_layers") st = int_field(&c.encoder_layers);
        else if (key == "decoder_layers") st = int_field(&c.decoder_layers);
        else if (key == "d_model") st = int_field(&c.d_model);
        else if (key == "d_ff") st = int_field(&c.d_ff);
        else if (key == "heads") st = int_field(&c.heads);
        else if (key == "src_vocab") st = int_field(&c.src_vocab);
        else if (key == "tgt_vocab") st = int_field(&c.tgt_vocab);
        else if (key == "max_positions") st = int_field(&c.max_positions);
        else if (key == "pad_id") st = int_field(&c.pad_id);
        else if (key == "bos_id") st = int_field(&c.bos_id);
        else if (key == "eos_id") st = int_field(&c.eos_id);
        else if (key == "unk_id") st = int_field(&c.unk_id);
        else if (key == "layer_norm_eps") {
            if (!v.is_number()) return Status::error("transformer config: layer_norm_eps must be a number");
            c.layer_norm_eps = v.get<float>();
        } else if (key == "scale_embeddings") {
            if (!v.is_boolean()) return Status::error("transformer config: scale_embeddings must be true or false");
            c.scale_embeddings = v.get<bool>();
        } else if (key == "norm" || key == "tied" || key == "activation") {
            if (!v.is_string()) return Status::error("transformer config: " + key + " must be a string");
            const std::string s = v.get<std::string>();
            if (key == "norm" && (s == "post" || s == "pre")) c.norm = s == "post" ? NormPlacement::Post : NormPlacement::Pre;
            else if (key == "tied" && s == "none") c.tied = TiedEmbeddings::None;
            else if (key == "tied" && s == "decoder_output") c.tied = TiedEmbeddings::DecoderOutput;
            else if (key == "tied" && s == "all") c.tied = TiedEmbeddings::All;
            else if (key == "activation" && (s == "relu" || s == "gelu"))
                c.activation = s == "relu" ? Activation::Relu : Activation::Gelu;
            else return Status::error("transformer config: unknown " + key + " \"" + s + "\"");
        } else {
            return Status::error("transformer config: unknown field \"" + key + "\"");
        }
        if (!st) return st;
    }
    if (Status st = c.validate(); !st) return st;
    *out = c;
    return Status::success();
}

} // namespace attn

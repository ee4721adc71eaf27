#include "models/rnn_config.h"

#include <nlohmann/json.hpp>

namespace attn {

Status RnnConfig::validate() const {
    auto bad = [](const std::string & what) { return Status::error("rnn config: " + what); };
    for (int v : {embed, hidden, align, output})
        if (v < 1 || v > 8192) return bad("embed, hidden, align and output must be 1..8192");
    if (src_vocab < 4 || src_vocab > 1 << 20 || tgt_vocab < 4 || tgt_vocab > 1 << 20)
        return bad("vocabulary sizes must be 4..1048576");
    if (max_positions < 2 || max_positions > 1 << 16) return bad("max_positions must be 2..65536");
    for (int32_t id : {pad_id, bos_id, eos_id, unk_id})
        if (id < 0 || id >= tgt_vocab || id >= src_vocab) return bad("special token id out of range");
    return Status::success();
}

std::string RnnConfig::to_json() const {
    const nlohmann::json j = {
        {"architecture", architecture()}, {"src_vocab", src_vocab}, {"tgt_vocab", tgt_vocab}, {"embed", embed},
        {"hidden", hidden}, {"align", align}, {"output", output}, {"max_positions", max_positions},
        {"pad_id", pad_id}, {"bos_id", bos_id}, {"eos_id", eos_id}, {"unk_id", unk_id},
    };
    return j.dump();
}

// Without exceptions (the web build cannot catch them); unknown fields are errors, as in
// TransformerConfig, so a typo in a hand-written config is reported.
Status RnnConfig::from_json(const std::string & text, RnnConfig * out) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) return Status::error("rnn config: not a JSON object");
    RnnConfig c;
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string & key = it.key();
        const nlohmann::json & v = it.value();
        if (key == "architecture") {
            const std::string a = v.is_string() ? v.get<std::string>() : "";
            if (a != "rnn_search" && a != "rnn_encdec")
                return Status::error("rnn config: architecture must be \"rnn_search\" or \"rnn_encdec\"");
            c.attention = a == "rnn_search";
            continue;
        }
        int * dst = key == "src_vocab" ? &c.src_vocab : key == "tgt_vocab" ? &c.tgt_vocab : key == "embed" ? &c.embed
                  : key == "hidden" ? &c.hidden : key == "align" ? &c.align : key == "output" ? &c.output
                  : key == "max_positions" ? &c.max_positions : key == "pad_id" ? &c.pad_id
                  : key == "bos_id" ? &c.bos_id : key == "eos_id" ? &c.eos_id : key == "unk_id" ? &c.unk_id : nullptr;
        if (!dst) return Status::error("rnn config: unknown field \"" + key + "\"");
        if (!v.is_number_integer() || v.get<int64_t>() < -1 || v.get<int64_t>() > (1 << 30))
            return Status::error("rnn config: " + key + " must be an integer in range");
        *dst = int(v.get<int64_t>());
    }
    if (Status st = c.validate(); !st) return st;
    *out = c;
    return Status::success();
}

} // namespace attn

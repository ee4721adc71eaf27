#include "models/transformer_pass.h"

#include "nn/grad_fast.h"

namespace attn {

const char * source_embedding_name(const TransformerConfig & cfg) {
    return cfg.tied == TiedEmbeddings::All ? "decoder/embed/weight" : "encoder/embed/weight";
}

const char * generator_weight_name(const TransformerConfig & cfg) {
    return cfg.tied == TiedEmbeddings::None ? "generator/weight" : "decoder/embed/weight";
}

TransformerPass::TransformerPass(const TransformerConfig & cfg) {
    src_embed.table = source_embedding_name(cfg);
    tgt_embed.table = "decoder/embed/weight";
    for (int l = 0; l < cfg.encoder_layers; l++) enc.emplace_back(l);
    for (int l = 0; l < cfg.decoder_layers; l++) dec.emplace_back(l);
    enc_final.name = "encoder/final_norm";
    dec_final.name = "decoder/final_norm";
}

void TransformerPass::encode(BlockContext & c, const std::vector<int32_t> & src, int B, int S, const Mask & src_mask) {
    Tensor x;
    src_embed.forward(c, src, S, &x);
    for (EncoderBlock & L : enc) L.forward(c, x, B, src_mask);
    if (c.cfg.norm == NormPlacement::Pre && !enc.empty()) {
        Tensor y;
        enc_final.forward(c, x, &y);
        x = std::move(y);
    }
    memory = std::move(x);
}

void TransformerPass::decode(BlockContext & c, const std::vector<int32_t> & tgt_in, int B, int T, const Mask & src_mask,
                             Tensor * logits) {
    Tensor y;
    tgt_embed.forward(c, tgt_in, T, &y);
    for (DecoderBlock & L : dec) L.forward(c, y, memory, B, src_mask);
    if (c.cfg.norm == NormPlacement::Pre) {
        Tensor z;
        dec_final.forward(c, y, &z);
        y = std::move(z);
    }
    dec_out = std::move(y);
    *logits = Tensor({int64_t(B) * T, int64_t(c.cfg.tgt_vocab)});
    c.cc.linear(dec_out, c.matrix(generator_weight_name(c.cfg)), c.weight("generator/bias"), *logits);
}

void TransformerPass::backward(BlockContext & c, Tensor & dlogits) {
    Tensor dy(dec_out.shape());
    linear_backward_fast(c.cc, dec_out, c.weight(generator_weight_name(c.cfg)), dlogits, dy,
                         c.grad(generator_weight_name(c.cfg)), c.grad("generator/bias"));
    if (c.cfg.norm == NormPlacement::Pre) {
        Tensor d;
        dec_final.backward(c, dy, &d);
        dy = std::move(d);
    }
    Tensor dmemory(memory.shape());
    for (int l = int(dec.size()) - 1; l >= 0; l--) dec[size_t(l)].backward(c, dy, dmemory);
    tgt_embed.backward(c, dy);
    Tensor dx = std::move(dmemory);
    if (c.cfg.norm == NormPlacement::Pre && !enc.empty()) {
        Tensor d;
        enc_final.backward(c, dx, &d);
        dx = std::move(d);
    }
    for (int l = int(enc.size()) - 1; l >= 0; l--) enc[size_t(l)].backward(c, dx);
    src_embed.backward(c, dx);
}

} // namespace attn

// One forward pass of the Transformer through its blocks (nn/transformer_blocks.h), for a batch of
// B padded sentences, keeping every activation, and the backward pass over the same blocks.
// Inference (Transformer::encode and decode_full, B = 1) and training (train/transformer_train)
// both run the model through this one pass.
//
//   encode: src(B·S) -> memory(B·S, D)
//   decode: tgt_in(B·T), memory -> logits(B·T, V_tgt)
//   backward: dlogits(B·T, V_tgt) -> every weight's gradient, in the context's map
#pragma once
#include "nn/transformer_blocks.h"

#include <vector>

namespace attn {

// The weights a tied configuration shares: the source embedding is the decoder's with
// TiedEmbeddings::All, the generator is the decoder embedding unless TiedEmbeddings::None.
const char * source_embedding_name(const TransformerConfig & cfg);
const char * generator_weight_name(const TransformerConfig & cfg);

struct TransformerPass {
    Embedding src_embed, tgt_embed;
    std::vector<EncoderBlock> enc;
    std::vector<DecoderBlock> dec;
    LayerNorm enc_final, dec_final;
    Tensor memory, dec_out;  // (B·S, D), (B·T, D)

    explicit TransformerPass(const TransformerConfig & cfg);
    void encode(BlockContext & c, const std::vector<int32_t> & src, int B, int S, const Mask & src_mask);
    // Reads `memory`: set by encode(), or by the caller from an earlier encode.
    void decode(BlockContext & c, const std::vector<int32_t> & tgt_in, int B, int T, const Mask & src_mask,
                Tensor * logits);
    void backward(BlockContext & c, Tensor & dlogits);
};

} // namespace attn

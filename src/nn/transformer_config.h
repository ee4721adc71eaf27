// Hyper-parameters of the encoder-decoder Transformer. Defaults are the paper's base model
// (Vaswani et al. 2017): N = 6 + 6 layers, d_model 512, d_ff 2048, h 8, d_k = d_v = 64,
// sinusoidal positions, embeddings scaled by √d_model, post-norm residuals.
#pragma once
#include "core/status.h"

#include <cstdint>
#include <string>

namespace attn {

// Where layer norm sits. The paper (and its base model) uses post-norm:
//   x = LN(x + Sublayer(x)).
// Pre-norm, x = x + Sublayer(LN(x)) with a final LN after the stack, trains more easily; the
// Annotated Transformer uses it, which confused readers comparing it with the paper.
enum class NormPlacement { Post, Pre };

// Which embedding matrices share storage. The paper shares all three (source embedding, target
// embedding and the pre-softmax projection), which needs a shared vocabulary.
enum class TiedEmbeddings { None, DecoderOutput, All };

enum class Activation { Relu, Gelu };

struct TransformerConfig {
    int encoder_layers = 6;
    int decoder_layers = 6;
    int d_model = 512;       // D
    int d_ff = 2048;         // F
    int heads = 8;           // H; d_k = d_v = D / H
    int src_vocab = 0;       // V_src
    int tgt_vocab = 0;       // V_tgt
    int max_positions = 512; // longest source or target the positional table covers
    NormPlacement norm = NormPlacement::Post;
    TiedEmbeddings tied = TiedEmbeddings::None;
    Activation activation = Activation::Relu;
    float layer_norm_eps = 1e-5f;  // PyTorch's default; the paper does not give one
    bool scale_embeddings = true;  // multiply embeddings by √D before adding positions
    int32_t pad_id = 0, bos_id = 1, eos_id = 2, unk_id = 3;

    int head_dim() const { return heads > 0 ? d_model / heads : 0; }
    Status validate() const;            // every field in range, D divisible by H, ids < vocab
    std::string to_json() const;        // stored in the weights file's __metadata__["config"]
    static Status from_json(const std::string & json, TransformerConfig * out);
};

} // namespace attn

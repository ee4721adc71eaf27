#!/usr/bin/python3
"""Golden data for the Transformer tests, computed by PyTorch (Debian's python3-torch).

Not run by the tests: its outputs are committed in tests/fixtures/ and the C++ tests compare against
them, so CI needs no PyTorch. Rerun after changing the model definition:

    apt-get install python3-torch      # once; ./test does not need it
    /usr/bin/python3 tests/reference/make_reference.py

For each configuration below it writes three files:
  tests/fixtures/transformer_<name>.safetensors      the weights, in the app's format (loads with Transformer::load)
  tests/fixtures/transformer_<name>_ref.safetensors  inputs and expected outputs:
      src (S), tgt_in (T)                         token ids (stored as float32)
      memory (S, D)                               encoder output
      logits (T, V_tgt)                           teacher-forced decoder output
      encoder_self/<l> (H, S, S), decoder_self/<l> (H, T, T), cross/<l> (H, T, S)   attention probabilities
      greedy (G)                                  greedy decoding of src for G steps (ids as float32)
  tests/fixtures/transformer_<name>_train.safetensors  one training batch and what training does with it:
      src (B, S), tgt_in (B, T), tgt_out (B, T)   the padded batch (pad 0, BOS 1, EOS 2), as float32
      loss ()                                     mean cross-entropy, label smoothing 0.1, pad ignored
      grad/<weight name>                          d loss / d weight at step 0 (tied weights: the sum)
      adam_losses (11)                            the loss before each of 10 Adam steps and after the last
                                                  (lr 1e-3, β 0.9/0.98, ε 1e-9, same batch, no dropout)

The model is written out op by op below (not nn.Transformer), in float64, following the paper's
formulas, so it is an independent statement of what the C++ computes.
"""
import json
import math
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import safetensors_np  # noqa: E402  (our numpy reader/writer, independent of the C++ one)

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")
FORMAT = "attention-playground/transformer/1"

CONFIGS = {
    # The paper's arrangement (post-norm, ReLU, untied) at a test size.
    "golden_post": dict(encoder_layers=2, decoder_layers=2, d_model=64, d_ff=128, heads=4, src_vocab=40,
                        tgt_vocab=48, max_positions=64, norm="post", tied="none", activation="relu"),
    # The other switches: pre-norm with final norms, GELU, all three embeddings shared.
    "golden_pre": dict(encoder_layers=2, decoder_layers=2, d_model=64, d_ff=128, heads=4, src_vocab=44,
                       tgt_vocab=44, max_positions=64, norm="pre", tied="all", activation="gelu"),
}
COMMON = dict(layer_norm_eps=1e-5, scale_embeddings=True, pad_id=0, bos_id=1, eos_id=2, unk_id=3)


def expected_tensors(c):
    D, F = c["d_model"], c["d_ff"]
    out = []
    lin = lambda p, o, i: out.extend([(p + "/weight", (o, i)), (p + "/bias", (o,))])
    norm = lambda p: out.extend([(p + "/weight", (D,)), (p + "/bias", (D,))])
    attn = lambda p: [lin(f"{p}/{n}", D, D) for n in "qkvo"]
    if c["tied"] != "all":
        out.append(("encoder/embed/weight", (c["src_vocab"], D)))
    out.append(("decoder/embed/weight", (c["tgt_vocab"], D)))
    if c["tied"] == "none":
        out.append(("generator/weight", (c["tgt_vocab"], D)))
    out.append(("generator/bias", (c["tgt_vocab"],)))
    for side, n in (("encoder", c["encoder_layers"]), ("decoder", c["decoder_layers"])):
        for i in range(n):
            p = f"{side}/layer_{i}/"
            attn(p + "self_attn"); norm(p + "self_attn_norm")
            if side == "decoder":
                attn(p + "cross_attn"); norm(p + "cross_attn_norm")
            lin(p + "ffn/fc1", F, D); lin(p + "ffn/fc2", D, F); norm(p + "ffn_norm")
    if c["norm"] == "pre":
        norm("encoder/final_norm"); norm("decoder/final_norm")
    return out


def random_weights(c, gen):
    # Pre-norm keeps the raw (√D-scaled) embedding in the residual stream; with tied embeddings the
    # output then just echoes the input token unless the sublayers write something of similar size.
    gain = 3.0 if c["norm"] == "pre" else 1.0
    w = {}
    for name, shape in expected_tensors(c):
        if name.endswith("/bias"):
            t = 0.1 * torch.randn(shape, generator=gen)
        elif "norm" in name:
            t = 1.0 + 0.2 * torch.randn(shape, generator=gen)
        elif "embed" in name or name.startswith("generator"):
            # Post-norm: unit scale gives decisive, varied greedy outputs. Pre-norm keeps the √D-scaled
            # embedding in the residual stream, so there it is scaled to unit size after the √D.
            t = torch.randn(shape, generator=gen) / (math.sqrt(c["d_model"]) if c["norm"] == "pre" else 1.0)
        else:
            t = gain * torch.randn(shape, generator=gen) / math.sqrt(shape[-1])
        w[name] = t.float()
    return w


class Model:
    """The Transformer in float64, op by op."""

    def __init__(self, c, w):
        self.c = c
        self.w = {k: v.double() for k, v in w.items()}
        D = c["d_model"]
        pos = torch.arange(c["max_positions"], dtype=torch.float64)[:, None]
        i = torch.arange(0, D, 2, dtype=torch.float64)
        angle = pos / torch.pow(10000.0, i / D)
        self.pe = torch.zeros(c["max_positions"], D, dtype=torch.float64)
        self.pe[:, 0::2] = torch.sin(angle)
        self.pe[:, 1::2] = torch.cos(angle)
        self.bind_embeddings(self.w)

    def bind_embeddings(self, w):
        """Binds the (possibly shared) embedding matrices to the weights in w."""
        c = self.c
        tgt = w["decoder/embed/weight"]
        self.src_embed = tgt if c["tied"] == "all" else w["encoder/embed/weight"]
        self.tgt_embed = tgt
        self.gen_w = w["generator/weight"] if c["tied"] == "none" else tgt

    def linear(self, x, p):
        return x @ self.w[p + "/weight"].T + self.w[p + "/bias"]

    def norm(self, x, p):
        return torch.nn.functional.layer_norm(x, (x.shape[-1],), self.w[p + "/weight"], self.w[p + "/bias"],
                                              self.c["layer_norm_eps"])

    def mha(self, xq, xkv, p, causal):
        H = self.c["heads"]; D = self.c["d_model"]; dh = D // H
        q = self.linear(xq, p + "/q").view(-1, H, dh).transpose(0, 1)   # (H, Tq, dh)
        k = self.linear(xkv, p + "/k").view(-1, H, dh).transpose(0, 1)
        v = self.linear(xkv, p + "/v").view(-1, H, dh).transpose(0, 1)
        scores = q @ k.transpose(1, 2) / math.sqrt(dh)                    # QKᵀ/√d_k
        if causal:
            Tq, Tk = scores.shape[1], scores.shape[2]
            future = torch.triu(torch.ones(Tq, Tk, dtype=torch.bool), diagonal=1)
            scores = scores.masked_fill(future, float("-inf"))
        probs = torch.softmax(scores, dim=-1)
        ctx = (probs @ v).transpose(0, 1).reshape(-1, D)
        return self.linear(ctx, p + "/o"), probs

    def ffn(self, x, p):
        h = self.linear(x, p + "/fc1")
        h = torch.relu(h) if self.c["activation"] == "relu" else torch.nn.functional.gelu(h)
        return self.linear(h, p + "/fc2")

    def sublayer(self, x, norm_p, f):
        if self.c["norm"] == "pre":
            y, extra = f(self.norm(x, norm_p))
            return x + y, extra
        y, extra = f(x)
        return self.norm(x + y, norm_p), extra

    def embed(self, table, ids):
        x = table[ids] * math.sqrt(self.c["d_model"])
        return x + self.pe[: len(ids)]

    def encode(self, src, maps):
        x = self.embed(self.src_embed, src)
        for l in range(self.c["encoder_layers"]):
            p = f"encoder/layer_{l}/"
            x, probs = self.sublayer(x, p + "self_attn_norm", lambda h: self.mha(h, h, p + "self_attn", False))
            maps[f"encoder_self/{l}"] = probs
            x, _ = self.sublayer(x, p + "ffn_norm", lambda h: (self.ffn(h, p + "ffn"), None))
        if self.c["norm"] == "pre":
            x = self.norm(x, "encoder/final_norm")
        return x

    def decode(self, memory, tgt_in, maps):
        x = self.embed(self.tgt_embed, tgt_in)
        for l in range(self.c["decoder_layers"]):
            p = f"decoder/layer_{l}/"
            x, probs = self.sublayer(x, p + "self_attn_norm", lambda h: self.mha(h, h, p + "self_attn", True))
            maps[f"decoder_self/{l}"] = probs
            x, probs = self.sublayer(x, p + "cross_attn_norm", lambda h: self.mha(h, memory, p + "cross_attn", False))
            maps[f"cross/{l}"] = probs
            x, _ = self.sublayer(x, p + "ffn_norm", lambda h: (self.ffn(h, p + "ffn"), None))
        if self.c["norm"] == "pre":
            x = self.norm(x, "decoder/final_norm")
        return x @ self.gen_w.T + self.w["generator/bias"]

    def greedy(self, memory, steps):
        out = []
        tgt = [self.c["bos_id"]]
        margins = []
        for _ in range(steps):
            logits = self.decode(memory, torch.tensor(tgt), {})[-1]
            top2 = torch.topk(logits, 2).values
            margins.append(float(top2[0] - top2[1]))
            nxt = int(torch.argmax(logits))
            out.append(nxt)
            tgt.append(nxt)
        return out, min(margins)


TRAIN_EXAMPLES = [  # (src, tgt) without BOS/EOS; padded like attn::make_padded_batch
    ([5, 9, 12, 7], [10, 22, 7]),
    ([8, 4], [33, 9, 14, 26]),
    ([20, 11, 6, 30, 15], [12]),
]


def padded_batch(c):
    B = len(TRAIN_EXAMPLES)
    S = max(len(s) for s, _ in TRAIN_EXAMPLES)
    T = max(len(t) for _, t in TRAIN_EXAMPLES) + 1
    pad, bos, eos = c["pad_id"], c["bos_id"], c["eos_id"]
    src = np.full((B, S), pad, np.float32)
    tgt_in = np.full((B, T), pad, np.float32)
    tgt_out = np.full((B, T), pad, np.float32)
    for b, (s_ids, t_ids) in enumerate(TRAIN_EXAMPLES):
        src[b, : len(s_ids)] = s_ids
        tgt_in[b, : len(t_ids) + 1] = [bos] + t_ids
        tgt_out[b, : len(t_ids) + 1] = t_ids + [eos]
    return src, tgt_in, tgt_out


def batch_loss(model, c, smoothing=0.1):
    """The batch's loss computed one sentence at a time, with no padding at all: equal to the
    padded batch's loss exactly when the C++ masks padding correctly."""
    total, count = 0.0, 0
    for s_ids, t_ids in TRAIN_EXAMPLES:
        memory = model.encode(torch.tensor(s_ids), {})
        logits = model.decode(memory, torch.tensor([c["bos_id"]] + t_ids), {})
        target = torch.tensor(t_ids + [c["eos_id"]])
        total = total + torch.nn.functional.cross_entropy(logits, target, label_smoothing=smoothing, reduction="sum")
        count += len(target)
    return total / count


def training_reference(c, w):
    """Loss and gradients at step 0, then the losses of 10 Adam steps, in float64."""
    params = {k: v.double().clone().requires_grad_(True) for k, v in w.items()}
    model = Model(c, w)
    model.w = params  # the model reads its weights from here, so autograd sees them
    model.bind_embeddings(params)
    loss = batch_loss(model, c)
    loss.backward()
    grads = {k: p.grad.detach().float().numpy() for k, p in params.items()}
    opt = torch.optim.Adam(params.values(), lr=1e-3, betas=(0.9, 0.98), eps=1e-9)
    losses = []
    for _ in range(10):
        opt.zero_grad()
        step_loss = batch_loss(model, c)
        losses.append(float(step_loss))
        step_loss.backward()
        opt.step()
    with torch.no_grad():
        losses.append(float(batch_loss(model, c)))
    return float(loss), grads, losses


def main():
    torch.manual_seed(0)
    os.makedirs(DATA, exist_ok=True)
    for name, cfg in CONFIGS.items():
        c = dict(cfg, **COMMON)
        src = torch.tensor([1, 7, 12, 5, 33, 9, 21, 2])
        tgt_in = torch.tensor([1, 14, 3, 29, 8, 40, 17])
        # The first seed whose greedy output is a useful test: no near-tie at any step (float32 and
        # float64 must pick the same token) and not one token repeated (a collapsed decoder would
        # hide a wrong cache or position).
        for seed in range(1234, 1534):
            w = random_weights(c, torch.Generator().manual_seed(seed))
            model = Model(c, w)
            maps = {}
            with torch.no_grad():
                memory = model.encode(src, maps)
                logits = model.decode(memory, tgt_in, maps)
                greedy, margin = model.greedy(memory, 10)
            if margin > 1e-2 and len(set(greedy)) >= 3:
                break
        else:
            sys.exit(f"{name}: no seed gave a decisive, varied greedy output")
        weights = {k: v.numpy() for k, v in w.items()}
        meta = {"format": FORMAT, "config": json.dumps(c)}
        safetensors_np.write(os.path.join(DATA, f"transformer_{name}.safetensors"), weights, meta)
        ref = {"src": src.float().numpy(), "tgt_in": tgt_in.float().numpy(), "memory": memory.float().numpy(),
               "logits": logits.float().numpy(), "greedy": np.array(greedy, dtype=np.float32)}
        for k, v in maps.items():
            ref[k] = v.float().numpy()
        safetensors_np.write(os.path.join(DATA, f"transformer_{name}_ref.safetensors"), ref,
                            {"generator": "tests/reference/make_reference.py", "torch": torch.__version__,
                             "greedy_min_margin": f"{margin:.4f}"})
        loss, grads, losses = training_reference(c, w)
        src_b, tgt_in_b, tgt_out_b = padded_batch(c)
        train = {"src": src_b, "tgt_in": tgt_in_b, "tgt_out": tgt_out_b, "loss": np.array([loss], np.float32),
                 "adam_losses": np.array(losses, np.float32)}
        train.update({"grad/" + k: v for k, v in grads.items()})
        safetensors_np.write(os.path.join(DATA, f"transformer_{name}_train.safetensors"), train,
                             {"generator": "tests/reference/make_reference.py", "torch": torch.__version__,
                              "optimizer": "Adam lr 1e-3 betas 0.9 0.98 eps 1e-9", "label_smoothing": "0.1"})
        print(f"{name}: loss {loss:.5f}, Adam losses {losses[0]:.4f} -> {losses[-1]:.4f}")
        print(f"{name}: seed {seed}, {sum(v.size for v in weights.values())} parameters, greedy {greedy}, min margin {margin:.3f}")


if __name__ == "__main__":
    main()

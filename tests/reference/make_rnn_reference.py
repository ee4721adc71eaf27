#!/usr/bin/python3
"""Golden data for the RNN translators (RNNencdec and RNNsearch, src/models/rnn.h), computed by
PyTorch (Debian's python3-torch) with its own nn.GRUCell, one sentence at a time (no padding), in
float64: an independent statement of what the C++ computes on a padded batch.

Not run by the tests: the outputs are committed in tests/fixtures/ and the C++ tests compare against
them, so CI needs no PyTorch. Rerun after changing the model definition:

    /usr/bin/python3 tests/reference/make_rnn_reference.py

For each architecture it writes
  tests/fixtures/rnn_<arch>.safetensors       the weights, in the app's format (loads with RnnModel::load)
  tests/fixtures/rnn_<arch>_ref.safetensors   one batch and what the model does with it:
      src (B, S), tgt_in (B, T), tgt_out (B, T), src_len (B)   the padded batch, ids as float32
      loss (1)                 mean cross-entropy over non-pad targets, label smoothing 0.1
      grad/<weight name>       d loss / d weight
      greedy (G)               greedy decoding of sentence 0 (ids as float32), up to </s> or 12 steps
      alignment (G, S0)        RNNsearch: the alignment row of each greedy step
      energy (G, S0)           RNNsearch: the scores e_ij each alignment row is the softmax of
      context_c (n)            C of sentence 0: the forward GRU's last state
"""
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import safetensors_np  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")
FORMAT = "attention-playground/rnn/1"
PAD, BOS, EOS = 0, 1, 2


def config(attention):
    return dict(architecture="rnn_search" if attention else "rnn_encdec", src_vocab=23, tgt_vocab=29, embed=6,
                hidden=5, align=4, output=7, max_positions=64, pad_id=0, bos_id=1, eos_id=2, unk_id=3)


def shapes(c):
    m, n, a, l = c["embed"], c["hidden"], c["align"], c["output"]
    attention = c["architecture"] == "rnn_search"
    ctx = 2 * n if attention else n
    s = {"src_embed/weight": (c["src_vocab"], m), "tgt_embed/weight": (c["tgt_vocab"], m),
         "decoder/init/weight": (n, n), "decoder/init/bias": (n,),
         "output/hidden/weight": (l, n + ctx + m), "output/hidden/bias": (l,),
         "output/proj/weight": (c["tgt_vocab"], l), "output/proj/bias": (c["tgt_vocab"],)}
    scopes = [("encoder/fwd", m), ("decoder/gru", m + ctx)] + ([("encoder/bwd", m)] if attention else [])
    for scope, inp in scopes:
        s.update({scope + "/w_ih": (3 * n, inp), scope + "/w_hh": (3 * n, n), scope + "/b_ih": (3 * n,),
                  scope + "/b_hh": (3 * n,)})
    if attention:
        s.update({"attention/w_a": (a, n), "attention/u_a/weight": (a, 2 * n), "attention/u_a/bias": (a,),
                  "attention/v_a": (a,)})
    return s


def cell(W, scope, n, inp):
    g = torch.nn.GRUCell(inp, n).double()
    with torch.no_grad():
        for ours, theirs in (("w_ih", "weight_ih"), ("w_hh", "weight_hh"), ("b_ih", "bias_ih"), ("b_hh", "bias_hh")):
            getattr(g, theirs).copy_(W[scope + "/" + ours])
    return g


def run(W, c, src, tgt_in, cells, forced=None, max_steps=12):
    """One sentence (src without padding). Returns (logits rows, alignment rows, their scores, C, tokens)."""
    attention = c["architecture"] == "rnn_search"
    x = W["src_embed/weight"][torch.tensor(src)]
    h = torch.zeros(1, c["hidden"], dtype=torch.float64)
    fwd = []
    for t in range(len(src)):
        h = cells["encoder/fwd"](x[t:t + 1], h)
        fwd.append(h)
    C = fwd[-1]
    if attention:
        h = torch.zeros(1, c["hidden"], dtype=torch.float64)
        bwd = [None] * len(src)
        for t in reversed(range(len(src))):
            h = cells["encoder/bwd"](x[t:t + 1], h)
            bwd[t] = h
        H = torch.cat([torch.cat([f, b], 1) for f, b in zip(fwd, bwd)], 0)  # (S, 2n)
        uh = H @ W["attention/u_a/weight"].T + W["attention/u_a/bias"]
        init_in = bwd[0]
    else:
        init_in = C
    s = torch.tanh(init_in @ W["decoder/init/weight"].T + W["decoder/init/bias"])
    logits, alignment, energy, tokens = [], [], [], []
    y = BOS
    steps = len(tgt_in) if tgt_in is not None else max_steps
    for i in range(steps):
        if tgt_in is not None:
            y = tgt_in[i]
        e = W["tgt_embed/weight"][y:y + 1]
        if attention:
            scores = torch.tanh(s @ W["attention/w_a"].T + uh) @ W["attention/v_a"]  # (S,)
            alpha = torch.softmax(scores, 0)
            ctx = (alpha[:, None] * H).sum(0, keepdim=True)
            alignment.append(alpha)
            energy.append(scores)
        else:
            ctx = C
        s = cells["decoder/gru"](torch.cat([e, ctx], 1), s)
        t_hidden = torch.tanh(torch.cat([s, ctx, e], 1) @ W["output/hidden/weight"].T + W["output/hidden/bias"])
        out = t_hidden @ W["output/proj/weight"].T + W["output/proj/bias"]
        logits.append(out[0])
        if tgt_in is None:
            y = int(out[0].argmax())
            tokens.append(y)
            if y == EOS:
                break
    return logits, alignment, energy, C[0], tokens


def make(attention, seed):
    c = config(attention)
    rng = np.random.default_rng(seed)
    W = {k: torch.tensor(rng.uniform(-0.5, 0.5, size=v), dtype=torch.float64, requires_grad=True)
         for k, v in shapes(c).items()}
    n, m = c["hidden"], c["embed"]
    ctx = 2 * n if attention else n
    cells = {"encoder/fwd": cell(W, "encoder/fwd", n, m), "decoder/gru": cell(W, "decoder/gru", n, m + ctx)}
    if attention:
        cells["encoder/bwd"] = cell(W, "encoder/bwd", n, m)
    # GRUCell copies the weights; use functional cells on W itself so autograd reaches W.
    def functional(scope):
        def f(x, h):
            gi = x @ W[scope + "/w_ih"].T + W[scope + "/b_ih"]
            gh = h @ W[scope + "/w_hh"].T + W[scope + "/b_hh"]
            r = torch.sigmoid(gi[:, :n] + gh[:, :n])
            z = torch.sigmoid(gi[:, n:2 * n] + gh[:, n:2 * n])
            nn_ = torch.tanh(gi[:, 2 * n:] + r * gh[:, 2 * n:])
            return (1 - z) * nn_ + z * h
        return f
    fcells = {k: functional(k) for k in cells}
    # The functional cell must agree with torch's own GRUCell: that is what makes it a reference.
    xt = torch.randn(2, m, dtype=torch.float64)
    ht = torch.randn(2, n, dtype=torch.float64)
    assert torch.allclose(fcells["encoder/fwd"](xt, ht), cells["encoder/fwd"](xt, ht), atol=1e-12)

    srcs = [[5, 9, 12, 7, EOS], [8, 4, EOS], [11, 6, 13, 17, 19, 20, EOS]]
    tgts = [[10, 22, 7, 5], [26, 9], [14, 15, 16, 17, 18, 4]]
    B, S, T = len(srcs), max(map(len, srcs)), max(len(t) + 1 for t in tgts)
    src = np.full((B, S), PAD, np.float32)
    tgt_in = np.full((B, T), PAD, np.float32)
    tgt_out = np.full((B, T), PAD, np.float32)
    total, count = 0.0, 0
    for b in range(B):
        src[b, :len(srcs[b])] = srcs[b]
        ti, to = [BOS] + tgts[b], tgts[b] + [EOS]
        tgt_in[b, :len(ti)] = ti
        tgt_out[b, :len(to)] = to
        logits, _, _, _, _ = run(W, c, srcs[b], ti, fcells)
        L = torch.stack(logits)
        total = total + torch.nn.functional.cross_entropy(L, torch.tensor(to), label_smoothing=0.1, reduction="sum")
        count += len(to)
    loss = total / count
    loss.backward()
    with torch.no_grad():
        _, alignment, energy, C, greedy = run(W, c, srcs[0], None, cells)
    ref = {"src": src, "tgt_in": tgt_in, "tgt_out": tgt_out,
           "src_len": np.array([len(s) for s in srcs], np.float32),
           "loss": np.array([loss.item()], np.float32),
           "greedy": np.array(greedy, np.float32), "context_c": C.detach().numpy().astype(np.float32)}
    if attention:
        ref["alignment"] = torch.stack(alignment).numpy().astype(np.float32)
        ref["energy"] = torch.stack(energy).numpy().astype(np.float32)
    for k, v in W.items():
        ref["grad/" + k] = v.grad.numpy().astype(np.float32)
    weights = {k: v.detach().numpy().astype(np.float32) for k, v in W.items()}
    name = "rnn_search" if attention else "rnn_encdec"
    safetensors_np.write(os.path.join(DATA, name + ".safetensors"), weights,
                         {"format": FORMAT, "config": json.dumps(c)}, order=sorted(weights))
    safetensors_np.write(os.path.join(DATA, name + "_ref.safetensors"), ref, order=sorted(ref))
    print(name, "loss", loss.item(), "greedy", greedy)


if __name__ == "__main__":
    torch.manual_seed(0)
    make(False, 1)
    make(True, 2)

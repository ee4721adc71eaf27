#!/usr/bin/python3
"""PyTorch's training speed on the same model and batch as `attn bench --train`
(src/bench/train_bench.h): d 128, 3+3 layers, 4 heads, d_ff 512, vocabulary 1000, post-norm,
dropout 0.1, label smoothing 0.1, Adam; a batch of 64 pairs, 32 source and 32 target positions.
Prints the median ms per step and target tokens per second, 1 thread.

A benchmark, not a test. Debian's torch links the generic libblas.so.3, which is the slow
reference BLAS unless OpenBLAS provides it: scripts/bench-train runs this with OpenBLAS's
libblas.so.3 first on LD_LIBRARY_PATH and says which BLAS torch reports."""
import statistics
import time

import torch

torch.set_num_threads(1)
torch.manual_seed(0)
V, D, H, F, L, B, S, T = 1000, 128, 4, 512, 3, 64, 32, 32


class Seq2Seq(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.src_embed = torch.nn.Embedding(V, D)
        self.tgt_embed = torch.nn.Embedding(V, D)
        self.core = torch.nn.Transformer(D, H, L, L, F, dropout=0.1, batch_first=True)  # post-norm, ReLU
        self.generator = torch.nn.Linear(D, V)
        pos = torch.arange(64)[:, None]
        i = torch.arange(0, D, 2)
        angle = pos / torch.pow(10000.0, i / D)
        pe = torch.zeros(64, D)
        pe[:, 0::2], pe[:, 1::2] = torch.sin(angle), torch.cos(angle)
        self.register_buffer("pe", pe)
        self.mask = self.core.generate_square_subsequent_mask(T)

    def forward(self, src, tgt_in):
        x = self.src_embed(src) * D ** 0.5 + self.pe[: src.shape[1]]
        y = self.tgt_embed(tgt_in) * D ** 0.5 + self.pe[: tgt_in.shape[1]]
        return self.generator(self.core(x, y, tgt_mask=self.mask))


def main():
    model = Seq2Seq()
    opt = torch.optim.Adam(model.parameters(), lr=1e-4, betas=(0.9, 0.98), eps=1e-9)
    loss_fn = torch.nn.CrossEntropyLoss(label_smoothing=0.1)
    src = torch.randint(4, V, (B, S))
    tgt_in = torch.randint(4, V, (B, T))
    tgt_out = torch.randint(4, V, (B, T))

    def step():
        opt.zero_grad()
        loss = loss_fn(model(src, tgt_in).reshape(-1, V), tgt_out.reshape(-1))
        loss.backward()
        opt.step()

    step()
    times = []
    for _ in range(10):
        t0 = time.perf_counter()
        step()
        times.append((time.perf_counter() - t0) * 1000)
    ms = statistics.median(times)
    blas = torch.__config__.show().split("BLAS_INFO=")[-1].split(",")[0] if "BLAS_INFO" in torch.__config__.show() else "?"
    print(f"pytorch {torch.__version__}: {ms:.1f} ms/step, {B * T / (ms / 1000):.0f} target tokens/s, 1 thread, BLAS {blas}")


if __name__ == "__main__":
    main()

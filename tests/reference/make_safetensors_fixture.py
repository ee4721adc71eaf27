#!/usr/bin/python3
"""Writes tests/fixtures/python_written.safetensors with tests/reference/safetensors_np.py (numpy, no C++).

Run with Debian's python (it has numpy):  /usr/bin/python3 tests/reference/make_safetensors_fixture.py
The C++ test SafetensorsInterop.LoadsPythonWrittenFixture recomputes every value below, so keep the
two in step. Tensors are stored in the order listed here, not in name order, and the header puts
__metadata__ first with Python's default JSON spacing: layout choices our own writer never makes.
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import safetensors_np as st  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "fixtures", "python_written.safetensors")

tensors = {
    "layers.0.attn.qkv": st.ramp((2, 3, 4)),             # F32, rank 3
    "embed.weight": st.ramp((4, 3)),                     # F32, rank 2
    "conv.weight": st.ramp((2, 1, 3, 2)),                # F32, rank 4
    "bias": st.ramp((5,)),                               # F32, rank 1
    "half": ((np.arange(8, dtype=np.float32) - 3) * 0.25).astype(np.float16).reshape(2, 4),  # F16, exact
    "brain": st.BF16((np.arange(3, dtype=np.float32) - 1) * 1.5),                           # BF16, exact
}
metadata = {
    "format": "pt",
    "written_by": "tests/reference/make_safetensors_fixture.py",
    "unicode": "注意力 ✓",
}

st.write(OUT, tensors, metadata)
back, meta = st.read(OUT)
assert meta == metadata and set(back) == set(tensors)
print("wrote %s (%d bytes)" % (os.path.normpath(OUT), os.path.getsize(OUT)))

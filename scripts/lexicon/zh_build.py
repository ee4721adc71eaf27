#!/usr/bin/python3
"""Writes build/lexicon/zh_forms.tsv, the Chinese side that the lexicon merge step reads.

Reads: build/lexicon/zh_request.tsv (written by the merge step: en<TAB>pos<TAB>wn_gloss, frequency
order); while that file does not exist yet, build/lexicon/zh_request_standin.tsv (zh_standin.py)
is used instead and a warning is printed. Also everything zh_setup.py fetches and
assets/lexicon/generated/overrides-zh.tsv.
Writes: build/lexicon/zh_forms.tsv (zh_forms.py's output: en pos zh zh_cl zh_pred zh_asp zh_src
checked), then runs zh_check_tw.py on it (non-zero exit if a simplified-only character or a listed
mainland term is found).
Steps: zh_setup.py (idempotent), zh_standin.py when needed, zh_forms.py, zh_check_tw.py.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from zh_common import BUILD  # noqa: E402


def py(script, *args):
    r = subprocess.run([sys.executable, os.path.join(HERE, script)] + list(args))
    if r.returncode:
        sys.exit("%s failed (%d)" % (script, r.returncode))


def main():
    py("zh_setup.py")
    req = os.path.join(BUILD, "zh_request.tsv")
    if not os.path.exists(req):
        sys.stderr.write("warning: %s not there yet; using the stand-in list\n" % req)
        req = os.path.join(BUILD, "zh_request_standin.tsv")
        if not os.path.exists(req):
            py("zh_standin.py")
    out = os.path.join(BUILD, "zh_forms.tsv")
    py("zh_forms.py", req, out)
    py("zh_check_tw.py", out)


if __name__ == "__main__":
    main()

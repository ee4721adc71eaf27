#!/usr/bin/env python3
"""Static server for the web build: what ./play runs and what the browser tests load.

Serves one folder on 127.0.0.1 only, with the right MIME type for .wasm and no-cache headers so a
rebuild is seen on reload. Prints "Serving http://127.0.0.1:PORT/" once listening (--port 0 picks a
free port, which the browser tests use). Standard library only.
"""
import argparse
import functools
import http.server
import socketserver
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
                      ".data": "application/octet-stream"}

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):
        if self.server.verbose:
            super().log_message(fmt, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", required=True, help="folder to serve (build/web/site)")
    ap.add_argument("--port", type=int, default=8080, help="0 picks a free port")
    ap.add_argument("--verbose", action="store_true", help="log every request")
    args = ap.parse_args()
    handler = functools.partial(Handler, directory=args.dir)
    try:
        server = Server(("127.0.0.1", args.port), handler)
    except OSError as e:
        sys.exit(f"serve: cannot listen on 127.0.0.1:{args.port}: {e.strerror}. "
                 "Is another ./play running? Choose another port with --port N.")
    server.verbose = args.verbose
    print(f"Serving http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()

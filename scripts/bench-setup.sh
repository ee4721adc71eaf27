# Sourced by scripts/bench-browser and scripts/bench-webgl-ab: builds the benchmark modules
# (build/bench) and makes a writable copy of the peer harness with its npm packages. Sets
# $module, $gl_module (our wasm SIMD and WebGL2 builds) and $work (the harness copy).
PEERS=${ATTN_BENCH_PEERS:-../shared/bench-peers}
[ -f "$PEERS/run.mjs" ] || { echo "$(basename "$0"): no harness at $PEERS (set ATTN_BENCH_PEERS)" >&2; exit 1; }

scripts/setup-deps
emcmake cmake -S . -B build/bench -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTN_BUILD_APP=OFF -DATTN_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench --target attn_bench_module attn_bench_gl
module=$PWD/build/bench/attn_bench.mjs
gl_module=$PWD/build/bench/attn_bench_gl.mjs
for m in "$module" "$gl_module"; do [ -f "$m" ] || { echo "$(basename "$0"): $m was not built" >&2; exit 1; }; done

# The harness folder is read-only in CI and `npm ci` writes into it: copy it to build/bench/peers.
work=build/bench/peers
if ! diff -rq -x node_modules -x build -x results "$PEERS" "$work" >/dev/null 2>&1; then
  rm -rf "$work" && mkdir -p "$work" && cp -r "$PEERS"/. "$work"/ && chmod -R u+w "$work"
fi
[ -d "$work/node_modules" ] || (cd "$work" && npm ci --no-audit --no-fund --silent)

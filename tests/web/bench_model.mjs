// Times the Transformer-base model benchmark (encode 32 + greedy-decode 32 tokens; one decoder
// step at cache lengths 8, 32, 128) in headless Chromium and in node, from
// build/bench/attn_bench.mjs (wasm SIMD, 1 thread). A benchmark, not a test: it prints numbers
// and writes them as JSON; it asserts nothing about speed.
//   node tests/web/bench_model.mjs --site build/bench --out build/bench   (writes model.json there)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser, parseArgs, startServer } from './harness.mjs';

const args = parseArgs();
const modulePath = path.resolve(args.site, 'attn_bench.mjs');

// Runs in the page or in node: the same protocol in both.
async function measure(factory) {
  const m = await factory;
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  m._bench_model(32, 32, 1);  // builds the 63 M-parameter model, warms up
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(m._bench_model(32, 32, 1));
  const ms = median(runs);
  const steps = {};
  for (const len of [8, 32, 128]) steps[len] = m._bench_model_step(len);
  return { ms, tokensPerS: 32 / (ms / 1000), steps, info: m.UTF8ToString(m._bench_info()) };
}

const results = {};
const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  // The same measure() runs in the page: its source is sent over and evaluated there.
  results.chromium = await page.evaluate(async ([src, measureSrc]) => {
    const measureInPage = (0, eval)(`(${measureSrc})`);
    const mod = await import(src);
    return measureInPage(mod.default());
  }, [`${server.url}attn_bench.mjs`, measure.toString()]);
} finally {
  await browser.close();
  server.stop();
}
// Node: Emscripten 3.1.6's ES module expects CommonJS globals (__dirname, require) and fetches its
// .wasm with fetch(file://), which node rejects; provide the globals and hand it the bytes.
globalThis.__dirname = path.dirname(modulePath);
globalThis.require = createRequire(modulePath);
const mod = await import(pathToFileURL(modulePath).href);
results.node = await measure(mod.default({ wasmBinary: readFileSync(modulePath.replace(/\.mjs$/, '.wasm')) }));
results.node.nodeVersion = process.version;

for (const [where, r] of Object.entries(results)) {
  console.log(`${where}: encode 32 + greedy 32 = ${r.ms.toFixed(1)} ms (${r.tokensPerS.toFixed(1)} output tokens/s); ` +
              `step at 8/32/128 cached = ${[8, 32, 128].map((l) => r.steps[l].toFixed(2)).join(' / ')} ms`);
}
writeFileSync(path.join(args.out, 'model.json'), JSON.stringify(results, null, 2));

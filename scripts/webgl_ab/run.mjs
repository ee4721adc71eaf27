// Interleaved timing of WebGL compute builds in one headless Chromium (SwiftShader): each build
// in a tab of its own, calls alternating build by build, round by round, so that a slow minute of
// the shared machine hits every column alike. The peer harness runs its columns one after the
// other, each in a fresh browser, and on this machine its ratios moved by ±30% between runs; this
// is what the optimisation steps in docs/benchmarks.md were compared with.
//   node run.mjs PEERS COLUMN...   COLUMN: "tfjs" (tfjs's webgl backend) or a folder holding an
//                                  attn_bench_gl.mjs + .wasm build
// Env: AB_ROUNDS (default 9), AB_WORK ("gemm:64,64,64;attn:8,16,64;enc:32,512,8,2048;..."),
// AB_PROFILE=1: after each workload, each of our builds' per-draw timing of one more call.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [peers, ...columns] = process.argv.slice(2);
if (!peers || !columns.length) { console.error('usage: node run.mjs PEERS COLUMN...'); process.exit(2); }
const { chromium } = await import(path.resolve(peers, 'node_modules/playwright-core/index.mjs'));
const { startServer } = await import(path.resolve(peers, 'tools/server.mjs'));
const { CHROMIUM_ARGS, EXECUTABLE } = await import(path.resolve(peers, 'tools/browser_runner.mjs'));

const mounts = { '/peers/': path.resolve(peers) };
columns.forEach((c, i) => { if (c !== 'tfjs') mounts[`/c${i}/`] = path.resolve(c); });
const server = await startServer({ root: path.dirname(fileURLToPath(import.meta.url)), mounts });
const context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), 'webgl-ab-')),
  { executablePath: EXECUTABLE, headless: true, args: CHROMIUM_ARGS });
const tabs = [];
for (const [i, c] of columns.entries()) {
  const tab = await context.newPage();
  await tab.goto(`${server.url}/${c === 'tfjs' ? 'tfjs' : 'ours'}.html`);
  await tab.waitForFunction(() => window.ready === true, null, { timeout: 60000 });
  console.log(`c${i} ${c}: ${(await tab.evaluate((u) => window.load(u), `/c${i}/attn_bench_gl.mjs`)).slice(0, 120)}`);
  tabs.push(tab);
}
const work = (process.env.AB_WORK || 'gemm:64,64,64;gemm:128,128,128;gemm:256,256,256;gemm:512,512,512;' +
  'attn:8,16,64;attn:8,64,64;attn:8,256,64;enc:32,512,8,2048').split(';');
const rounds = Number(process.env.AB_ROUNDS || 9);
const call = (tab, kind, a, n) => tab.evaluate(([k, a, n]) => window.call(k, a, n), [kind, a, n]);
for (const w of work) {
  const [kind, dims] = w.split(':');
  const a = dims.split(',').map(Number);
  for (const tab of tabs) await call(tab, kind, a, 3);  // compile, allocate, warm up
  const once = (await call(tabs[0], kind, a, 3)) / 3;
  const iters = Math.max(1, Math.round(100 / once));  // a batch of about 100 ms
  const ms = tabs.map(() => []);
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < tabs.length; i++) {
      const j = (i + r) % tabs.length;  // rotate who goes first
      ms[j].push((await call(tabs[j], kind, a, iters)) / iters);
    }
  const median = ms.map((x) => x.sort((p, q) => p - q)[x.length >> 1]);
  console.log(`${w.padEnd(20)} ${median.map((m, i) => `c${i} ${m.toFixed(3)} ms`).join('  ')}   c0/ci: ${median.map((m) => (median[0] / m).toFixed(2)).join(' ')}`);
  if (process.env.AB_PROFILE)
    for (const [i, c] of columns.entries())
      if (c !== 'tfjs') console.log(`c${i} per draw:\n${await tabs[i].evaluate(() => window.profile())}`);
}
await context.close();
server.close();

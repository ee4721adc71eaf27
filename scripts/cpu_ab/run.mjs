// Interleaved timing of the CPU columns in one headless Chromium: our single-thread and threaded
// benchmark modules beside onnxruntime-web's and tfjs's wasm backends, at 1 and 2 threads, each
// column in a tab of its own, calls alternating column by column, round by round (who goes first
// rotates), so that a slow second of the shared machine hits every column alike. The peer
// harness runs its columns one after the other, each in a fresh browser; on this machine its
// ratios moved by up to 40% between runs.
//   node run.mjs PEERS OURS.mjs OURS_THREADED.mjs [--runs N] [--rounds N] [--gap MS] [--work id,...] [--out FILE.json]
// PEERS is a writable copy of the harness with its npm packages (scripts/bench-setup.sh). Each run
// starts a fresh browser; the report gives each ratio's median over runs and its spread.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const flag = (name, fallback) => { const i = argv.indexOf(name); return i < 0 ? fallback : argv.splice(i, 2)[1]; };
const runs = Number(flag('--runs', 3)), rounds = Number(flag('--rounds', 9));
const out = flag('--out', null);
const gapMs = Number(flag('--gap', 50));
const workArg = flag('--work', null);
const [peers, ours, oursThreaded] = argv.map((p) => path.resolve(p));
if (!oursThreaded) { console.error('usage: node run.mjs PEERS OURS.mjs OURS_THREADED.mjs [--runs N] [--rounds N] [--work id,...] [--out FILE]'); process.exit(2); }

const { chromium } = await import(path.resolve(peers, 'node_modules/playwright-core/index.mjs'));
const { startServer } = await import(path.resolve(peers, 'tools/server.mjs'));
const { CHROMIUM_ARGS, EXECUTABLE } = await import(path.resolve(peers, 'tools/browser_runner.mjs'));
const W = await import(path.resolve(peers, 'lib/workloads.mjs'));
if (!fs.existsSync(path.resolve(peers, 'build/onnx/encoder-s32.onnx')))
  (await import(path.resolve(peers, 'tools/make_onnx.mjs'))).makeAll(path.resolve(peers, 'build/onnx'));

// 1-thread columns in a plain page, as the harness and most embeds have them; 2-thread columns in
// a cross-origin-isolated one, which threads need.
const COLUMNS = [
  { id: 'attn-1T', threads: 1, query: `kind=ours&module=/ours/${path.basename(ours)}` },
  { id: 'ort-1T', threads: 1, query: 'kind=ort' },
  { id: 'tfjs-1T', threads: 1, query: 'kind=tfjs' },
  { id: 'attn-2T', threads: 2, query: `kind=ours&module=/ours-mt/${path.basename(oursThreaded)}` },
  { id: 'ort-2T', threads: 2, query: 'kind=ort' },
  { id: 'tfjs-2T', threads: 2, query: 'kind=tfjs' },
].map((c) => ({ ...c, query: `${c.query}&threads=${c.threads}` }));
const RATIOS = [['attn-1T', 'ort-1T'], ['attn-1T', 'tfjs-1T'], ['attn-2T', 'ort-2T'], ['attn-2T', 'tfjs-2T'], ['attn-2T', 'attn-1T']];
const work = workArg ? workArg.split(',') : W.allWorkloads().map((w) => w.id);
const median = (x) => [...x].sort((a, b) => a - b)[x.length >> 1];

const serve = (isolated) => startServer({ root: path.dirname(fileURLToPath(import.meta.url)), isolated,
  mounts: { '/peers/': peers, '/ours/': path.dirname(ours), '/ours-mt/': path.dirname(oursThreaded) } });
const servers = { plain: await serve(false), isolated: await serve(true) };
const reference = Object.fromEntries(work.map((id) => {
  const w = W.workloadById(id);
  return [id, W.probe(w, W.reference(w))];
}));

async function oneRun(r) {
  const context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), 'cpu-ab-')),
    { executablePath: EXECUTABLE, headless: true, args: CHROMIUM_ARGS });
  const tabs = [];
  for (const c of COLUMNS) {
    const tab = await context.newPage();
    tab.on('pageerror', (e) => console.error(`${c.id}: ${e.message}`));
    await tab.goto(`${servers[c.threads > 1 ? 'isolated' : 'plain'].url}/page.html?${c.query}`);
    await tab.waitForFunction(() => window.ready === true, null, { timeout: 120000 });
    const info = await tab.evaluate(() => window.load());
    if (r === 0) console.log(`${c.id}: ${info.slice(0, 160)}`);
    tabs.push(tab);
  }
  const ms = {};
  for (const id of work) {
    const iters = [];
    for (const [i, tab] of tabs.entries()) {
      await tab.bringToFront();  // a background tab's timers are throttled, and some peers wait on them
      const check = W.compareProbes(await tab.evaluate((id) => window.probes(id), id), reference[id]);
      if (!check.ok) throw new Error(`${COLUMNS[i].id} ${id}: wrong output (${check.error || `rel. err ${check.relErr}`})`);
      // compile, allocate, start thread pools: warm up for at least 3 calls and 300 ms, as the harness does
      let calls = 0, spent = 0;
      while (calls < 3 || spent < 300) { spent += await tab.evaluate((id) => window.call(id, 1), id); calls++; }
      iters.push(Math.max(1, Math.round(100 / (spent / calls))));  // batches of about 100 ms
    }
    const samples = tabs.map(() => []);
    for (let round = 0; round < rounds; round++)
      for (let k = 0; k < tabs.length; k++) {
        const i = (k + round) % tabs.length;
        await new Promise((ok) => setTimeout(ok, gapMs));  // the previous column's spinning workers go to sleep
        await tabs[i].bringToFront();
        samples[i].push((await tabs[i].evaluate(([id, n]) => window.call(id, n), [id, iters[i]])) / iters[i]);
      }
    ms[id] = Object.fromEntries(COLUMNS.map((c, i) => [c.id, median(samples[i])]));
    console.log(`run ${r + 1} ${id.padEnd(12)} ${COLUMNS.map((c) => `${c.id} ${ms[id][c.id].toFixed(3)}`).join('  ')}`);
  }
  await context.close();
  return ms;
}

const perRun = [];
for (let r = 0; r < runs; r++) perRun.push(await oneRun(r));
for (const s of Object.values(servers)) await s.close();

const fmt = (x) => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
const lines = [`Medians over ${runs} interleaved runs (${rounds} rounds each): ms per call, then speed-ups with [min-max] over runs.`, '',
  `| column | ${work.join(' | ')} |`, `|---|${work.map(() => '---:').join('|')}|`];
for (const c of COLUMNS) lines.push(`| ${c.id} | ${work.map((id) => fmt(median(perRun.map((m) => m[id][c.id])))).join(' | ')} |`);
lines.push('', `| speed-up | ${work.join(' | ')} |`, `|---|${work.map(() => '---:').join('|')}|`);
for (const [a, b] of RATIOS) {
  const cells = work.map((id) => {
    const x = perRun.map((m) => m[id][b] / m[id][a]);
    return `${median(x).toFixed(2)} [${Math.min(...x).toFixed(2)}-${Math.max(...x).toFixed(2)}]`;
  });
  lines.push(`| ${a} over ${b} | ${cells.join(' | ')} |`);
}
console.log(lines.join('\n'));
if (out) {
  fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), cpus: os.cpus().length, runs, rounds, perRun }, null, 1));
  fs.writeFileSync(out.replace(/\.json$/, '') + '.md', lines.join('\n') + '\n');
}

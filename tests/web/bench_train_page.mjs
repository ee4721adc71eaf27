// Training in the page against the same wasm under node, interleaved in one run (node, page,
// node, page), on a task's preset (default reverse, lengths 1-8): steps per second, the page's
// main-loop rate while it trains (panel open and closed) and the page's time to its target
// (99% held-out exact match; BLEU 30 for the mini corpus, on the panel's quick check of 100
// held-out sentences). For the symbol tasks also the worker alone in a page without the app (no
// drawing beside it): what the page's rate would be if the app's frames cost nothing.
// For docs/benchmarks.md; nothing is asserted.
//   node tests/web/bench_train_page.mjs --site build/web/site --cli build/web/attn.js [--task mini_en_de]
//        [--seconds 30] [--rounds 2] [--closed 1]   (run from the repository root: node reads assets/)
import { spawnSync } from 'node:child_process';
import { appReady, launchBrowser, parseArgs, startServer } from './harness.mjs';

const args = parseArgs();
const seconds = Number(args.seconds || 30);
const task = args.task || 'reverse';
const corpus = task.startsWith('mini_');
const rounds = Number(args.rounds || 2);
const closed = args.closed !== '0';
const reachedTarget = (t) => (corpus ? t.heldout_bleu >= 30 : t.heldout_exact_match >= 0.99);
function nodeRate() {
  const r = spawnSync('node', ['--no-experimental-fetch', args.cli, 'train-live', '--task', task, '--target', corpus ? '1000' : '1.01',
                               '--seconds', String(Math.min(seconds, 120)), '--assets', 'assets'], { encoding: 'utf8' });
  const lines = r.stdout.trim().split('\n').filter((l) => l.startsWith('step'));
  const m = /([\d.]+) steps\/s/.exec(lines[lines.length - 1] || '');
  return m ? Number(m[1]) : NaN;
}
const server = await startServer(args.site);
const browser = await launchBrowser();
const state = (page) => page.evaluate(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])));
async function pageRun(open) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}#panel=train&task=${task}&steps=100000&autostart=1`);
  await appReady(page);
  if (!open) await page.evaluate(() => Module.ccall('attn_show_panel', 'number', ['string', 'number'], ['train', 0]));
  await page.waitForTimeout(2000);
  const s0 = (await state(page)).train.step, f0 = await page.evaluate(() => Module._attn_frame_count()), t0 = Date.now();
  let reached = null;
  while (Date.now() - t0 < seconds * 1000) {
    await page.waitForTimeout(500);
    const t = (await state(page)).train;
    if (reached === null && reachedTarget(t)) reached = { step: t.step, s: (Date.now() - t0) / 1000 + 2, bleu: t.heldout_bleu };
  }
  const t = (await state(page)).train, f1 = await page.evaluate(() => Module._attn_frame_count()), dt = (Date.now() - t0) / 1000;
  await page.close();
  return { steps_per_s: (t.step - s0) / dt, loop_per_s: (f1 - f0) / dt, reached };
}
// The Train panel's worker in a blank page of the same origin, training `steps` steps of the task's
// default setup: steps per second from the request to its last snapshot.
async function workerAlone(steps) {
  const page = await browser.newPage();
  await page.goto(`${server.url}/no-such-page`);  // the site's origin, without the app
  const seconds = await page.evaluate(([task, steps]) => new Promise((resolve) => {
    const worker = new Worker('train-worker.js');
    let t0 = 0, last = 0;
    worker.onmessage = (e) => { if (e.data.type === 'snapshot') last = performance.now(); };
    setTimeout(() => {
      t0 = performance.now();
      worker.postMessage({ type: 'request', command: 'start', setup: `task ${task}\nsteps ${steps}\n`, probe: '' });
    }, 3000);
    const poll = setInterval(() => {
      if (!t0 || !last || performance.now() - last < 1500) return;
      clearInterval(poll);
      worker.terminate();
      resolve((last - t0) / 1000);
    }, 200);
  }), [task, steps]);
  await page.close();
  return { steps_per_s: steps / seconds };
}
const rows = [];
for (let round = 0; round < rounds; round++) {
  rows.push({ round, where: 'node', steps_per_s: nodeRate() });
  rows.push({ round, where: 'page, panel open', ...(await pageRun(true)) });
  if (closed) rows.push({ round, where: 'page, panel closed', ...(await pageRun(false)) });
  if (!corpus) rows.push({ round, where: 'worker alone', ...(await workerAlone(Math.round(35 * seconds))) });
}
await browser.close();
server.stop();
for (const r of rows) console.log(JSON.stringify(r));
const mean = (w) => rows.filter((r) => r.where === w).reduce((a, r) => a + r.steps_per_s, 0) / rounds;
console.log(`page/node, panel open: ${(mean('page, panel open') / mean('node')).toFixed(2)}; closed: ${(mean('page, panel closed') / mean('node')).toFixed(2)}` +
            (corpus ? '' : `; the worker alone: ${(mean('worker alone') / mean('node')).toFixed(2)}`));

// Runs floor.html (what a 64³ product with readback can cost here) in one headless Chromium with
// the harness's flags: every column timed in turns, round by round, the order reversed every
// other round; prints each column's median ms per call and tfjs's ms over it.
//   node floor.mjs PEERS OURS_DIR    (scripts/bench-webgl-floor sets both)
// Env: FLOOR_ROUNDS (default 21), FLOOR_CALLS (calls per timed batch, default 200).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [peers, ours] = process.argv.slice(2);
if (!peers || !ours) { console.error('usage: node floor.mjs PEERS OURS_DIR'); process.exit(2); }
const { chromium } = await import(path.resolve(peers, 'node_modules/playwright-core/index.mjs'));
const { startServer } = await import(path.resolve(peers, 'tools/server.mjs'));
const { CHROMIUM_ARGS, EXECUTABLE } = await import(path.resolve(peers, 'tools/browser_runner.mjs'));

const server = await startServer({ root: path.dirname(fileURLToPath(import.meta.url)),
  mounts: { '/peers/': path.resolve(peers), '/ours/': path.resolve(ours) } });
const context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(os.tmpdir(), 'webgl-floor-')),
  { executablePath: EXECUTABLE, headless: true, args: CHROMIUM_ARGS });
try {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/floor.html`);
  await page.waitForFunction(() => window.ready === true || document.title === 'failed', null, { timeout: 120000 })
    .catch(() => { throw new Error(`floor.html did not start: ${errors.join(' | ')}`); });
  const info = await page.evaluate(() => window.info);
  console.log(`renderer: ${info.renderer}\nours: ${info.ours}\nmax abs error against float64: ` +
              Object.entries(info.errors).map(([k, v]) => `${k} ${Number(v).toExponential(1)}`).join(', '));
  const names = await page.evaluate(() => window.names);
  const rounds = Number(process.env.FLOOR_ROUNDS || 21), calls = Number(process.env.FLOOR_CALLS || 200);
  const ms = Object.fromEntries(names.map((n) => [n, []]));
  for (const n of names) await page.evaluate(([n]) => window.run(n, 50), [n]);  // warm up
  for (let r = 0; r < rounds; r++)
    for (const n of r % 2 ? [...names].reverse() : names) ms[n].push(await page.evaluate(([n, c]) => window.run(n, c), [n, calls]));
  const median = (x) => [...x].sort((p, q) => p - q)[x.length >> 1];
  const tfjs = median(ms.tfjs);
  for (const n of names) {
    const m = median(ms[n]);
    console.log(`${n.padEnd(14)} ${m.toFixed(3)} ms   min ${Math.min(...ms[n]).toFixed(3)}   tfjs / this ${(tfjs / m).toFixed(2)}`);
  }
} finally {
  await context.close();
  server.close();
}

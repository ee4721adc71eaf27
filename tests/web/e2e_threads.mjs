// The threaded build where the page is cross-origin isolated, the single-thread build where it is
// not, and the same numbers from both. ./play's server sends COOP/COEP: the page loads index-mt.js
// (Emscripten pthreads) and splits its kernels over half the machine's logical cores. Served without those
// headers, as most hosts and every embed in a plain tutorial page are, the page never asks for
// index-mt.* and runs on one thread. The kernels split their work so that each value is the same
// sum on any number of threads: translation and attention weights must agree bit for bit.
import path from 'node:path';
import { appState, check, checkPageClean, finish, launchBrowser, openApp, parseArgs, startServer, translated } from './harness.mjs';

const args = parseArgs();
const browser = await launchBrowser();
// About 40 pieces: the encoder's linears and the attention of 4 heads are then large enough to split.
const sentence = 'the students who were watching a movie in the kitchen yesterday said that the model learns ' +
                 'where to look when it translates a long sentence into german .';
const selections = [[0, 2, 1], [1, 2, -1], [2, 0, -1], [2, 2, 3]];  // kind, layer, head

async function run(isolated) {
  const server = await startServer(args.site, { isolated });
  try {
    const { page, seen } = await openApp(browser, `${server.url}#model=de`);
    const requested = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    // The page starts at half the logical cores (at most 4): 1 on a 2-core machine. Two threads are
    // asked for here, so that the split kernels run whatever the machine.
    const start = await appState(page);
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const threads = await page.evaluate(() => Module.ccall('attn_set_threads', 'number', ['number'], [2]));
    await page.evaluate((s) => Module.ccall('attn_set_sentence', null, ['string'], [s]), sentence);
    await translated(page, { sentence, timeout: 90000 });
    const coi = await page.evaluate(() => window.crossOriginIsolated);
    let s = await appState(page);
    const result = { coi, build: s.threads_build, cores, start: start.threads, threads, translation: s.translation, maps: [] };
    for (const [kind, layer, head] of selections) {
      await page.evaluate(([k, l, h]) => Module.ccall('attn_select', null, ['number', 'number', 'number', 'number'], [k, l, h, 0]),
                          [kind, layer, head]);
      s = await appState(page);
      result.maps.push(s.map.values);
    }
    // Time only, for the log: ten translations of the sentence with every trace, median.
    result.ms = await page.evaluate(() => {
      const times = [];
      for (let i = 0; i < 10; i++) {
        const t0 = performance.now();
        Module.ccall('attn_translate_now', null, [], []);
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[5];
    });
    result.scripts = (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)))
      .concat(requested).filter((p) => /index(-mt)?\.(js|wasm|data)$|worker\.js$/.test(p));
    await page.locator('#canvas').screenshot({ path: path.join(args.out, `e2e_threads_${isolated ? 'isolated' : 'plain'}.png`) });
    checkPageClean(seen);
    await page.close();
    return result;
  } finally {
    server.stop();
  }
}

const mt = await run(true);
check(mt.coi === true, 'served with COOP/COEP, the page is cross-origin isolated');
check(mt.build === 'web-threads' && mt.start === Math.min(4, Math.max(1, Math.ceil(mt.cores / 2))),
      `it runs the threaded build, starting on ${mt.start} thread(s) for ${mt.cores} cores (${mt.build})`);
check(mt.threads === 2, `and can run on 2 (${mt.threads})`);
check(mt.scripts.includes('/index-mt.js') && !mt.scripts.includes('/index.js'), `and loads index-mt.js only (${[...new Set(mt.scripts)].join(', ')})`);

const st = await run(false);
check(st.coi === false, 'served without them, it is not');
check(st.build === 'web-single' && st.start === 1 && st.threads === 1, `it runs the single-thread build (${st.build}, ${st.threads} thread)`);
check(!st.scripts.some((p) => p.includes('index-mt')), `and never asks for index-mt.* (${[...new Set(st.scripts)].join(', ')})`);

check(mt.translation === st.translation && mt.translation.length > 0, `both translate alike: "${mt.translation}"`);
for (let i = 0; i < selections.length; i++) {
  const a = mt.maps[i], b = st.maps[i];
  const same = a.length > 0 && a.length === b.length && a.every((v, j) => v === b[j]);
  check(same, `map ${JSON.stringify(selections[i])}: ${a.length} weights, bit for bit the same on ${mt.threads} threads and on 1`);
}
console.log(`translating the ${sentence.split(' ').length}-word sentence with every trace (median of 10): ` +
            `${mt.ms.toFixed(1)} ms on ${mt.threads} threads, ${st.ms.toFixed(1)} ms on 1 (${(st.ms / mt.ms).toFixed(2)}x)`);
await browser.close();
finish();

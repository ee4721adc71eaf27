// The playground as a learner uses it: type a sentence into the page's text box (the DOM input laid
// over the canvas), get the shipped model's translation, and see its attention. Checks, through the
// exported JSON state (app/state_json.h) and screenshots:
//   - the translation of a corpus example equals its reference;
//   - the heatmap is drawn, and the pixel in the strongest cell has the colour scale's colour for
//     that cell's weight;
//   - another layer/head gives another map;
//   - the step-through's softmax row equals the heatmap's row;
//   - Chinese text committed through the DOM input (as an IME does) arrives intact.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, colourStats, decodePng, finish, launchBrowser, parseArgs, startServer, checkPageClean, appState, translated, openApp } from './harness.mjs';

const args = parseArgs();
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// An example sentence and its reference, from the file the app itself loads.
const examples = readFileSync(path.join(repo, 'assets/examples.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'));
const example = examples.find((e) => e[0] === (args.tag || 'past'));
const expected = example[2].split(' ').join('');  // the zh_TW reference, joined as the app displays it

const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const { page, seen } = await openApp(browser, server.url);
  const state = () => appState(page);
  const settled = async () => {
    await translated(page);
    await page.waitForTimeout(150);  // a frame or two to draw it
    return state();
  };

  // Type like a person: click the box, clear it, type.
  const input = page.locator('#sentence-input');
  check(await input.isVisible(), 'the DOM sentence box is laid over the canvas');
  await input.click();
  await input.fill('');
  await page.keyboard.type(example[1], { delay: 5 });
  let s = await settled();
  console.log(`"${s.sentence}" -> "${s.translation}" (${s.milliseconds.toFixed(1)} ms)`);
  check(s.sentence === example[1], 'the typed sentence reached the app');
  check(s.translation === expected, `the translation is the reference "${expected}"`);

  // Cross-attention, mean of heads, as a heatmap: the strongest cell has the scale's colour.
  await page.evaluate(() => Module.ccall('attn_select', null, ['number', 'number', 'number', 'number'], [2, 0, -1, 0]));
  s = await settled();
  const { rows, cols, values } = s.map;
  check(rows === s.outputs.length && cols === s.source.length, `cross-attention map is outputs × source (${rows}×${cols})`);
  const shot = decodePng(await page.screenshot({ path: path.join(args.out, 'e2e_translate.png') }));
  const stats = colourStats(shot);
  check(stats.distinct > 50, `the page shows a drawn app (${stats.distinct} colours)`);
  const h = s.heatmap;
  check(h.w > 20 && h.h > 20, `the heatmap has a size (${h.w}×${h.h})`);
  // The strongest cell among those not scrolled out of view.
  // The point sampled is near the cell's top-left corner: the centre may carry the printed weight.
  const v = h.visible, centre = (i) => [h.x + (i % cols + 0.2) * h.w / cols, h.y + (Math.floor(i / cols) + 0.2) * h.h / rows];
  const inView = (i) => { const [x, y] = centre(i); return x > v.x + 2 && x < v.x + v.w - 2 && y > v.y + 2 && y < v.y + v.h - 2; };
  let best = -1;
  for (let i = 0; i < values.length; i++) if (inView(i) && (best < 0 || values[i] > values[best])) best = i;
  check(best >= 0, 'some heatmap cells are in view');
  const r = Math.floor(best / cols), c = best % cols;
  const [x, y] = centre(best).map(Math.round);
  const at = (y * shot.width + x) * shot.channels;
  const got = [shot.px[at], shot.px[at + 1], shot.px[at + 2]];
  const packed = await page.evaluate((w) => Module.ccall('attn_attention_rgb', 'number', ['number'], [w]), values[best]);
  const want = [(packed >> 16) & 255, (packed >> 8) & 255, packed & 255];
  const off = Math.max(...got.map((v, i) => Math.abs(v - want[i])));
  check(off <= 6, `cell (${r},${c}) weight ${values[best].toFixed(3)} is painted ${got} ≈ scale ${want}`);

  // Another layer and head: another map; the step-through's softmax is that map's row.
  const before = JSON.stringify(values);
  await page.evaluate(() => Module.ccall('attn_select', null, ['number', 'number', 'number', 'number'], [2, 1, 2, 1]));
  s = await settled();
  check(JSON.stringify(s.map.values) !== before, 'layer 1 head 2 shows a different map');
  const row = s.map.values.slice(s.step.query * s.map.cols, (s.step.query + 1) * s.map.cols);
  const diff = Math.max(...row.map((v, i) => Math.abs(v - s.step.weights[i])));
  check(s.step.weights.length === s.map.cols && diff < 1e-5, `step-through softmax equals heatmap row ${s.step.query} (max diff ${diff.toExponential(1)})`);
  for (const [kind, name] of [[0, 'encoder self'], [1, 'decoder self']]) {
    await page.evaluate((k) => Module.ccall('attn_select', null, ['number', 'number', 'number', 'number'], [k, 0, 1, 1]), kind);
    s = await settled();
    const rw = s.map.values.slice(s.step.query * s.map.cols, (s.step.query + 1) * s.map.cols);
    const d = Math.max(...rw.map((v, i) => Math.abs(v - s.step.weights[i])));
    check(d < 1e-5, `${name}: step-through softmax equals the heatmap row (max diff ${d.toExponential(1)})`);
  }

  // Chinese committed through the DOM input, as an IME commits it.
  await input.click();
  await input.fill('');
  await page.keyboard.insertText('注意力 dog 機制');
  await page.waitForTimeout(200);
  const back = await page.evaluate(() => Module.ccall('attn_get_sentence', 'string', [], []));
  check(back === '注意力 dog 機制', `Chinese typed into the DOM box arrives intact: "${back}"`);
  s = await settled();
  // A subword model flags words (any of whose pieces no training sentence had), a word-level model tokens.
  const unknown = s.pieces ? s.words.unknown : s.unknown;
  check(unknown.length === 3 && unknown[0] && !unknown[1] && unknown[2], `the unknown Chinese words are flagged, "dog" is known (${JSON.stringify(unknown)})`);

  // Benchmark figure for docs/benchmarks.md (reported, not asserted: shared machines are noisy):
  // a 20-word sentence translated greedily with every attention map, the top-5 per step and one
  // head's Q/K/V recorded, median of 15 runs inside the page.
  const twenty = 'that princess will eat the sour watermelon that you have eaten angrily if a colleague understands her on the farm';
  const times = await page.evaluate((text) => {
    Module.ccall('attn_set_sentence', null, ['string'], [text]);
    const ms = [];
    for (let i = 0; i < 15; i++) {
      Module.ccall('attn_translate_now', null, [], []);
      ms.push(JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).milliseconds);
    }
    return ms.sort((a, b) => a - b);
  }, twenty);
  console.log(`BENCH 20-word sentence, translate with all traces: median ${times[7].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[14].toFixed(1)})`);

  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();

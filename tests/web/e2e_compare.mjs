// The Compare panel in the browser: open it through the host API, let it download the two RNN
// translators (they are not in index.data: the panel fetches them from the site's models/ folder
// on first use), and read back, through the exported JSON state (app/state_json.h):
//   - three translations of the playground's sentence, none empty, from the architectures
//     rnn_encdec, rnn_search and transformer, in that order;
//   - RNNencdec's vector C, RNNsearch's alignment (rows sum to 1), the timing strip (a step per
//     source token for each RNN, one pass for the Transformer) and the shipped BLEU lines;
//   - "Recompute on the mini test set" runs over several frames and yields three lines;
//   - the RNN downloads stay on the page's origin, the panel is drawn (screenshot), and the DOM
//     sentence box hides while the panel covers it.
import path from 'node:path';
import { check, colourStats, decodePng, finish, launchBrowser, parseArgs, startServer, watchPage, checkPageClean, appReady, appState } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const seen = watchPage(page, server.url);
  const fetched = [];
  page.on('request', (r) => { if (r.url().includes('/models/rnn_')) fetched.push(r.url()); });
  await page.goto(server.url);
  await appReady(page);
  const state = () => appState(page);

  check(fetched.length === 0, 'the RNN translators are not downloaded before the Compare panel opens');
  check(await page.evaluate(() => window.attnShowPanel('no such panel')) === false, 'attnShowPanel refuses an unknown name');
  check(await page.evaluate(() => window.attnShowPanel('compare')) === true, 'attnShowPanel opens the "compare" panel');
  await page.waitForFunction(() => {
    const s = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return s.compare.ready && s.compare.sentence === s.sentence;
  }, null, { timeout: 60000 });
  await page.waitForTimeout(300);  // a few frames to draw it
  let s = await state();
  const c = s.compare;
  console.log(`"${c.sentence}" (EN -> ${c.language})`);
  for (const m of c.models) console.log(`  ${m.architecture}: "${m.display}" ${m.error}`);
  check(c.open, 'the Compare panel is open');
  check(!(await page.locator('#sentence-input').isVisible()), 'the DOM sentence box hides under the Compare panel');
  check(JSON.stringify(c.models.map((m) => m.architecture)) === '["rnn_encdec","rnn_search","transformer"]',
        'the three columns are rnn_encdec, rnn_search and transformer');
  for (const m of c.models) {
    check(m.error === '' && m.display.length > 0, `${m.architecture} translated the sentence`);
    check(m.probabilities.length === m.outputs.length && m.probabilities.every((p) => p > 0 && p <= 1),
          `${m.architecture}: a probability in (0, 1] for each of its ${m.outputs.length} output tokens`);
  }
  check(c.models[2].display === s.translation || s.beam !== 1, 'the Transformer column is the playground translation');
  check(c.context_c.length > 0 && c.context_c.every((x) => Math.abs(x) <= 1), `C has ${c.context_c.length} values, each in [-1, 1]`);
  const a = c.alignment;
  check(a.rows === c.models[1].outputs.length && a.cols === c.source.length, `the alignment is outputs × source (${a.rows}×${a.cols})`);
  let worst = 0;
  for (let r = 0; r < a.rows; r++) worst = Math.max(worst, Math.abs(a.values.slice(r * a.cols, (r + 1) * a.cols).reduce((x, y) => x + y, 0) - 1));
  check(a.rows > 0 && worst < 1e-4, `every alignment row sums to 1 (worst ${worst.toExponential(1)})`);
  check(c.cross.rows === c.models[2].outputs.length && c.cross.cols === c.source.length, 'the cross-attention map is outputs × source');
  check(c.timing.length === 3 && c.timing[0].ms.length === c.source.length && c.timing[1].ms.length === c.source.length &&
        c.timing[2].ms.length === 1, 'timing: a step per source token for each RNN, one pass for the Transformer');
  check(c.bleu.shipped.series.length === 3 && c.bleu.shipped_error === '', 'the shipped BLEU-by-length lines for the three models');
  check(fetched.length === 2 && fetched.every((u) => u.startsWith(server.url)), `the two RNNs came from the site (${fetched.length} requests)`);

  const shot = decodePng(await page.screenshot({ path: path.join(args.out, 'e2e_compare.png') }));
  const stats = colourStats(shot);
  check(stats.distinct > 100, `the page shows the drawn panel (${stats.distinct} colours)`);

  // The recompute button: progress over several frames, then three recomputed lines.
  await page.evaluate(() => Module.ccall('attn_compare_recompute', null, [], []));
  const progress = new Set();
  for (let i = 0; i < 600; i++) {
    s = await state();
    if (s.compare.bleu.running) progress.add(s.compare.bleu.progress.toFixed(2));
    if (!s.compare.bleu.running && s.compare.bleu.recomputed.series.length) break;
    await page.waitForTimeout(50);
  }
  const b = s.compare.bleu;
  console.log(`recompute: ${progress.size} distinct progress values seen; ${b.recompute_error}`);
  check(b.recomputed.series.length === 3 && b.recomputed.categories.length === 8, 'the recompute gives three lines over 8 length buckets');
  check(progress.size >= 2, 'the recompute ran over several frames (progress seen moving)');
  await page.screenshot({ path: path.join(args.out, 'e2e_compare_recomputed.png') });

  await page.evaluate(() => window.attnShowPanel('compare', false));
  await page.waitForTimeout(300);
  check(await page.locator('#sentence-input').isVisible(), 'closing the panel shows the sentence box again');

  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();

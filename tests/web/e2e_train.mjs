// Train in the browser: a link starts a short reverse run, the probe's cross-attention forms the
// anti-diagonal (each output reads the mirrored input), the page keeps drawing while it trains,
// Pause keeps the run in IndexedDB, and a reload offers it and resumes it with its timeline. Use
// in Translate runs it; Export downloads it as safetensors, and Import loads that file back.
// The mini corpus: the worker draws it from the grammar, trains the preset and scores BLEU, the
// probe is an English sentence, and Use in Translate translates it with the model.
// The frame rate and steps per second are printed for docs/benchmarks.md, not asserted.
import fs from 'node:fs';
import path from 'node:path';
import { appReady, appState, check, checkPageClean, colourStats, decodePng, finish, launchBrowser, parseArgs, startServer, watchPage } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
// The default preset (reverse, lengths 1-8), checked and saved more often than by default.
const setup = 'task=reverse&eval=50&checkpoint=50&snapshot=10&probe=1%202%203%204%205';
const train = (page) => page.evaluate(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).train);
const command = (page, name) => page.evaluate((n) => Module.ccall('attn_train_command', 'number', ['string'], [n]), name);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const seen = watchPage(page, server.url);
  await page.goto(`${server.url}#panel=train&${setup}&autostart=1`);
  await appReady(page);
  let t = await train(page);
  check(t.open && t.started && t.running, `the link opened the Train panel and started (step ${t.step})`);
  check(t.run_setup.eval === 50 && t.run_setup.checkpoint === 50 && t.probe.text === '1 2 3 4 5', 'with the link\'s setup and probe');

  // The page keeps drawing while it trains.
  const f0 = await page.evaluate(() => Module._attn_frame_count()), s0 = t.step, t0 = Date.now();
  await page.waitForTimeout(5000);
  const f1 = await page.evaluate(() => Module._attn_frame_count()), t1 = Date.now();
  t = await train(page);
  const fps = (f1 - f0) / ((t1 - t0) / 1000), sps = (t.step - s0) / ((t1 - t0) / 1000);
  console.log(`while training: ${fps.toFixed(1)} frames/s, ${sps.toFixed(1)} steps/s (the run's own: ${t.steps_per_second.toFixed(1)})`);
  check(t.step > s0, 'it trains while the page draws');
  await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_train_early.png') });

  await page.waitForFunction(() => {
    const tr = JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).train;
    return tr.attention_follows_task >= 0.9 && tr.heldout_exact_match >= 0.9;
  }, null, { timeout: 300000, polling: 1000 });
  t = await train(page);
  console.log(`step ${t.step}: held-out ${(100 * t.heldout_exact_match).toFixed(1)}%, attention where the task says ${(100 * t.attention_follows_task).toFixed(1)}% (head ${t.best_head})`);
  check(t.attention_follows_task >= 0.9, 'the best head\'s attention points at the mirrored source position on at least 90% of held-out rows');
  const p = t.probe, n = p.source.length - 1;  // symbols, then </s>
  let mirrored = 0;
  for (let r = 0; r < n; r++) {
    const row = p.best_head_map.slice(r * p.cols, (r + 1) * p.cols);
    if (row.indexOf(Math.max(...row)) === n - 1 - r) mirrored++;
  }
  check(mirrored === n, `the probe's map is the anti-diagonal: ${mirrored} of ${n} rows peak at the mirrored symbol`);
  check(p.output === '5 4 3 2 1', `the model reverses the probe: "${p.output}"`);
  const shot = decodePng(await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_train_learned.png') }));
  check(colourStats(shot).distinct > 50, 'the panel is drawn');

  // Pause saves; a reload offers the run; Resume brings it back with its timeline.
  await command(page, 'pause');
  await page.waitForFunction(() => !JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).train.running, null, { timeout: 10000 });
  const paused = await train(page);
  await page.waitForFunction((step) => window.attnTrainPersistedStep === step, paused.step, { timeout: 20000 });  // Pause's checkpoint in IndexedDB
  await page.goto(`${server.url}#panel=train`);
  await page.reload();
  await appReady(page);
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).train.saved_offered, null, { timeout: 20000 });
  t = await train(page);
  check(t.saved_step === paused.step, `after the reload the run is offered at step ${t.saved_step} (paused at ${paused.step})`);
  await command(page, 'resume_saved');
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).train.started, null, { timeout: 20000 });
  t = await train(page);
  check(t.step === paused.step, `resumed at step ${t.step}`);
  check(t.timeline_steps[0] === 0 && t.timeline_steps.length >= paused.timeline_steps.length - 1,
        `with its timeline from step 0 (${t.timeline_steps.length} frames)`);
  check(t.curve_points >= paused.curve_points - 50, `and its loss curve (${t.curve_points} points)`);
  check(t.attention_follows_task >= 0.85, `and what it learned (${(100 * t.attention_follows_task).toFixed(1)}%)`);
  await command(page, 'start');
  await page.waitForFunction((s) => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).train.step > s, paused.step, { timeout: 20000 });
  check(true, 'and it trains on');
  await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_train_resumed.png') });

  // Use in Translate: the worker hands over the model; the translation panels run it on the probe.
  await command(page, 'use');
  await page.waitForFunction(() => {
    const s = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return s.model === 2 && s.ready && s.translated_sentence === '1 2 3 4 5';
  }, null, { timeout: 30000 });
  const s = await appState(page);
  check(s.models.length === 3 && /reverse/.test(s.models[2]), `the model list names the trained model: "${s.models[2]}"`);
  check(s.translation === '5 4 3 2 1', `Translate runs it on the probe: "${s.translation}"`);
  check(!s.train.open, 'and the Train panel steps aside for the translation panels');
  // The run goes on in the worker with the panel closed, and the page stops drawing for it: the
  // cores go to the worker, and the state still follows the run.
  if (s.train.running) {
    const d0 = await page.evaluate(() => Module._attn_drawn_frame_count()), step0 = s.train.step;
    await page.waitForTimeout(5000);
    const d1 = await page.evaluate(() => Module._attn_drawn_frame_count()), step1 = (await appState(page)).train.step;
    check(step1 > step0 && d1 - d0 < 20, `with the panel closed the run went on (step ${step0} → ${step1}) and the page drew ${d1 - d0} frames in 5 s`);
  } else {
    check(s.train.finished, `the run had finished (step ${s.train.step}) before the panel closed`);
  }

  // Export: the browser downloads the model in the format of `attn train`.
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), command(page, 'export')]);
  const file = path.join(args.out, download.suggestedFilename());
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  const headerBytes = Number(bytes.readBigUInt64LE(0));
  const header = JSON.parse(bytes.subarray(8, 8 + headerBytes).toString('utf8'));
  const tensors = Object.keys(header).filter((k) => k !== '__metadata__');
  check(download.suggestedFilename().endsWith('.safetensors') && header.__metadata__?.task === 'reverse' && tensors.length > 10,
        `Export downloads ${download.suggestedFilename()} (${bytes.length} bytes, ${tensors.length} tensors, task ${header.__metadata__?.task})`);

  // Import: the file chooser hands the file to the app, which runs it in the trained model's place.
  await page.setInputFiles('#model-input', file);
  await page.waitForFunction((name) => {
    const st = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return st.models.length === 3 && st.models[2].includes(name) && st.model === 2 && st.ready && !st.pending;
  }, download.suggestedFilename(), { timeout: 30000 });
  const imported = await appState(page);
  check(imported.translation === '5 4 3 2 1', `Import loads it back as "${imported.models[2]}", which reverses the probe: "${imported.translation}"`);
  checkPageClean(seen);
  await page.close();

  // The article's RNNsearch from a link: its alignment α forms the anti-diagonal too.
  const rnn = await context.newPage();
  const rnnSeen = watchPage(rnn, server.url);
  await rnn.goto(`${server.url}#panel=train&task=reverse&arch=rnn_search&eval=50&snapshot=10&probe=1%202%203%204%205&autostart=1`);
  await appReady(rnn);
  // Until a held-out check is nearly all right and the probe's map is the anti-diagonal (on the
  // way there RNNsearch's held-out score swings from one check to the next).
  const antiDiagonalRows = (p) => {
    let rows = 0;
    for (let r = 0; r < p.source.length - 1; r++) {
      const row = p.best_head_map.slice(r * p.cols, (r + 1) * p.cols);
      if (row.indexOf(Math.max(...row)) === p.source.length - 2 - r) rows++;
    }
    return rows;
  };
  const learned = (tr) => tr.run_setup.arch === 'rnn_search' && tr.attention_follows_task >= 0.9 && tr.heldout_exact_match >= 0.95 &&
    tr.probe.best_head_map && antiDiagonalRows(tr.probe) === tr.probe.source.length - 1;
  for (const until = Date.now() + 300000; !learned(t = await train(rnn)) && Date.now() < until;) await rnn.waitForTimeout(1000);
  console.log(`RNNsearch, step ${t.step}: held-out ${(100 * t.heldout_exact_match).toFixed(1)}%, alignment where the task says ${(100 * t.attention_follows_task).toFixed(1)}%`);
  check(t.heldout_exact_match >= 0.95 && t.attention_follows_task >= 0.9, 'RNNsearch learned reverse, its alignment on the mirrored symbol');
  check(!t.saved_offered, 'the link\'s run replaced the run kept from before: it is not offered beside it');
  const q = t.probe;
  check(q.layers === 1 && q.heads === 1, 'RNNsearch shows one map, its alignment');
  const mirroredRnn = antiDiagonalRows(q);
  check(mirroredRnn === q.source.length - 1, `RNNsearch's alignment on the probe is the anti-diagonal: ${mirroredRnn} of ${q.source.length - 1} rows`);
  check(t.heldout_exact_by_length.length === 9, `the held-out check by length (${t.heldout_exact_by_length.map((x) => x.toFixed(2)).join(' ')})`);
  await rnn.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_train_rnn_search.png') });
  // Use in Translate: the translation panels run the RNN; its one map is the alignment, and the
  // Step-through's softmax of the decoder's scores is that map's row.
  await command(rnn, 'use');
  await rnn.waitForFunction(() => {
    const st = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return st.model === 2 && st.ready && !st.pending && st.translated_sentence === '1 2 3 4 5';
  }, null, { timeout: 30000 }).catch(() => {});
  const usedRnn = await appState(rnn);
  check(usedRnn.architecture === 'rnn_search' && usedRnn.translation === '5 4 3 2 1',
        `Use in Translate runs the RNNsearch (${usedRnn.architecture}) on the probe: "${usedRnn.translation}"`);
  const usedRows = usedRnn.map.rows, usedCols = usedRnn.map.cols;
  let usedMirrored = 0;
  for (let r = 0; r + 1 < usedRows; r++) {
    const row = usedRnn.map.values.slice(r * usedCols, (r + 1) * usedCols);
    if (row.indexOf(Math.max(...row)) === usedCols - 2 - r) usedMirrored++;
  }
  check(usedMirrored === usedRows - 1, `its alignment in the Attention panel is the anti-diagonal: ${usedMirrored} of ${usedRows - 1} rows`);
  const rnnStep = usedRnn.step || { query: 0, energies: [], weights: [] };
  const stepRow = usedRnn.map.values.slice(rnnStep.query * usedCols, (rnnStep.query + 1) * usedCols);
  check(rnnStep.energies.length === usedCols && rnnStep.weights.every((w, j) => Math.abs(w - stepRow[j]) < 1e-5),
        `the Step-through's softmax of the scores e_ij (${rnnStep.energies.map((e) => e.toFixed(2)).join(' ')}) is the map's row`);
  await rnn.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_train_rnn_search_in_translate.png') });
  checkPageClean(rnnSeen);

  // The mini corpus, English to German, its preset from a link: the worker draws the 30,000
  // pairs, trains, and checks BLEU on the dev split; a held-out sentence is the probe.
  const mini = await context.newPage();
  const miniSeen = watchPage(mini, server.url);
  await mini.goto(`${server.url}#panel=train&task=mini_en_de&eval=20&snapshot=10&autostart=1`);
  await appReady(mini);
  const started = Date.now();
  for (const until = Date.now() + 240000; ((t = await train(mini)).curve_points < 1 || t.step < 21) && Date.now() < until;) await mini.waitForTimeout(1000);
  console.log(`mini corpus EN-DE, step ${t.step} after ${((Date.now() - started) / 1000).toFixed(0)} s: loss ${t.loss?.toFixed(3)}, ` +
              `held-out BLEU ${t.heldout_bleu?.toFixed(2)}, ${t.steps_per_second.toFixed(2)} steps/s, ${t.tokens_per_second.toFixed(0)} tokens/s`);
  check(t.step >= 21 && t.run_setup.task === 'mini_en_de' && t.run_setup.schedule === 'noam' && t.run_setup.batch === 2048,
        `the mini corpus trains in the worker with its preset (step ${t.step})`);
  check(typeof t.heldout_bleu === 'number' && t.heldout_bleu >= 0, `held-out BLEU is measured: ${t.heldout_bleu}`);
  const words = t.probe.source;
  check(words.length >= 7 && words[words.length - 1] === '</s>' && words.every((w) => !/^[0-9]$/.test(w)),
        `the probe is an English sentence: "${t.probe.text}"`);
  check(t.probe.target.length >= 2 && t.probe.best_head_map.length === t.probe.rows * t.probe.cols,
        `its map has a row for each word of the corpus's German (${t.probe.target.join(' ')})`);
  await mini.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_train_mini_corpus.png') });
  await command(mini, 'use');
  await mini.waitForFunction((probe) => {
    const st = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return st.models.length === 3 && st.model === 2 && st.ready && !st.pending && st.translated_sentence === probe;
  }, t.probe.text, { timeout: 30000 }).catch(() => {});
  const used = await appState(mini);
  check(/mini_en_de/.test(used.models[2]) && used.translated_sentence === t.probe.text,
        `Use in Translate runs the trained model ("${used.models[2]}") on the probe ("${used.translated_sentence}"): "${used.translation}"`);
  checkPageClean(miniSeen);
} finally {
  await browser.close();
  server.stop();
}
finish();

// The backend selector of the Translate panel, through the app's own path rather
// than the GPU test hook: select a backend as the radio buttons do (attn_set_backend), translate,
// and read what the panel shows from the state JSON (app/state_json.cpp, "backend"):
//   - WASM SIMD and Reference each run the translation, with a per-op timing table;
//   - a bad backend name is refused and changes nothing;
//   - WebGL2 gives the CPU's output and the parity readout is within 1e-4. With the timing table
//     closed the run is untimed (no rows, a note saying why); opening the table re-runs the
//     translation with each draw between two waits for the GPU, and its rows' shares add up to 1;
//   - beam search (beam 4) runs on WebGL2 as well, with the CPU's tokens and parity;
//   - losing the context (WEBGL_lose_context) switches the selection to WASM SIMD at once, with a
//     notice in the state and a banner on the page, and keeps the sentence, model, decoding and
//     attention selection; translation keeps working;
//   - restoring it (restoreContext) brings the canvas back, pictures included, removes the banner
//     and offers WebGL2 again, which translates with parity as before;
//   - without EXT_color_buffer_float, WebGL2 cannot be selected for real: a notice says why.
import path from 'node:path';
import { check, checkPageClean, colourStats, decodePng, finish, launchBrowser, parseArgs, startServer, watchPage, appReady, appState } from './harness.mjs';

const args = parseArgs();
const kTol = 1e-4;  // the parity bound
const sentence = 'nine patients did not search their window .';  // assets/examples.tsv, "past"

const server = await startServer(args.site);
const browser = await launchBrowser();

async function openApp(page) {
  await page.goto(server.url);
  await appReady(page);
}
const setBackend = (page, name) => page.evaluate((n) => Module.ccall('attn_set_backend', 'number', ['string'], [n]), name);
const translateNow = (page) => page.evaluate(() => Module.ccall('attn_translate_now', null, [], []));
const waitFrames = async (page, n) => {
  const start = await page.evaluate(() => Module._attn_frame_count());
  await page.waitForFunction(([s, k]) => Module._attn_frame_count() > s + k, [start, n], { timeout: 30000 });
};
const ops = (s) => s.backend.timing.rows.filter((r) => r.calls > 0);
const shareSum = (s) => s.backend.timing.rows.reduce((a, r) => a + r.share, 0);

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const seen = watchPage(page, server.url);
  await openApp(page);
  let s = await appState(page);
  check(s.backend && s.backend.selected === 'cpu', `the app starts on WASM SIMD (${s.backend && s.backend.selected})`);
  check(s.backend.webgl2_available, `WebGL2 is offered${s.backend.webgl2_unavailable ? ': ' + s.backend.webgl2_unavailable : ''}`);

  // The CPU backends, each with its own timing table.
  await page.evaluate((t) => Module.ccall('attn_set_sentence', null, ['string'], [t]), sentence);
  check(await setBackend(page, 'cpu') === 1, 'attn_set_backend("cpu") is accepted');
  await translateNow(page);
  const cpu = await appState(page);
  check(cpu.ready && cpu.translated_sentence === sentence && cpu.backend.ran === 'cpu', `WASM SIMD translated: "${cpu.translation}"`);
  check(ops(cpu).some((r) => r.op === 'linear') && ops(cpu).some((r) => r.op === 'attention'),
        `WASM SIMD timing rows: ${ops(cpu).map((r) => `${r.op}×${r.calls}`).join(', ')}`);
  check(Math.abs(shareSum(cpu) - 1) < 1e-6, 'its shares add up to 100%');
  check(await setBackend(page, 'reference') === 1, 'attn_set_backend("reference") is accepted');
  await translateNow(page);
  s = await appState(page);
  check(s.backend.ran === 'reference' && s.translation === cpu.translation && ops(s).length > 0,
        `Reference gives the same output, ${s.backend.timing.total_ms.toFixed(1)} ms vs WASM SIMD ${cpu.backend.timing.total_ms.toFixed(1)} ms`);
  check(await setBackend(page, 'cuda') === 0 && (await appState(page)).backend.selected === 'reference', 'an unknown backend is refused');

  // WebGL2 through the selector's path.
  await page.evaluate(() => Module.ccall('attn_select', null, ['number', 'number', 'number', 'number'], [2, 1, 2, 0]));
  check(await setBackend(page, 'webgl2') === 1, 'attn_set_backend("webgl2") is accepted');
  s = await appState(page);
  check(s.backend.selected === 'webgl2' && s.backend.label === 'WebGL2', 'the state JSON says WebGL2 is selected');
  await translateNow(page);  // the first run compiles the shaders and uploads the weights
  await translateNow(page);
  const gl = await appState(page);
  const p = gl.backend.parity;
  console.log(`WebGL2 "${gl.translation}" in ${gl.milliseconds.toFixed(1)} ms; parity logits ${p.logits_max_diff.toExponential(2)}, ` +
              `maps ${p.maps_max_diff.toExponential(2)}; timing (${gl.backend.timing.method}): ` +
              gl.backend.timing.rows.map((r) => `${r.op} ${r.calls}× ${r.ms.toFixed(1)} ms`).join(', '));
  check(gl.backend.ran === 'webgl2' && gl.backend.notice === '', `the translation ran on WebGL2${gl.backend.notice ? ': ' + gl.backend.notice : ''}`);
  check(gl.translation === cpu.translation && JSON.stringify(gl.outputs) === JSON.stringify(cpu.outputs), 'WebGL2 output equals the CPU\'s');
  check(p.same_tokens && p.logits_max_diff >= 0 && p.logits_max_diff <= kTol, `parity: logits within ${kTol} (${p.logits_max_diff.toExponential(2)})`);
  check(p.maps_max_diff >= 0 && p.maps_max_diff <= kTol, `parity: attention maps within ${kTol} (${p.maps_max_diff.toExponential(2)})`);
  check(!gl.backend.timing.open && !gl.backend.timing.per_draw && ops(gl).length === 0 && /untimed/.test(gl.backend.timing.method),
        'with the timing table closed the run is untimed, and the table says so');
  check(gl.map.rows > 0 && gl.selection.layer === 1 && gl.selection.head === 2, 'the attention map of the selected head came from the GPU run');

  // Opening the timing table re-runs the translation, each draw timed.
  await page.evaluate(() => Module.ccall('attn_show_panel', 'number', ['string', 'number'], ['timing', 1]));
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).backend.timing.per_draw, null,
    { timeout: 60000 }).catch(() => {});
  const timed = await appState(page);
  console.log(`timed re-run: ${timed.milliseconds.toFixed(1)} ms (untimed ${gl.milliseconds.toFixed(1)} ms); ` +
              timed.backend.timing.rows.map((r) => `${r.op} ${r.calls}× ${r.ms.toFixed(1)} ms`).join(', '));
  check(timed.backend.timing.open && timed.backend.ran === 'webgl2' && timed.translation === gl.translation, 'the table is open and WebGL2 ran again');
  check(ops(timed).length >= 5 && /glFinish \+ 1-texel readback/.test(timed.backend.timing.method),
        `the timing table has ${ops(timed).length} GL op rows, each draw waited for`);
  check(Math.abs(shareSum(timed) - 1) < 1e-6 && timed.backend.timing.total_ms > 0, 'their shares add up to 100%');
  // Each draw's time excludes what an empty wait costs (a round trip to the GPU process): without
  // that, every row's time per call would be at least that wait, the smallest draws included.
  const wait = Number((timed.backend.timing.method.match(/with no work costs \(([\d.]+) ms\)/) || [])[1]);
  const perCall = ops(timed).map((r) => r.ms / r.calls);
  check(wait > 0 && Math.min(...perCall) < wait,
        `an empty wait costs ${wait} ms and is not counted in the draws (cheapest op ${Math.min(...perCall).toFixed(3)} ms a call)`);
  await waitFrames(page, 10);
  const shot = colourStats(decodePng(await page.screenshot({ path: path.join(args.out, 'e2e_backend_webgl.png') })));
  check(shot.distinct > 50 && shot.dominantShare < 0.9, `the page draws with WebGL2 selected (${shot.distinct} colours)`);
  checkPageClean(seen);

  // Beam search runs on WebGL2 too (the CPU's search code over the GPU decoder), checked against
  // the CPU reference's beam search over the same sentence.
  const setBeam = (b) => page.evaluate((f) => Module.ccall('attn_url_state_apply', 'number', ['string'], [f]), `beam=${b}`);
  await page.evaluate(() => Module.ccall('attn_show_panel', 'number', ['string', 'number'], ['timing', 0]));
  check(await setBeam(4) === 1, 'beam 4 selected (URL state "beam=4")');
  await translateNow(page);
  const beam = await appState(page);
  const bp = beam.backend.parity;
  console.log(`WebGL2 beam 4 "${beam.translation}" in ${beam.milliseconds.toFixed(1)} ms; parity logits ${bp.logits_max_diff.toExponential(2)}, ` +
              `maps ${bp.maps_max_diff.toExponential(2)}`);
  check(beam.beam === 4 && beam.backend.ran === 'webgl2' && beam.backend.selected === 'webgl2' && beam.backend.notice === '',
        `beam 4 ran on WebGL2, not on the CPU${beam.backend.notice ? ': ' + beam.backend.notice : ''}`);
  check(bp.same_tokens && bp.logits_max_diff >= 0 && bp.logits_max_diff <= kTol && bp.maps_max_diff >= 0 && bp.maps_max_diff <= kTol,
        `beam 4: the CPU reference's beam search chose the same tokens; logits and maps within ${kTol}`);
  await waitFrames(page, 10);
  await page.screenshot({ path: path.join(args.out, 'e2e_backend_beam.png') });
  check(await setBeam(1) === 1, 'back to greedy');
  await translateNow(page);

  // Context loss: the switch happens at once, with a notice, everything the user chose kept. The
  // Image panel is open, so pictures (GL textures of the UI) are on screen when the context goes.
  await page.evaluate(() => Module.ccall('attn_show_panel', 'number', ['string', 'number'], ['image', 1]));
  await waitFrames(page, 10);
  const before = await appState(page);
  const lost = await page.evaluate(() => {
    const ext = Module.canvas.getContext('webgl2').getExtension('WEBGL_lose_context');
    if (ext) ext.loseContext();
    window.attnLoseContext = ext;  // the same object restores it below
    return !!ext;
  });
  check(lost, 'WEBGL_lose_context is offered');
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).backend.selected === 'cpu', null, { timeout: 30000 })
    .catch(() => {});
  await page.waitForFunction(() => { const s = JSON.parse(Module.ccall('attn_state_json', 'string', [], [])); return !s.pending && s.backend.ran === 'cpu'; },
    null, { timeout: 30000 }).catch(() => {});
  s = await appState(page);
  console.log(`after the loss: notice "${s.backend.notice}"`);
  check(s.backend.selected === 'cpu' && !s.backend.webgl2_available, 'the selection switched to WASM SIMD by itself');
  check(/lost/.test(s.backend.notice) && /kept/.test(s.backend.notice), 'the state carries a notice naming the lost context');
  const banner = await page.evaluate(() => { const b = document.getElementById('attn-backend-notice'); return b && b.offsetHeight > 0 ? b.textContent : ''; });
  check(/lost/.test(banner), `a visible banner on the page says so: "${banner}"`);
  check(s.sentence === sentence && s.model === before.model && s.beam === before.beam &&
        JSON.stringify(s.selection) === JSON.stringify(before.selection), 'the sentence, model, decoding and attention selection are kept');
  check(s.ready && s.backend.ran === 'cpu' && s.translation === cpu.translation, 'and the translation came out on WASM SIMD');
  check(await setBackend(page, 'webgl2') === 1, 'selecting WebGL2 again is accepted');
  await waitFrames(page, 5);
  s = await appState(page);
  check(s.backend.selected === 'cpu' && /not available/.test(s.backend.notice), `but falls back with a notice: "${s.backend.notice}"`);
  check(seen.errors.length === 0, `no page errors after the loss${seen.errors.length ? ': ' + seen.errors.join(' | ') : ''}`);

  // The browser gives the context back: the UI makes its GL objects again (ImGui's renderer, the
  // pictures), the banner goes, and WebGL2 can be selected again and translates as before. A
  // texture name kept from the old context would show as a WebGL warning in the console.
  const glComplaints = [];
  page.on('console', (m) => { if (/WebGL|GL_INVALID/.test(m.text())) glComplaints.push(m.text()); });
  await page.evaluate(() => window.attnLoseContext.restoreContext());
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).backend.webgl2_available, null,
    { timeout: 30000 }).catch(() => {});
  await waitFrames(page, 10);
  s = await appState(page);
  console.log(`after the restore: notice "${s.backend.notice}"`);
  check(s.backend.webgl2_available && /came back/.test(s.backend.notice), 'the restored context is offered again, with a notice');
  check(await page.evaluate(() => !document.getElementById('attn-backend-notice')), 'the banner is gone');
  const restored = colourStats(decodePng(await page.screenshot({ path: path.join(args.out, 'e2e_backend_restored.png') })));
  check(restored.distinct > 50 && restored.dominantShare < 0.9, `the canvas draws again (${restored.distinct} colours)`);
  check(await setBackend(page, 'webgl2') === 1, 'WebGL2 is selected again');
  await translateNow(page);
  s = await appState(page);
  check(s.backend.ran === 'webgl2' && s.translation === cpu.translation && s.backend.parity.same_tokens &&
        s.backend.parity.logits_max_diff >= 0 && s.backend.parity.logits_max_diff <= kTol,
        `and translates on it as before (logits within ${kTol}: ${s.backend.parity.logits_max_diff.toExponential(2)})`);
  await waitFrames(page, 10);
  check(glComplaints.length === 0, `no WebGL complaints after the restore${glComplaints.length ? ': ' + glComplaints.slice(0, 3).join(' | ') : ''}`);
  check(seen.errors.length === 0, `no page errors after the restore${seen.errors.length ? ': ' + seen.errors.join(' | ') : ''}`);

  // A browser without float render targets.
  const plain = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const seenPlain = watchPage(plain, server.url);
  await plain.addInitScript(() => {
    const get = WebGL2RenderingContext.prototype.getExtension;
    WebGL2RenderingContext.prototype.getExtension = function (name) { return name === 'EXT_color_buffer_float' ? null : get.call(this, name); };
  });
  await openApp(plain);
  await plain.evaluate((t) => Module.ccall('attn_set_sentence', null, ['string'], [t]), sentence);
  s = await appState(plain);
  check(!s.backend.webgl2_available && /EXT_color_buffer_float/.test(s.backend.webgl2_unavailable),
        `without float targets WebGL2 is off: "${s.backend.webgl2_unavailable}"`);
  await setBackend(plain, 'webgl2');
  await waitFrames(plain, 5);
  await translateNow(plain);
  s = await appState(plain);
  check(s.backend.selected === 'cpu' && s.backend.ran === 'cpu' && /EXT_color_buffer_float/.test(s.backend.notice),
        `selecting it anyway falls back with a notice: "${s.backend.notice}"`);
  check(s.sentence === sentence && s.translation === cpu.translation, 'and the app translates on the CPU');
  checkPageClean(seenPlain);
} finally {
  await browser.close();
  server.stop();
}
finish();

// The GL compute path in the browser: on the app's own WebGL2 context
// (SwiftShader here), translate a sentence through gpu_translate and check, through the report
// attn_gpu_translate_now returns (app/runners/gpu_runner.h):
//   - float render targets are available and the GPU path is up;
//   - the GPU's output equals the CPU's (the app's own translation and the reference backend's);
//   - logits and every attention map are within 1e-4 of the CPU reference;
//   - ImGui still draws afterwards (the state guard left its GL state intact);
//   - after WEBGL_lose_context the path reports itself unavailable and the app still translates
//     on the CPU, keeping the sentence;
//   - a browser without EXT_color_buffer_float gets the reason, and the CPU path.
import path from 'node:path';
import { check, checkPageClean, colourStats, decodePng, finish, launchBrowser, parseArgs, startServer, watchPage, appReady, appState, openApp } from './harness.mjs';

const args = parseArgs();
const kTol = 1e-4;  // the parity bound
const sentence = 'nine patients did not search their window .';  // assets/examples.tsv, "past"

const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const { page, seen } = await openApp(browser, server.url);
  const state = () => appState(page);
  const gpuRun = async () => JSON.parse(await page.evaluate(() => Module.ccall('attn_gpu_translate_now', 'string', [], [])));
  // Something must change on screen for the app to draw again: open a panel and let frames pass.
  const redraw = async (panel, open) => {
    await page.evaluate(([p, o]) => Module.ccall('attn_show_panel', 'number', ['string', 'number'], [p, o]), [panel, open]);
    const start = await page.evaluate(() => Module._attn_frame_count());
    await page.waitForFunction((n) => Module._attn_frame_count() > n + 10, start, { timeout: 30000 });
  };

  const gpu = JSON.parse(await page.evaluate(() => Module.ccall('attn_gpu_json', 'string', [], [])));
  check(gpu.float_targets, 'EXT_color_buffer_float is enabled on the app\'s WebGL2 context');
  check(gpu.available, `the GPU path is available${gpu.unavailable_reason ? ': ' + gpu.unavailable_reason : ''}`);

  // The app's CPU translation of the sentence, then the GPU path on the same one.
  await page.evaluate((t) => { Module.ccall('attn_set_sentence', null, ['string'], [t]); Module.ccall('attn_translate_now', null, [], []); }, sentence);
  const cpu = await state();
  check(cpu.ready && cpu.sentence === sentence, `the app translated on the CPU: "${cpu.translation}"`);
  const first = await gpuRun();
  const r = (await gpuRun()).last;  // the second run: weights resident, programs compiled
  console.log(`GPU "${r.display}": ${r.gpu_ms.toFixed(1)} ms (first run ${first.last.gpu_ms.toFixed(1)} ms + upload ` +
              `${first.last.upload_ms.toFixed(1)} ms), CPU reference ${r.cpu_ms.toFixed(1)} ms; ` +
              `max abs diff logits ${r.logits_max_diff.toExponential(2)}, maps ${r.maps_max_diff.toExponential(2)}`);
  check(first.last.ran && r.ran && r.error === '', `the GPU translation ran${r.error ? ': ' + r.error : ''}`);
  check(r.sentence === sentence, 'the GPU path translated the current sentence');
  check(r.same_tokens && JSON.stringify(r.outputs) === JSON.stringify(r.cpu_outputs), 'GPU tokens equal the CPU reference\'s');
  check(r.display === cpu.translation, `GPU output equals the app's CPU translation "${cpu.translation}"`);
  check(r.logits_max_diff >= 0 && r.logits_max_diff <= kTol, `logits within ${kTol} of the CPU (${r.logits_max_diff.toExponential(2)})`);
  check(r.maps_max_diff >= 0 && r.maps_max_diff <= kTol, `attention maps within ${kTol} of the CPU (${r.maps_max_diff.toExponential(2)})`);

  // ImGui draws on with the state the guard restored: a full frame with its usual colours.
  await redraw('attention', 1);
  const shot = colourStats(decodePng(await page.screenshot({ path: path.join(args.out, 'e2e_webgl.png') })));
  check(shot.distinct > 50 && shot.dominantShare < 0.9,
        `the app still draws after the GPU run (${shot.distinct} colours, ${(100 * shot.dominantShare).toFixed(0)}% one colour)`);
  checkPageClean(seen);

  // Context loss: the GPU path says so, the CPU path goes on with the user's sentence.
  const lost = await page.evaluate(() => {
    const ext = Module.canvas.getContext('webgl2').getExtension('WEBGL_lose_context');
    if (ext) ext.loseContext();
    return !!ext;
  });
  check(lost, 'WEBGL_lose_context is offered');
  const after = await gpuRun();
  console.log(`after the loss: ${after.last.error}`);
  check(!after.available && !after.last.ran && /lost/.test(after.last.error), 'the GPU path reports the lost context');
  await page.evaluate(() => Module.ccall('attn_translate_now', null, [], []));
  const s = await state();
  check(s.sentence === sentence && s.ready && s.translation === cpu.translation, 'the sentence is kept and still translates on the CPU');
  check(seen.errors.length === 0, `no page errors after the loss${seen.errors.length ? ': ' + seen.errors.join(' | ') : ''}`);

  // A browser without float render targets: hide the extension from the page before the app starts.
  const plain = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const seenPlain = watchPage(plain, server.url);
  await plain.addInitScript(() => {
    const get = WebGL2RenderingContext.prototype.getExtension;
    WebGL2RenderingContext.prototype.getExtension = function (name) { return name === 'EXT_color_buffer_float' ? null : get.call(this, name); };
  });
  await plain.goto(server.url);
  await appReady(plain);
  const none = await plain.evaluate((t) => {
    Module.ccall('attn_set_sentence', null, ['string'], [t]);
    const report = JSON.parse(Module.ccall('attn_gpu_translate_now', 'string', [], []));
    Module.ccall('attn_translate_now', null, [], []);
    return { report, state: JSON.parse(Module.ccall('attn_state_json', 'string', [], [])) };
  }, sentence);
  console.log(`without float targets: ${none.report.last.error}`);
  check(!none.report.float_targets && !none.report.available && /EXT_color_buffer_float/.test(none.report.last.error),
        'without EXT_color_buffer_float the GPU path says what is missing');
  check(none.state.sentence === sentence && none.state.translation === cpu.translation, 'and the app translates on the CPU');
  checkPageClean(seenPlain);
} finally {
  await browser.close();
  server.stop();
}
finish();

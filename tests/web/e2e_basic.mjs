// The page as a visitor uses it: it loads, hides the progress overlay, draws ImGui with WebGL2, and
// takes typing into the ImGui sentence box (read back through the exported C hook).
import path from 'node:path';
import { check, colourStats, decodePng, finish, launchBrowser, parseArgs, startServer, watchPage, checkPageClean } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
  const seen = watchPage(page, server.url);
  const t0 = Date.now();
  await page.goto(server.url);
  await page.waitForFunction(() => window.wasmReady && Module._attn_frame_count() > 10, null, { timeout: 90000 });
  console.log(`app running after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  check(await page.locator('#overlay.done').count() === 1, 'loading overlay is hidden once the app runs');

  const renderer = await page.evaluate(() => Module.ccall('attn_gl_renderer', 'string', [], []));
  console.log(`GL renderer: ${renderer}`);
  check(renderer.length > 0, 'a WebGL2 renderer string is reported');

  // Type into the ImGui box: click it, type, then one Backspace (held 100 ms: ImGui 1.86 drops a key
  // pressed and released within one frame, P7). The box is emptied from outside just before the
  // click while the main thread is kept busy for 400 ms, as a slow translation would: the click then
  // arrives before the next frame, and must still edit the new (empty) text, not the old one.
  const rect = JSON.parse(await page.evaluate(() => Module.ccall('attn_widget_rect', 'string', ['string'], ['sentence'])));
  const box = await page.locator('#canvas').boundingBox();
  check(rect.w > 50 && rect.h > 10, `sentence box has a size (${rect.w}x${rect.h})`);
  await page.evaluate(() => {
    Module.ccall('attn_set_sentence', null, ['string'], ['']);
    setTimeout(() => { const t0 = performance.now(); while (performance.now() - t0 < 400); }, 0);
  });
  await page.mouse.click(box.x + rect.x + 40, box.y + rect.y + rect.h / 2);
  await page.waitForTimeout(200);
  await page.keyboard.type('attention is all you need!', { delay: 30 });
  await page.keyboard.press('Backspace', { delay: 100 });
  await page.waitForTimeout(300);
  const typed = await page.evaluate(() => Module.ccall('attn_get_sentence', 'string', [], []));
  check(typed === 'attention is all you need', `typed text reads back: "${typed}"`);

  // The canvas is drawn: many colours, no single colour covering it.
  const shot = await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_basic.png') });
  const stats = colourStats(decodePng(shot));
  console.log(`canvas: ${stats.distinct} colours, dominant ${(100 * stats.dominantShare).toFixed(1)}%`);
  check(stats.distinct > 20 && stats.dominantShare < 0.97, 'canvas is not blank');

  // Chinese text renders from the bundled font (CJK cannot be typed through CDP, P7).
  await page.evaluate(() => Module.ccall('attn_set_sentence', null, ['string'], ['注意力機制 attention 注意力机制']));
  await page.waitForTimeout(300);
  await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_cjk.png') });
  const back = await page.evaluate(() => Module.ccall('attn_get_sentence', 'string', [], []));
  check(back === "注意力機制 attention 注意力机制", `UTF-8 sentence round-trips through wasm: "${back}"`);

  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();

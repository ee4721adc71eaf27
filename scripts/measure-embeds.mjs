// scripts/measure-embeds.mjs SITE [FRAMES] — what a tutorial page with several embeds costs: a
// page of FRAMES (1-4) ?embed=1 iframes (German cross-attention, a German step-through, a Chinese
// map, the Image panel) served by ./play's server in Chromium; prints the bytes transferred per
// file (as Chromium counts them, compressed), each frame's wasm heap, for a first and a second
// visit in the same browser profile. Run: node scripts/measure-embeds.mjs build/web/site 3
import { launchBrowser, startServer } from '../tests/web/harness.mjs';
import { unlinkSync, writeFileSync } from 'node:fs';
const site = process.argv[2], frames = Number(process.argv[3] || 3);
const server = await startServer(site);
const browser = await launchBrowser();
const src = [
  'index.html?embed=1#panel=attention&model=de&sentence=the%20girl%20who%20bought%20a%20red%20dress%20is%20my%20sister&kind=cross&layer=2&head=mean&view=heatmap',
  'index.html?embed=1#panel=step&model=de&sentence=the%20cat%20sees%20the%20dog&kind=cross&layer=0&head=0&query=2',
  'index.html?embed=1#panel=attention&model=zh_TW&sentence=we%20are%20watching%20a%20movie&kind=cross&layer=2&head=0&view=heatmap',
  'index.html?embed=1#panel=image',
].slice(0, frames);
writeFileSync(site + '/measure-embeds.html', '<!doctype html><meta charset="utf-8"><body>' +
  src.map((s) => `<iframe src="${s}" width="600" height="450"></iframe>`).join('') + '</body>');
const context = await browser.newContext();
for (const visit of ['first visit', 'second visit']) {
  console.log('--- ' + visit);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const sizes = {};
  cdp.on('Network.loadingFinished', (e) => { sizes[e.requestId] = e.encodedDataLength; });
  const urls = {};
  cdp.on('Network.requestWillBeSent', (e) => { urls[e.requestId] = e.request.url; });
  await page.goto(server.url + 'measure-embeds.html');
  await page.waitForFunction((n) => {
    const fs = [...document.querySelectorAll('iframe')];
    return fs.length === n && fs.every((f) => { try { const w = f.contentWindow; if (!w.wasmReady) return false;
      const s = JSON.parse(w.Module.ccall('attn_state_json', 'string', [], [])); return s.translator_loading === '' && (s.ready || s.share.panel === 'image'); } catch (e) { return false; } });
  }, frames, { timeout: 120000, polling: 500 });
  await page.waitForTimeout(2000);
  const by = {};
  for (const [id, n] of Object.entries(sizes)) {
    const u = new URL(urls[id]).pathname.replace(/\.[0-9a-f]{16}\./, '.');
    by[u] = by[u] || { n: 0, bytes: 0 }; by[u].n++; by[u].bytes += n;
  }
  let total = 0;
  for (const [u, v] of Object.entries(by).sort()) { total += v.bytes; if (v.bytes > 20000) console.log(`${u}\t${v.n}\t${(v.bytes / 1e6).toFixed(3)} MB`); }
  console.log(`total ${(total / 1e6).toFixed(2)} MB over ${frames} frames`);
  // Memory: each frame's wasm heap.
  const heaps = await page.evaluate(() => [...document.querySelectorAll('iframe')].map((f) => f.contentWindow.Module.HEAP8.length));
  console.log('wasm heap per frame (MB): ' + heaps.map((h) => (h / 1e6).toFixed(1)).join(', '));
  const m = await cdp.send('Performance.enable').then(() => cdp.send('Performance.getMetrics'));
  console.log('JS heap used (page + same-process frames): ' + (m.metrics.find((x) => x.name === 'JSHeapUsedSize').value / 1e6).toFixed(1) + ' MB');
  await page.close();
}
await browser.close(); server.stop();
unlinkSync(site + '/measure-embeds.html');

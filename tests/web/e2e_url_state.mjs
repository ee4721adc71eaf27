// URL state: a link's fragment is restored on load (panel, model, sentence, beam, kind,
// layer, head, token, view); changing the view rewrites the fragment without a reload; malformed
// or absurd fragments give a message and keep the state; Copy link's URL reopens the same view;
// the exports (PNG, JSON, .npy, .npz) come out of the page as downloads with the right content.
import { readFileSync } from 'node:fs';
import { check, checkPageClean, finish, launchBrowser, parseArgs, startServer, watchPage, appState, translated } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
const waitReady = (page, sentence) => translated(page, { sentence, timeout: 120000, polling: 250 });

try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
  const seen = watchPage(page, server.url);
  const sentence = 'the cat sees the dog 🐈 — “quoted” & 100%';
  const link = `panel=step&model=de&sentence=${encodeURIComponent(sentence)}&beam=4&backend=cpu&kind=decoder&layer=1&head=2&query=1&view=heatmap`;
  await page.goto(`${server.url}index.html#${link}`);
  await waitReady(page, sentence);
  let s = await appState(page);
  check(s.sentence === sentence, `sentence restored with emoji and punctuation: "${s.sentence}"`);
  check(s.model === 1 && s.beam === 4, `model de and beam 4 restored (${s.model}, ${s.beam})`);
  check(s.selection.kind === 'decoder_self' && s.selection.layer === 1 && s.selection.head === 2 && s.selection.query === 1,
        `attention selection restored ${JSON.stringify(s.selection)}`);
  check(s.share.panel === 'step' && !s.share.link_message, 'panel restored, no complaint about the link');

  // Changing the view rewrites the fragment (debounced), without reloading the page.
  await page.evaluate(() => { window.notReloaded = true; Module.ccall('attn_select', null, ['number', 'number', 'number', 'number'], [2, 0, -1, 0]); });
  await page.waitForFunction(() => location.hash.includes('kind=cross&layer=0&head=mean&query=0'), null, { timeout: 10000 }).catch(() => {});
  const hash = await page.evaluate(() => location.hash);
  check(hash.includes('kind=cross&layer=0&head=mean') && hash.includes('model=de') && hash.includes('beam=4'), `fragment follows the view: ${hash.slice(0, 120)}`);
  check(await page.evaluate(() => window.notReloaded === true), 'the page was not reloaded');

  // Bad links: a message, and the state stays.
  for (const [bad, expect] of [['layer=999', 'layer: 999 is out of range'], ['head=-7', 'out of range'], ['sentence=%E6%B3', 'UTF-8'],
                               ['beam=1e9', 'not a number'], ['sentence=abc%', 'malformed']]) {
    await page.evaluate((h) => { location.hash = h; }, bad);
    await page.waitForTimeout(300);
    s = await appState(page);
    check(s.share.link_message.includes(expect) && s.sentence === sentence && s.selection.layer === 0 && s.beam === 4,
          `#${bad} refused ("${s.share.link_message.split('\n')[0].slice(0, 90)}"), state kept`);
  }
  await page.evaluate(() => { location.hash = 'layer=7&head=9&utm_source=newsletter'; });
  await page.waitForTimeout(300);
  s = await appState(page);
  check(s.selection.layer === 2 && s.selection.head === -1 && s.share.link_message.includes('this model has 3 layers'),
        `layer 7 / head 9 clamped to this model (layer ${s.selection.layer}, head ${s.selection.head}), unknown key ignored`);

  // Copy link: the URL it copies opens the same view in a fresh page.
  await page.evaluate(() => Module.ccall('attn_select', null, ['number', 'number', 'number', 'number'], [0, 2, 3, 4]));
  await page.evaluate(() => window.attnCopyLink(Module.ccall('attn_url_state', 'string', [], [])));
  const copied = await page.evaluate(() => window.attnLastLink);
  check(copied.startsWith(`${server.url}index.html#panel=`), `Copy link gives ${copied.slice(0, 80)}…`);
  const page2 = await browser.newPage({ viewport: { width: 1200, height: 760 } });
  await page2.goto(copied);
  await waitReady(page2, sentence);
  const s2 = await appState(page2), s1 = await appState(page);
  check(JSON.stringify(s2.selection) === JSON.stringify(s1.selection) && s2.model === s1.model && s2.beam === s1.beam &&
        s2.share.url === s1.share.url, `the copied link reopens the same view (${JSON.stringify(s2.selection)})`);
  await page2.close();

  // Exports, downloaded as files.
  const npy = await page.evaluate(() => { const r = window.attnExport('npy'); return { name: r.name, head: String.fromCharCode(...r.bytes.slice(0, 120)), size: r.bytes.length }; });
  s = await appState(page);
  const rows = s.source.length;
  check(npy.head.startsWith('\x93NUMPY') && npy.head.includes(`'shape': (3, 4, ${rows}, ${rows})`), `.npy of encoder self-attention: ${npy.name}, shape in header`);
  const json = await page.evaluate(() => JSON.parse(new TextDecoder().decode(window.attnExport('json').bytes)));
  const m = json.maps.find((x) => x.kind === 'encoder_self' && x.layer === 2 && x.head === 3);
  check(m && Math.abs(m.values[1][0] - s.map.values[s.map.cols]) < 1e-6 && json.sentence === sentence, 'JSON export equals the map on screen');
  for (const what of ['png', 'npz']) {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 10000 }),
      page.evaluate((w) => { const r = window.attnExport(w); window.attnDownload(r.name, 'application/octet-stream', r.bytes); }, what)]);
    const file = `${args.out}/${download.suggestedFilename()}`;
    await download.saveAs(file);
    const head = readFileSync(file).subarray(0, 4);
    const ok = what === 'png' ? head.equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) : head.equals(Buffer.from('PK\x03\x04', 'latin1'));
    check(ok, `${what} export downloads as ${download.suggestedFilename()}`);
  }
  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();

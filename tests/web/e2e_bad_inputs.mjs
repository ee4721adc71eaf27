// The bad-input catalogue (tests/bad_inputs/catalogue.tsv) in the browser: every row the web app
// can receive. Text goes in through the same hook the page's sentence box uses (attn_set_sentence,
// bytes decoded as the browser would, so invalid UTF-8 arrives as U+FFFD); pictures through
// window.attnUploadImage, as the file chooser, drop and paste do. For each: the expected message in
// the app's state (Translate panel notices, Image panel error), no page error, and the previous
// state kept: the model, beam and attention selection survive bad text and a good sentence still
// translates as before; a refused picture leaves the previous picture's result in place.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, checkPageClean, finish, launchBrowser, parseArgs, startServer, appState, translated, openApp } from './harness.mjs';

const catalogueDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bad_inputs');
const rows = readFileSync(path.join(catalogueDir, 'catalogue.tsv'), 'utf8').split('\n')
  .filter((l) => l && !l.startsWith('#')).slice(1)
  .map((l) => { const [file, kind, outcome, message, browser] = l.split('\t'); return { file, kind, outcome, message, browser }; })
  .filter((r) => r.browser === 'yes');

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const { page, seen } = await openApp(browser, server.url);
  const state = () => appState(page);
  const setSentence = (text) => page.evaluate((t) => Module.ccall('attn_set_sentence', null, ['string'], [t]), text);
  const settled = async (timeout = 30000) => {
    await translated(page, { timeout });
    return state();
  };
  check(rows.filter((r) => r.kind === 'text').length >= 8 && rows.filter((r) => r.kind === 'image').length >= 8 &&
        rows.filter((r) => r.kind === 'url').length >= 3,
        `the catalogue has the browser's rows (${rows.length})`);

  // A good sentence and a chosen view first: what bad text must not disturb.
  const good = 'my teacher translates a magazine .';
  await setSentence(good);
  const before = await settled();
  await page.evaluate(() => Module.ccall('attn_select', null, ['number', 'number', 'number', 'number'], [2, 1, 1, 0]));
  await page.waitForTimeout(200);
  const view = (s) => JSON.stringify({ model: s.model, beam: s.beam, kind: s.selection.kind, layer: s.selection.layer, head: s.selection.head });
  const viewBefore = view(await state());
  check(before.translation.length > 0 && (before.notices ?? []).length === 0, `the good sentence translates with no notice: "${before.translation}"`);

  for (const r of rows.filter((x) => x.kind === 'text')) {
    const text = new TextDecoder().decode(readFileSync(path.join(catalogueDir, r.file)));  // invalid bytes -> U+FFFD
    await setSentence(text);
    const s = await settled();
    const note = (s.notices ?? []).find((n) => n.includes(r.message));
    console.log(`  ${r.file}: ${JSON.stringify(s.notices)}`);
    check(note !== undefined, `${r.file}: the Translate panel says "${r.message}"`);
    check(view(s) === viewBefore, `${r.file}: model, beam and the chosen attention view are kept`);
  }
  await setSentence(good);
  const again = await settled();
  check(again.translation === before.translation && (again.notices ?? []).length === 0, 'afterwards the good sentence translates as before');

  // Links: a malformed or absurd fragment in the address bar is refused as a whole, with a message
  // (share.link_message), and changes nothing on screen.
  for (const r of rows.filter((x) => x.kind === 'url')) {
    const fragment = readFileSync(path.join(catalogueDir, r.file), 'utf8').trim();
    const prior = await state();
    await page.evaluate((f) => { location.hash = f; }, fragment);
    let s = prior;
    for (const end = Date.now() + 10000; Date.now() < end; await page.waitForTimeout(100)) {
      s = await state();
      if ((s.share?.link_message ?? '').includes(r.message)) break;
    }
    console.log(`  ${r.file}: "${s.share?.link_message}"`);
    check((s.share?.link_message ?? '').includes(r.message), `${r.file}: the app says "${r.message}"`);
    check(view(s) === view(prior) && s.sentence === prior.sentence, `${r.file}: the sentence and the view are kept`);
  }

  // Pictures: a gallery image first, the result every refused upload must leave in place.
  check(await page.evaluate(() => window.attnShowPanel('image')), 'the Image panel opens');
  const classified = (x) => x.image.ready && x.image.models.every((m) => m.has_result);
  const waitState = async (done, ms) => {
    let s;
    for (const end = Date.now() + ms; Date.now() < end; await page.waitForTimeout(100)) {
      s = await state();
      if (done(s)) break;
    }
    return s;
  };
  await waitState(classified, 90000);
  await page.evaluate(() => Module.ccall('attn_image_gallery', null, ['number'], [7]));
  let previous = await waitState((x) => x.image.source.gallery_cell === 7 && classified(x), 30000);
  check(previous.image.source.gallery_cell === 7 && classified(previous), 'gallery image 7 is classified');
  for (const r of rows.filter((x) => x.kind === 'image')) {
    const name = path.basename(r.file);
    const bytes = [...readFileSync(path.join(catalogueDir, r.file))];
    await page.evaluate(([b, n]) => window.attnUploadImage(new Uint8Array(b), n), [bytes, name]);
    if (r.outcome === 'error') {
      const s = await waitState((x) => x.image.error.includes(name), 15000);
      console.log(`  ${r.file}: "${s.image.error}"`);
      check(s.image.error.includes(r.message), `${r.file}: the Image panel says "${r.message}"`);
      check(s.image.source.name === previous.image.source.name &&
            JSON.stringify(s.image.models.map((m) => m.probabilities)) === JSON.stringify(previous.image.models.map((m) => m.probabilities)),
            `${r.file}: the previous picture's result stays`);
    } else {
      const s = await waitState((x) => x.image.source.name === name && classified(x), 30000);
      console.log(`  ${r.file}: ${s.image.models.map((m) => m.predicted_class).join(', ')} ${s.image.message}`);
      check(s.image.source.name === name && classified(s) && s.image.error === '',
            `${r.file}: classified, no error (source "${s.image.source.name}", error "${s.image.error}")`);
      // Rows whose message is not the JSON key "predicted" expect a warning beside the result.
      if (r.message !== '"predicted"')
        check(s.image.warnings.some((w) => w.includes(r.message)), `${r.file}: the Image panel warns "${r.message}" (${JSON.stringify(s.image.warnings)})`);
      previous = s;
    }
  }
  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();

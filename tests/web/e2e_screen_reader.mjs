// The canvas as a screen reader meets it: the page's accessibility tree (Playwright's ARIA
// snapshot of Chromium's) holds the sentence, the translation and, for the map on screen, the
// three English words each output word attends to most, the step-through's ÷√d_k and softmax
// row, and it follows a new sentence, another
// head and the Image panel's verdict; the translation's section is a polite live region.
import { appState, check, checkPageClean, finish, launchBrowser, openApp, parseArgs, startServer, translated } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const { page, seen } = await openApp(browser, server.url);
  const reader = page.locator('#reader');
  const tree = async () => { await page.waitForTimeout(400); return reader.ariaSnapshot(); };  // the region updates every 250 ms
  await page.evaluate(() => Module.ccall('attn_url_state_apply', 'string', ['string'],
    ['model=de&kind=cross&layer=2&head=0&tokens=words&sentence=my%20mother%20is%20cooking%20in%20the%20kitchen%20.']));
  await translated(page, { sentence: 'my mother is cooking in the kitchen .', timeout: 60000 });
  let s = await appState(page);
  let t = await tree();
  console.log(t);
  check(t.includes(`Translation: ${s.translation}`), `the translation is in the accessibility tree: "${s.translation}"`);
  check(t.includes('Sentence: my mother is cooking in the kitchen .'), 'and the sentence');
  check(t.includes('heading "Where each word looked: Encoder-decoder (cross) attention, layer 2, head 0"'), 'the map on screen is named');
  check(/Mutter: mother [01]\.\d\d/.test(t) && /Küche\.: kitchen [01]\.\d\d/.test(t), 'each output word with the words it attends to most');
  check(await page.locator('#reader section').first().getAttribute('aria-live') === 'polite', 'the translation is announced politely');
  check(t.includes('divided by √d_k = √64 = 8.00') && /softmax: .* [01]\.\d\d/.test(t), "the step-through's row: ÷√d_k and the softmax");

  // Another head, another sentence.
  await page.evaluate(() => Module.ccall('attn_select', null, ['number', 'number', 'number', 'number'], [2, 2, -1, 0]));
  await page.evaluate(() => Module.ccall('attn_set_sentence', null, ['string'], ['we are watching a movie .']));
  await translated(page, { sentence: 'we are watching a movie .', timeout: 60000 });
  s = await appState(page);
  t = await tree();
  check(t.includes(`Translation: ${s.translation}`) && !t.includes('Mutter'), `it follows the new sentence: "${s.translation}"`);
  check(t.includes('layer 2, mean of heads'), 'and the new head');

  // In Chinese.
  await page.evaluate(() => Module.ccall('attn_set_ui_language', 'number', ['string'], ['zh-TW']));
  t = await tree();
  check(t.includes(`翻譯結果：${s.translation}`), 'in the interface language');
  await page.evaluate(() => Module.ccall('attn_set_ui_language', 'number', ['string'], ['en']));

  // The Image panel: a gallery picture's verdict, with its top classes.
  await page.evaluate(() => { Module.ccall('attn_show_panel', 'number', ['string', 'number'], ['image', 1]); Module.ccall('attn_image_gallery', null, ['number'], [0]); });
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).image.models.every((m) => m.has_result),
                             null, { timeout: 60000 });
  s = await appState(page);
  t = await tree();
  const predicted = s.image.models[0].predicted_class;
  check(t.includes('heading "Image: where a CNN looks"') && t.includes(`ResNet: ${predicted}`), `the Image panel's verdict: ${predicted}`);
  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();

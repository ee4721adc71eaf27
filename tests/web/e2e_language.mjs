// The interface language in the browser: a zh-TW reader gets 繁體中文 without touching anything
// (from navigator.languages), an English reader English; lang= in a link and the host page's
// attn:setLanguage choose it too; switching keeps the sentence, the model and the translation; the
// page's lang attribute and its own loading words follow.
import path from 'node:path';
import { appReady, appState, check, finish, launchBrowser, parseArgs, startServer, translated, watchPage, checkPageClean } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();

async function open(locale, hash = '') {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const seen = watchPage(page, server.url);
  await page.goto(`${server.url}${hash}`);
  return { context, page, seen };
}

try {
  // A reader whose browser asks for Traditional Chinese.
  {
    const { context, page, seen } = await open('zh-TW');
    const loadingTitle = await page.title();
    check(loadingTitle === '注意力機制遊樂場', `the page's own title is Chinese before the app runs: "${loadingTitle}"`);
    await appReady(page);
    await translated(page);
    const s = await appState(page);
    check(s.ui_language === 'zh-TW', `navigator.languages zh-TW gives the interface zh-TW (${s.ui_language})`);
    check(await page.evaluate(() => document.documentElement.lang) === 'zh-TW', 'the page\'s lang attribute is zh-TW');
    await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_language_zh.png') });

    // Switching to English keeps the sentence, the model and the translation.
    await page.evaluate(() => Module.ccall('attn_set_ui_language', 'number', ['string'], ['en']));
    await page.waitForFunction(() => document.documentElement.lang === 'en', null, { timeout: 10000 });
    const en = await appState(page);
    check(en.ui_language === 'en' && en.sentence === s.sentence && en.model === s.model && en.translation === s.translation,
          `switching to English keeps the sentence, model and translation ("${en.translation}")`);
    await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_language_en.png') });
    checkPageClean(seen);
    await context.close();
  }

  // An English reader gets English; a link's lang= gives Chinese; the link written back says so.
  {
    const { context, page, seen } = await open('en-US');
    await appReady(page);
    check((await appState(page)).ui_language === 'en', 'navigator.languages en-US gives English');
    await context.close();
    const linked = await open('en-US', '#panel=attention&lang=zh-TW');
    await appReady(linked.page);
    const s = await appState(linked.page);
    check(s.ui_language === 'zh-TW', `lang=zh-TW in the link gives the interface zh-TW (${s.ui_language})`);
    check(s.share.url.includes('lang=zh-TW'), `the view's own link keeps lang=zh-TW (${s.share.url})`);
    checkPageClean(seen);
    checkPageClean(linked.seen);
    await linked.context.close();
  }

  // A bad lang= is refused with the link's message and leaves the reader's language.
  {
    const { context, page, seen } = await open('en-US', '#lang=klingon');
    await appReady(page);
    const s = await appState(page);
    check(s.ui_language === 'en' && /lang/.test(s.share.link_message), `lang=klingon is refused: "${s.share.link_message}"`);
    checkPageClean(seen);
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
finish();

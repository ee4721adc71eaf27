// The light theme follows the browser: a page opened with prefers-color-scheme: light draws the
// app light (the canvas mostly bright, the state says "light"), and switching the preference
// while the page runs switches the app; the sentence box laid over the canvas follows too. The
// reader's look (size of text, attention colours, a theme chosen against the browser's) is kept
// across visits in localStorage; a theme that only followed the browser is not, and damaged
// storage starts the defaults.
import path from 'node:path';
import { appReady, appState, check, checkPageClean, colourStats, decodePng, finish, launchBrowser, parseArgs, startServer, translated, watchPage } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
const brightness = (img) => {  // mean of all channels, 0..255
  let sum = 0;
  for (let i = 0; i < img.px.length; i += img.channels) sum += (img.px[i] + img.px[i + 1] + img.px[i + 2]) / 3;
  return sum / (img.px.length / img.channels);
};
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const seen = watchPage(page, server.url);
  await page.goto(server.url);
  await appReady(page);
  await translated(page, { timeout: 60000 });
  await page.waitForTimeout(300);
  let s = await appState(page);
  let shot = decodePng(await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_theme_light.png') }));
  const light = brightness(shot);
  check(s.theme === 'light' && light > 150, `prefers-color-scheme: light draws the app light (mean ${light.toFixed(0)})`);
  check(colourStats(shot).distinct > 50, 'and it is drawn');
  const box = await page.evaluate(() => getComputedStyle(document.getElementById('sentence-input')).backgroundColor);
  check(box === 'rgb(255, 255, 255)', `the sentence box is light too (${box})`);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).theme === 'dark', null, { timeout: 10000 });
  await page.waitForTimeout(300);
  shot = decodePng(await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_theme_dark.png') }));
  const dark = brightness(shot);
  check(dark < 80 && dark < light - 80, `switching the preference switches the app to dark (mean ${dark.toFixed(0)})`);

  // As the View menu does: the light theme against the browser's dark one, at 200%.
  const kept = () => page.evaluate(() => JSON.parse(localStorage.getItem('attn-look')));
  const setLook = (look) => page.evaluate((l) => Module.ccall('attn_set_look', 'number', ['string'], [JSON.stringify(l)]), look);
  check(await setLook({ theme: 'light', ui_scale_percent: 200 }) === 1, 'the look is applied');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('attn-look'))?.ui_scale_percent === 200, null, { timeout: 5000 });
  let k = await kept();
  check(k.theme === 'light' && k.palette === 'viridis', `the choice is kept in this browser: ${JSON.stringify(k)}`);
  await page.waitForTimeout(300);
  await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_theme_light_200pct.png') });
  await page.reload();
  await appReady(page);
  await translated(page, { timeout: 60000 });
  s = await appState(page);
  check(s.theme === 'light' && s.ui_scale_percent === 200, `the next visit looks the same (${s.theme}, ${s.ui_scale_percent}%)`);
  const boxStyle = await page.evaluate(() => {
    const c = getComputedStyle(document.getElementById('sentence-input'));
    return `${c.backgroundColor} ${c.fontSize}`;
  });
  check(boxStyle === 'rgb(255, 255, 255) 30px', `the sentence box follows the app's theme and size, not the browser's (${boxStyle})`);

  // The theme chosen back to the browser's is no longer kept, so the browser's changes apply again.
  await setLook({ theme: 'dark' });
  await page.waitForFunction(() => !('theme' in JSON.parse(localStorage.getItem('attn-look'))), null, { timeout: 5000 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).theme === 'light', null, { timeout: 10000 });
  s = await appState(page);
  check(s.ui_scale_percent === 200, `the browser's theme is followed again, the size stays (${s.ui_scale_percent}%)`);

  // Damaged storage: the defaults, and no error.
  await page.evaluate(() => localStorage.setItem('attn-look', '{"ui_scale_percent": 150'));
  await page.reload();
  await appReady(page);
  s = await appState(page);
  check(s.ui_scale_percent === 100 && s.theme === 'light', `damaged storage starts the defaults (${s.theme}, ${s.ui_scale_percent}%)`);
  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();

// The light theme follows the browser: a page opened with prefers-color-scheme: light draws the
// app light (the canvas mostly bright, the state says "light"), and switching the preference
// while the page runs switches the app; the sentence box laid over the canvas follows too.
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
  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();

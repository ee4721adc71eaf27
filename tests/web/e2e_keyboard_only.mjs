// A whole task with the keyboard only, in Chromium: Tab to the sentence box and type a sentence,
// Tab to the app, choose the decoder's masked self-attention, layer 2 and head 1 with the
// shortcuts (src/ui/shortcuts.h), move the heatmap's cell cursor, open its row in the
// step-through, and read its softmax from the screen-reader text. Then leave the app for the page
// with Esc, Tab (inside the canvas Tab alone is the app's). No mouse event is sent.
import path from 'node:path';
import { appState, check, checkPageClean, finish, launchBrowser, openApp, parseArgs, startServer, translated } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const { page, seen } = await openApp(browser, `${server.url}#model=de`);
  await translated(page, { timeout: 60000 });
  // ImGui 1.86 reads keys once a frame: hold each one for a few frames (docs/toolchain.md, P7).
  const key = async (k) => { await page.keyboard.down(k); await page.waitForTimeout(120); await page.keyboard.up(k); await page.waitForTimeout(120); };
  const active = () => page.evaluate(() => document.activeElement && document.activeElement.id);
  for (let i = 0; i < 6 && (await active()) !== 'sentence-input'; i++) await page.keyboard.press('Tab');
  check(await active() === 'sentence-input', 'Tab reaches the sentence box');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('we are watching a movie .', { delay: 20 });
  await translated(page, { sentence: 'we are watching a movie .', timeout: 60000 });
  await page.keyboard.press('Tab');
  check(await active() === 'canvas', 'the next Tab reaches the app');
  for (const k of ['2', ']', ']', '.', '.']) await key(k);
  await page.waitForTimeout(300);
  let s = await appState(page);
  check(s.selection.kind === 'decoder_self' && s.selection.layer === 2 && s.selection.head === 1,
        `the shortcuts chose ${s.selection.kind}, layer ${s.selection.layer}, head ${s.selection.head}`);
  for (const k of ['c', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'Enter']) await key(k);
  await page.waitForTimeout(500);
  s = await appState(page);
  check(s.selection.query === 2, `Enter opened row ${s.selection.query} in the step-through`);
  const reader = await page.locator('#reader').ariaSnapshot();
  const softmax = /softmax: [^\n]*/.exec(reader);
  check(/\(row 2\) over /.test(reader) && softmax !== null, `the screen-reader text reads the row's ${softmax ? softmax[0] : 'softmax (missing)'}`);
  await page.locator('#canvas').screenshot({ path: path.join(args.out, 'e2e_keyboard_only.png') });

  await key('Tab');
  check(await active() === 'canvas', 'Tab alone stays with the app');
  await key('Escape');
  await page.keyboard.press('Shift+Tab');
  check(await active() === 'sentence-input', `Esc, Shift+Tab goes back to the sentence box (${await active()})`);
  await page.keyboard.press('Tab');
  check(await active() === 'canvas', 'and Tab into the app again');
  await key('Escape');
  await page.keyboard.press('Tab');
  check(await active() !== 'canvas', `Esc, Tab leaves the app (focus: ${await active() || 'the page'})`);
  checkPageClean(seen);
} finally {
  await browser.close();
  server.stop();
}
finish();

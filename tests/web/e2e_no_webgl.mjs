// A browser without WebGL2 gets a readable explanation, not a blank canvas.
import path from 'node:path';
import { check, finish, launchBrowser, parseArgs, startServer, watchPage } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser(['--disable-webgl', '--disable-webgl2']);
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 500 } });
  const seen = watchPage(page, server.url);
  await page.goto(server.url);
  await page.waitForFunction(() => window.attnError !== undefined, null, { timeout: 30000 });
  const text = await page.locator('#error').innerText();
  console.log(`message shown: ${text.split('\n')[0]}`);
  check(await page.locator('#error').isVisible(), 'the error box is visible');
  check(/WebGL2/.test(text), 'the message names WebGL2');
  check(/Chrome|Firefox|Safari/.test(text), 'the message says which browsers work');
  check(!(await page.evaluate(() => 'wasmReady' in window)), 'the app did not start');
  await page.screenshot({ path: path.join(args.out, 'e2e_no_webgl.png') });
  check(seen.foreign.length === 0, "no request leaves the page's origin");
} finally {
  await browser.close();
  server.stop();
}
finish();

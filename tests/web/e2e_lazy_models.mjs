// The translators are fetched one at a time: a first visit downloads index.data (fonts and small
// tables, no model) and the chosen translator only; choosing the other language fetches it then,
// once, and translates; a download that fails says so, and "Try the download again" recovers.
// Models are published under content-hashed names (scripts/publish-models): en-de.<16 hex>.safetensors.
import { check, finish, launchBrowser, parseArgs, startServer, watchPage, appReady, appState, translated } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const seen = watchPage(page, server.url);
  const models = [];
  let dataBytes = 0;
  page.on('request', (r) => { if (r.url().includes('/models/')) models.push(new URL(r.url()).pathname); });
  page.on('response', async (r) => { if (/\/index(-mt)?\.data$/.test(r.url())) dataBytes = (await r.body()).length; });  // either build's
  // The German translator fails once, as a dropped connection would.
  let failGerman = true;
  await page.route(/\/models\/en-de\.[0-9a-f]{16}\.safetensors$/, (route) => (failGerman ? route.abort('connectionreset') : route.continue()));

  await page.goto(server.url);
  await appReady(page);
  await translated(page, { timeout: 60000 });
  let s = await appState(page);
  check(s.ready && s.translation.length > 0, `the first translator translated: "${s.translation}"`);
  check(models.length === 1 && /^\/models\/en-zh_TW\.[0-9a-f]{16}\.safetensors$/.test(models[0]),
        `only the chosen translator was fetched, under its hashed name: ${JSON.stringify(models)}`);
  check(dataBytes > 0 && dataBytes < 2e6, `index.data holds no model (${(dataBytes / 1e6).toFixed(2)} MB)`);

  // The other language: fetched now; this time the connection drops.
  await page.evaluate(() => Module.ccall('attn_url_state_apply', 'string', ['string'], ['model=de']));
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).translator_can_retry,
                             null, { timeout: 30000 });
  s = await appState(page);
  check(s.error.includes('could not be downloaded') && s.error.includes('en-de.safetensors'),
        `a failed download says which file: "${s.error}"`);
  check(!s.ready, 'nothing is shown as a German translation while it is missing');

  failGerman = false;
  await page.evaluate(() => Module._attn_retry_translator());
  await translated(page, { timeout: 60000 });
  s = await appState(page);
  check(s.model === 1 && s.ready && s.error === '' && s.translator_loading === '', `after the retry it translates: "${s.translation}"`);
  check(models.filter((m) => m.includes('/en-de.')).length === 2, 'the German translator was requested twice (failed, then retried)');

  // Back to Chinese: already loaded, nothing fetched again.
  const before = models.length;
  await page.evaluate(() => Module.ccall('attn_url_state_apply', 'string', ['string'], ['model=zh_TW']));
  await translated(page, { timeout: 30000 });
  check(models.length === before, 'switching back fetches nothing');
  // The dropped connection is the one error the console may show.
  check(seen.foreign.length === 0, 'no request leaves the page\'s origin');
  const others = seen.errors.filter((e) => !e.includes('ERR_CONNECTION_RESET'));
  check(others.length === 0, `no other page errors${others.length ? ': ' + others.join(' | ') : ''}`);
} finally {
  await browser.close();
  server.stop();
}
finish();

// Models are kept in the browser: the first visit downloads the chosen translator under its
// content-hashed name (served immutable) and stores it in the Cache API; a second visit reads it
// from there and sends no request for it at all. A cached copy that no longer matches its
// published SHA-256 is thrown away and downloaded again, and the About panel's record says so.
// Offline, a translator never downloaded says so; a download whose bytes do not match is refused.
// After a visit the page opens offline from its service worker's copy and translates.
import path from 'node:path';
import { appReady, appState, check, finish, launchBrowser, parseArgs, startServer, translated, watchPage } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
const hashed = /\/models\/en-(zh_TW|de)\.[0-9a-f]{16}\.safetensors$/;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const requests = [], headers = {};
  context.on('request', (r) => { if (r.url().includes('/models/')) requests.push(new URL(r.url()).pathname); });
  context.on('response', (r) => { if (hashed.test(r.url())) headers[new URL(r.url()).pathname] = r.headers()['cache-control']; });
  const visit = async () => {
    const page = await context.newPage();
    const seen = watchPage(page, server.url);
    await page.goto(server.url);
    await appReady(page);
    await translated(page, { timeout: 60000 });
    return { page, seen };
  };
  const fetches = async (page) => (await appState(page)).model_fetches.map((f) => `${f.file}:${f.source}`).join(' ');

  // First visit: downloaded under the hashed name, marked immutable, kept in the cache.
  let { page, seen } = await visit();
  check(requests.length === 1 && hashed.test(requests[0]), `the first visit downloads the translator once: ${JSON.stringify(requests)}`);
  check(headers[requests[0]] === 'public, max-age=31536000, immutable', `served immutable (${headers[requests[0]]})`);
  check(await fetches(page) === 'en-zh_TW.safetensors:downloaded', `recorded as downloaded: ${await fetches(page)}`);
  const cached = await page.evaluate(async () => (await (await caches.open('attention-playground-models')).keys()).map((r) => new URL(r.url).pathname));
  check(cached.length === 1 && cached[0] === requests[0], `the Cache API holds it: ${JSON.stringify(cached)}`);
  check(seen.foreign.length === 0 && seen.errors.length === 0, 'no foreign request, no page error');
  await page.close();

  // Second visit: from the cache, not a single request for a model.
  requests.length = 0;
  ({ page, seen } = await visit());
  let s = await appState(page);
  check(requests.length === 0, `the second visit requests no model: ${JSON.stringify(requests)}`);
  check(s.ready && s.translation.length > 0, `and translates: "${s.translation}"`);
  check(await fetches(page) === 'en-zh_TW.safetensors:from_cache', `recorded as from the cache: ${await fetches(page)}`);

  // A damaged cached copy: detected by its hash, deleted, downloaded again, and recorded.
  await page.evaluate(async (url) => {
    const cache = await caches.open('attention-playground-models');
    await cache.put(url, new Response(new Uint8Array([1, 2, 3, 4])));
  }, cached[0]);
  await page.close();
  requests.length = 0;
  ({ page, seen } = await visit());
  s = await appState(page);
  check(requests.length === 1 && s.ready, `a stale cached copy is downloaded again (${requests.length} request), and it translates`);
  check(await fetches(page) === 'en-zh_TW.safetensors:stale_cache_replaced', `recorded: ${await fetches(page)}`);
  await page.evaluate(() => Module.ccall('attn_show_panel', 'number', ['string', 'number'], ['about', 1]));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(args.out, 'e2e_model_cache_about.png') });

  // Offline, the German translator (never downloaded) says so; back online it downloads.
  await context.setOffline(true);
  await page.evaluate(() => Module.ccall('attn_url_state_apply', 'string', ['string'], ['model=de']));
  await page.waitForFunction(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).translator_can_retry, null, { timeout: 30000 });
  s = await appState(page);
  check(s.error.includes('offline'), `offline, a translator never downloaded says so: "${s.error}"`);
  await context.setOffline(false);

  // A download whose bytes do not match the published hash is refused, then a good one is taken.
  await page.route(hashed, (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: Buffer.alloc(1000, 7) }));
  await page.evaluate(() => Module._attn_retry_translator());
  await page.waitForFunction(() => {  // the retry starts, then fails again
    const st = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return st.translator_can_retry && !st.error.includes('offline');
  }, null, { timeout: 30000 });
  s = await appState(page);
  check(s.error.includes('arrived damaged') && s.error.includes('en-de.safetensors'), `damaged bytes are refused: "${s.error}"`);
  await page.unroute(hashed);
  await page.evaluate(() => Module._attn_retry_translator());
  await translated(page, { timeout: 60000 });
  s = await appState(page);
  check(s.model === 1 && s.ready && s.error === '', `then it translates: "${s.translation}"`);
  check((await fetches(page)).endsWith('en-de.safetensors:downloaded'), `recorded: ${await fetches(page)}`);
  check(seen.foreign.length === 0, 'no request leaves the page\'s origin');

  // Offline after a visit: the page itself comes from the service worker's copy (web/sw.js), and
  // it translates with the translator the browser kept.
  await page.waitForFunction(async () => {
    const shell = await (await caches.open('attention-playground-shell')).keys();
    return navigator.serviceWorker.controller !== null && shell.some((r) => /\/index(-mt)?\.wasm$/.test(r.url));
  }, null, { timeout: 30000, polling: 500 });
  requests.length = 0;
  await context.setOffline(true);
  await page.reload();
  await appReady(page);
  await translated(page, { timeout: 60000 });
  s = await appState(page);
  check(s.ready && s.error === '' && s.translation.length > 0 && requests.length === 0,
        `offline, the page opens from its copy and translates with the kept model: "${s.translation}"`);
  await context.setOffline(false);
  await context.close();
} finally {
  await browser.close();
  server.stop();
}
finish();

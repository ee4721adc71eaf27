// Embedding: web/embed-example.html with its two ?embed=1 iframes, served by the same
// local server as the app. Both frames start and show the panel and sentence their fragment names
// (read back through each frame's state JSON); the host-page API answers a valid message, rejects
// malformed ones with attn:error, and ignores a page whose origin the frame does not allow; no
// request leaves the page's origin; the translator both frames show is downloaded once, and so is
// the app (one frame at a time fetches it: the other's requests are answered from the cache).
import path from 'node:path';
import { check, checkPageClean, finish, launchBrowser, parseArgs, startServer, watchPage, appState, translated } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
let hostBrowser = null;

const waitTranslated = (frame, sentence) => translated(frame, { sentence, timeout: 120000, polling: 250 });

// Sends `message` from the host page to the iframe `selector` and resolves to the first reply
// matching `want` (or null after `ms`).
function exchange(page, selector, message, want, ms = 20000) {
  return page.evaluate(([sel, msg, wantType, ms]) => new Promise((resolve) => {
    const frame = document.querySelector(sel);
    const timer = setTimeout(() => { window.removeEventListener('message', on); resolve(null); }, ms);
    function on(e) {
      if (e.source !== frame.contentWindow || !e.data || !wantType.includes(e.data.type)) return;
      clearTimeout(timer);
      window.removeEventListener('message', on);
      resolve({ origin: e.origin, data: e.data });
    }
    window.addEventListener('message', on);
    frame.contentWindow.postMessage(msg, new URL(frame.src).origin);
  }), [selector, message, want, ms]);
}

try {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const seen = watchPage(page, server.url);
  const models = [];  // both frames show German: the page downloads it once (Web Locks + Cache API)
  page.on('request', (r) => { if (r.url().includes('/models/')) models.push(new URL(r.url()).pathname); });
  const wasmBodies = [];  // bytes of each response for the app's wasm, 0 for a 304 from the cache
  page.on('requestfinished', async (r) => {
    if (/\/index(-mt)?\.wasm$/.test(new URL(r.url()).pathname)) wasmBodies.push((await r.sizes()).responseBodySize);
  });
  const t0 = Date.now();
  await page.goto(`${server.url}embed-example.html`);
  const cross = await (await page.$('#cross')).contentFrame();
  const step = await (await page.$('#step')).contentFrame();
  const crossSentence = 'the girl who bought a red dress is my sister', stepSentence = 'the cat sees the dog';
  await Promise.all([waitTranslated(cross, crossSentence), waitTranslated(step, stepSentence)]);
  console.log(`both frames translated after ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const a = await appState(cross), b = await appState(step);
  check(a.share.embed && b.share.embed, 'both frames run in embed mode');
  check(a.share.panel === 'attention' && b.share.panel === 'step', `panels from the fragments: ${a.share.panel}, ${b.share.panel}`);
  check(a.models[a.model].includes('Deutsch') && a.translation.length > 0, `cross frame: German translation "${a.translation}"`);
  check(a.selection.kind === 'cross' && a.selection.layer === 2 && a.selection.head === -1, `cross frame selection ${JSON.stringify(a.selection)}`);
  check(a.map.rows === a.outputs.length && a.map.cols === a.source.length, `cross map is outputs × source (${a.map.rows}×${a.map.cols})`);
  check(b.selection.head === 0 && b.selection.query === 2 && b.step && b.step.weights.length === b.source.length,
        `step frame explains query 2 of head 0 (${b.step ? b.step.weights.length : 0} weights)`);
  check(!a.share.link_message && !b.share.link_message, 'the example links apply without adjustments');
  check(models.length === 1 && models[0].includes('/en-de.'), `two frames, one download of the German translator: ${JSON.stringify(models)}`);
  check(wasmBodies.length === 2 && wasmBodies.filter((n) => n > 100000).length === 1,
        `two frames, one download of the app's wasm (bytes per request: ${wasmBodies.join(', ')})`);
  await page.waitForTimeout(500);  // a few frames after the translation settle the layout
  await page.screenshot({ path: path.join(args.out, 'e2e_embed.png'), fullPage: true });
  // The frame's canvas fills it and follows a resize.
  await page.evaluate(() => { document.getElementById('cross').style.height = '300px'; });
  await page.waitForTimeout(500);
  const sizes = await cross.evaluate(() => [innerWidth, innerHeight, document.getElementById('canvas').clientWidth, document.getElementById('canvas').clientHeight]);
  const box = await page.evaluate(() => [document.getElementById('cross').clientWidth, document.getElementById('cross').clientHeight]);
  check(sizes[0] === box[0] && sizes[1] === box[1] && box[1] === 300 && sizes[2] === sizes[0] && sizes[3] === sizes[1],
        `canvas fills the resized frame (frame ${box.join('×')}, canvas ${sizes[2]}×${sizes[3]})`);

  // ---- Host API, same origin (allowed by default) ----
  const st = await exchange(page, '#cross', { type: 'attn:getState', id: 7 }, ['attn:state']);
  check(st && st.data.id === 7 && st.data.sentence === crossSentence && st.data.map.values.length === st.data.map.rows * st.data.map.cols,
        'attn:getState → attn:state with the sentence, the translation and the selected map');
  const tr = await exchange(page, '#cross', { type: 'attn:setSentence', sentence: 'the old man reads a book' }, ['attn:translated', 'attn:error'], 60000);
  check(tr && tr.data.type === 'attn:translated' && tr.data.sentence === 'the old man reads a book' && tr.data.translation.length > 0,
        `attn:setSentence → attn:translated "${tr && tr.data.translation}"`);
  await exchange(page, '#cross', { type: 'attn:select', kind: 'encoder', layer: 1, head: 3 }, ['attn:error'], 1500);
  const sel = await exchange(page, '#cross', { type: 'attn:getState' }, ['attn:state']);
  check(sel && sel.data.selection.kind === 'encoder_self' && sel.data.selection.layer === 1 && sel.data.selection.head === 3 &&
        sel.data.map.rows === sel.data.map.cols, `attn:select switches to encoder self-attention layer 1 head 3 (${sel && JSON.stringify(sel.data.selection)})`);
  for (const [bad, expect] of [[{ type: 'attn:select', layer: 999 }, 'layer'], [{ type: 'attn:setSentence', sentence: 42 }, 'string'],
                               [{ type: 'attn:showPanel', name: 'settings' }, 'name'], [{ type: 'attn:launch' }, 'unknown'],
                               ['hello', 'object'], [{ type: 'attn:setSentence', sentence: 'x'.repeat(5000) }, 'too long']]) {
    const r = await exchange(page, '#cross', bad, ['attn:error', 'attn:state', 'attn:translated']);
    check(r && r.data.type === 'attn:error' && r.data.message.includes(expect), `malformed ${JSON.stringify(bad).slice(0, 50)} → attn:error "${r && r.data.message}"`);
  }
  const after = await appState(cross);
  check(after.sentence === 'the old man reads a book' && after.selection.layer === 1, 'malformed messages changed nothing');
  checkPageClean(seen);

  // ---- A host on another origin (localhost vs 127.0.0.1): ignored unless ?origins= names it ----
  const other = server.url.replace('127.0.0.1', 'localhost');
  // The host page is served by the test itself (route.fulfill), so it has no IP address: Chromium
  // counts it as public and its Local Network Access checks would block the loopback iframe. Those
  // checks are not what this part tests, so a second browser runs without them.
  hostBrowser = await launchBrowser(['--disable-features=LocalNetworkAccessChecks']);
  const hostPage = await hostBrowser.newPage();
  await hostPage.route(`${other}host.html`, (r) => r.fulfill({ contentType: 'text/html', body:
    `<!doctype html><iframe id="plain" src="${server.url}index.html?embed=1#panel=attention"></iframe>` +
    `<iframe id="allowed" src="${server.url}index.html?embed=1&origins=${encodeURIComponent(new URL(other).origin)}#panel=attention"></iframe>` }));
  await hostPage.goto(`${other}host.html`);
  const plain = await (await hostPage.$('#plain')).contentFrame(), allowed = await (await hostPage.$('#allowed')).contentFrame();
  const defaultSentence = 'the girl who bought a red dress yesterday is my sister';  // AppState's
  await Promise.all([waitTranslated(plain, defaultSentence), waitTranslated(allowed, defaultSentence)]);
  const ignored = await exchange(hostPage, '#plain', { type: 'attn:setSentence', sentence: 'a stranger writes' }, ['attn:translated', 'attn:error', 'attn:state'], 4000);
  const ignoredBad = await exchange(hostPage, '#plain', { type: 'attn:nope' }, ['attn:error'], 2000);
  check(ignored === null && ignoredBad === null && (await appState(plain)).sentence === defaultSentence,
        'a page on a disallowed origin gets no answer and changes nothing');
  const ok = await exchange(hostPage, '#allowed', { type: 'attn:getState' }, ['attn:state']);
  check(ok && ok.data.sentence === defaultSentence && ok.origin === new URL(server.url).origin,
        'the same page is answered by a frame whose ?origins= lists it');
} finally {
  await browser.close();
  if (hostBrowser) await hostBrowser.close();
  server.stop();
}
finish();

// No off-origin traffic, and the page works under its Content-Security-Policy (web/index.html).
// A whole session: type and translate a sentence, step through every panel (attention, step-through,
// architecture, about), the Compare panel (which downloads the RNN translators), the Image panel
// (which downloads the classifiers) with a gallery pick and an upload. Every request the page
// makes is recorded from the first one on; each must be on the page's origin. Every CSP violation
// the page reports (securitypolicyviolation events, collected from before the first script runs)
// fails the test, so the app itself needs nothing the policy forbids. Then probes show the policy
// is really in force: eval and a script from another origin are refused, and that refused script
// is never requested.
import { check, checkPageClean, finish, launchBrowser, parseArgs, startServer, watchPage, appReady, appState } from './harness.mjs';

const args = parseArgs();
const server = await startServer(args.site);
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const origin = new URL(server.url).origin;
  const requests = [], finished = [], failed = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('requestfinished', (r) => finished.push(r.url()));
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
  const seen = watchPage(page, server.url);
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  await page.goto(server.url);
  await appReady(page);
  const state = () => appState(page);
  const policy = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content || '');
  check(/script-src 'self' 'wasm-unsafe-eval'/.test(policy) && !/unsafe-eval'/.test(policy.replace("'wasm-unsafe-eval'", '')) &&
        !/unsafe-inline/.test(policy), `the page sets a CSP without eval or inline script: "${policy}"`);

  // Translate: typed into the page's sentence box, as a visitor does.
  const input = page.locator('#sentence-input');
  await input.click();
  await input.fill('');
  await page.keyboard.type('my teacher translates a magazine .', { delay: 5 });
  await page.waitForFunction(() => {
    const s = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return s.ready && !s.pending && s.translated_sentence === s.sentence && s.sentence.startsWith('my teacher');
  }, null, { timeout: 30000 });
  let s = await state();
  check(s.translation.length > 0, `translated: "${s.translation}"`);

  // Every panel, one after the other.
  for (const panel of ['attention', 'step', 'architecture', 'about']) {
    check(await page.evaluate((p) => window.attnShowPanel(p), panel), `the ${panel} panel opens`);
    await page.waitForTimeout(400);
  }
  check(await page.evaluate(() => window.attnShowPanel('compare')), 'the compare panel opens');
  await page.waitForFunction(() => {
    const x = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return x.compare.ready && x.compare.sentence === x.sentence;
  }, null, { timeout: 90000 });
  s = await state();
  check(s.compare.models.every((m) => m.error === '' && m.display.length > 0), 'all three models of the Compare panel translated');
  await page.evaluate(() => window.attnShowPanel('compare', false));

  check(await page.evaluate(() => window.attnShowPanel('image')), 'the image panel opens');
  const classified = (x) => x.image.ready && x.image.models.every((m) => m.has_result);
  await page.waitForFunction(() => {
    const x = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return x.image.ready && x.image.models.every((m) => m.has_result);
  }, null, { timeout: 90000 });
  await page.evaluate(() => Module.ccall('attn_image_gallery', null, ['number'], [42]));
  const png = Buffer.from(await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = c.height = 64;
    const g = c.getContext('2d');
    g.fillStyle = '#eee'; g.fillRect(0, 0, 64, 64);
    g.fillStyle = '#333'; g.fillRect(20, 8, 24, 48);
    return c.toDataURL('image/png').split(',')[1];
  }), 'base64');
  await page.setInputFiles('#image-input', { name: 'upload.png', mimeType: 'image/png', buffer: png });
  for (const end = Date.now() + 30000; Date.now() < end; await page.waitForTimeout(100)) {
    s = await state();
    if (s.image.source.name === 'upload.png' && classified(s)) break;
  }
  check(s.image.source.name === 'upload.png' && classified(s) && s.image.error === '', 'an uploaded PNG was classified');
  await page.waitForTimeout(500);

  const foreign = requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin);
  console.log(`  ${requests.length} requests in the session, ${new Set(requests.map((u) => new URL(u).pathname)).size} distinct paths`);
  check(requests.length >= 5, 'the session made the expected downloads (page, scripts, wasm, data, models)');
  check(requests.some((u) => /\/models\/rnn_/.test(u)) && requests.some((u) => /\/models\/resnet/.test(u)),
        'the lazily fetched models were among them');
  check(foreign.length === 0, `no request left ${origin}${foreign.length ? ': ' + foreign.join(', ') : ''}`);
  const violations = await page.evaluate(() => window.cspViolations);
  check(violations.length === 0, `the session caused no CSP violation${violations.length ? ': ' + violations.join(' | ') : ''}`);
  checkPageClean(seen);

  // The policy is in force: eval is refused, and so is a script from elsewhere (it never loads).
  // eval runs from a timer: code run by page.evaluate itself is exempt from the CSP (DevTools).
  const evalResult = await page.evaluate(() => new Promise((resolve) => setTimeout(() => {
    try { resolve(String(eval('6 * 7'))); } catch (e) { resolve(e.name); }
  }, 0)));
  check(evalResult === 'EvalError', `eval is refused under the CSP (${evalResult})`);
  const remote = 'http://remote.invalid/evil.js';
  const remoteResult = await page.evaluate((src) => new Promise((resolve) => {
    const el = document.createElement('script');
    el.src = src;
    el.onload = () => resolve('loaded');
    el.onerror = () => resolve('refused');
    document.head.appendChild(el);
    setTimeout(() => resolve('timeout'), 3000);
  }), remote);
  await page.waitForTimeout(200);
  const after = await page.evaluate(() => window.cspViolations);
  check(remoteResult === 'refused' && after.some((v) => v.includes('script-src') && v.includes('remote.invalid')),
        `a remote script is refused by script-src (${remoteResult}; ${after.length} violation(s) reported by the probes)`);
  const blocked = failed.find((f) => f.startsWith(remote));
  check(!finished.includes(remote) && blocked !== undefined, `the refused remote script never loaded (${blocked})`);
} finally {
  await browser.close();
  server.stop();
}
finish();

// Shared by the browser tests: serve the site with the same server ./play uses, launch Debian's
// chromium through playwright-core (SwiftShader WebGL2), and decode screenshots.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function parseArgs(argv = process.argv.slice(2)) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  if (!args.site) throw new Error('usage: --site build/web/site --out DIR');
  args.out = args.out || '.';
  mkdirSync(args.out, { recursive: true });
  return args;
}

// Starts scripts/serve on a free port; resolves to { url, stop }.
// isolated: false serves the page without COOP/COEP, as most static hosts do (single-thread build).
export function startServer(siteDir, { isolated = true } = {}) {
  return new Promise((resolve, reject) => {
    const proc = spawn('python3', [path.join(repo, 'scripts/serve'), '--dir', siteDir, '--port', '0',
                                   ...(isolated ? [] : ['--no-isolation'])],
                       { stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setTimeout(() => reject(new Error('server did not start in 10 s')), 10000);
    proc.on('error', reject);
    proc.stdout.on('data', (chunk) => {
      const m = String(chunk).match(/Serving (http:\/\/\S+)/);
      if (m) { clearTimeout(timer); resolve({ url: m[1], stop: () => proc.kill() }); }
    });
  });
}

// Chromium flags: SwiftShader WebGL2 (P10), and no background traffic to Google's services.
export async function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/lib/chromium/chromium',  // not the wrapper script (P15)
    args: ['--headless', '--no-sandbox', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--disable-quic',
           '--use-angle=swiftshader', '--enable-unsafe-swiftshader', ...extraArgs],
  });
}

// Records every request that leaves the page's origin, and every page error.
export function watchPage(page, origin) {
  const foreign = [], errors = [];
  page.on('request', (r) => { if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return { foreign, errors };
}

// Resolves once the app's wasm runs and has drawn a few frames (the page was just opened), and
// the chosen translator, fetched after start, is in (or failed to come).
export function appReady(page) {
  return page.waitForFunction(() => window.wasmReady && Module._attn_frame_count() > 5 &&
                              JSON.parse(Module.ccall('attn_state_json', 'string', [], [])).translator_loading === '',
                              null, { timeout: 120000 });
}

// A page of the app at `url` (its origin watched, as watchPage does), once the app runs.
export async function openApp(browser, url, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  const seen = watchPage(page, new URL(url).origin);
  await page.goto(url);
  await appReady(page);
  return { page, seen };
}

// The app's state (attn_state_json, src/app/state_json.cpp) as an object. Predicates passed to
// waitForFunction run inside the page and spell the call out themselves.
export function appState(page) {
  return page.evaluate(() => JSON.parse(Module.ccall('attn_state_json', 'string', [], [])));
}

// Resolves once the app in `target` (a page or an iframe's frame) has started and finished
// translating: `sentence` when given, else whatever sentence its box holds now.
export function translated(target, { sentence = null, timeout = 30000, polling = 'raf' } = {}) {
  return target.waitForFunction((want) => {
    if (!window.wasmReady || Module._attn_frame_count() < 5) return false;
    const s = JSON.parse(Module.ccall('attn_state_json', 'string', [], []));
    return s.ready && !s.pending && s.translated_sentence === (want === null ? s.sentence : want);
  }, sentence, { timeout, polling });
}

// Minimal PNG decoder for Chromium's screenshots (8-bit RGB/RGBA, not interlaced).
export function decodePng(buf) {
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('unsupported PNG');
      channels = { 2: 3, 6: 4 }[data[9]];
      if (!channels) throw new Error(`unsupported PNG colour type ${data[9]}`);
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat)), stride = width * channels;
  const px = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)], src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? px[y * stride + x - channels] : 0;
      const b = y > 0 ? px[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? px[(y - 1) * stride + x - channels] : 0;
      let v = src[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) { const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
                               v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      px[y * stride + x] = v & 255;
    }
  }
  return { width, height, channels, px };
}

// Distinct colours and the share of the most common one: a blank canvas has 1 colour at 100%.
export function colourStats(img) {
  const counts = new Map();
  for (let i = 0; i < img.px.length; i += img.channels) {
    const key = (img.px[i] << 16) | (img.px[i + 1] << 8) | img.px[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const total = img.width * img.height;
  return { distinct: counts.size, dominantShare: Math.max(...counts.values()) / total };
}

let failures = 0;
export function check(ok, what) {
  console.log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
  if (!ok) failures++;
}
// What every browser test ends with: the page stayed on its own origin and logged no error.
export function checkPageClean(seen) {
  check(seen.foreign.length === 0, `no request leaves the page's origin${seen.foreign.length ? ': ' + seen.foreign.join(', ') : ''}`);
  check(seen.errors.length === 0, `no page errors${seen.errors.length ? ': ' + seen.errors.join(' | ') : ''}`);
}
export function finish() {
  console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
  process.exitCode = failures ? 1 : 0;
}

// Page glue for the Emscripten build: checks WebGL2, shows download progress, then starts index.js.
// Everything is fetched from this page's own origin; nothing comes from a CDN.
'use strict';

// The page's own words before the app runs, in the reader's language: messages.js holds the
// translations of every t('...') below, compiled at build time from assets/i18n/<lang>.po (the
// app's catalogue). '{0}' in a message is filled in by t's further arguments.
const pageLanguage = (() => {
  const link = /[#&]lang=([^&]+)/.exec(location.hash);
  if (link) return decodeURIComponent(link[1]);
  // The browser's first language, by ui_language_from_locale's rule (src/ui/i18n.cpp).
  const first = ((navigator.languages && navigator.languages[0]) || navigator.language || 'en').toLowerCase();
  return /^zh-(tw|hk|mo)\b|^zh-hant\b/.test(first) ? 'zh-TW' : 'en';
})();
function t(english, ...args) {
  const table = (window.attnPageMessages || {})[pageLanguage] || {};
  return (table[english] || english).replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)]));
}

// Releases the lock under which an embedded frame fetches the app's files (below); a no-op elsewhere.
let appFilesHere = () => {};

const ui = {
  overlay: document.getElementById('overlay'),
  status: document.getElementById('status'),
  progress: document.getElementById('progress'),
  error: document.getElementById('error'),
};

document.documentElement.lang = pageLanguage;
document.title = t('Attention Playground');
document.querySelector('#overlay h1').textContent = t('Attention Playground');
ui.status.textContent = t('Loading…');
document.getElementById('sentence-input').setAttribute('aria-label', t('English sentence'));
document.getElementById('image-input').setAttribute('aria-label', t('Picture to classify'));

// No browser context menu over the app (right-drag is the app's). Set here rather than by an
// oncontextmenu attribute, which the page's Content-Security-Policy would refuse as inline script.
document.getElementById('canvas').addEventListener('contextmenu', (e) => e.preventDefault());

// Inside the canvas, Tab moves between the app's own controls, so the keyboard needs a way out
// (WCAG 2.1.2, no keyboard trap): Esc, then Tab or Shift+Tab, leaves the app to the page around it,
// as in code editors that keep Tab. Listening on the window in the capture phase runs this before
// SDL's listener on the canvas, which would take the Tab and cancel the browser's move.
{
  let escaped = false;
  window.addEventListener('keydown', (e) => {
    if (e.target.id !== 'canvas') return;
    if (e.key === 'Tab' && escaped) e.stopImmediatePropagation();  // the browser moves the focus
    if (e.key !== 'Shift') escaped = e.key === 'Escape';  // Shift+Tab's Shift comes between
  }, true);
}

function showStatus(text, fraction) {
  ui.status.textContent = text;
  if (fraction !== undefined) ui.progress.style.width = `${Math.round(100 * Math.min(1, fraction))}%`;
}

// Called from C++ (main_web.cpp) and below: a readable message instead of a blank canvas.
window.attnFatal = (message) => {
  appFilesHere();  // nothing more will come: let another frame load
  window.attnError = message;
  ui.overlay.classList.remove('done');
  ui.overlay.classList.add('failed');
  ui.status.textContent = t('Attention Playground cannot run here.');
  ui.error.hidden = false;
  ui.error.textContent = message;
};

window.attnStarted = () => {
  window.wasmReady = true;
  // The interface starts in the page's language (a link's lang= is applied again with the rest of it).
  Module.ccall('attn_set_ui_language', 'number', ['string'], [pageLanguage]);
  ui.overlay.classList.add('done');
  startSentenceBridge();
  startImageInputs();
  startModelImport();
  startScreenReaderText();
  startLook();
  startOfflineCopy();
  if (window.attnShareStart) window.attnShareStart();  // URL state, embed mode, host API (embed.js)
  let keptRun = false;
  try { keptRun = localStorage.getItem(kSavedRunFlag) === '1'; } catch (e) { /* storage blocked: nothing kept */ }
  if (keptRun) window.attnTrainWorker.start();
};

// An offline copy of the page (web/sw.js): after one visit the page opens without a network and
// translates with the models this browser kept. The worker takes over from this visit on; what
// this visit loaded before that is listed to it.
function startOfflineCopy() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('sw.js').then(() => navigator.serviceWorker.ready).then((registration) => {
    const urls = [location.href.split('#')[0], ...performance.getEntriesByType('resource').map((e) => e.name)];
    registration.active.postMessage({ type: 'keep', urls: [...new Set(urls)] });
  }).catch(() => { /* no service worker here (a private window, an insecure origin): the page works as before */ });
}

// The reader's look (theme, size of text and controls, attention colours; src/app/look_json.h) is
// kept in this browser, so the next visit, and every embed from this site, looks as the reader
// left it. The theme follows the browser's prefers-color-scheme, now and when it changes, unless
// the reader chose the other one in the View menu: only such a choice is kept.
function startLook() {
  const kLookKey = 'attn-look';
  const light = matchMedia('(prefers-color-scheme: light)');
  const browserTheme = () => (light.matches ? 'light' : 'dark');
  const setLook = (look) => Module.ccall('attn_set_look', 'number', ['string'], [JSON.stringify(look)]);
  // The page's own sentence box takes the app's theme and text size (style.css).
  const showLook = (look) => {
    document.documentElement.dataset.theme = look.theme;
    document.documentElement.style.setProperty('--ui-scale', look.ui_scale_percent / 100);
  };
  let kept = {};
  try { kept = JSON.parse(localStorage.getItem(kLookKey)) || {}; } catch (e) { /* blocked or damaged: the defaults */ }
  setLook({ ...kept, theme: kept.theme || browserTheme() });
  light.addEventListener('change', () => { if (!kept.theme) setLook({ theme: browserTheme() }); });
  let last = Module.ccall('attn_get_look', 'string', [], []);
  showLook(JSON.parse(last));
  setInterval(() => {
    const now = Module.ccall('attn_get_look', 'string', [], []);
    if (now === last) return;
    last = now;
    const look = JSON.parse(now);
    showLook(look);
    kept = { ui_scale_percent: look.ui_scale_percent, palette: look.palette };
    if (look.theme !== browserTheme()) kept.theme = look.theme;
    try { localStorage.setItem(kLookKey, JSON.stringify(kept)); } catch (e) { /* blocked or full: this visit only */ }
  }, 500);
}

// The Train panel's worker (web/train-worker.js): started when the app first posts to it, or at
// start-up when a run was kept in this browser, so that it can be offered. Its messages go to the
// app's attn_train_worker_* hooks (src/app/main_web.cpp).
const kSavedRunFlag = 'attn-train-saved-run';
window.attnTrainWorker = {
  worker: null,
  start() {
    if (this.worker) return;
    this.worker = new Worker('train-worker.js');
    this.worker.onmessage = (e) => receiveFromTrainWorker(e.data);
    this.worker.onerror = (e) => console.error(`training worker: ${e.message}`);
  },
  post(message) {
    this.start();
    this.worker.postMessage(message);
  },
};
// The wasm heap as bytes, read after any _malloc. In the threaded build a worker thread may grow
// the shared memory, leaving this thread's HEAPU8 a view of the old, shorter buffer.
function heapU8() {
  const memory = Module.wasmMemory;
  return memory && Module.HEAPU8.buffer !== memory.buffer ? new Uint8Array(memory.buffer) : Module.HEAPU8;
}
function withBytes(bytes, call) {
  const p = Module._malloc(Math.max(1, bytes.length));
  heapU8().set(bytes, p);
  try { call(p); } finally { Module._free(p); }
}
function receiveFromTrainWorker(m) {
  if (!window.wasmReady) return;
  if (m.type === 'snapshot') withBytes(m.bytes, (p) => Module.ccall('attn_train_worker_snapshot', null, ['number', 'number'], [p, m.bytes.length]));
  else if (m.type === 'reply') Module.ccall('attn_train_worker_reply', null, ['string'], [JSON.stringify(m.reply)]);
  else if (m.type === 'offer') Module.ccall('attn_train_worker_offer', null, ['string', 'number'], [m.setup, m.step]);
  else if (m.type === 'model') {
    const bytes = m.bytes || new Uint8Array(0);
    withBytes(bytes, (p) => Module.ccall('attn_train_worker_model', null, ['number', 'number', 'string', 'string'],
                                         [p, bytes.length, m.purpose, m.bytes ? m.name : m.error]));
  } else if (m.type === 'persisted') {
    window.attnTrainPersistedStep = m.step;  // the saved run of this step reached IndexedDB (tests wait on it)
  } else if (m.type === 'stored') {
    try { if (m.has_run) localStorage.setItem(kSavedRunFlag, '1'); else localStorage.removeItem(kSavedRunFlag); } catch (e) { /* storage blocked */ }
  }
}

// For the embedding page and the tests: open or close a window by name ("translate", "attention",
// "step", "architecture", "about", "compare", "image"); false for an unknown name.
window.attnShowPanel = (name, open = true) => Module.ccall('attn_show_panel', 'number', ['string', 'number'], [name, open ? 1 : 0]) === 1;

// ImGui 1.86 cannot receive IME text in the browser (docs/toolchain.md, P7), so a real <input> sits
// exactly over the app's sentence box, moved every frame to where the app drew it. Its text goes
// to the app on every edit (after an IME composition ends); text the app sets (examples,
// vocabulary, URL) comes back when the user is not typing.
function startSentenceBridge() {
  const input = document.getElementById('sentence-input');
  const call = (name, ret, types, args) => Module.ccall(name, ret, types, args);
  let composing = false;
  // SDL listens for keys on the window and cancels their default action, which would stop the
  // browser from typing into this box: keep the box's keys to itself.
  for (const type of ['keydown', 'keyup', 'keypress']) input.addEventListener(type, (e) => e.stopPropagation());
  input.addEventListener('compositionstart', () => { composing = true; });
  input.addEventListener('compositionend', () => { composing = false; call('attn_set_sentence', null, ['string'], [input.value]); });
  input.addEventListener('input', () => { if (!composing) call('attn_set_sentence', null, ['string'], [input.value]); });
  const takeAppText = () => {
    const appText = call('attn_get_sentence', 'string', [], []);
    if (!composing && input.value !== appText) input.value = appText;
  };
  // Text set from outside lands in the box at the next frame; a click or a Tab that comes first
  // must not start editing the old text (mousedown runs before the click focuses and places the caret).
  input.addEventListener('mousedown', takeAppText);
  input.addEventListener('focus', takeAppText);
  const place = () => {
    const r = JSON.parse(call('attn_widget_rect', 'string', ['string'], ['sentence']));
    const visible = r.w > 0 && r.h > 0;
    input.hidden = !visible;
    if (visible) {
      Object.assign(input.style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.w}px`, height: `${r.h}px` });
      if (document.activeElement !== input) takeAppText();
    }
    const lang = call('attn_get_ui_language', 'string', [], []);  // the page's lang follows the interface's
    if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
    requestAnimationFrame(place);
  };
  requestAnimationFrame(place);
}

// The canvas is one picture to a screen reader: <main id="reader"> holds what it shows as text
// (attn_reader_json: the translation, the three words each output word attends to most on the
// map on screen, Compare, Image), rebuilt whenever that text changes. The first section (the
// translation) is a polite live region: a new translation is announced, the rest is there to
// read and navigate by heading.
function startScreenReaderText() {
  const region = document.getElementById('reader');
  let last = '';
  const update = () => {
    const json = Module.ccall('attn_reader_json', 'string', [], []);
    if (json === last) return;
    last = json;
    region.replaceChildren(...JSON.parse(json).sections.map((s, i) => {
      const section = document.createElement('section');
      if (i === 0) section.setAttribute('aria-live', 'polite');
      const h = document.createElement('h2');
      h.textContent = s.heading;
      const list = document.createElement('ul');
      for (const line of s.lines) {
        const li = document.createElement('li');
        li.textContent = line;
        list.append(li);
      }
      section.append(h, list);
      return section;
    }));
  };
  setInterval(update, 250);
  update();
}

// A picture for the Image panel, from anywhere (a File, a Blob, an ArrayBuffer or a Uint8Array):
// its bytes are copied into the app's memory and handed to attn_image_upload, which decodes,
// preprocesses and classifies it (a bad file becomes a message in the panel). A file larger than
// the app accepts is refused before it is read, so memory stays bounded. Resolves when handed over.
window.attnUploadImage = async (data, name = data.name || 'picture') => {
  const size = data.size ?? data.byteLength;
  if (size > Module.ccall('attn_image_max_bytes', 'number', [], [])) {
    Module.ccall('attn_image_refuse', null, ['string', 'number'], [name, size]);
    return;
  }
  const bytes = data instanceof Blob ? new Uint8Array(await data.arrayBuffer())
    : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
  const ptr = Module._malloc(Math.max(bytes.length, 1));
  try {
    heapU8().set(bytes, ptr);  // read after _malloc: memory growth replaces the view (P14)
    Module.ccall('attn_image_upload', null, ['number', 'number', 'string'], [ptr, bytes.length, name]);
  } finally {
    Module._free(ptr);
  }
};

// The Image panel's inputs besides its gallery: the file chooser its button opens, a file dropped
// anywhere on the page, and an image pasted (text pastes are left to the sentence box).
function startImageInputs() {
  const chooser = document.getElementById('image-input');
  window.attnChooseImage = () => chooser.click();
  chooser.addEventListener('change', () => {
    if (chooser.files.length) window.attnUploadImage(chooser.files[0]);
    chooser.value = '';  // choosing the same file again fires change again
  });
  // Without preventDefault on dragover the browser would open the dropped file instead.
  window.addEventListener('dragover', (e) => { if (e.dataTransfer.types.includes('Files')) e.preventDefault(); });
  window.addEventListener('drop', (e) => {
    if (!e.dataTransfer.files.length) return;
    e.preventDefault();
    window.attnUploadImage(e.dataTransfer.files[0]);
  });
  window.addEventListener('paste', (e) => {
    const item = [...(e.clipboardData?.items || [])].find((i) => i.kind === 'file' && i.type.startsWith('image/'));
    if (!item) return;
    e.preventDefault();
    window.attnUploadImage(item.getAsFile(), 'pasted image');
  });
}

// The Train panel's Import: a .safetensors model file, its bytes handed to the app.
function startModelImport() {
  const chooser = document.getElementById('model-input');
  chooser.setAttribute('aria-label', t('Model file to import'));
  window.attnChooseModel = () => chooser.click();
  chooser.addEventListener('change', async () => {
    const file = chooser.files[0];
    chooser.value = '';
    if (!file) return;
    const max = Module.ccall('attn_model_max_bytes', 'number', [], []);
    const bytes = file.size <= max ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array(0);
    // size -1: too large to copy, refused by the app with the limit
    withBytes(bytes, (p) => Module.ccall('attn_model_import', null, ['number', 'number', 'string'],
                                         [p, file.size <= max ? bytes.length : -1, file.name]));
  });
}

function webgl2Problem() {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) {
    return t('This browser did not give the page a WebGL2 context, which the playground needs to draw.\n' +
             'Try a current Chrome, Edge, Firefox or Safari (15+), and check that hardware acceleration ' +
             'is enabled in the browser settings.');
  }
  const lose = gl.getExtension('WEBGL_lose_context');
  if (lose) lose.loseContext();  // give the probe context back right away
  return null;
}

function wasmProblem() {
  if (typeof WebAssembly !== 'object') return t('This browser does not support WebAssembly.');
  // A module whose only function runs `v128.const 0; drop`: it validates only with WebAssembly SIMD
  // (missing in Safari < 16.4 and old Firefox).
  const simd = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,     // magic, version
    1, 4, 1, 0x60, 0, 0,                                               // type: () -> ()
    3, 2, 1, 0,                                                        // one function of type 0
    10, 23, 1, 21, 0, 0xfd, 0x0c, ...new Array(16).fill(0), 0x1a, 0x0b]);  // body: v128.const, drop, end
  if (!WebAssembly.validate(simd)) {
    return t('This browser does not support WebAssembly SIMD, which the playground is compiled for.\n' +
             'Chrome/Edge 91+, Firefox 89+ and Safari 16.4+ do.');
  }
  return null;
}

const problem = wasmProblem() || webgl2Problem();
if (problem) {
  window.attnFatal(problem);
} else {
  window.Module = {
    canvas: document.getElementById('canvas'),
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    // Emscripten reports "Downloading data... (loaded/total)" while it fetches index.data.
    setStatus: (text) => {
      if (!text) return;
      const m = text.match(/\((\d+(\.\d+)?)\/(\d+)\)/);
      if (m) showStatus(t('Downloading fonts and models… {0} of {1} MB', (m[1] / 1048576).toFixed(1), (m[3] / 1048576).toFixed(1)), m[1] / m[3]);
      else showStatus(text.replace(/\.\.\./g, '…'));
    },
    monitorRunDependencies: (left) => {
      if (left > 0) return;
      showStatus(t('Starting…'), 1);
      appFilesHere();
    },
    onAbort: (what) => window.attnFatal(t('The app stopped because of an internal error: {0}\nReload the page to start again.', what)),
  };
  window.addEventListener('error', (e) => {
    if (!window.wasmReady) window.attnFatal(t('Loading failed: {0}', e.message));
  });
  showStatus(t('Downloading the app…'), 0.02);
  // The threaded build (index-mt.js, Emscripten pthreads) needs SharedArrayBuffer, which a browser
  // gives only to a cross-origin isolated page (COOP/COEP headers, as ./play's server sends). Any
  // other page, an embed in most tutorials among them, never loads it and runs the single-thread
  // build. A site without index-mt.js falls back too.
  const load = (name, fallback) => {
    const script = document.createElement('script');
    script.src = name;
    script.onerror = () => (fallback ? load(fallback, null) : window.attnFatal(t('Could not load index.js from the server.')));
    document.body.appendChild(script);
  };
  const loadApp = () => {
    if (window.crossOriginIsolated && typeof SharedArrayBuffer === 'function') load('index-mt.js', 'index.js');
    else load('index.js', null);
  };
  // Frames of one tutorial page start together, each asking for the same app files before any has
  // them in the HTTP cache, so each would download the whole app. One frame at a time fetches
  // them instead (the lock is the site's, shared by its frames); the next one's requests are
  // answered from the cache (304). The lock goes when this frame has its files, or fails, or
  // after a minute whatever happens.
  if (window.parent !== window && navigator.locks) {
    navigator.locks.request('attention-playground-app-files', () => new Promise((release) => {
      appFilesHere = release;
      setTimeout(release, 60000);
      loadApp();
    }));
  } else {
    loadApp();
  }
}

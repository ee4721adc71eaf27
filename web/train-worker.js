// The Train panel's training, off the page's thread: train_worker.wasm (src/app/train_worker.cpp)
// runs the same C++ as the native app. The page (web/app.js) posts requests; this answers each
// and, while training, posts a snapshot after every slice of about 40 ms.
'use strict';
const pending = [];
let ready = false;
var Module = {
  print: (s) => console.log(s),
  printErr: (s) => console.warn(s),
  onSavedRunsPersisted: (step) => postMessage({ type: 'persisted', step }),
  onRuntimeInitialized() {
    Module._tw_init();
    waitForStorage();
  },
};
importScripts('train_worker.js');

function bytesAt(pointer, size) { return Module.HEAPU8.slice(pointer, pointer + size); }

function sendSnapshot() {
  const size = Module._tw_snapshot();
  const bytes = bytesAt(Module._tw_bytes(), size);
  postMessage({ type: 'snapshot', bytes }, [bytes.buffer]);
}

function handle(m) {
  if (m.type === 'request') {
    const reply = JSON.parse(Module.ccall('tw_request', 'string', ['string'], [JSON.stringify(m)]));
    postMessage({ type: 'reply', reply });
    sendSnapshot();
  } else if (m.type === 'model') {
    const size = Module._tw_model();
    const name = Module.UTF8ToString(Module._tw_model_name());
    if (!size) { postMessage({ type: 'model', purpose: m.purpose, error: name }); return; }
    const bytes = bytesAt(Module._tw_bytes(), size);
    postMessage({ type: 'model', purpose: m.purpose, name, bytes }, [bytes.buffer]);
  }
}

onmessage = (e) => { if (ready) handle(e.data); else pending.push(e.data); };

// Requests wait until the saved run's folder is read from IndexedDB: a run started before would
// write its checkpoints into a folder that the reading then replaces.
function waitForStorage() {
  const offer = Module.ccall('tw_offer', 'string', [], []);
  if (!offer) { setTimeout(waitForStorage, 20); return; }
  if (offer !== 'none') postMessage({ type: 'offer', ...JSON.parse(offer) });
  ready = true;
  for (const m of pending.splice(0)) handle(m);
  loop();
}

// Trains in slices; between them the worker takes messages. Idle, it looks every 100 ms.
function loop() {
  if (Module._tw_tick(40)) sendSnapshot();
  setTimeout(loop, Module._tw_running() ? 0 : 100);
}

// The embedding example's host side: sends the typed sentence to the first frame and shows the
// translation it posts back (the host-page API, docs/playground.md). Same origin as the frames,
// which is what they accept by default.
'use strict';
const frame = document.getElementById('cross');
const result = document.getElementById('try-result');
const origin = location.origin;  // the frames' origin: never post to '*'

window.addEventListener('message', (e) => {
  if (e.source !== frame.contentWindow || e.origin !== origin) return;
  const m = e.data;
  if (m.type === 'attn:translated' && m.ready) result.textContent = `${m.sentence} → ${m.translation}`;
  else if (m.type === 'attn:error') result.textContent = `The playground said: ${m.message}`;
});

document.getElementById('try').addEventListener('submit', (e) => {
  e.preventDefault();
  const sentence = document.getElementById('try-sentence').value;
  frame.contentWindow.postMessage({ type: 'attn:setSentence', sentence }, origin);
});

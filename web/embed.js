// Sharing and embedding, loaded before app.js:
//   - the view lives in the URL fragment (#panel=attention&sentence=...&layer=1): applied on load and
//     when the fragment changes, and rewritten (history.replaceState, debounced, no reload) as the
//     view changes; parsing and validation are the app's (src/share/url_state.cpp);
//   - ?embed=1: one panel (the fragment's `panel`, default attention), no menu bar, filling the frame;
//   - the host-page API: window.postMessage messages of type attn:* (docs/playground.md);
//   - "Copy link" and the exports (clipboard, Blob downloads of bytes the app made).
'use strict';

(() => {
  const params = new URLSearchParams(location.search);
  const embedded = params.get('embed') === '1';
  // Origins allowed to drive this frame: ?origins=https://a.example,https://b.example. Default: this
  // page's own origin only. '*' is not accepted: a page that can be framed by anyone must not be
  // steerable by anyone. Replies go only to the sender's (allowed) origin, never to '*'.
  const allowedOrigins = new Set([location.origin]);
  for (const o of (params.get('origins') || '').split(',')) {
    try { if (o.trim()) allowedOrigins.add(new URL(o.trim()).origin); } catch (_) { /* not a URL: ignored */ }
  }
  window.attnEmbed = { embedded, allowedOrigins: [...allowedOrigins] };
  if (embedded) document.documentElement.classList.add('embed');

  const call = (name, ret, types, args) => Module.ccall(name, ret, types, args);
  const appState = () => JSON.parse(call('attn_state_json', 'string', [], []));
  const fragment = () => call('attn_url_state', 'string', [], []);
  const applyFragment = (f) => call('attn_url_state_apply', 'number', ['string'], [f]) === 1;

  // ---- URL fragment <-> view ------------------------------------------------------------------
  function startUrlState() {
    if (location.hash.length > 1) applyFragment(location.hash);
    // Written only after the view differs from what the page opened with, so a link the app could
    // not open stays in the address bar for the user to look at (the app shows why it failed).
    const opened = fragment();
    let seen = opened, changedAt = 0, moved = false;
    const debounceMs = 400;
    setInterval(() => {
      const now = fragment();
      if (now !== seen) { seen = now; changedAt = performance.now(); moved = moved || now !== opened; }
      if (moved && performance.now() - changedAt >= debounceMs && location.hash !== `#${now}`) {
        history.replaceState(history.state, '', `${location.pathname}${location.search}#${now}`);
      }
    }, 150);
    // A fragment typed or pasted into the address bar (replaceState does not fire this). Read from
    // the event, not location.hash: the interval above may run between the change and this event
    // and put the current view's fragment back, which would apply the old view instead of the link.
    window.addEventListener('hashchange', (e) => applyFragment(new URL(e.newURL).hash));
  }

  // ---- Copy link and downloads (called from C++, src/app/share_web.cpp) -----------------------
  window.attnCopyLink = async (hash) => {
    const url = `${location.origin}${location.pathname}#${hash}`;  // the full page, not ?embed=1
    window.attnLastLink = url;
    try {
      await navigator.clipboard.writeText(url);
    } catch (_) {  // no permission or no secure context: the old way, from a selected textarea
      const t = document.createElement('textarea');
      t.value = url;
      document.body.appendChild(t);
      t.select();
      document.execCommand('copy');
      t.remove();
    }
  };
  window.attnDownload = (name, mime, bytes) => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([bytes], { type: mime }));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  };
  // The exports for scripts and the host API: {name, bytes} or {error}.
  window.attnExport = (what) => {
    const ptr = call('attn_export', 'number', ['string'], [String(what)]);
    if (!ptr) return { error: call('attn_export_error', 'string', [], []) };
    const size = call('attn_export_size', 'number', [], []);
    return { name: call('attn_export_name', 'string', [], []), bytes: heapU8().slice(ptr, ptr + size) };  // heapU8: app.js
  };

  // ---- Host-page API (postMessage) -------------------------------------------------------------
  const kinds = ['encoder', 'decoder', 'cross'];
  const panels = ['translate', 'attention', 'step', 'architecture', 'compare', 'image', 'train', 'about'];
  const trainCommands = ['start', 'pause', 'step', 'reset'];
  const languages = ['en', 'zh-TW'];
  const isInt = (v, lo, hi) => Number.isInteger(v) && v >= lo && v <= hi;
  const kMaxSentence = 3000;  // UTF-16 units; the app caps the text at 1,500 characters anyway

  // What the host gets: the translation and the selected attention map.
  function statePayload() {
    const s = appState();
    return {
      sentence: s.sentence, model: s.models[s.model], ready: s.ready, error: s.error, translation: s.translation,
      source: s.source, outputs: s.outputs, selection: s.selection, map: s.map, panel: s.share.panel, url: s.share.url,
      link_message: s.share.link_message, ui_language: s.ui_language,
      train: {
        running: s.train.running, started: s.train.started, finished: s.train.finished, step: s.train.step, loss: s.train.loss,
        heldout_exact_match: s.train.heldout_exact_match, attention_follows_task: s.train.attention_follows_task,
        steps_per_second: s.train.steps_per_second, message: s.train.message,
      },
    };
  }
  const toParent = (message) => {
    if (window.parent === window) return;
    // Chromium and Safari name the parent's origin; post only if it is allowed. Elsewhere, one post
    // per allowed origin: the browser delivers only the one matching the parent.
    const parentOrigin = location.ancestorOrigins && location.ancestorOrigins[0];
    const targets = parentOrigin ? (allowedOrigins.has(parentOrigin) ? [parentOrigin] : []) : [...allowedOrigins];
    for (const origin of targets) window.parent.postMessage(message, origin);
  };
  window.attnTranslated = () => toParent({ type: 'attn:translated', ...statePayload() });

  // Returns an error message, or null after carrying the message out.
  function handle(msg, reply) {
    switch (msg.type) {
      case 'attn:setSentence':
        if (typeof msg.sentence !== 'string') return 'attn:setSentence needs "sentence": a string';
        if (msg.sentence.length > kMaxSentence) return `sentence too long (${msg.sentence.length} > ${kMaxSentence})`;
        call('attn_set_sentence', null, ['string'], [msg.sentence]);
        call('attn_translate_now', null, [], []);  // attn:translated follows after the next frame
        return null;
      case 'attn:select': {
        const parts = [];
        if (msg.kind !== undefined) { if (!kinds.includes(msg.kind)) return `kind must be one of ${kinds.join(', ')}`; parts.push(`kind=${msg.kind}`); }
        if (msg.layer !== undefined) { if (!isInt(msg.layer, 0, 63)) return 'layer must be an integer 0-63'; parts.push(`layer=${msg.layer}`); }
        if (msg.head !== undefined) { if (!isInt(msg.head, -1, 63)) return 'head must be an integer -1 (mean) to 63'; parts.push(`head=${msg.head}`); }
        if (msg.query !== undefined) { if (!isInt(msg.query, 0, 1023)) return 'query must be an integer 0-1023'; parts.push(`query=${msg.query}`); }
        if (!parts.length) return 'attn:select needs at least one of kind, layer, head, query';
        if (!applyFragment(parts.join('&'))) return appState().share.link_message;
        call('attn_translate_now', null, [], []);  // the step-through needs the new head's Q, K, V
        return null;
      }
      case 'attn:showPanel':
        if (!panels.includes(msg.name)) return `name must be one of ${panels.join(', ')}`;
        if (embedded) applyFragment(`panel=${msg.name}`);  // the frame's one panel becomes this one
        else window.attnShowPanel(msg.name, true);
        return null;
      case 'attn:train':
        if (!trainCommands.includes(msg.command)) return `command must be one of ${trainCommands.join(', ')}`;
        if (!call('attn_train_command', 'number', ['string'], [msg.command])) return 'the app did not take the command';
        return null;
      case 'attn:getState':
        reply({ type: 'attn:state', ...statePayload() });
        return null;
      case 'attn:setLanguage':
        if (!languages.includes(msg.language)) return `language must be one of ${languages.join(', ')}`;
        call('attn_set_ui_language', 'number', ['string'], [msg.language]);
        return null;
      case 'attn:export': {
        if (!['png', 'json', 'npz', 'npy'].includes(msg.what)) return 'what must be one of png, json, npz, npy';
        const r = window.attnExport(msg.what);
        if (r.error) return r.error;
        reply({ type: 'attn:export', what: msg.what, name: r.name, bytes: r.bytes.buffer }, [r.bytes.buffer]);
        return null;
      }
      default:
        return `unknown message type "${String(msg.type).slice(0, 40)}" (attn:setSentence, attn:select, attn:showPanel, attn:setLanguage, attn:getState, attn:export, attn:train)`;
    }
  }

  function startHostApi() {
    window.addEventListener('message', (e) => {
      // Only the embedding page, and only from an allowed origin; anything else is dropped
      // without an answer (an answer would tell a stranger the frame is listening).
      if (e.source !== window.parent || window.parent === window || !allowedOrigins.has(e.origin)) return;
      const msg = e.data;
      const id = msg && typeof msg === 'object' && (typeof msg.id === 'string' || typeof msg.id === 'number') ? msg.id : undefined;
      const reply = (m, transfer) => e.source.postMessage(id === undefined ? m : { ...m, id }, e.origin, transfer);
      if (!msg || typeof msg !== 'object' || Array.isArray(msg) || typeof msg.type !== 'string' || !msg.type.startsWith('attn:')) {
        reply({ type: 'attn:error', message: 'a message must be an object with a "type" such as "attn:getState"' });
        return;
      }
      let error;
      try { error = handle(msg, reply); } catch (err) { error = `internal error: ${err}`; }
      if (error) reply({ type: 'attn:error', request: msg.type, message: error });
    });
    toParent({ type: 'attn:ready' });
  }

  // Called by app.js once the app runs.
  window.attnShareStart = () => {
    if (embedded) call('attn_set_embed', null, ['number'], [1]);
    startUrlState();
    startHostApi();
  };
})();

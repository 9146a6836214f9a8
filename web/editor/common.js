// Shared by the built-in editors: the edit token (from the page URL), the editor's JSON endpoints,
// the Save / Download bar with its "saved at" state, the unsaved-changes warning and a keep-alive that
// extends the token while the page is open.
const body = document.body;
const runId = body.dataset.runId;
const format = body.dataset.format;
const token = new URL(location.href).searchParams.get('token') ?? '';
// Relative to /api/v1/edit/{run_id}, so a Folio served under a path prefix works too.
const api = (path) => new URL(`../editor/${encodeURIComponent(runId)}/${path}`, location.href).toString();
const KEEPALIVE_MS = 4 * 60_000;

const statusEl = document.getElementById('status');
const saveBtn = document.getElementById('save');
const downloadLink = document.getElementById('download');

let baseVersion = null;
let dirty = false;
let saving = false;

export function setStatus(text, kind = '') {
  statusEl.textContent = text;
  statusEl.dataset.kind = kind;
}

async function call(method, path, payload) {
  const res = await fetch(api(path), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = new Error(data.message || `HTTP ${res.status}`);
    err.status = res.status;
    err.data = data;
    throw err;
  }
  return data;
}

function savedAt(iso) {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

function showVersion(doc) {
  baseVersion = doc.version;
  if (doc.download_url) {
    downloadLink.href = doc.download_url;
    downloadLink.removeAttribute('aria-disabled');
  }
  body.dataset.version = doc.version;
  body.dataset.updatedAt = doc.updated_at;
}

export function markDirty() {
  if (!baseVersion) return;
  dirty = true;
  saveBtn.disabled = false;
  setStatus('Unsaved changes', 'dirty');
}

/** The current document again (after a save: computed values, fresh slide pictures). */
export async function loadDocument() {
  const doc = await call('GET', 'document');
  showVersion(doc);
  return doc;
}

/**
 * Starts an editor: loads the document, hands its content to `render`, and saves what `collect`
 * returns (the `content` of the save body) when Save is pressed; `afterSave` may reload.
 */
export async function startEditor({ render, collect, afterSave }) {
  let doc;
  try {
    doc = await call('GET', 'document');
  } catch (err) {
    setStatus(err.status === 401 ? 'This edit link has expired. Open the document again from Folio.' : `Could not open the document: ${err.message}`, 'error');
    return;
  }
  showVersion(doc);
  render(doc);
  setStatus(`Saved at ${savedAt(doc.saved_at)}`, 'saved');
  body.dataset.ready = 'true';

  const save = async () => {
    if (saving || !dirty) return;
    saving = true;
    saveBtn.disabled = true;
    setStatus('Saving…', 'saving');
    try {
      const saved = await call('PUT', 'document', { format, base_version: baseVersion, content: collect() });
      dirty = false;
      showVersion(saved);
      setStatus(`Saved at ${savedAt(saved.saved_at)}`, 'saved');
      if (afterSave) await afterSave(saved);
      body.dataset.saves = String(Number(body.dataset.saves ?? 0) + 1);
    } catch (err) {
      saveBtn.disabled = false;
      setStatus(err.status === 401 ? 'This edit link has expired: your changes were not saved.' : `Not saved: ${err.message}`, 'error');
    } finally {
      saving = false;
    }
  };
  saveBtn.addEventListener('click', save);
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 's') { e.preventDefault(); save(); }
  });
  window.addEventListener('beforeunload', (e) => {
    if (dirty) { e.preventDefault(); e.returnValue = ''; }
  });
  setInterval(() => { call('POST', 'keepalive').catch(() => {}); }, KEEPALIVE_MS);
}

/** A toolbar button. */
export function button(label, title, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.title = title;
  b.addEventListener('mousedown', (e) => e.preventDefault()); // keep the editor's selection
  b.addEventListener('click', onClick);
  document.getElementById('toolbar').append(b);
  return b;
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

// The HTML of the edit page: the built-in editor's shell, the host page of a WOPI client, and the
// friendly error page. Scripts and styles are files under web/ (no inline script, so the page's CSP can
// forbid inline code); values reach the scripts through data- attributes.

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FORMAT_LABEL = { word: 'Word document', excel: 'Excel workbook', slides: 'PowerPoint deck' } as const;
type Format = keyof typeof FORMAT_LABEL;

/** Every page: no referrer (the URL carries the token), no caching, no sniffing. */
export function pageHeaders(csp: string): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
}

export const BUILTIN_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; connect-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'";

export function hostPageCsp(clientOrigins: string[]): string {
  const frames = clientOrigins.join(' ') || "'none'";
  return `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-src ${frames}; form-action ${frames}; base-uri 'none'; object-src 'none'`;
}

export function builtinEditorPage(p: { runId: string; format: Format; fileName: string }): string {
  const script = p.format === 'word' ? 'word-editor.js' : p.format === 'excel' ? 'excel-editor.js' : 'slides-editor.js';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(p.fileName)} · Folio editor</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/editor.css">
</head>
<body data-run-id="${esc(p.runId)}" data-format="${p.format}">
<header class="bar">
  <span class="kind">${FORMAT_LABEL[p.format]}</span>
  <span class="file" id="file-name">${esc(p.fileName)}</span>
  <span class="status" id="status" role="status" aria-live="polite">Loading…</span>
  <span class="spacer"></span>
  <button type="button" id="save" class="primary" disabled>Save</button>
  <a id="download" class="button" href="#" aria-disabled="true">Download</a>
</header>
<div id="toolbar" class="toolbar"></div>
<main id="app" class="app"></main>
<script type="module" src="assets/${script}"></script>
</body>
</html>`;
}

export function wopiHostPage(p: { runId: string; fileName: string; actionUrl: string; token: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(p.fileName)} · Folio editor</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/editor.css">
</head>
<body class="wopi-host" data-run-id="${esc(p.runId)}">
<form id="office_form" name="office_form" target="office_frame" action="${esc(p.actionUrl)}" method="post">
  <input name="access_token" value="${esc(p.token)}" type="hidden">
  <input name="access_token_ttl" value="0" type="hidden">
</form>
<span id="frameholder"></span>
<script type="module" src="assets/wopi-host.js"></script>
</body>
</html>`;
}

export function errorPage(status: number, title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · Folio editor</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="assets/editor.css">
</head>
<body class="error-page">
<main class="error-card" data-status="${status}">
  <h1>${esc(title)}</h1>
  <p>${esc(message)}</p>
  <p class="hint">Edit links work for a limited time. Ask for the document again (for example <code>GET /api/v1/runs/{run_id}</code>) to get a fresh <code>edit_url</code>.</p>
</main>
</body>
</html>`;
}

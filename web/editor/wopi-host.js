// The host page of a WOPI client: the client's editor in a frame, opened by posting the access token to
// it (never in its URL), and a keep-alive that extends the token while the page is open.
const form = document.getElementById('office_form');
const frame = document.createElement('iframe');
frame.name = 'office_frame';
frame.id = 'office_frame';
frame.title = 'Document editor';
frame.setAttribute('allowfullscreen', 'true');
frame.setAttribute('allow', 'clipboard-read *; clipboard-write *; fullscreen');
document.getElementById('frameholder').replaceWith(frame);
form.submit();

const token = new URL(location.href).searchParams.get('token') ?? '';
const runId = document.body.dataset.runId;
const keepAlive = new URL(`../editor/${encodeURIComponent(runId)}/keepalive`, location.href).toString();
setInterval(() => {
  fetch(keepAlive, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(() => {});
}, 4 * 60_000);

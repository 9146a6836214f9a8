// The built-in Slides editor: a picture of every slide (made by the export pipeline) and, in a side
// panel, the selected slide's title, subtitle, bullets and speaker notes. Bullets are one per line;
// two leading spaces per level nest them. A save rewrites those fields through the deck model; charts,
// tables, pictures and layouts stay as they are, and the pictures are made again for the new version.
import { el, loadDocument, markDirty, setStatus, startEditor } from './common.js';

let slides = [];
let previews = null;
let current = 0;
const changed = new Set();

const list = el('ol', { class: 'slide-list', id: 'slide-list' });
const panel = el('section', { class: 'slide-panel', id: 'slide-panel' });
// The selected slide, large (its picture is of the last saved version: it is made again after a save).
const preview = el('img', { class: 'slide-preview', id: 'slide-preview', alt: '' });
const fields = {
  title: el('input', { id: 'slide-title', 'aria-label': 'Slide title' }),
  subtitle: el('input', { id: 'slide-subtitle', 'aria-label': 'Subtitle' }),
  bullets: el('textarea', { id: 'slide-bullets', rows: '6', 'aria-label': 'Bullets, one per line' }),
  notes: el('textarea', { id: 'slide-notes', rows: '4', 'aria-label': 'Speaker notes' }),
};

const bulletsText = (items) => items.map((b) => `${'  '.repeat(b.level)}${b.text}`).join('\n');
function parseBullets(text) {
  return text.split('\n').filter((l) => l.trim()).map((l) => {
    const indent = /^ */.exec(l)[0].length;
    return { text: l.trim(), level: Math.min(2, Math.floor(indent / 2)) };
  });
}

function thumb(i) {
  const s = slides[i];
  const url = previews?.urls?.[i];
  const picture = url ? el('img', { src: url, alt: `Slide ${i + 1}: ${s.title}`, loading: 'lazy' }) : el('div', { class: 'text-thumb' }, s.title || '(no title)');
  return el('li', { class: i === current ? 'slide active' : 'slide', 'data-slide': s.id, onclick: () => show(i) }, el('span', { class: 'num' }, String(i + 1)), picture);
}

function renderList() {
  list.replaceChildren(...slides.map((_, i) => thumb(i)));
}

function show(i) {
  current = i;
  const s = slides[i];
  list.querySelectorAll('li').forEach((li, j) => li.classList.toggle('active', j === i));
  const url = previews?.urls?.[i];
  preview.hidden = !url;
  if (url) { preview.src = url; preview.alt = `Preview of slide ${i + 1} as last saved`; }
  fields.title.value = s.title;
  fields.subtitle.value = s.subtitle ?? '';
  fields.subtitle.closest('label').hidden = s.subtitle === undefined;
  fields.bullets.value = s.bullets ? bulletsText(s.bullets) : '';
  fields.bullets.closest('label').hidden = s.bullets === null;
  fields.notes.value = s.notes;
  panel.querySelector('.layout').textContent = `Slide ${i + 1} of ${slides.length} · ${s.layout} layout${url ? ' · picture as last saved' : ''}`;
}

function edited(field) {
  const s = slides[current];
  if (field === 'bullets') s.bullets = parseBullets(fields.bullets.value);
  else s[field] = fields[field].value;
  changed.add(s.id);
  markDirty();
}

for (const name of Object.keys(fields)) fields[name].addEventListener('input', () => edited(name));

startEditor({
  render(doc) {
    slides = doc.content.slides;
    previews = doc.previews;
    panel.append(
      preview,
      el('p', { class: 'layout' }),
      el('label', {}, 'Title', fields.title),
      el('label', {}, 'Subtitle', fields.subtitle),
      el('label', {}, 'Bullets (one per line; indent two spaces per level)', fields.bullets),
      el('label', {}, 'Speaker notes', fields.notes),
    );
    if (previews && !previews.urls) panel.append(el('p', { class: 'note' }, `Slide pictures are not available: ${previews.problem ?? ''}`));
    document.getElementById('app').append(el('div', { class: 'slides' }, list, panel));
    renderList();
    if (slides.length) show(0);
  },
  collect: () => ({
    slides: slides.filter((s) => changed.has(s.id)).map((s) => ({
      id: s.id, title: s.title, notes: s.notes,
      ...(s.subtitle !== undefined ? { subtitle: s.subtitle } : {}),
      ...(s.bullets ? { bullets: s.bullets } : {}),
    })),
  }),
  async afterSave() {
    changed.clear();
    try {
      const doc = await loadDocument();
      slides = doc.content.slides;
      previews = doc.previews;
      renderList();
      show(Math.min(current, slides.length - 1));
    } catch (err) {
      setStatus(`Saved, but the slides could not be reloaded: ${err.message}`, 'error');
    }
  },
});

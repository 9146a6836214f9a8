// The built-in Excel editor: a grid per sheet with a formula bar. A cell shows its value (formulas show
// their computed result); selecting it shows what it holds (`=SUM(B2:B9)` for a formula). Only the
// cells a person changes are sent on save, so the workbook's styles, charts and tables stay as they are;
// after a save the sheet is reloaded with the results Folio computed.
import { el, loadDocument, markDirty, setStatus, startEditor } from './common.js';

let content = null;
let sheetIndex = 0;
let selected = { r: 0, c: 0 };
const edits = new Map(); // "sheet\u0000r\u0000c" -> input

const colName = (c) => { let s = ''; for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s; return s; };
const keyOf = (sheet, r, c) => `${sheet}\u0000${r}\u0000${c}`;
const sheet = () => content.sheets[sheetIndex];

function cellAt(r, c) {
  return sheet().cells.find((x) => x.r === r && x.c === c);
}

/** What the cell holds, as a person would type it. */
function inputOf(r, c) {
  const k = keyOf(sheet().name, r, c);
  if (edits.has(k)) return edits.get(k);
  const cell = cellAt(r, c);
  if (!cell) return '';
  if (cell.formula !== undefined) return `=${cell.formula}`;
  return cell.value === null ? '' : String(cell.value);
}

function shown(r, c) {
  const k = keyOf(sheet().name, r, c);
  if (edits.has(k)) return edits.get(k);
  const cell = cellAt(r, c);
  if (!cell || cell.value === null) return '';
  if (typeof cell.value === 'number') return Number.isInteger(cell.value) ? String(cell.value) : String(Number(cell.value.toPrecision(10)));
  if (typeof cell.value === 'boolean') return cell.value ? 'TRUE' : 'FALSE';
  return cell.value;
}

const nameBox = el('span', { class: 'name-box', id: 'name-box' });
const formula = el('input', { class: 'formula', id: 'formula', 'aria-label': 'Cell content', placeholder: 'Select a cell, type a value or =FORMULA' });
const tabs = el('nav', { class: 'sheet-tabs', id: 'sheet-tabs' });
const gridHost = el('div', { class: 'grid-host' });

function tdOf(r, c) {
  return gridHost.querySelector(`td[data-r="${r}"][data-c="${c}"]`);
}

function select(r, c) {
  const s = sheet();
  selected = { r: Math.max(0, Math.min(s.rows - 1, r)), c: Math.max(0, Math.min(s.cols - 1, c)) };
  gridHost.querySelectorAll('td.selected').forEach((td) => td.classList.remove('selected'));
  const td = tdOf(selected.r, selected.c);
  td?.classList.add('selected');
  td?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  nameBox.textContent = `${colName(selected.c)}${selected.r + 1}`;
  formula.value = inputOf(selected.r, selected.c);
}

function commit(r, c, input) {
  if (input === inputOf(r, c)) return;
  edits.set(keyOf(sheet().name, r, c), input);
  const td = tdOf(r, c);
  if (td) { td.textContent = input; td.classList.add('edited'); }
  markDirty();
}

function startInline(initial) {
  const td = tdOf(selected.r, selected.c);
  if (!td) return;
  const { r, c } = selected;
  const input = el('input', { class: 'cell-input' });
  input.value = initial ?? inputOf(r, c);
  td.textContent = '';
  td.append(input);
  input.focus();
  let done = false;
  const finish = (save, move) => {
    if (done) return;
    done = true;
    const value = input.value;
    input.remove();
    td.textContent = shown(r, c);
    if (save) commit(r, c, value);
    if (move) select(r + move[0], c + move[1]);
    gridHost.focus();
  };
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); finish(true, [1, 0]); }
    else if (e.key === 'Tab') { e.preventDefault(); finish(true, [0, 1]); }
    else if (e.key === 'Escape') { e.preventDefault(); finish(false, null); }
  });
  input.addEventListener('blur', () => finish(true, null));
}

function renderGrid() {
  const s = sheet();
  const table = el('table', { class: 'grid' });
  const head = el('tr', {}, el('th', { class: 'corner' }));
  for (let c = 0; c < s.cols; c++) head.append(el('th', {}, colName(c)));
  table.append(el('thead', {}, head));
  const tbody = el('tbody');
  for (let r = 0; r < s.rows; r++) {
    const tr = el('tr', {}, el('th', {}, String(r + 1)));
    for (let c = 0; c < s.cols; c++) {
      const td = el('td', { 'data-r': String(r), 'data-c': String(c) }, shown(r, c));
      const cell = cellAt(r, c);
      if (cell && typeof cell.value === 'number') td.classList.add('num');
      if (cell?.formula !== undefined) td.classList.add('formula-cell');
      if (edits.has(keyOf(s.name, r, c))) td.classList.add('edited');
      tr.append(td);
    }
    tbody.append(tr);
  }
  table.append(tbody);
  gridHost.replaceChildren(table);
  if (s.truncated) gridHost.append(el('p', { class: 'note' }, 'This sheet is larger than the grid shows; the rest is kept as it is.'));
  select(Math.min(selected.r, s.rows - 1), Math.min(selected.c, s.cols - 1));
}

function renderTabs() {
  tabs.replaceChildren(...content.sheets.map((s, i) => el('button', {
    type: 'button', class: i === sheetIndex ? 'tab active' : 'tab', 'data-sheet': s.name,
    onclick: () => { sheetIndex = i; selected = { r: 0, c: 0 }; renderTabs(); renderGrid(); },
  }, s.name)));
}

gridHost.tabIndex = 0;
gridHost.addEventListener('mousedown', (e) => {
  const td = e.target.closest?.('td[data-r]');
  if (td && !td.querySelector('input')) { select(Number(td.dataset.r), Number(td.dataset.c)); }
});
gridHost.addEventListener('dblclick', (e) => { if (e.target.closest?.('td[data-r]')) startInline(); });
gridHost.addEventListener('keydown', (e) => {
  if (e.target !== gridHost) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Enter: [1, 0], Tab: [0, 1] };
  if (moves[e.key]) { e.preventDefault(); select(selected.r + moves[e.key][0], selected.c + moves[e.key][1]); }
  else if (e.key === 'F2') { e.preventDefault(); startInline(); }
  else if (e.key === 'Delete' || e.key === 'Backspace') { e.preventDefault(); commit(selected.r, selected.c, ''); formula.value = ''; }
  else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); startInline(e.key); }
});
formula.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') { e.preventDefault(); commit(selected.r, selected.c, formula.value); select(selected.r + 1, selected.c); gridHost.focus(); }
  else if (e.key === 'Escape') { formula.value = inputOf(selected.r, selected.c); gridHost.focus(); }
});

startEditor({
  render(doc) {
    content = doc.content;
    document.getElementById('toolbar').append(nameBox, formula);
    document.getElementById('app').append(el('div', { class: 'sheet' }, gridHost, tabs));
    renderTabs();
    renderGrid();
    gridHost.focus();
  },
  collect: () => ({
    edits: [...edits].map(([k, input]) => {
      const [name, r, c] = k.split('\u0000');
      return { sheet: name, row: Number(r), col: Number(c), input };
    }),
  }),
  async afterSave() {
    edits.clear();
    try {
      content = (await loadDocument()).content;
      sheetIndex = Math.min(sheetIndex, content.sheets.length - 1);
      renderTabs();
      renderGrid();
    } catch (err) {
      setStatus(`Saved, but the sheet could not be reloaded: ${err.message}`, 'error');
    }
  },
});

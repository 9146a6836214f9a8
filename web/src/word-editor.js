// The built-in Word editor: TipTap (ProseMirror) over the document's text blocks. Headings, paragraphs
// (normal, quote, note), nested lists and tables are edited as rich text (bold, italic, links); pictures,
// the table of contents, page breaks and elements Folio keeps verbatim are shown as fixed blocks that a
// save puts back in place. Bundled by `npm run build:web` into web/dist/word-editor.js.
import { Editor, Extension, Node, mergeAttributes } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { button, el, markDirty, startEditor } from '../editor/common.js';

const ParagraphStyle = Extension.create({
  name: 'folioParagraphStyle',
  addGlobalAttributes() {
    return [{
      types: ['paragraph'],
      attributes: {
        folioStyle: {
          default: 'normal',
          parseHTML: (e) => e.getAttribute('data-style') || 'normal',
          renderHTML: (a) => (a.folioStyle && a.folioStyle !== 'normal' ? { 'data-style': a.folioStyle } : {}),
        },
      },
    }];
  },
});

const FolioTable = Table.extend({
  addAttributes() {
    return { ...this.parent?.(), folioId: { default: null, renderHTML: () => ({}) } };
  },
});

const KeptBlock = Node.create({
  name: 'keptBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes() {
    return { id: { default: null }, label: { default: '' }, image: { default: null } };
  },
  parseHTML() { return [{ tag: 'div[data-kept]' }]; },
  renderHTML({ node }) {
    const label = ['span', { class: 'kept-label' }, node.attrs.label];
    return node.attrs.image
      ? ['div', mergeAttributes({ 'data-kept': node.attrs.id, class: 'kept kept-image' }), ['img', { src: node.attrs.image, alt: node.attrs.label }], label]
      : ['div', mergeAttributes({ 'data-kept': node.attrs.id, class: 'kept' }), label];
  },
});

const Footnote = Node.create({
  name: 'footnote',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes() { return { text: { default: '' } }; },
  parseHTML() { return [{ tag: 'sup[data-footnote]' }]; },
  renderHTML({ node }) { return ['sup', { 'data-footnote': node.attrs.text, title: node.attrs.text, class: 'footnote' }, '*']; },
});

// ---- Folio blocks -> ProseMirror JSON -------------------------------------------------------------

function inlineContent(segments) {
  const out = [];
  for (const s of segments) {
    if (s.kind === 'footnote') { out.push({ type: 'footnote', attrs: { text: s.text } }); continue; }
    if (!s.text) continue;
    const marks = [];
    if (s.bold) marks.push({ type: 'bold' });
    if (s.italic) marks.push({ type: 'italic' });
    if (s.link) marks.push({ type: 'link', attrs: { href: s.link } });
    out.push({ type: 'text', text: s.text, ...(marks.length ? { marks } : {}) });
  }
  return out;
}

const paragraph = (segments, style = 'normal') => ({ type: 'paragraph', attrs: { folioStyle: style }, content: inlineContent(segments) });

function listNode(ordered, items, start, level) {
  const node = { type: ordered ? 'orderedList' : 'bulletList', content: [] };
  let i = start;
  while (i < items.length && items[i].level >= level) {
    if (items[i].level > level) {
      // A deeper item with no parent at this level hangs off an empty one.
      if (!node.content.length) node.content.push({ type: 'listItem', content: [paragraph([])] });
      const [child, next] = listNode(ordered, items, i, level + 1);
      node.content.at(-1).content.push(child);
      i = next;
      continue;
    }
    node.content.push({ type: 'listItem', content: [paragraph(items[i].segments)] });
    i++;
  }
  return [node, i];
}

function toDoc(blocks) {
  const content = [];
  for (const b of blocks) {
    if (b.kind === 'heading') content.push({ type: 'heading', attrs: { level: b.level }, content: inlineContent(b.segments) });
    else if (b.kind === 'paragraph') content.push(paragraph(b.segments, b.style));
    else if (b.kind === 'list' && b.items.length) content.push(listNode(b.ordered, b.items, 0, 0)[0]);
    else if (b.kind === 'table') {
      const row = (cells, header) => ({ type: 'tableRow', content: cells.map((c) => ({ type: header ? 'tableHeader' : 'tableCell', content: [paragraph(c)] })) });
      const rows = [...(b.header.length ? [row(b.header, true)] : []), ...b.rows.map((r) => row(r, false))];
      if (rows.length) content.push({ type: 'table', attrs: { folioId: b.id ?? null }, content: rows });
    } else if (b.kind === 'kept') content.push({ type: 'keptBlock', attrs: { id: b.id, label: b.label ?? '', image: b.image ?? null } });
  }
  if (!content.length) content.push(paragraph([]));
  return { type: 'doc', content };
}

// ---- ProseMirror JSON -> Folio blocks -------------------------------------------------------------

function segmentsOf(node) {
  const out = [];
  const push = (seg) => {
    const last = out.at(-1);
    if (seg.kind === 'text' && last?.kind === 'text' && last.bold === seg.bold && last.italic === seg.italic && last.link === seg.link) last.text += seg.text;
    else out.push(seg);
  };
  for (const n of node.content ?? []) {
    if (n.type === 'text') {
      const marks = n.marks ?? [];
      const link = marks.find((m) => m.type === 'link')?.attrs?.href ?? null;
      push({ kind: 'text', text: n.text, bold: marks.some((m) => m.type === 'bold'), italic: marks.some((m) => m.type === 'italic'), link: link && /^(https?:\/\/|mailto:)/.test(link) ? link : null });
    } else if (n.type === 'hardBreak') push({ kind: 'text', text: ' ', bold: false, italic: false, link: null });
    else if (n.type === 'footnote') out.push({ kind: 'footnote', text: n.attrs.text });
  }
  return out;
}

const textBlocksOf = (node) => (node.content ?? []).flatMap((c) => (c.type === 'paragraph' || c.type === 'heading' ? [segmentsOf(c)] : []));

function listItems(node, level, items) {
  for (const li of node.content ?? []) {
    for (const child of li.content ?? []) {
      if (child.type === 'bulletList' || child.type === 'orderedList') listItems(child, Math.min(level + 1, 2), items);
      else items.push({ level, segments: segmentsOf(child) });
    }
  }
  return items;
}

function toBlocks(doc) {
  const blocks = [];
  const walk = (nodes, quote) => {
    for (const n of nodes ?? []) {
      switch (n.type) {
        case 'heading': blocks.push({ kind: 'heading', level: Math.min(4, n.attrs.level), segments: segmentsOf(n) }); break;
        case 'paragraph': blocks.push({ kind: 'paragraph', style: quote ? 'quote' : (n.attrs?.folioStyle ?? 'normal'), segments: segmentsOf(n) }); break;
        case 'codeBlock': blocks.push({ kind: 'paragraph', style: 'normal', segments: segmentsOf(n) }); break;
        case 'blockquote': walk(n.content, true); break;
        case 'bulletList': case 'orderedList': blocks.push({ kind: 'list', ordered: n.type === 'orderedList', items: listItems(n, 0, []) }); break;
        case 'table': {
          const rows = (n.content ?? []).map((r) => ({ header: (r.content ?? []).every((c) => c.type === 'tableHeader'), cells: (r.content ?? []).map((c) => textBlocksOf(c).reduce((a, s) => (a.length ? [...a, { kind: 'text', text: ' ', bold: false, italic: false, link: null }, ...s] : s), [])) }));
          const header = rows.length && rows[0].header ? rows.shift().cells : [];
          blocks.push({ kind: 'table', ...(n.attrs?.folioId ? { id: n.attrs.folioId } : {}), header, rows: rows.map((r) => r.cells) });
          break;
        }
        case 'keptBlock': blocks.push({ kind: 'kept', id: n.attrs.id }); break;
        default: break;
      }
    }
  };
  walk(doc.content, false);
  // An empty trailing paragraph is where the cursor rests, not content.
  while (blocks.length && blocks.at(-1).kind === 'paragraph' && !blocks.at(-1).segments.length) blocks.pop();
  return blocks;
}

// ---- The page -------------------------------------------------------------------------------------

let editor;
const title = el('input', { id: 'doc-title', class: 'doc-title', placeholder: 'Title', 'aria-label': 'Title' });
const subtitle = el('input', { id: 'doc-subtitle', class: 'doc-subtitle', placeholder: 'Subtitle', 'aria-label': 'Subtitle' });
title.addEventListener('input', markDirty);
subtitle.addEventListener('input', markDirty);

function toolbar() {
  const c = () => editor.chain().focus();
  button('B', 'Bold (Ctrl+B)', () => c().toggleBold().run()).classList.add('b');
  button('I', 'Italic (Ctrl+I)', () => c().toggleItalic().run()).classList.add('i');
  button('Link', 'Link the selected text', () => {
    const href = prompt('Link address (https://…)', editor.getAttributes('link').href ?? 'https://');
    if (href === null) return;
    if (!href || href === 'https://') c().unsetLink().run();
    else c().extendMarkRange('link').setLink({ href }).run();
  });
  for (const level of [1, 2, 3]) button(`H${level}`, `Heading ${level}`, () => c().toggleHeading({ level }).run());
  button('¶', 'Normal paragraph', () => c().setParagraph().updateAttributes('paragraph', { folioStyle: 'normal' }).run());
  button('“ Quote', 'Quote paragraph', () => c().setParagraph().updateAttributes('paragraph', { folioStyle: 'quote' }).run());
  button('• List', 'Bulleted list', () => c().toggleBulletList().run());
  button('1. List', 'Numbered list', () => c().toggleOrderedList().run());
  button('Table', 'Insert a table', () => c().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run());
  button('+ Row', 'Add a row below', () => c().addRowAfter().run());
  button('+ Col', 'Add a column to the right', () => c().addColumnAfter().run());
  button('− Row', 'Delete the row', () => c().deleteRow().run());
  button('− Col', 'Delete the column', () => c().deleteColumn().run());
  button('↶', 'Undo (Ctrl+Z)', () => c().undo().run());
  button('↷', 'Redo (Ctrl+Shift+Z)', () => c().redo().run());
}

startEditor({
  render(doc) {
    const app = document.getElementById('app');
    const page = el('div', { class: 'page' });
    const host = el('div', { class: 'word-body' });
    page.append(title, subtitle, host);
    app.append(page);
    title.value = doc.content.title ?? '';
    subtitle.value = doc.content.subtitle ?? '';
    editor = new Editor({
      element: host,
      extensions: [
        StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, link: { openOnClick: false, autolink: true } }),
        ParagraphStyle, FolioTable.configure({ resizable: false }), TableRow, TableHeader, TableCell, KeptBlock, Footnote,
      ],
      content: toDoc(doc.content.blocks),
      onUpdate: markDirty,
    });
    window.folioEditor = editor;
    toolbar();
  },
  collect: () => ({ title: title.value.trim() || null, subtitle: subtitle.value.trim() || null, blocks: toBlocks(editor.getJSON()) }),
});

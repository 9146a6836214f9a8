// Invoice lines a request types ("10 hours of consulting at $150 per hour, 2 licenses at $300 each"), and
// lists of amounts where some are a quantity at a price ("flight $420, hotel 3 nights at $189, uber
// $63.40"): a table of description, quantity and unit price, in the request's order.
import { typedTable, type InlineTable } from './inline-data.ts';

/** "10 hours of consulting at $150 per hour and 2 licenses at $300 each": invoice lines (quantity, what, unit price). */
export function lineItemsIn(text: string): InlineTable | null {
  const re = /(\d+(?:\.\d+)?)\s+(?:x\s+)?([A-Za-z][\w -]{1,40}?)\s+(?:at|@|for)\s+([$€£]\s?\d+(?:,\d{3})*(?:\.\d+)?)(?:\s*(?:per\s+\w+|each|apiece|\/\s?\w+|a piece))?/gi;
  const found = [...text.matchAll(re)];
  if (!found.length) return null;
  const cap = (s: string) => s.trim().replace(/^\w/, (c) => c.toUpperCase());
  let rows = found.map((m) => [cap(m[2]), m[1], m[3]]);
  let source = text.slice(found[0].index, found.at(-1)!.index! + found.at(-1)![0].length);
  // "flight $420, hotel 3 nights at $189, uber $63.40": a list of amounts where some are a quantity at a
  // price. Every item becomes a line (an amount alone is one of it), in the list's order.
  const mixed = mixedList(text, found[0].index!, re);
  if (mixed) ({ rows, source } = mixed);
  const t = typedTable(['Description', 'Quantity', 'Unit price'], rows);
  return { ...t, formats: ['text', t.formats[1] === 'text' ? 'number' : t.formats[1], 'currency'], name: 'Line items', inferredHeader: true, source };
}

/** The list (after a colon, on one line or sentence) around a line item, when each of its items is a line item or a label with an amount. */
function mixedList(text: string, at: number, lineItem: RegExp): { rows: string[][]; source: string } | null {
  const start = Math.max(text.lastIndexOf(':', at) + 1, text.lastIndexOf('\n', at) + 1);
  const end = /[\n]|\.(?:\s|$)(?<!\d\.)/.exec(text.slice(at))?.index;
  const list = text.slice(start, end === undefined ? text.length : at + end);
  const items = list.split(/\s*[,;]\s*(?:and\s+)?|\s+and\s+/).map((x) => x.trim()).filter(Boolean);
  if (items.length < 2) return null;
  const rows: string[][] = [];
  let stop = list.length;
  for (const [k, item] of items.entries()) {
    const one = new RegExp(`^(?:([A-Za-z][\\w -]{0,30}?)\\s+)?${lineItem.source}$`, 'i').exec(item);
    if (one) {
      rows.push([`${one[1] ? `${one[1].trim()} ` : ''}${one[3].trim()}`.replace(/^\w/, (c) => c.toUpperCase()), one[2], one[4]]);
      continue;
    }
    const pair = /^([A-Za-z][\w &'/-]{0,30}?)\s*(?::|=|\s)\s*([$€£]\s?\d+(?:,\d{3})*(?:\.\d+)?)$/.exec(item);
    // ("..., logo $500, due in 30 days": terms after the lines end the list; an item between lines that
    // is neither keeps the list from being read as one.)
    if (!pair && rows.length >= 2 && items.slice(k).every((x) => !new RegExp(lineItem.source, 'i').test(x) && !/[$€£]\s?\d/.test(x))) { stop = list.toLowerCase().indexOf(item.toLowerCase()); break; }
    if (!pair) return null;
    const label = pair[1].trim().replace(/^(?:a|an|one|the)\s+/i, '').replace(/\s+(?:for|at|@|costs?|is|was)$/i, '');
    rows.push([label.replace(/^\w/, (c) => c.toUpperCase()), '1', pair[2]]);
  }
  return rows.length > 1 && rows.some((r) => r[1] !== '1') ? { rows, source: list.slice(0, stop).replace(/[\s,;]+$/, '').trim() } : null;
}

// Lists of records a request types in a line, each item the same shape: works and who made them
// ("reading list: Dune by Frank Herbert, Project Hail Mary by Andy Weir"), or things with their measures
// ("compare 3 laptops: MacBook Air $1099 13h battery 1.24kg, Dell XPS 13 $999 12h 1.19kg"), or things and
// how much there is of each ("flour 20 kg, sugar 10 kg, eggs 120"). Each item
// is a row; a measure's unit names its column ("Battery (h)", "Weight (kg)"), a price is "Price". Only a
// list of at least two items that all read the same way is taken.
import { typedTable, type InlineTable } from './inline-data.ts';

/** A name as written, its first letter capitalised ("iPhone 16" keeps its case). */
const cap = (s: string) => (/^\p{Ll}\p{Lu}/u.test(s) ? s : s[0].toUpperCase() + s.slice(1));

const UNIT = String.raw`kg|g|lbs?|oz|hrs?|hours?|h|mins?|minutes|km|mi|miles|tb|gb|mb|mp|mah|w|inch(?:es)?|in|"|%`;
const LABEL = String.raw`battery(?:\s+life)?|storage|ram|memory|screen|display|weight|range|camera|charging|power|capacity|speed`;
const MEASURE = new RegExp(String.raw`(?:([$€£])\s?(\d[\d,]*(?:\.\d+)?)\s?(k|m)?\b|(\d+(?:\.\d+)?)\s?(${UNIT})(?![\p{L}\d]))(?:\s+(${LABEL})\b)?`, 'giu');
/** In a log of workouts, "run 5k" is five kilometres. */
const WORKOUT = /\b(?:run|ran|jog|ride|rode|bike|biked|cycle|cycled|swim|swam|walk|walked|hike|hiked|row|rowed|workouts?|training|exercise)\b/i;
const DISTANCE_K = new RegExp(String.raw`(\d+(?:\.\d+)?)k(?![\p{L}\d])`, 'gu');
const WEEKDAY = /^((?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|wed|thu|fri|sat|sun)\s+(.+)$/i;

/** A unit as one key ("hrs", "hours" and "h" are "h"); a price is "". */
const unitKey = (unit: string | null) => (unit === null ? '' : unit.toLowerCase().replace(/^(?:hrs?|hours?)$/, 'h').replace(/^(?:mins?|minutes)$/, 'min').replace(/^(?:miles)$/, 'mi').replace(/^(?:inch(?:es)?|")$/, 'in').replace(/^lb$/, 'lbs'));

/** Column name of a unit, with what the request calls it when it says ("13h battery": "Battery (h)"). */
function columnOf(u: string, label: string | undefined): string {
  const named = label ? label[0].toUpperCase() + label.slice(1).toLowerCase() : null;
  if (u === '') return named ?? 'Price';
  const kind: Record<string, string> = { kg: 'Weight', g: 'Weight', lbs: 'Weight', oz: 'Weight', h: 'Hours', min: 'Minutes', km: 'Distance', mi: 'Distance', tb: 'Storage', gb: 'Storage', mb: 'Size', mp: 'Camera', mah: 'Battery', w: 'Power', in: 'Screen', '%': 'Percent' };
  const unitText = u === 'tb' || u === 'gb' || u === 'mb' || u === 'mp' ? u.toUpperCase() : u === 'mah' ? 'mAh' : u === 'w' ? 'W' : u;
  // ("28 min" is "Minutes", not "Minutes (min)"; "13h battery" is "Battery (h)".)
  if (!named && (u === 'h' || u === 'min')) return kind[u];
  return u === '%' ? named ?? 'Percent' : `${named ?? kind[u] ?? 'Value'} (${unitText})`;
}

interface Found { header: string[]; rows: string[][]; name: string | null; totals?: boolean }

/** The items of the list after the colon of the line (or the whole line). */
function listItems(text: string): { items: string[]; source: string } | null {
  for (const line of text.split('\n')) {
    const at = line.lastIndexOf(':');
    const source = (at >= 0 ? line.slice(at + 1) : line).trim().replace(/[.]\s*$/, '');
    const items = source.split(/\s*(?:;|,(?!\d{3}(?!\d)))\s*(?:and\s+)?|\s+and\s+(?=[^,]*$)/).map((s) => s.trim()).filter(Boolean);
    if (items.length >= 2) return { items, source };
  }
  return null;
}

/** "Dune by Frank Herbert": title and who made it, under headers the request's words suggest. */
function madeBy(text: string, items: string[]): Found | null {
  const rows = items.map((i) => /^(.{1,80}?)\s+by\s+(\p{Lu}[\p{L}.' -]{1,60})$/u.exec(i)).map((m) => (m ? [m[1].trim(), m[2].trim()] : null));
  if (rows.some((r) => !r)) return null;
  const header = /\b(?:books?|read(?:ing)?|novels?)\b/i.test(text) ? ['Title', 'Author'] : /\b(?:songs?|playlist|albums?|tracks?|music)\b/i.test(text) ? ['Title', 'Artist']
    : /\b(?:papers?|articles?)\b/i.test(text) ? ['Title', 'Authors'] : /\b(?:films?|movies?)\b/i.test(text) ? ['Title', 'Director'] : ['Item', 'By'];
  const name = { Author: 'Books', Artist: 'Songs', Authors: 'Papers', Director: 'Films', By: null }[header[1]] ?? null;
  return { header, rows: (rows as string[][]).map(([a, b]) => [cap(a), b]), name };
}

/** "MacBook Air $1099 13h battery 1.24kg": the name, then only measures, the same kinds in every item. */
function measured(text: string, items: string[]): Found | null {
  // ("monday run 5k 28 min": a distance in a log of workouts.)
  if (WORKOUT.test(text)) items = items.map((i) => i.replace(DISTANCE_K, '$1 km'));
  const read = items.map((item) => {
    const found = [...item.matchAll(MEASURE)];
    if (!found.length) return null;
    const name = item.slice(0, found[0].index).trim().replace(/[,:-]+$/, '').trim();
    // Between and after the measures, nothing but separators.
    let end = found[0].index!;
    for (const m of found) {
      if (!/^[\s,/]*$/.test(item.slice(end, m.index))) return null;
      end = m.index! + m[0].length;
    }
    // ("hotel 3 nights at $189" is a line item; "a lot of walking" no name.)
    if (!/^[\s.]*$/.test(item.slice(end)) || !name || name.split(/\s+/).length > 6 || /^\d/.test(name) || /\s(?:at|for|@|costs?|is|was)$/i.test(name)) return null;
    return { name, cells: found.map((m) => ({ unit: unitKey(m[1] ? null : m[5]), label: m[6], value: m[1] ? `${m[1]}${m[2]}${m[3] ?? ''}` : m[4] })) };
  });
  if (read.some((r) => !r)) return null;
  const units = read[0]!.cells.map((c) => c.unit);
  // Every item the same measures in the same order, at least two of them (a price alone is a label/value pair).
  if (units.length < 2 || read.some((r) => r!.cells.length !== units.length || r!.cells.some((c, i) => c.unit !== units[i])) || new Set(units).size !== units.length) return null;
  const columns = units.map((u, i) => columnOf(u, read.find((r) => r!.cells[i].label)?.cells[i].label));
  // What the items are: "compare 3 laptops", "phones: ..." (a plural before the colon).
  // A log by weekday ("monday run 5 km 28 min"): the day and what was done are columns of their own.
  if (read.every((r) => WEEKDAY.test(r!.name))) {
    const what = WORKOUT.test(text) ? 'Activity' : 'Item';
    return {
      header: ['Day', what, ...columns],
      rows: read.map((r) => { const [, day, rest] = WEEKDAY.exec(r!.name)!; return [cap(day.toLowerCase()), cap(rest), ...r!.cells.map((c) => c.value)]; }),
      name: null,
    };
  }
  const noun = /\b(?:compar(?:e|ing|ison of))\s+(?:\d+\s+|the\s+|our\s+|these\s+)?(\p{L}{3,20}?)s\b/iu.exec(text)?.[1] ?? /(?:^|\s)(\p{L}{3,20}?)s\s*:[^:]*$/u.exec(text.split('\n').find((l) => l.includes(':')) ?? '')?.[1];
  const first = noun ? noun[0].toUpperCase() + noun.slice(1).toLowerCase() : 'Item';
  return { header: [first, ...columns], rows: read.map((r) => [cap(r!.name), ...r!.cells.map((c) => c.value)]), name: noun ? `${first}s` : null, ...(/\bcompar/i.test(text) ? { totals: false } : {}) };
}

/** Units things are counted or weighed in, for stock and shopping lists ("flour 20 kg", "eggs 3 dozen"). */
const QUANTITY_UNIT = String.raw`kg|g|grams?|lbs?|pounds?|oz|ounces?|l|liters?|litres?|ml|gallons?|gal|units?|pcs|pieces?|boxes|box|bags?|bottles?|cans?|packs?|packets?|dozen|cups?|rolls?|cartons?|jars?|loaves|loaf|trays?|cases?|crates?|sacks?|tins?`;
const COUNTED = new RegExp(String.raw`^(\p{L}[\p{L}' -]{0,40}?)\s+(\d+(?:\.\d+)?)\s?(${QUANTITY_UNIT})?$`, 'iu');

/**
 * "flour 20 kg, sugar 10 kg, butter 5 kg, eggs 120": things with how much there is of each, at least one
 * with a unit of quantity. A column for the units, since they differ; no total unless they are all the same.
 */
function counted(items: string[]): Found | null {
  const read = items.map((i) => COUNTED.exec(i.trim()));
  if (read.some((m) => !m) || !read.some((m) => m![3])) return null;
  const units = read.map((m) => (m![3] ?? '').toLowerCase());
  return { header: ['Item', 'Quantity', 'Unit'], rows: read.map((m, i) => [cap(m![1].trim()), m![2], units[i]]), name: null, ...(new Set(units).size > 1 ? { totals: false } : {}) };
}

export function recordsIn(text: string): InlineTable | null {
  const list = listItems(text);
  if (!list) return null;
  const found = madeBy(text, list.items) ?? measured(text, list.items) ?? counted(list.items);
  if (!found) return null;
  return { ...typedTable(found.header, found.rows), inferredHeader: true, name: found.name, source: list.source, ...(found.totals === false ? { totals: false } : {}) };
}

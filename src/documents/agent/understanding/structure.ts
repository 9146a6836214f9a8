// Explicit structure in a request: "titled X" / "named X", "with bullets: a, b, c", "in cell A1",
// "a column for ...", "a row per region", and the intents behind words such as chart, total, average,
// growth, compare and timeline.
import { cleanItem, splitList } from './enumerations.ts';

const Q_OPEN = `["“'‘«„]`;
const Q_CLOSE = `["”'’»“]`;
/** Words that end an unquoted name ("named Notes with the text ..."). */
const NAME_END = '(?=\\s*(?:[,.;:!?\\n]|$|\\s+(?:with|that|which|and|containing|holding|listing|showing|in|on|at|after|before|below|above|from|for|to|using|where|mit|und|con|y|avec|et)\\b))';

/** The name a request gives: "titled X", "named 'X'", "called X", "betitelt X", "titulado X", "intitulé X". */
export function namedAs(text: string): string | null {
  const lead = '(?:titled|entitled|named|called|headed|with the title|with title|mit dem titel|mit titel|namens|titulad[oa]|llamad[oa]|con el título|intitulée?|appelée?|nommée?|avec le titre)';
  const quoted = new RegExp(`\\b${lead}\\s*:?\\s*${Q_OPEN}([^"”'’»“]{1,150})${Q_CLOSE}`, 'iu').exec(text);
  if (quoted) return quoted[1].trim();
  const plain = new RegExp(`\\b${lead}\\s*:?\\s+(.{1,100}?)${NAME_END}`, 'iu').exec(text);
  return plain ? plain[1].trim() : null;
}

/** "a sheet Sales from ...", "a tab called Q1 plan", "sheet named 'Costs'": the sheet names a request gives. */
export function sheetNamesIn(text: string): string[] {
  const out: string[] = [];
  const re = /\b(?:sheet|tab|worksheet|hoja|feuille|blatt|tabellenblatt)\s+(?:named\s+|called\s+|titled\s+|llamada\s+|nommée\s+|namens\s+)?(?:["“'‘]([^"”'’]{1,31})["”'’]|([A-ZÄÖÜÉ][\w&-]*(?:\s+(?!With\b|And\b|From\b)[A-Z0-9][\w&-]*)?))/gu;
  for (const m of text.matchAll(re)) out.push((m[1] ?? m[2]).trim());
  return [...new Set(out)];
}

/** "with bullets: a, b, c", "with bullet points a, b and c", "listing: a; b", "mit Stichpunkten: a, b". */
export function bulletsIn(text: string): { items: string[]; numbered: boolean } | null {
  const m = /\b(?:with|containing|listing|and)\s+(?:the\s+|these\s+|some\s+|three\s+|two\s+|four\s+)?(?:(bullet(?:ed)?s?(?:\s*(?:points?|list))?|points|items|key points)|(numbered(?:\s+(?:list|steps|items|points))?|steps))\s*(?:of|for)?\s*:?\s*([^\n]+(?:\n\s*(?:[-*•]|\d+[.)])\s+[^\n]+)*)/i.exec(text)
    ?? /\b(?:mit\s+(?:den\s+)?(?:stichpunkten|punkten)|con\s+(?:los\s+)?(?:puntos|viñetas)|avec\s+(?:les\s+)?(?:points|puces))\s*:?\s*([^\n]+)/i.exec(text);
  if (!m) return null;
  const body = (m.length > 2 ? m[3] : m[1]) ?? '';
  const numbered = m.length > 2 && Boolean(m[2]);
  const lines = body.split('\n').map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim()).filter(Boolean);
  let items = lines.length > 1 ? lines : body.includes(';') ? body.split(';') : body.split(/,(?!\d{3}(?!\d))\s*(?:and\s+|or\s+)?|\s+(?:and|und|y|et)\s+(?=[^,]*$)/i);
  items = items.map((i) => i.trim().replace(/^["“'‘]|["”'’]$/g, '').replace(/[.;]+$/, '').trim()).filter(Boolean);
  // The list ends where the sentence goes on to say where it goes ("... at the end", "... after Budget").
  items = items.map((i) => i.replace(/\s+(?:at the (?:end|start|beginning|top|bottom)|after .+|before .+)$/i, '').trim());
  return items.length ? { items, numbered } : null;
}

export interface CellText { text: string; cell: string; sheet: string | null }

/** "with the text Reviewed in cell A1", "put Checked in Summary!B2", "A1 should say Total", "in cell B2 write X". */
export function cellTexts(text: string): CellText[] {
  const out: CellText[] = [];
  const unquote = (s: string) => s.trim().replace(/^["“'‘]|["”'’]$/g, '').trim();
  const forward = /\b(?:with|containing|holding|put|write|enter|type|add|set)\s+(?:the\s+)?(?:text|value|word|label|number)?\s*(["“'‘][^"”'’]+["”'’]|[^\s"“]+(?:\s+[^\s"“]+){0,8}?)\s+(?:in|into|at|to\s+cell)\s+(?:cell\s+)?(?:(['‘][^'’]+['’]|[\w .-]+?)!)?\$?([A-Za-z]{1,3})\$?(\d{1,7})\b/gi;
  // The text is what follows the last lead word ("a new sheet named Notes with the text Reviewed" -> "Reviewed").
  const lastLead = (s: string) => s.replace(/^.*\b(?:text|value|word|label|with|containing|saying)\s+/i, '');
  for (const m of text.matchAll(forward)) out.push({ text: unquote(lastLead(m[1])), cell: `${m[3].toUpperCase()}${m[4]}`, sheet: m[2] ? unquote(m[2]) : null });
  const backward = /\b(?:in\s+)?(?:cell\s+)?(?:(['‘][^'’]+['’]|[\w.-]+)!)?\$?([A-Z]{1,3})\$?(\d{1,7})\s+(?:should\s+(?:say|read|contain|be)|says|reads|=|:)\s*(["“'‘][^"”'’]+["”'’]|[^\s,.;]+(?:\s+[^\s,.;]+){0,5})/g;
  for (const m of text.matchAll(backward)) {
    const cell = `${m[2]}${m[3]}`;
    if (!out.some((o) => o.cell === cell)) out.push({ text: unquote(m[4]), cell, sheet: m[1] ? unquote(m[1]) : null });
  }
  return out;
}

/** "a column for owner", "columns for name, email and phone", "with columns: Date, Amount". */
export function columnsIn(text: string): string[] {
  const each = /\b(?:a|one)\s+column\s+(?:for|per)\s+(?:each|every)?\s*(quarter|month)\b/i.exec(text);
  if (each) return each[1].toLowerCase() === 'quarter' ? ['Q1', 'Q2', 'Q3', 'Q4'] : ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const list = /\b(?:with\s+|w\/\s*)?(?:the\s+)?colu?mn?s?\s*(?:for|named|called|:)\s*([^.\n]+?)(?=\s*(?:[.\n]|,?\s+plus\b|,?\s+and\s+(?:a|an|the)\s|$))/i.exec(text) ?? /\bspalten?\s*(?:für|:)\s*([^.\n]+)/i.exec(text) ?? /\bcolumnas?\s*(?:para|:)\s*([^.\n]+)/i.exec(text) ?? /\bcolonnes?\s*(?:pour|:)\s*([^.\n]+)/i.exec(text);
  const out: string[] = [];
  if (list) {
    const items = splitList(list[1].replace(/\s+(?:and\s+)?(?:a|one)\s+row\b.*$/i, ''));
    out.push(...(items.length ? items : [cleanItem(list[1].split(/\s+(?:and|with|,)\s+/)[0])]));
  }
  for (const m of text.matchAll(/\b(?:a|an|one|another)\s+(?:new\s+)?colu?mn?\s+(?:for|named|called|with)\s+(?:the\s+)?([\w -]{2,40}?)(?=\s*(?:[,.;]|$|\s+(?:and|with|to|in|next)\b))/gi)) {
    const c = cleanItem(m[1]);
    if (!out.some((o) => o.toLowerCase() === c.toLowerCase())) out.push(c);
  }
  return out.filter(Boolean);
}

/** "a row per region", "one row for each product: A, B, C" -> { per: 'Region', items }. */
export function rowsPer(text: string): { per: string; items: string[] } | null {
  const m = /\b(?:a|one|1)\s+(?:row|line|entry)\s+(?:per|for each|for every)\s+([\w-]+)(?:\s*(?:\(|:)\s*([^)\n.]+))?/i.exec(text);
  // "an onboarding checklist for new engineers: laptop setup, repo access, first PR": the list is its tasks.
  const listed = m ? null : /\b(?:check-?list|to-?do\s+list|task\s+list)\b[^:\n]{0,60}:\s*([^\n]+)/i.exec(text);
  if (listed) {
    const items = splitList(listed[1].replace(/[.!]\s*$/, ''));
    const per = /\b(?:packing|shopping|grocery|supplies|gear|equipment)\b/i.test(text) ? 'Item' : 'Task';
    return items.length >= 2 ? { per, items: items.map((i) => i[0].toUpperCase() + i.slice(1)) } : null;
  }
  if (!m) return null;
  const items = m[2] ? splitList(m[2]) : [];
  const per = cleanItem(m[1]).replace(/s$/, '');
  return { per, items };
}

export type ChartType = 'bar' | 'line' | 'pie';

export interface Intents {
  chart: { type: ChartType | null; y: string | null; x: string | null } | null;
  total: boolean;
  average: boolean;
  growth: boolean;
  compare: boolean;
  timeline: boolean;
}

export function intentsOf(text: string): Intents {
  const t = text.toLowerCase();
  const chartWord = /\b(chart|graph|plot|visuali[sz]e|diagramm|balkendiagramm|säulendiagramm|liniendiagramm|kreisdiagramm|gráfico|gráfica|grafico|graphique|histogramme|camembert)\w*/i.test(t);
  let chart: Intents['chart'] = null;
  if (chartWord) {
    const type: ChartType | null = /\b(pie|donut|doughnut|kreis|circular|pastel|tarta|camembert|secteurs)\w*/i.test(t) ? 'pie'
      : /\b(line|trend|linien|líneas|lineas|courbes?|lignes?)\b|liniendiagramm/i.test(t) ? 'line'
      : /\b(bar|column|balken|säulen|barras|columnas|barres|histogramme)\w*/i.test(t) ? 'bar' : null;
    const of = /\b(?:chart|graph|plot|diagramm|gráfico|graphique)\s+(?:of|showing|for|with|comparing|de|des|du|der|von)\s+(?:the\s+|la\s+|el\s+|les\s+|le\s+|die\s+)?([\w ]{2,40}?)\s+(?:by|per|across|over|for each|por|par|nach|pro)\s+([\w]{2,30})/i.exec(text)
      ?? /\b([\w]{2,30})\s+(?:by|per)\s+([\w]{2,30})\s+(?:bar\s+|line\s+|pie\s+)?(?:chart|graph)/i.exec(text);
    chart = { type, y: of ? cleanItem(of[1].replace(/^(?:bar|line|pie|column)\s+(?:chart\s+)?/i, '')) : null, x: of ? cleanItem(of[2]) : null };
  }
  return {
    chart,
    total: /\b(totals?|sum|subtotals?|summe|gesamt\w*|suma|somme)\b/i.test(t),
    average: /\b(average|mean|avg|durchschnitt\w*|promedio|media|moyenne)\b/i.test(t),
    growth: /\b(growth|yoy|year[- ]over[- ]year|month[- ]over[- ]month|change|increase|wachstum|veränderung|crecimiento|variación|croissance|évolution)\b/i.test(t),
    compare: /\b(compar\w*|versus|vs\.?|side[- ]by[- ]side|pros and cons|vergleich\w*|comparación|comparativa|comparer)\b/i.test(t),
    timeline: /\b(timeline|roadmap|milestones?|(?:a|the|project|release|production|delivery) schedule|gantt|zeitplan|meilensteine|cronograma|hoja de ruta|calendrier|feuille de route|jalons)\b/i.test(t),
  };
}
